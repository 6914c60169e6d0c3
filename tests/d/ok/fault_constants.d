/* @root */
/* D's fault-code constants name the codes an ERROR clause sees in arg4. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", DTRACEFLT_UNKNOWN, DTRACEFLT_BADADDR, DTRACEFLT_DIVZERO,
	    DTRACEFLT_BADSTACK, DTRACEFLT_LIBRARY);
	exit(0);
}
