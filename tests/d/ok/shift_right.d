/* @root */
/* >> of a negative signed value is arithmetic (sign-filling), as every C compiler for x86-64
 * and dtrace's DIF (DIF_OP_SRA for signed types) do; of an unsigned value it is logical. */
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
