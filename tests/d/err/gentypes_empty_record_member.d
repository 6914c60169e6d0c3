/* A struct of no members (an unnamed zero-width bit-field alone), size 0, is incomplete for
 * dtrace as the type of another struct's member (observed). */
union u {
	short : 0;
};

struct t {
	int b;
	union u a;
};

BEGIN
{
	exit(0);
}
