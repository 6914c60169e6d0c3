/* The names of D's integer types as written (print() shows each member's type by name):
 * DTrace for Linux has "signed", "unsigned", "signed short", "signed int", "signed long" and
 * "signed long long" as types of their own beside "short", "int", "long" and "long long"
 * (dt_open.c's intrinsic types, same sizes and encodings), so an explicit signed keeps its
 * word, and a bare signed or unsigned has no "int" after it; int after short or long is
 * dropped, and the words are put in the order sign, size, base (observed, dtrace 2.0.1). */
#pragma D option quiet

struct s {
	signed a;
	unsigned b;
	signed int c;
	int signed d;
	signed short e;
	signed short int f;
	short int g;
	signed long h;
	long signed int i;
	signed long long j;
	long long signed int k;
	unsigned short int l;
	long unsigned m;
	unsigned int n;
	signed *p;
	unsigned q[2];
};

struct s g;

BEGIN
{
	g.a = 1; g.b = 2; g.c = 3; g.d = 4; g.e = 5; g.f = 6; g.g = 7; g.h = 8; g.i = 9;
	g.j = 10; g.k = 11; g.l = 12; g.m = 13; g.n = 14; g.p = (signed *)15; g.q[0] = 16;
	p = (struct s *)alloca(sizeof(struct s));
	*p = g;
	print(p);
	exit(0);
}
