#!/usr/sbin/dtrace -qCs
/* @root */
/* @opts: -q -C */
/* -C on an executable script: the "#!" line is not a directive for cpp; lines keep their
 * numbers. */
BEGIN
{
	printf("%d\n", __LINE__);
	exit(0);
}
