/* @root */
/* @opts: -q */
/* uregs[R_DS], [R_ES], [R_FS], [R_GS] and [R_TRAPNO] (21..25), which x86-64's pt_regs has no
 * slot for, are the current thread's task_struct.thread.ds, es, fsbase, gsbase and trap_nr,
 * as DTrace for Linux reads them (its output for this program); the tracer's own %fs base
 * (its TLS) is not 0. */
BEGIN
{
	printf("%d %d %d %d %d\n", uregs[R_DS] == curthread->thread.ds,
	    uregs[R_ES] == curthread->thread.es, uregs[R_FS] == curthread->thread.fsbase,
	    uregs[R_GS] == curthread->thread.gsbase, uregs[R_TRAPNO] == curthread->thread.trap_nr);
	printf("%d %d\n", uregs[R_FS] != 0, uregs[23] == uregs[R_FS]);
	exit(0);
}
