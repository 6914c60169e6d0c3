/* @root */
/* @opts: -c ./provargs/nap.sh */
/* sched:::enqueue's arguments when the workload's shell, asleep in wait(), is woken by its
 * child's exit: args[0] and args[1] the shell's thread and process, args[2] a CPU, args[3]
 * whether it goes to the front of the run queue (the Guide's sched provider: "a boolean";
 * a wakeup queues the thread at the back, 0). */
#pragma D option quiet

sched:::enqueue
/args[1]->pr_pid == $target/
{
	printf("lwp %d pid %d cpu %d front %d\n", args[0]->pr_lwpid == $target,
	    args[1]->pr_pid == $target, args[2]->cpu_id >= 0, args[3]);
	exit(0);
}
