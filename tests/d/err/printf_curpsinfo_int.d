/*
 * curpsinfo is a pointer to translated data: printf()'s %d refuses it as dtrace's prototype
 * check does, naming that dynamic type (DTrace for Linux prints exactly this).
 */
BEGIN
{
	printf("%d\n", curpsinfo);
	exit(0);
}
