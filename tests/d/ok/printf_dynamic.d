/* @root */
/* '*' takes the width or precision from an int argument before the value. */
#pragma D option quiet

BEGIN
{
	w = 6;
	printf("[%*d][%-*d]\n", w, 42, w, 42);
	printf("[%.*s][%*.*s]\n", 3, "abcdef", 6, 2, "abcdef");
	printf("[%*s]\n", -4, "x");
	exit(0);
}
