/* @root */
/* A bit-field as wide as the integer that holds it (int a:32, short s:16, char c:8,
 * unsigned long long c:64) is an ordinary member to libdtrace: CTF records the member with an
 * integer whose encoding fills its size, so offsetof, sizeof and & apply to it and it is laid
 * out as a plain member (no tail padding, as D's CTF layout). A narrower one (u:31) stays a
 * bit-field. Expected output is DTrace for Linux's. */
#pragma D option quiet
struct b { char x; int a:32; short s:16; char c:8; unsigned u:31; } v;
struct w { unsigned a:3; int b:5; unsigned long long c:64; char d:1; };

BEGIN
{
	printf("%d %d %d %d\n", sizeof(struct b), offsetof(struct b, a), offsetof(struct b, s),
	    offsetof(struct b, c));
	printf("%d %d\n", sizeof(struct w), offsetof(struct w, c));
	printf("%d %d %d\n", sizeof(v.a), sizeof(v.s), sizeof(&v.c));
	v.a = -5; v.s = 70000; v.c = 300; v.u = 0xffffffff;
	printf("%d %d %d %u\n", v.a, v.s, v.c, v.u);
	exit(0);
}
