/* @root */
/* self-> variables persist across clauses and firings of the same thread; assigning 0 frees
 * them (reads give 0 again). */
#pragma D option quiet

BEGIN
{
	self->x = 5;
	self->s = "str";
}

BEGIN
{
	printf("%d %s\n", self->x, self->s);
	self->x = 0;
}

BEGIN
{
	printf("%d\n", self->x);
	exit(0);
}
