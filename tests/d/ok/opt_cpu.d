/* @root */
/* @opts: -q -x cpu=0 */
/* -x cpu=N: BEGIN and END fire on CPU N. */
BEGIN
{
	printf("BEGIN on %d\n", cpu);
	exit(0);
}

END
{
	printf("END on %d\n", cpu);
}
