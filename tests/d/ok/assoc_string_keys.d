/* @root */
/* Associative arrays keyed by strings; an element never assigned reads as 0. */
#pragma D option quiet

BEGIN
{
	a["x"] = 1;
	a["y"] = 2;
	a[strjoin("x", "y")] = 3;
	printf("%d %d %d %d\n", a["x"], a["y"], a["xy"], a["z"]);
	exit(0);
}
