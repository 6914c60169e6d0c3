/* @root */
/* Strings flow through ?:, variables and associative-array keys. */
#pragma D option quiet

BEGIN
{
	x = 3;
	k = x > 2 ? "big" : "small";
	count[k] = 1;
	count[x > 5 ? "big" : "small"] = 2;
	printf("%s %d %d\n", k, count["big"], count["small"]);
	exit(0);
}
