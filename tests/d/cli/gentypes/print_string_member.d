/* print() of a struct with members of D's string type: dtrace's string is a char array of
 * strsize bytes, and print() shows it as one, "(string) [" and its characters one a line up to
 * the first zero byte, or strsize of them (observed, dtrace 2.0.1). */
#pragma D option quiet
#pragma D option strsize=16

struct s {
	string nm;
	int a;
	string full;
};

struct s g;

BEGIN
{
	g.nm = "hi'x";
	g.a = 3;
	g.full = "0123456789abcdefXYZ";
	p = (struct s *)alloca(sizeof(struct s));
	*p = g;
	print(p);
	exit(0);
}
