#pragma D option quiet

/* strtok(NULL, ...) continues the string its own clause gave (as dtrace-utils keeps the
 * state per clause); once the string is used up it yields NULL. */
BEGIN
{
	printf("%s ", strtok("a,b", ","));
	printf("%s ", strtok(NULL, ","));
	printf("%d\n", strtok(NULL, ",") == NULL);
}

BEGIN
{
	printf("%s\n", strtok("x y", " "));
	exit(0);
}
