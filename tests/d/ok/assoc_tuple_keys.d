/* @root */
/* Keys that are tuples of integers and strings (Dynamic Tracing Guide, "Associative Arrays"). */
#pragma D option quiet

BEGIN
{
	b[1, "one"] = 10;
	b[2, "two"] = 20;
	b[1, "two"] = 12;
	k = 2;
	printf("%d %d %d %d\n", b[1, "one"], b[k, "two"], b[1, "two"], b[2, "one"]);
	c[execname, pid, "x"] = 7;
	printf("%d\n", c["usdtrace", $pid, "x"]);
	exit(0);
}
