/* @root */
/* One clause may commit several speculations (and discard others): each commit() drains
 * its own buffer, in the order of the speculations' records. */
#pragma D option quiet
#pragma D option nspec=3

BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
}

BEGIN
{
	speculate(a);
	printf("from a\n");
}

BEGIN
{
	speculate(b);
	printf("from b\n");
}

BEGIN
{
	speculate(c);
	printf("from c\n");
}

BEGIN
{
	commit(b);
	discard(c);
	commit(a);
}

BEGIN
{
	exit(0);
}
