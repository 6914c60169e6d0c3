/* @root */
/* Unary -, + and ! (K&R A7.4); ! yields int. */
#pragma D option quiet

BEGIN
{
	x = 5;
	printf("%d %d %d %d\n", -x, +x, !x, !0);
	printf("%u\n", -(1u));
	printf("%d %d\n", !!x, -(-x));
	exit(0);
}
