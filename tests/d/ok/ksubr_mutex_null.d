/* @root */
/* A NULL lock is an invalid address (0x0) for mutex_owned() and the rw_*() tests, which read
 * it (dtrace faults and the clause stops there), and not for mutex_type_adaptive(), which
 * reads nothing. Expected: dtrace's output. */
#pragma D option quiet

BEGIN
{
	printf("%d\n", mutex_type_adaptive((struct mutex *)0));
	printf("%d\n", mutex_owned((struct mutex *)0));
}

BEGIN
{
	printf("%d\n", rw_write_held((rwlock_t *)0));
}

BEGIN
{
	exit(0);
}
