/* @root */
/* BEGIN fires in the tracer itself, which descends from itself, its parent and init, and
 * from pid 0 (the idle task, init's parent), as in DTrace for Linux, whose walk compares each
 * ancestor with the argument before it stops at the task that is its own parent
 * (bpf/progenyof.S). DTrace for Linux compares thread IDs (task->pid), so on this VM, whose
 * init forks from a thread other than its main one, its progenyof(1) is 0; the Guide speaks of
 * processes, so we compare process IDs. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", progenyof($pid), progenyof($ppid), progenyof(1));
	printf("%d\n", progenyof(999999999));
	printf("%d\n", progenyof(0));
	exit(0);
}
