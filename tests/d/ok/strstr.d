/* @root */
/* strstr() returns the rest of the string from the first match. */
#pragma D option quiet

BEGIN
{
	printf("%s\n", strstr("hello world", "o w"));
	printf("%s\n", strstr("hello", "ll"));
	printf("%s\n", strstr("aaa", "a"));
	exit(0);
}
