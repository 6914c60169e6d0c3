/* @root */
/* Chained ?: selecting among strings, and string results compared. */
#pragma D option quiet

BEGIN
{
	x = 2;
	s = x == 1 ? "one" : x == 2 ? "two" : "many";
	t = x > 5 ? "big" : s;
	printf("%s %s %d\n", s, t, s == t);
	exit(0);
}
