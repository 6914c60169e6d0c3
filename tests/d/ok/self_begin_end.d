/* @root */
/* BEGIN and END both fire in the tracer's own thread (as in dtrace, where both run in the
 * dtrace process), so a thread-local set in BEGIN is visible in END. */
#pragma D option quiet

BEGIN
{
	self->n = 7;
	exit(0);
}

END
{
	printf("%d\n", self->n);
}
