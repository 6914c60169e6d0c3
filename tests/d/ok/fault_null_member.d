/* @root */
/* @opts: -q */
/* A member read through a NULL struct pointer faults at the pointer, as DTrace for Linux
 * reports it: "invalid address (0x0)" and ERROR's arg5 0, not 0 plus the member's offset;
 * a non-NULL bad pointer faults at pointer + offset; &p->member reads nothing (the offsetof
 * idiom) and does not fault (dtrace faults there too, at 0: C's rule kept). dtrace's output
 * for the faulting clauses. */
struct foo { int a; int b; };

BEGIN
{
	trace(((struct task_struct *)NULL)->pid);
}

BEGIN
{
	trace(((struct foo *)8)->b);
}

BEGIN
{
	exit(0);
}

END
{
	printf("%d\n", (int)(uintptr_t)&((struct foo *)0)->b);
}

ERROR
{
	printf("arg4 %d arg5 %x\n", arg4, arg5);
}
