/* @root */
/* A pointer into alloca() memory is, as a number, dtrace's offset into the clause's alloca()
 * memory (the first allocation at 8): cast to an integer ((long)x >> 8 is 0), and a sum or
 * difference of one (cast back to a pointer: (int *)((long)y + 2 - 2) is y), as an
 * aggregation key or value, and in the address a fault names (x[-100] is 8 - 100); such an
 * integer cast back to a pointer reaches the memory again. NULL stays 0. Expected output:
 * DTrace for Linux's (`dtrace -s` of this file). */
#pragma D option quiet

BEGIN
{
	x = (char *)alloca(8);
	y = (char *)alloca(16);
	printf("%d %d %d %d\n", (long)x >> 8, (long)x, (int)y + 1, (long)y - (long)x);
	v = (long)x;
	p = (char *)v;
	p[1] = 5;
	printf("%d %d\n", x[1], *((char *)(long)x + 1));
	w = (long)y + 2 - 2;
	q = (int *)w;
	*q = 7;
	printf("%d %d\n", w, *(int *)y);
	@keys[x, (long)y, y + 2] = count();
	@sum = sum((long)y);
	@max = max(x);
	z = (char *)alloca(8);
	z = NULL;
	printf("%d %d\n", (long)z, (char *)(long)z == NULL);
}

BEGIN
{
	x = (char *)alloca(8);
	trace(x[-100]);
}

END
{
	printa("%p %d %p %@d\n", @keys);
	printa("%@d\n", @sum);
	printa("%@d\n", @max);
}

BEGIN
{
	exit(0);
}
