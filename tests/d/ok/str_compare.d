/* @root */
/* == != < <= > >= on strings compare them as strcmp(3C) does (Dynamic Tracing Guide,
 * "String Comparison"). */
#pragma D option quiet

BEGIN
{
	a = "abc";
	b = "abd";
	printf("%d %d %d %d %d %d\n", a == b, a != b, a < b, a <= b, a > b, a >= b);
	printf("%d %d %d\n", a == "abc", "b" > "abc", "" < "a");
	printf("%d %d\n", "abc" <= "abc", "abc" >= "abcd");
	c = strjoin("ab", "c");
	printf("%d\n", c == a);
	exit(0);
}
