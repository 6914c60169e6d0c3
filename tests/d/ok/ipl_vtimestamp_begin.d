/* @root */
/*
 * ipl and vtimestamp in BEGIN and END: DTrace for Linux has no interrupt priority level to
 * give, nor a traced thread's virtual time where BEGIN and END run, and faults with an
 * illegal operation; the clause's record is not sent and the next clause runs. (It faults on
 * ipl in every probe.) DTrace for Linux prints exactly this, BPF pc aside.
 */
#pragma D option quiet

BEGIN
{
	printf("not printed: %d\n", ipl);
}

BEGIN
{
	printf("not printed: %d\n", vtimestamp);
}

BEGIN
{
	printf("after the faults\n");
	exit(0);
}

END
{
	printf("not printed: %d\n", vtimestamp);
}

END
{
	printf("end\n");
}
