/* @root */
#pragma D option quiet

/* Enumerators are int constants (sizeof 4, as the enum itself), printed as numbers by trace()
 * and printf("%d"), in a struct member and cast from an integer as well; a character
 * constant is an int in D as in C (sizeof 'a' is 4), and a multi-character one is the
 * bytes' value. Expected output from DTrace for Linux. */
enum e { A, B = 5, C };
struct t {
	enum e x;
	int y;
};
this struct t v;

BEGIN
{
	trace(B);
	printf(" %d %d %d\n", C, sizeof(enum e), sizeof(C));
	this->v.x = C;
	trace(this->v.x);
	printf(" %d\n", this->v.x);
	trace((enum e)1);
	printf("\n%d %d %d %d\n", sizeof('a'), 'a', 'ab', 'a' + 1);
	@agg[B] = count();
	@agg[(enum e)7] = count();
	exit(0);
}
