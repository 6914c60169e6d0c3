/* @root */
/* String constants decode the escapes dtrace knows (\n \t \" \\ octal \x...) and keep the
 * backslash of the others: "\?" and "\'" stay two characters. */
#pragma D option quiet

BEGIN
{
	s = "a\?b\'c\\d\"e\x41\101\tf";
	printf("%s|%d\n", s, strlen(s));
	exit(0);
}
