/* @root */
#pragma D option quiet

/* strtok(NULL, ...) continues the string an earlier call gave, in this clause or an earlier
 * clause of the same firing (dtrace-utils resets the state once per firing); once the string
 * is used up it yields NULL. */
BEGIN
{
	printf("%s ", strtok("a,b", ","));
	printf("%s ", strtok(NULL, ","));
	printf("%d\n", strtok(NULL, ",") == NULL);
}

BEGIN
{
	printf("%s\n", strtok("x y z", " "));
}

BEGIN
{
	printf("%s ", strtok(NULL, " "));
	printf("%s\n", strtok(NULL, " "));
	exit(0);
}
