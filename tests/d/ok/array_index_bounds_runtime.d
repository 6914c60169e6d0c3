/* @root */
/* Every array indexed at run time is checked against its declared length, whatever holds it:
 * a clause-local array, a member array of a global struct, a kernel struct's array reached
 * through a pointer (curthread->comm, 16 chars), and &a[i] as well as a[i]. Out of range is
 * DTRACEFLT_BADINDEX with the index as dtrace computes it (the element offset divided back by
 * the element size, unsigned: -1 into an int array is 4611686018427387903, into a char array
 * -1), and the clause stops there. Expected output: DTrace for Linux's (`dtrace -s` of this
 * file). */
#pragma D option quiet

this int a[4];
struct s { int pad; int m[3]; } g;

BEGIN { i = 5; this->a[i] = 1; printf("not reached\n"); }
BEGIN { i = -1; trace(this->a[i]); printf("not reached\n"); }
BEGIN { i = 3; g.m[i] = 1; printf("not reached\n"); }
BEGIN { i = 20; trace(curthread->comm[i]); printf("not reached\n"); }
BEGIN { i = -1; trace(curthread->comm[i]); printf("not reached\n"); }
BEGIN { i = 4; p = &this->a[i]; printf("not reached\n"); }
BEGIN { i = 3; this->a[i] = 9; g.m[i - 1] = 8; printf("%d %d %d\n", this->a[3], g.m[2], curthread->comm[i - 3] != 0); }

ERROR
{
	printf("fault %d index %d\n", arg4, arg5);
}

BEGIN
{
	exit(0);
}
