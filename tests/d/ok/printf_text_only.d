/* @root */
/* A format with no conversions; escapes in the D string literal (\t \\ \" and octal). */
#pragma D option quiet

BEGIN
{
	printf("plain text\n");
	printf("tab\there \\ \"quoted\" \101\102\n");
	exit(0);
}
