/* @opts: -x errtags */
/* ustack() takes a positive constant frame count: D_USTACK_FRAMES. */
BEGIN
{
	ustack(0);
}
