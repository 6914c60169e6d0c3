/* @root */
/* $pid, $ppid, $uid and $gid describe the tracer; $$pid is $pid as a string. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", $pid == pid, $ppid == ppid, $uid == uid, $gid == gid);
	printf("%d\n", $$pid == lltostr(pid));
	exit(0);
}
