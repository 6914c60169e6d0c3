/* @opts: -x errtags */
/* stack()'s frame count is checked as ustack()'s, with a tag of its own: D_STACK_SIZE. */
BEGIN
{
	stack(-1);
}
