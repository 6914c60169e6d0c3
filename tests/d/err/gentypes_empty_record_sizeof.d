/* sizeof of a struct of no members (an unnamed zero-width bit-field alone) is refused as an
 * operand of unknown size, its size being 0 (dtrace, observed). */
struct s {
	long long : 0;
};

BEGIN
{
	printf("%d\n", sizeof(struct s));
	exit(0);
}
