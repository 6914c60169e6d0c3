/* @root */
/* @opts: -q -x cpu=0 */
/* -x cpu=N: tick probes fire on CPU N. */
tick-100ms
{
	printf("tick on %d\n", cpu);
	exit(0);
}
