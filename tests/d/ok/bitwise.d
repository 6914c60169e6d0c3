/* @root */
/* &, |, ^ and ~ on int, unsigned and long operands. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", 0xf0 & 0x3c, 0xf0 | 0x0f, 0xff ^ 0x0f);
	printf("%d %u\n", ~0, ~0u);
	printf("%x\n", ~0L);
	a = 0x5a;
	b = 0x0f;
	printf("%x %x %x %x\n", a & b, a | b, a ^ b, ~a & 0xff);
	exit(0);
}
