/* @root */
/* A clause's actions are checked before its predicate (dtrace's dt_cook_clause), so the
 * predicate may read a global its own actions assign first: `signalled` is an int made by
 * `signalled = 1`, 0 until then. When the actions name a variable the predicate makes
 * (`x++`), the predicate is checked first and the actions again. */
#pragma D option quiet

tick-10ms
/!signalled/
{
	signalled = 1;
	printf("first\n");
}

tick-10ms
/x++ == 0/
{
	printf("x %d\n", x);
}

tick-10ms
/n++ == 3/
{
	printf("signalled %d, n %d\n", signalled, n);
	exit(0);
}
