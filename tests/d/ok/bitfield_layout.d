/* @root */
/* D lays out bit-fields as libdtrace (CTF) does, not as C compilers do: each field is an
 * integer just wide enough for its bits, starting on the next byte boundary aligned for that
 * integer, and a struct ends where its last member does (no tail padding). */
#pragma D option quiet

struct one { int a : 1; } s1;                        /* 1 */
struct three { int a : 1; int b : 3; int c : 3; } s3; /* 3: one byte each */
struct mixed { int c : 12; int a : 10; int b : 3; } s5; /* 2 + 2 + 1 */
struct wide { char a : 2; short b : 12; long c : 32; } w8; /* 1, pad to 2, 2, 4 */
struct gap { int a : 1; int : 0; int b : 1; } s2;     /* the unnamed 0 is ignored */
union u { int a : 3; long b : 40; } v8;               /* the widest member */

BEGIN
{
	printf("%d %d %d %d %d %d\n", sizeof(s1), sizeof(s3), sizeof(s5), sizeof(w8),
	    sizeof(s2), sizeof(v8));
	printf("%d %d %d\n", s3.a, s5.b, w8.c);
	exit(0);
}
