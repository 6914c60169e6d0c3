/* @opts: -q */
/* Probe descriptions in their forms: empty fields, globs with *, ? and [], a clause list,
 * and an empty clause. */
:::BEGIN
{
	printf("empty fields\n");
}

dtrace:::BEGI[MN],
d*:::E?D
{
	printf("glob and list: %s\n", probename);
}

BEGIN
{
}

BEGIN
{
	exit(0);
}

END
{
	printf("end\n");
}
