/* @root */
/* An arithmetic result of types narrower than int (unsigned char + unsigned char, short +
 * short, -c, ~c) is not cut to that type while the expression goes on: (c + c) / 2 is 200 and
 * (c + c) > 255 holds for an unsigned char 200, as C's integer promotion gives and as dtrace
 * (which computes in 64-bit registers) prints. A store (global, self->, this->, a struct
 * member), a cast, an associative-array or aggregation key and a value printed alone cut it to
 * its type (144), as dtrace records it. Expected output is DTrace for Linux's. One rule differs
 * and is not here: dtrace skips a cast between types of one size, so (unsigned char)(c + c) > 255
 * holds there; usdtrace converts, as C does (the Guide's casts are C's). */
#pragma D option quiet
unsigned char c; signed char s; short sh;
struct st { unsigned char m; } st;

BEGIN
{
	c = 200; s = -100; sh = 30000;
	printf("%d %d %d %d\n", c + c, (c + c) * 2, (c + c) / 2, (int)(c + c));
	printf("%d %d %d %d\n", (c + c) > 255, (c + c) >> 1, (c + c) > c, (c + c) % 256);
	printf("%d %d %d\n", s + s, (s + s) < -128, (s - 100) / 2);
	printf("%d %d %d %d\n", sh + sh, (sh + sh) > 0, -c, ~c);
	printf("%d %d\n", (-c) < 0, (~c) < 0);
	x = c + c; y = s + s;
	printf("%d %d %d %d\n", x, y, x > 255, y < -128);
	self->a = c + c; this->b = c + c; st.m = c + c;
	printf("%d %d %d\n", self->a, this->b, st.m);
	aa[c + c] = c + c;
	printf("%d\n", aa[144]);
	printf("%d %d\n", (unsigned char)(c + c), (unsigned short)(c + c));
	@k[c + c] = count();
	@k[(unsigned char)144] = count();
	self->a = 0;
	exit(0);
}
