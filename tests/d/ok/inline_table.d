/* @root */
/* An inline with a parameter (dtrace's inline string tables, OpenAFS's afs_errorstr[]):
 * expanded at each use with its argument, in printf, a predicate and an aggregation key. */
#pragma D option quiet

inline string color[int c] = c == 0 ? "red" : c == 1 ? "green" : c == 2 ? "blue" : "?";
inline int twice[int a, int b] = (a + b) * 2;

BEGIN
{
	printf("%s %s %s %s %d\n", color[0], color[1], color[2], color[7], twice[3, 4]);
	i = 0;
}

tick-1ms
/color[i] != "blue"/
{
	@seen[color[i]] = count();
	i++;
}

tick-1ms
/color[i] == "blue"/
{
	printa("%s %@d\n", @seen);
	exit(0);
}
