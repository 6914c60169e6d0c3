/* @root */
/* @opts: -c ./provargs/signals.sh */
/* The proc provider's signal probes on a workload whose signals are known (the Guide's "proc
 * Provider"; strace -f of the workload shows the same three signals):
 *   - SIGUSR1 sent to itself while it ignores it: signal-discard, args[1] the target process,
 *     args[2] the signal (DTrace for Linux's args[2] there is always 1, the signal_generate
 *     result its trampoline tests: dtrace -n 'proc:::signal-discard { trace(args[2]); }' on a
 *     shell that ignores SIGUSR1 and sends it to itself prints 1; decided by the Guide);
 *   - SIGUSR2 with a handler: signal-handle, args[1] the siginfo_t (si_code SI_USER, 0);
 *   - SIGUSR1 at its default action in a child: the kernel's signal_deliver reports SIGKILL
 *     without siginfo; args[0] is the signal that kills, from the group exit code, as DTrace
 *     for Linux's own proc provider takes it.
 * (dtrace -c cannot run this workload as it is: its child starts with almost every signal
 * blocked, SigBlk fffffffc7ffbfecf in /proc/PID/status, so none of these is discarded or
 * delivered there.) SIGCHLD, which the shell handles at each child's end, is left out. */
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
