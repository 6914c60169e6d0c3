/* @root */
/* The profile provider's probes: provider "profile", empty module and function, the name as
 * written. */
#pragma D option quiet

tick-10ms
{
	printf("%s:%s:%s:%s %d\n", probeprov, probemod, probefunc, probename, id > 3);
	exit(0);
}
