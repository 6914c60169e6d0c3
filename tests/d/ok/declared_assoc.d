/* @root */
/* Declared associative arrays: the declaration fixes value and key types. */
#pragma D option quiet

int counts[string];
string names[int, int];

BEGIN
{
	counts["a"] += 2;
	counts["a"]++;
	names[1, 2] = "one-two";
	printf("%d %s [%d]\n", counts["a"], names[1, 2], counts["b"]);
	exit(0);
}
