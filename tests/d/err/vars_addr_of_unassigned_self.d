/*
 * D variables live in DTrace's own storage, not in memory a pointer may reach (Guide,
 * "Pointers and Arrays"): & of a thread-local variable is refused before dtrace asks whether
 * it was ever assigned (dtrace:
 *   dtrace -n 'BEGIN { p = &self->y; }'
 *   -> in action list: cannot take address of dynamic variable)
 */
BEGIN
{
	p = &self->y;
	exit(0);
}
