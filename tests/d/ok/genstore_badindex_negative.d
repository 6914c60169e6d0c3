/* @root */
/* A declared global array indexed at run time outside its bounds faults with
 * DTRACEFLT_BADINDEX; the index the fault reports is DTrace for Linux's: its bounds check is
 * on the element's byte offset (index times element size, unsigned), and the value reported is
 * that offset divided by the element size, unsigned. So a negative index of a char array shows
 * as itself, of a wider element as (2^64 + index * size) / size, and a row of a 2-D array counts
 * the row's size (observed with dtrace -s on this program). */
#pragma D option quiet

struct s { char c[3]; };
char ca[5];
short sa[5];
int ia[5];
struct s st[5];
int m[5][3];

BEGIN { i = -1; trace(ca[i]); }
BEGIN { i = -2; trace(sa[i]); }
BEGIN { i = -100; ia[i] = 1; }
BEGIN { i = -1; trace(st[i].c[0]); }
BEGIN { i = -1; trace(m[i][0]); }
BEGIN { i = -1; trace(m[1][i]); }
BEGIN { i = 5; trace(ia[i]); }

ERROR
{
	printf("clause %d index %d\n", arg2, arg5);
}

BEGIN
{
	exit(0);
}
