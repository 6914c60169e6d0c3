/*
 * curpsinfo and curlwpsinfo are pointers to translated data (Guide, "proc Provider":
 * psinfo_t *curpsinfo); sizeof takes their type, a pointer, without translating anything
 * (dtrace -n 'BEGIN { trace(sizeof(curpsinfo)); }' prints 8 on x86-64).
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", sizeof(curpsinfo), sizeof(curlwpsinfo));
	exit(0);
}
