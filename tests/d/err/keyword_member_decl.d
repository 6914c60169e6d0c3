/* A member of a D-declared struct may not be a keyword: D's grammar has no rule for it, and
 * dtrace reports a syntax error at the word (DTrace for Linux's message). */
struct s {
	int a;
	int b : 3;
	int sizeof : 2;
};

BEGIN
{
	exit(0);
}
