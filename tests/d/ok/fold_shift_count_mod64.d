/* Shifts of constants are folded by dtrace with the host's 64-bit shift, which on x86-64
 * takes the count modulo 64: 1 << 64 is 1, 1L << 65 is 2, -8L >> 65 is the logical
 * 0x7ffffffffffffffc (constant >> is logical: docs/arithmetic.md rule 10), 1UL << -1 is
 * 1UL << 63 (observed with dtrace -qs on this program; C leaves such shifts undefined). */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", 1 << 64, 1L << 65, 8L >> 64);
	printf("%x %x\n", -8L >> 65, 1UL << -1);
	exit(0);
}
