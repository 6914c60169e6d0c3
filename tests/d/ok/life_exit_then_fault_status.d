/* @root */
/* A fault after exit() in the same clause discards the clause's records, exit()'s with them,
 * but not the stop: END runs and tracing ends, and as exit()'s value travelled in its record
 * the exit status is 0, not 3 (dtrace -s of this script exits 0). */
#pragma D option quiet

BEGIN
{
	exit(3);
	trace(*(int *)8);
}

END
{
	printf("end\n");
}
