/* @root */
/* @opts: -x strsize=160 */
#pragma D option quiet

/* Thirty rindex() and index() calls in one clause stay within what the verifier accepts: each
 * search is verified once, not once per way its start argument was clamped. */
BEGIN
{
	x = "abcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabc";
	y = "cab";
	printf("%d ", rindex(x, y, -5));
	printf("%d ", rindex(x, y, -1));
	printf("%d ", rindex(x, y, 0));
	printf("%d ", rindex(x, y, 1));
	printf("%d ", rindex(x, y, 2));
	printf("%d ", rindex(x, y, 3));
	printf("%d ", rindex(x, y, 10));
	printf("%d ", rindex(x, y, 20));
	printf("%d ", rindex(x, y, 30));
	printf("%d ", rindex(x, y, 40));
	printf("%d ", rindex(x, y, 50));
	printf("%d ", rindex(x, y, 60));
	printf("%d ", rindex(x, y, 70));
	printf("%d ", rindex(x, y, 80));
	printf("%d ", rindex(x, y, 90));
	printf("%d ", rindex(x, y, 95));
	printf("%d ", rindex(x, y, 96));
	printf("%d ", rindex(x, y, 97));
	printf("%d ", rindex(x, y, 200));
	printf("%d\n", rindex(x, y));
	printf("%d ", index(x, y, -5));
	printf("%d ", index(x, y, 0));
	printf("%d ", index(x, y, 1));
	printf("%d ", index(x, y, 2));
	printf("%d ", index(x, y, 3));
	printf("%d ", index(x, y, 10));
	printf("%d ", index(x, y, 50));
	printf("%d ", index(x, y, 95));
	printf("%d ", index(x, y, 96));
	printf("%d ", index(x, y, 200));
	printf("\n");
	exit(0);
}
