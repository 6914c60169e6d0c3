/*
 * %llx wants a long long (either signedness), or a type named int64_t/uint64_t on the way to
 * one: a long is as wide but is not that type (Guide, "Output Formatting", size prefixes; dtrace's
 * check takes the type, not its size). Expected: DTrace for Linux's message.
 */
BEGIN
{
	printf("%llx\n", (long)-5000000000);
}
