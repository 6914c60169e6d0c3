/* @root */
/* probeprov, probemod, probefunc, probename and id for the dtrace provider's probes; BEGIN is
 * probe 1 and END probe 2. */
#pragma D option quiet

BEGIN
{
	printf("%s:%s:%s:%s %d\n", probeprov, probemod, probefunc, probename, id);
	exit(0);
}

END
{
	printf("%s:%s:%s:%s %d\n", probeprov, probemod, probefunc, probename, id);
}
