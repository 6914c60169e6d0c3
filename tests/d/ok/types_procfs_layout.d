/* @root */
/* psinfo_t, lwpsinfo_t, cpuinfo_t and the id types they are made of, laid out as DTrace for
 * Linux lays them out (its procfs.d and sched.d): the same sizes and offsets on both (checked
 * with ../shared/peers/compare.sh on this program), char arrays for pr_fname and pr_name, and
 * *curpsinfo of the translated type's size. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(psinfo_t), sizeof(lwpsinfo_t), sizeof(cpuinfo_t),
	    sizeof(timestruc_t));
	printf("%d %d %d %d %d %d\n", offsetof(psinfo_t, pr_ttydev), offsetof(psinfo_t, pr_start),
	    offsetof(psinfo_t, pr_fname), offsetof(psinfo_t, pr_psargs),
	    offsetof(psinfo_t, pr_dmodel), offsetof(psinfo_t, pr_lwp));
	printf("%d %d %d %d\n", offsetof(lwpsinfo_t, pr_start), offsetof(lwpsinfo_t, pr_clname),
	    offsetof(lwpsinfo_t, pr_name), offsetof(lwpsinfo_t, pr_onpro));
	printf("%d %d %d %d %d %d %d %d\n", sizeof(processorid_t), sizeof(psetid_t),
	    sizeof(chipid_t), sizeof(lgrp_id_t), sizeof(taskid_t), sizeof(dprojid_t),
	    sizeof(poolid_t), sizeof(zoneid_t));
	printf("%d %d %d\n", sizeof(curpsinfo->pr_fname),
	    sizeof(curlwpsinfo->pr_name), sizeof(*curpsinfo));
	printf("%s\n", curpsinfo->pr_fname == execname ? "fname is execname" : "differ");
	exit(0);
}
