/* @root */
/* Field widths pad on the left, or on the right with '-'. */
#pragma D option quiet

BEGIN
{
	printf("[%5d][%-5d][%5s][%-5s][%3c][%-3c]\n", 42, 42, "ab", "ab", 'x', 'y');
	printf("[%2d][%1s]\n", 12345, "long");
	exit(0);
}
