/* @root */
/* psinfo_t and lwpsinfo_t members as DTrace for Linux translates them, checked against its
 * output for this program: the data model is PR_MODEL_LP64 on x86-64; the thread running
 * BEGIN is SRUN with pr_sname 'R' and no PR_STOPPED flag (lwpsinfo_t's pr_state is a proc(4)
 * code, not the kernel's state bits); pr_wstat, pr_nzomb and pr_contract are 0; pr_ttydev is
 * the controlling tty or -1, never NULL. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %c %d\n", curpsinfo->pr_dmodel, curpsinfo->pr_dmodel == PR_MODEL_LP64,
	    curlwpsinfo->pr_state, curlwpsinfo->pr_sname, curlwpsinfo->pr_flag);
	printf("%d %d %d %d %d\n", curlwpsinfo->pr_state == SRUN, curpsinfo->pr_wstat,
	    curpsinfo->pr_nzomb, curpsinfo->pr_contract, curpsinfo->pr_ttydev != NULL);
	exit(0);
}
