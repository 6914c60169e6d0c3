/* @root */
/* Declared globals start as zero (integers) and the empty string; declared types apply. */
#pragma D option quiet

int g;
int64_t big;
uint8_t small;
string gs;

BEGIN
{
	printf("%d %d %d [%s]\n", g, big, small, gs);
	small = 255;
	small++;
	big = 1L << 62;
	gs = "set";
	printf("%d %d [%s]\n", small, big, gs);
	exit(0);
}
