/* @root */
/*
 * A kernel function named with a backquote (`schedule) resolves to its symbol's address, so
 * &`schedule is that address and %a names it (Guide, "External Symbols and Types", and %a in
 * "Output Formatting"); dtrace reads the function's symbol as a long unsigned int there.
 * Expected: DTrace for Linux's output.
 */
#pragma D option quiet

BEGIN
{
	printf("%a\n", &`schedule);
	printf("%a|%-24a|%24a|\n", (uint64_t)&`schedule + 4, &vmlinux`schedule, &`schedule);
	printf("%d\n", &`schedule != 0);
	exit(0);
}
