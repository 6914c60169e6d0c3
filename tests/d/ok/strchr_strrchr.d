/* @root */
/* strchr()/strrchr(): the rest of the string from the first/last occurrence of a character. */
#pragma D option quiet

BEGIN
{
	printf("%s %s\n", strchr("hello", 'l'), strrchr("hello", 'l'));
	printf("%s %s\n", strchr("a/b/c", '/'), strrchr("a/b/c", '/'));
	exit(0);
}
