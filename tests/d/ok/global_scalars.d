/* @root */
/* Global scalars of integer and string type, reassigned across clauses. */
#pragma D option quiet

BEGIN
{
	i = 42;
	s = "hello";
	l = 1L << 33;
}

BEGIN
{
	printf("%d %s %d\n", i, s, l);
	i = i * 2;
	s = "a much longer string than before";
}

BEGIN
{
	printf("%d %s\n", i, s);
	exit(0);
}
