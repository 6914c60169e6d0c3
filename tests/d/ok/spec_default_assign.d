/* @root */
/* @cpu */
/* A speculating clause whose other statements only assign records nothing but speculate():
 * it speculates the default record, the probe's line alone, printed at the commit (as for a
 * clause of speculate() alone, spec_default.d; observed: DTrace for Linux prints the line of
 * `speculate(s); x = 1;` when s is committed, not when it is discarded). */
#pragma D option nspec=2
BEGIN
{
	s = speculation();
	t = speculation();
}

BEGIN
{
	speculate(s);
	x = 1;
}

BEGIN
{
	speculate(t);
	y = 2;
}

BEGIN
{
	commit(s);
	discard(t);
}

BEGIN
{
	printf("x %d y %d", x, y);
	exit(0);
}
