/* @root */
/* strtok(NULL, delims) continues where the last call in the same probe firing stopped; runs of
 * delimiters are skipped (dtrace_dif.c, DIF_SUBR_STRTOK). */
#pragma D option quiet

BEGIN
{
	printf("%s\n", strtok("a,b,,c", ","));
	printf("%s\n", strtok(NULL, ","));
	printf("%s\n", strtok(NULL, ","));
	printf("%s\n", strtok("  x y\tz ", " \t"));
	printf("%s\n", strtok(NULL, " \t"));
	printf("%s\n", strtok(NULL, " \t"));
	exit(0);
}
