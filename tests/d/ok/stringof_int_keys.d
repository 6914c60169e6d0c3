/* @root */
/* Integer-to-string conversion with lltostr() builds keys and output. */
#pragma D option quiet

BEGIN
{
	k = strjoin("pid-", lltostr(1234));
	m[k] = 1;
	printf("%s %d %d\n", k, m["pid-1234"], strlen(k));
	exit(0);
}
