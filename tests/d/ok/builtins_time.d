/* @root */
/* timestamp is monotonic, walltimestamp is nanoseconds since the epoch (after 2020), and
 * vtimestamp counts on-CPU time, so it does not exceed the time since boot. */
#pragma D option quiet

BEGIN
{
	t1 = timestamp;
	w = walltimestamp;
	v = vtimestamp;
}

BEGIN
{
	t2 = timestamp;
	printf("%d %d %d\n", t1 > 0, t2 >= t1, w > 1577836800000000000);
	printf("%d\n", v <= t2);
	exit(0);
}
