/* A struct whose only member is an unnamed zero-width bit-field is a valid declaration in D
 * (dtrace accepts it, observed) of a struct of no members and size 0, which dtrace then takes
 * for an incomplete type where one is declared. */
struct s {
	int : 0;
};

struct s x;

BEGIN
{
	exit(0);
}
