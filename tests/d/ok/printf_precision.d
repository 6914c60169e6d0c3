/* @root */
/* Precision: minimum digits for integers, maximum characters for strings. */
#pragma D option quiet

BEGIN
{
	printf("[%.5d][%8.3d][%-8.3d][%.3s][%5.2s]\n", 42, 7, 7, "abcdef", "abcdef");
	printf("[%.10s]\n", "short");
	exit(0);
}
