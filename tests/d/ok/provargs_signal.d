/* @root */
/* @opts: -c ./provargs/signals.sh */
/* The proc provider's signal probes on a workload whose signals are known (the Guide's "proc
 * Provider"; strace -f of the workload shows the same three signals):
 *   - SIGUSR1 sent to itself while it ignores it: signal-discard, args[1] the target process,
 *     args[2] the signal (DTrace for Linux fires no signal-discard here, and its args[2] is
 *     the signal_generate result it tests, always 1: decided by the Guide);
 *   - SIGUSR2 with a handler: signal-handle, args[1] the siginfo_t (si_code SI_USER, 0);
 *   - SIGUSR1 at its default action in a child: the kernel's signal_deliver reports SIGKILL
 *     without siginfo; args[0] is the signal that kills, from the group exit code, as DTrace
 *     for Linux's own proc provider takes it. (dtrace misses both handles on this run.)
 * SIGCHLD, which the shell handles at each child's end, is left out. */
#pragma D option quiet

proc:::signal-discard
/progenyof($target)/
{
	printf("discard %d %d %s\n", args[2], args[1]->pr_pid == $target, args[1]->pr_fname);
}

proc:::signal-handle
/progenyof($target) && args[0] != SIGCHLD && args[1] != NULL/
{
	printf("handle %d %d %d %s\n", args[0], args[1]->si_signo, args[1]->si_code, execname);
}

proc:::signal-handle
/progenyof($target) && args[0] != SIGCHLD && args[1] == NULL/
{
	printf("handle %d no siginfo %s\n", args[0], execname);
}
