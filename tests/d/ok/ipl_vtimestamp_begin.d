/* @root */
/*
 * ipl: DTrace for Linux has no interrupt priority level to give and faults with an illegal
 * operation wherever it is read (here in BEGIN and END); the clause's record is not sent and
 * the next clause runs. DTrace for Linux prints exactly this, BPF pc aside. vtimestamp in
 * BEGIN and END is the tracer thread's virtual time, as the Guide defines it ("the current
 * thread"): positive, and not more than the wall time since BEGIN's (DTrace for Linux faults
 * there: its tests tst.vtimestamp.d mark that as support it lacks).
 */
#pragma D option quiet

BEGIN
{
	printf("not printed: %d\n", ipl);
}

BEGIN
{
	vt = vtimestamp;
	ts = timestamp;
	printf("vtimestamp in BEGIN > 0: %d\n", vt > 0);
	exit(0);
}

END
{
	printf("not printed: %d\n", ipl);
}

END
{
	printf("vtimestamp in END >= BEGIN's: %d\n", vtimestamp >= vt);
	/* within the wall time, give or take a scheduler tick: the kernel adds a thread's run
	 * time to its total at ticks and switches, so BEGIN's reading may lag by up to one */
	printf("its growth within wall time: %d\n", vtimestamp - vt <= timestamp - ts + 10000000);
}
