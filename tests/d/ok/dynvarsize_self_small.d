/* @root */
/* A scalar self-> variable has no tuple in dtrace's dynamic variable pool: a dynvarsize that
 * holds its value alone is enough to enable. */
#pragma D option quiet
#pragma D option dynvarsize=16

BEGIN
{
	self->x = 1;
	printf("%d\n", self->x);
	exit(0);
}
