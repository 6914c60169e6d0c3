/* @root */
/* A bit-field of a D program's struct has an integer type of exactly its width (libdtrace's
 * CTF type for it has cte_bits = the width), and the usual arithmetic conversions rank an
 * integer by those bits plus one when unsigned (dt_type_promote): int a:5 ranks 5 and
 * uint8_t b:1 ranks 2, so a + b has a's signed type and a < b is signed (dtrace: -2 and 1);
 * unsigned short u:12 ranks 13, below short's 16, so u > s compares signed. A field as wide
 * as a whole type (int i:17 ranks 17 > 9) keeps the higher rank. Found by the generated
 * expressions of issue 20 (dtrace's output, observed). */
#pragma D option quiet

struct gst {
	int a : 5;
	uint8_t b : 1;
	short c : 12;
	unsigned short u : 12;
	int i : 17;
	unsigned long long w : 33;
} st;
unsigned char uc;
short s;
int n;

BEGIN
{
	st.a = -3;
	st.b = 1;
	st.c = -5;
	st.u = 4000;
	st.i = -7;
	st.w = 5;
	uc = 200;
	s = -300;
	n = -1;
	printf("%d %d %d %d\n", st.a + st.b, st.a < st.b, st.a > st.b, st.a + uc);
	printf("%d %d %d %d\n", st.u > s, st.u + s, st.c < st.u, st.i < uc);
	printf("%d %d %d\n", st.w > n, st.a < (uint8_t)200, st.a + (char)1);
	printf("%d %d %d\n", sizeof (st.u + s), sizeof (st.a + 1), sizeof ((short)st.a));
	exit(0);
}
