/* @root */
/*
 * printa()'s aggregation id takes 4 bytes of DTrace for Linux's record, laid out with the
 * values that follow at their alignment: printa(@c); trace(71) takes 24 bytes of specsize
 * (the id and the int share a word), printa(@c); trace(71L) 32 (the long starts a word of
 * its own), printf("y\n") 16. So specsize=48 keeps the first and third clauses' records and
 * drops the second's. Observed: dtrace -s this prints the first printa, 71, y, then
 * "1 speculative drop" (genspec seed spec 85, with genspec_printa_spec_cost's fix alone: it
 * counted 32 for the first).
 */
#pragma D option quiet
#pragma D option specsize=48

BEGIN
{
	@c = count();
	s = speculation();
}

BEGIN { speculate(s); printa("x%@d\n", @c); trace(71); }
BEGIN { speculate(s); printa("z%@d\n", @c); trace(72L); }
BEGIN { speculate(s); printf("y\n"); }
BEGIN { commit(s); }

BEGIN
{
	exit(0);
}
