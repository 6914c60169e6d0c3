/* klib.c — see klib.h. */
#include "klib.h"

#include <string.h>

#include "dprocfs.h"

/* The types are dprocfs.h's (DTrace for Linux's layout). The translators define the members
 * DTrace for Linux's define, with its values (observed): pr_dmodel PR_MODEL_LP64 (2); pr_ttydev
 * the controlling tty, or -1 without one; pr_wstat, pr_nzomb, pr_contract and the Solaris ids
 * 0; lwpsinfo_t's pr_flag PR_STOPPED (1) for a stopped thread, pr_state the proc(4) code of the
 * task's state bits (TASK_INTERRUPTIBLE or _UNINTERRUPTIBLE SSLEEP 1, stopped or traced SSTOP 4,
 * dead or zombie SZOMB 3, wakekill or waking SWAIT 7, none SRUN 2) and pr_sname its letter
 * (S T Z W R). A member they leave out (pr_size, pr_start, pr_clname ...) is D_XLATE_NOCONV,
 * as there: Linux has no source for it that would not be an invention. Beyond them, from the
 * Solaris definition: pr_psargs, the arguments joined by spaces, as much as pr_psargs[80]
 * holds, as the process's memory has them (only when that memory is the one user reads see,
 * the current thread's: curpsinfo, except where curthread is another thread, sched's on-cpu),
 * or the comm for a kernel thread or another process; pr_argv and pr_envp, their addresses. */
static const char klib_text[] =
DPROCFS_TYPES
"\n"
"translator psinfo_t < struct task_struct *T > {\n"
"	pr_nlwp = T->signal->nr_threads;\n"
"	pr_pid = T->tgid;\n"
"	pr_ppid = T->real_parent->tgid;\n"
"	pr_pgid = T->signal->pids[2]->numbers[0].nr;\n"
"	pr_sid = T->signal->pids[3]->numbers[0].nr;\n"
"	pr_uid = T->cred->uid.val;\n"
"	pr_euid = T->cred->euid.val;\n"
"	pr_gid = T->cred->gid.val;\n"
"	pr_egid = T->cred->egid.val;\n"
"	pr_addr = (uintptr_t)T;\n"
"	pr_ttydev = T->signal->tty != NULL ? T->signal->tty : (struct tty_struct *)-1;\n"
"	pr_fname = T->comm;\n"
"	pr_psargs = T->mm == NULL || T->mm != __usdtrace_curtask->mm ? stringof(T->comm) :\n"
"	    __usdtrace_psargs(T->mm->arg_start, T->mm->arg_end);\n"
"	pr_wstat = 0;\n"
"	pr_argv = T->mm == NULL ? 0 : T->mm->arg_start;\n"
"	pr_envp = T->mm == NULL ? 0 : T->mm->env_start;\n"
"	pr_dmodel = 2;\n"
"	pr_taskid = 0;\n"
"	pr_projid = 0;\n"
"	pr_nzomb = 0;\n"
"	pr_poolid = 0;\n"
"	pr_zoneid = 0;\n"
"	pr_contract = 0;\n"
"};\n"
"\n"
"translator lwpsinfo_t < struct task_struct *T > {\n"
"	pr_flag = T->__state & 0x4 ? 1 : 0;\n"
"	pr_lwpid = T->pid;\n"
"	pr_addr = (uintptr_t)T;\n"
"	pr_wchan = 0;\n"
"	pr_stype = 0;\n"
"	pr_state = T->__state & 0x3 ? 1 : T->__state & 0xc ? 4 : T->__state & 0xb0 ? 3 :\n"
"	    T->__state & 0x300 ? 7 : 2;\n"
"	pr_sname = T->__state & 0x3 ? 'S' : T->__state & 0xc ? 'T' : T->__state & 0xb0 ? 'Z' :\n"
"	    T->__state & 0x300 ? 'W' : 'R';\n"
"	pr_pri = T->prio;\n"
"	pr_onpro = T->thread_info.cpu;\n"
"	pr_name = T->comm;\n"
"};\n"
"\n"
"translator cpuinfo_t < struct task_struct *T > {\n"
"	cpu_id = T->thread_info.cpu;\n"
"	cpu_pset = pset;\n"
"	cpu_chip = chip;\n"
"	cpu_lgrp = 0;\n"
"};\n"
"\n"
/* each Stable / Stable / Common, as DTrace for Linux's procfs.d declares them (and its curcpu,
 * a built-in variable, is): what a statement using one weighs in -v's report, not what its
 * definition (curthread, Stable / Private; d_path, Evolving) would make it */
"inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);\n"
"#pragma D attributes Stable/Stable/Common curpsinfo\n"
"inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);\n"
"#pragma D attributes Stable/Stable/Common curlwpsinfo\n"
"inline cpuinfo_t *curcpu = xlate <cpuinfo_t *> (curthread);\n"
"#pragma D attributes Stable/Stable/Common curcpu\n"
/* the current process's working and root directories, as dtrace's procfs.d defines them */
"inline string cwd = d_path(&(curthread->fs->pwd));\n"
"#pragma D attributes Stable/Stable/Common cwd\n"
"inline string root = d_path(&(curthread->fs->root));\n"
"#pragma D attributes Stable/Stable/Common root\n";

bool klib_wanted(const char *text, size_t len)
{
	static const char *const names[] = { "curpsinfo", "curlwpsinfo", "curcpu", "cwd", "root" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (memmem(text, len, names[i], strlen(names[i])))
			return true;
	for (const char *const *t = dprocfs_type_names; *t; t++)
		if (memmem(text, len, *t, strlen(*t)))
			return true;
	return false;
}

int klib_load(struct dprog *g, struct derr *err)
{
	bool was = g->library;
	g->library = true;
	int rc = dparse_script(g, "<kernel library>", klib_text, sizeof(klib_text) - 1, err);
	g->library = was;
	return rc;
}
