/*
 * %lX wants a long (either signedness): a long long is as wide but is not that type (Guide,
 * "Output Formatting", size prefixes). Expected: DTrace for Linux's message.
 */
BEGIN
{
	printf("%lX\n", (unsigned long long)1);
}
