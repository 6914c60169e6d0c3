/* @root */
/* An array that is not a global's, indexed at run time, is bounds-checked like a global one:
 * DTrace for Linux checks the element's byte offset of every array of more than one element
 * (a clause-local array, a struct member's array, a kernel struct's) and faults with
 * DTRACEFLT_BADINDEX, reporting the offset divided by the element size, unsigned (observed with
 * dtrace -s on this program). An index in range reads and writes the element. */
#pragma D option quiet

struct s { int a[4]; int b; };
this int tx[4];
this struct s t;

BEGIN { i = 3; this->tx[i] = 7; printf("in range %d\n", this->tx[3]); }
BEGIN { i = 4; this->tx[i] = 1; printf("not reached\n"); }
BEGIN { i = -1; trace(this->tx[i]); }
BEGIN { i = 4; this->t.b = 9; this->t.a[i] = 3; }
BEGIN { i = 16; trace(curthread->comm[i]); }

ERROR
{
	printf("clause %d fault %d index %d\n", arg2, arg4, arg5);
}

BEGIN
{
	exit(0);
}
