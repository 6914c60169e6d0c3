/* @root */
/* In BEGIN the current process is the tracer: pid, ppid, uid and gid equal the macro
 * variables describing the tracer ($pid, $ppid, $uid, $gid); its execname is usdtrace (dtrace's
 * BEGIN reports "dtrace" for the same reason). */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", pid == $pid, ppid == $ppid, uid == $uid, gid == $gid);
	printf("%s %d\n", execname, tid > 0);
	exit(0);
}
