/* @root */
/* tracemem()'s third argument limits the dump at run time: a negative one is ignored, one
 * larger than the static size too. */
#pragma D option quiet

BEGIN
{
	p = (char *)alloca(8);
	p[0] = 'a'; p[1] = 'b'; p[2] = 'c'; p[3] = 'd';
	p[4] = 'e'; p[5] = 'f'; p[6] = 'g'; p[7] = 'h';
	n = 3;
	tracemem(p, 6);
	tracemem(p, 6, -1);
	tracemem(p, 6, 0);
	tracemem(p, 6, n);
	tracemem(p, 6, 9);
	exit(0);
}
