/* In a D program short is an attribute libdtrace ignores before a type it does not build
 * from attributes: a typedef name, a struct, union or enum, or string, in a cast or sizeof as
 * in a declaration (observed with dtrace: sizeof (short uint64_t) is 8, (short int32_t)-1 is
 * a 4-byte -1). signed, unsigned and long are refused there (d/err/decl_long_typedef_cast). */
#pragma D option quiet

struct foo { int a; };
enum e { A };

BEGIN
{
	x = (short int32_t)-1;
	printf("%d %d\n", x, sizeof (x));
	printf("%d %d %d %d %d\n", sizeof (short uint64_t), sizeof (short struct foo),
	    sizeof (short enum e), sizeof (short string), sizeof (short pid_t *));
	exit(0);
}
