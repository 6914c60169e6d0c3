/* A struct of no members (an unnamed zero-width bit-field alone) is still a definition: a
 * second one of the same tag is a redeclaration (dtrace, observed). */
struct s {
	char : 0;
};

struct s {
	int a;
};

BEGIN
{
	exit(0);
}
