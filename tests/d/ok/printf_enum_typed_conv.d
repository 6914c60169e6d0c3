/*
 * printf()'s conversions typed by a C type (%hd %hu %ld %lu %lld %llu) take an enum:
 * dtrace checks them with ctf_type_compat, which holds an enum compatible with any integer
 * type (DTrace for Linux prints the lines below). The size-ranked %lx/%llx/%hx still refuse
 * one (err/printf_enum_lx). The value is the enum's 4 bytes, converted as the conversion says.
 */
#pragma D option quiet

enum e { zero, one, neg = -3 };

BEGIN
{
	printf("%hd %hu %ld %lu\n", one, one, one, one);
	printf("%lld %llu\n", neg, neg);
	printf("%hd %ld %lu\n", neg, neg, neg);
	exit(0);
}
