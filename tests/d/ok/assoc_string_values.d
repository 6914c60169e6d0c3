/* @root */
/* Associative arrays of strings. */
#pragma D option quiet

BEGIN
{
	name[1] = "one";
	name[2] = "two";
	name[1] = strjoin(name[1], "!");
	printf("%s %s\n", name[1], name[2]);
	exit(0);
}
