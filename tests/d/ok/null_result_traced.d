/* @root */
/* strtok(), strstr(), strchr() and strrchr() return NULL when they find nothing: comparing that
 * with NULL is fine, but recording it (trace, printf) reads address 0 and faults, as in dtrace. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", strstr("abc", "x") == NULL, strtok("", ",") == NULL);
}

BEGIN
{
	trace(strtok(NULL, ","));
}

BEGIN
{
	printf("%s\n", strstr("abc", "x"));
}

BEGIN
{
	printf("%s %s\n", strchr("abc", 'b'), strtok("a,b", ","));
	exit(0);
}

ERROR
{
	printf("clause %d fault %d addr %d\n", arg2, arg4, arg5);
}
