/* The named constants of dtrace's procfs library: PIDTYPE_* (indexes into a task's pid
 * links), the lwpsinfo_t pr_flag bits, the pr_state codes and the data models, with dtrace's
 * values (observed with dtrace -qs on this program). Kept out: their sizeof, which dtrace
 * gives as 4 for its char inlines too (it drops an inline's declared type when the value is
 * an integer constant; the Guide's "Inlines" gives the replacement the declared type). */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", PIDTYPE_PID, PIDTYPE_TGID, PIDTYPE_PGID, PIDTYPE_SID);
	printf("%x %x %x %x\n", PR_STOPPED, PR_ISTOP, PR_DSTOP, PR_IDLE);
	printf("%d %d %d %d %d %d %d\n", SSLEEP, SRUN, SZOMB, SSTOP, SIDL, SONPROC, SWAIT);
	printf("%d %d\n", PR_MODEL_ILP32, PR_MODEL_LP64);
	exit(0);
}
