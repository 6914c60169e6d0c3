/* @root */
/* A pointer to alloca()'d memory records as dtrace-utils keeps it: its offset in the
 * clause's alloca() memory, the first allocation at 8 (so it is never NULL), sizes rounded
 * to 8; each clause starts again at 8. Other pointers record as they are. */
#pragma D option quiet

BEGIN
{
	a = (char *)alloca(8);
	b = (char *)alloca(12);
	c = (char *)alloca(1);
	printf("%d %d %d %d\n", (uint64_t)a, (uint64_t)b, (uint64_t)c, (uint64_t)(b + 2));
	trace(a);
	trace(" ");
	trace((int *)16);
	printf("\n");
}

BEGIN
{
	d = alloca(4);
	printf("%d\n", (uint64_t)d);
	exit(0);
}
