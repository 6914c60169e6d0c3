/* @root */
/* NULL is built into D; string subroutines that find nothing return it (dtrace_dif.c:
 * DIF_SUBR_STRSTR/STRCHR/STRTOK set the result register to 0). */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", strstr("hello", "xyz") == NULL, strchr("hello", 'z') == NULL,
	    strrchr("hello", 'z') == NULL);
	printf("%d %d\n", strtok("", ",") == NULL, strstr("hello", "ll") != NULL);
	x = strtok("a,b", ",");
	y = strtok(NULL, ",");
	printf("%s %s %d\n", x, y, strtok(NULL, ",") == NULL);
	exit(0);
}
