/* @root */
/*
 * The kernel's types keep their C names: task_struct's `unsigned long wakee_flip_decay_ts` is a
 * "long unsigned int" (its BTF name) in messages and in print()'s output, as dtrace reads it.
 * Expected: DTrace for Linux's message.
 */
BEGIN
{
	printf("%s\n", curthread->wakee_flip_decay_ts);
}
