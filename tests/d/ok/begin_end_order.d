/* @root */
/* BEGIN clauses run in program order, then END clauses after exit(); clauses after exit() in
 * the same firing still run (exit only tells the consumer to stop). */
#pragma D option quiet

BEGIN
{
	printf("1\n");
	exit(0);
}

BEGIN
{
	printf("2\n");
}

END
{
	printf("3\n");
}

END
{
	printf("4\n");
}
