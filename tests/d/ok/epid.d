/* @root */
/* Enabled probe IDs count (clause, probe) pairs from 1 in program order (the Dynamic Tracing
 * Guide's ERROR example: the first clause is "enabled probe ID 1"). */
#pragma D option quiet

BEGIN
{
	printf("%d\n", epid);
}

BEGIN
{
	printf("%d\n", epid);
	exit(0);
}

END
{
	printf("%d\n", epid);
}
