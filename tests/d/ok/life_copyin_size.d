/* @root */
/* copyin()'s size is checked before anything is read (dtrace's order: size, then scratch,
 * then the address): a run-time size beyond the scratchsize, or a negative one, faults with
 * "invalid size (SIZE)"; a size the clause's remaining alloca() memory cannot hold faults with
 * "out of scratch space"; a size of 0 reads nothing and is no fault, whatever the address.
 * Each fault ends only its own clause. Expectation: dtrace's output for this script. */
#pragma D option quiet

BEGIN
{
	n = -1;
	copyin(0, n);
	printf("not reached\n");
}

BEGIN
{
	n = 300;
	copyin(0, n);
	printf("not reached\n");
}

BEGIN
{
	p = alloca(200);
	n = 100;
	copyin(0, n);
	printf("not reached\n");
}

BEGIN
{
	n = 0;
	copyin(0, n);
	copyin(0, 0);
	printf("a copyin() of 0 bytes reads nothing\n");
	exit(0);
}
