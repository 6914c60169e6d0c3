/* @root */
/*
 * A speculative record that could not fit even in an empty buffer stops its clause: DTrace
 * for Linux's BPF code checks each value it stores against specsize (its 16-byte header
 * before the data: a 16-byte string ends at 32 > 24) and leaves the clause there, a
 * speculative drop (dt_cg.c, dt_cg_store_val); x is never incremented. Compare spec_specsize,
 * where records that fit an empty buffer but not what is left are dropped and their clauses
 * run on. Observed: dtrace -s this prints "x=0" and "2 speculative drops".
 */
#pragma D option quiet
#pragma D option strsize=16
#pragma D option specsize=24

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("%s\n", "abc");
	x++;
}

BEGIN
{
	speculate(s);
	printf("%s\n", "abc");
	x++;
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("x=%d\n", x);
	exit(0);
}
