/* @root */
/* 64-bit arithmetic: long constants and int64_t wrap-around (two's complement, as DIF's 64-bit
 * registers compute it). */
#pragma D option quiet

BEGIN
{
	x = 9223372036854775807;
	x = x + 1;
	printf("%d\n", x);
	y = (int64_t)-9223372036854775807 - 1;
	printf("%d\n", y);
	z = 3000000000 * 4;
	printf("%d\n", z);
	w = (int64_t)1 << 40;
	printf("%d %d\n", w, w / 1024);
	exit(0);
}
