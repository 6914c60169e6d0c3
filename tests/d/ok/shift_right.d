/* @root */
/* >> of a negative signed value is arithmetic (sign-filling) at run time, as dtrace's BPF
 * code shifts a signed type; of an unsigned value it is logical. Between constants the
 * compiler shifts its unsigned 64 bits (dtrace's dt_node_op2), so -1L >> 63 is 1, and
 * -16 >> 2 prints -4 only because %d of an int shows the low 32 bits (docs/arithmetic.md). */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", -16 >> 2, -1 >> 10);
	printf("%d\n", -1L >> 63);
	printf("%u\n", (uint64_t)-16 >> 2);
	printf("%u\n", (uint64_t)-1 >> 60);
	x = -100;
	printf("%d\n", x >> 3);
	y = 0xf0u;
	printf("%u\n", y >> 4);
	exit(0);
}
