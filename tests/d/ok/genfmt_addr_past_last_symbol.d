/*
 * %a of an address past the kernel's highest symbol: nothing says where that symbol ends, so
 * the address is in no function and prints as a number (DTrace for Linux prints the line
 * below; before, usdtrace named the last kallsyms entry with a huge offset). %a of the
 * highest symbol's own address still names it, which the corpus cannot pin down portably.
 */
#pragma D option quiet

BEGIN
{
	printf("%a|%a|%p\n", (void *)-1, 0xfffffffffffff000, (void *)-1);
	exit(0);
}
