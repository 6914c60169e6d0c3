/* @root */
/* Eight keys, the most an associative array takes, work for global and thread-local arrays. */
#pragma D option quiet
BEGIN
{
	a[1, 2, 3, 4, 5, 6, 7, "eight"] = 8;
	self->b[1, 2, 3, 4, 5, 6, 7, 8] = 9;
	printf("%d %d\n", a[1, 2, 3, 4, 5, 6, 7, "eight"], self->b[1, 2, 3, 4, 5, 6, 7, 8]);
	exit(0);
}
