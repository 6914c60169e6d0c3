/* @root */
/* The libraries usdtrace ships (lib/usdtrace), loaded before every program: errno and
 * signal names as constants and as inline string tables. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", EPERM, ENOENT, EAGAIN, EWOULDBLOCK);
	printf("%s %s %s\n", errno_name[ENOENT], errno_name[110], errno_name[-1]);
	printf("%d %d %s %s %s\n", SIGINT, SIGKILL, signal_name[SIGTERM], signal_name[40],
	    signal_name[0]);
	printf("%d %d\n", sizeof(struct sockaddr_in), sizeof(struct sockaddr_in6));
	printf("%d %d %d\n", CLD_EXITED, CLD_KILLED, CLD_DUMPED);
	exit(0);
}
