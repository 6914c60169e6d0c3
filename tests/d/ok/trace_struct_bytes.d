/* @root */
/* trace() of a struct or of an array dumps its bytes as tracemem() does, even when they
 * happen to read as text; a char array too (DTrace for Linux prints by-reference data as
 * bytes, D's string type alone as text: observed, dtrace 2.0.1). */
#pragma D option quiet

struct pair {
	char c;
	char d;
};

struct pair p;
int a[2];
char s[4];

BEGIN
{
	p.c = 'h';
	p.d = 'i';
	a[0] = 0x41424344;
	s[0] = 'o'; s[1] = 'k';
	trace(p);
	trace(a);
	trace(s);
	trace("\n");
	exit(0);
}
