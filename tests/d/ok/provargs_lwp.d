/* @root */
/* @opts: -c ./provargs/threads.py */
/* proc's creation and exit probes on a process that starts two threads and then forks a child
 * (the workload's own code says so; strace -f shows two clone(CLONE_THREAD...) and a clone of
 * a process):
 *   - lwp-create fires for every new thread, the child process's first one too (the Guide:
 *     "lwp-create will fire for any LWPs created at process creation time before the create
 *     probe fires"): 3, args[0] the new thread, args[1] its process;
 *   - create fires for a new process or process thread (Oracle's DTrace for Linux
 *     documentation, "a process (or process thread) is created"): 3;
 *   - lwp-exit for every thread that exits, a process's last one too ("a process or process
 *     thread is about to exit"): the two threads, the child and the workload, 4;
 *   - exit once per process: 2.
 * DTrace for Linux counts lwp-create 3, create 3 and lwp-exit 4 on this workload (clause by
 * clause: its program with the exit clause fails to load on this kernel). The predicate names
 * the workload and its child by pid, not progenyof(): dtrace's progenyof() is false in the
 * workload's own second threads. */
#pragma D option quiet

proc:::lwp-create
/pid == $target || ppid == $target/
{
	@lc = count();
	@lcnew = sum(args[0]->pr_lwpid != tid);
	@lcproc = sum(args[1]->pr_pid == pid || args[1]->pr_ppid == pid);
}

proc:::create
/pid == $target || ppid == $target/
{
	@c = count();
}

proc:::lwp-exit
/pid == $target || ppid == $target/
{
	@le = count();
}

proc:::exit
/pid == $target || ppid == $target/
{
	@e = count();
}

END
{
	printa("lwp-create %@d (new %@d, their process %@d)\n", @lc, @lcnew, @lcproc);
	printa("create %@d\n", @c);
	printa("lwp-exit %@d\n", @le);
	printa("exit %@d\n", @e);
}
