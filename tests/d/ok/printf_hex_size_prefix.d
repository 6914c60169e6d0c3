/*
 * The h, l and ll size prefixes of %x/%X take the C type they name, of either signedness: short
 * for %hx, long for %lx (size_t and D's uint64_t are longs), long long for %llx, which also takes
 * any type named int64_t or uint64_t whatever it resolves to, aggregation values (uint64_t,
 * int64_t) included. Expected: DTrace for Linux's output.
 */
#pragma D option quiet

BEGIN
{
	printf("%hx %hX\n", (short)-2, (unsigned short)0xbeef);
	printf("%lx %lX %lx\n", (long)-1, (unsigned long)0xabc, (size_t)17);
	printf("%lx %lx\n", (uint64_t)0x10, (int64_t)-16);
	printf("%llx %llX\n", (long long)-1, (unsigned long long)0xdef);
	printf("%llx %llX\n", (uint64_t)0x20, (int64_t)-32);
	@c = count();
	@s = sum(-3);
	printa("%@lx %@llX\n", @c);
	printa("%@lx %@llx\n", @s);
	exit(0);
}
