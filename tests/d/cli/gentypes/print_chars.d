/* print()'s char rule, as DTrace for Linux prints it (observed, dtrace 2.0.1): only a member
 * whose type is named "char" prints as a character, '%c' of the byte as it is (a quote or a
 * tab is not escaped); signed char, unsigned char and any typedef of them (int8_t, a program's
 * own) print as numbers. An array of 8-bit character-encoded elements (char, signed char,
 * unsigned char) is a string to it: its elements end at the first zero byte, so
 * the ones after it are not printed, and one whose first byte is zero prints no element.
 * (An array of a typedef'd element, uint8_t [3], ends dtrace's whole print() at its first line:
 * a dtrace bug, not followed, so not here.) */
#pragma D option quiet

typedef char mychar;

struct s {
	char c[4];
	unsigned char uc[3];
	signed char sc[3];
	short sh[3];
	signed char s1;
	int8_t i8;
	mychar mc;
	char q;
	char tab;
	char a;
};

struct s g;

BEGIN
{
	g.c[0] = 'h';
	g.c[2] = 'i';
	g.uc[1] = 7;
	g.sc[0] = 'a';
	g.sc[1] = 'b';
	g.sh[1] = 5;
	g.s1 = 'B';
	g.i8 = 'M';
	g.mc = 'm';
	g.q = '\'';
	g.tab = '\t';
	g.a = 'x';
	p = (struct s *)alloca(sizeof(struct s));
	*p = g;
	print(p);
	exit(0);
}
