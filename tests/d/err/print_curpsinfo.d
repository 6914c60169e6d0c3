/*
 * print() of curpsinfo, a pointer to translated data: refused by print()'s prototype (void *),
 * naming that dynamic type (DTrace for Linux prints exactly this).
 */
BEGIN
{
	print(curpsinfo);
	exit(0);
}
