/*
 * sizeof of an inline of translated data with parameters is the translated type's size, as
 * for curpsinfo: fds[0] is a fileinfo_t (observed with dtrace -qs).
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", sizeof(fds[0]) == sizeof(fileinfo_t), sizeof(fds[1].fi_offset),
	    sizeof(*curpsinfo) == sizeof(psinfo_t));
	exit(0);
}
