/* @root */
/* @opts: -c ./provargs/groupexit.py */
/* signal-handle in a thread the kernel kills because its process exits (exit_group(3) in
 * another thread): the kernel reports SIGKILL with no siginfo, and SIGKILL it is. The thread
 * group's exit code holds a killing signal only after a signal death; here it holds the
 * status, 3 << 8, which is no signal (DTrace for Linux's proc provider takes any non-zero
 * exit code for the signal: dtrace -c of this workload prints 768). */
#pragma D option quiet

proc:::signal-handle
/pid == $target/
{
	printf("handle %d no siginfo %d other thread %d\n", args[0], args[1] == NULL, tid != pid);
}

proc:::exit
/pid == $target/
{
	printf("exit %d\n", args[0]);
}
