/*
 * tracemem()'s size is checked when dtrace compiles the action (dt_cg.c's D_TRACEMEM_SIZE), so
 * a later statement's error found while cooking is reported first. Expected: dtrace -s of this
 * script (genact err sweep).
 */
int n;
char buf[8];
BEGIN
{
	tracemem(buf, n);
	print(&n);
}
