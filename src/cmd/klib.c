/* klib.c — see klib.h. */
#include "klib.h"

#include <string.h>

/* The members follow dtrace's psinfo.d (Solaris procfs names); those Linux has no source for
 * read as 0, except pr_nice, which DTrace for Linux's translator leaves undefined (using it
 * is D_XLATE_NOCONV). Strings are D strings: pr_fname the task's comm, pr_psargs its arguments
 * joined by spaces, as much as illumos's pr_psargs[80] holds, as the process's memory has them
 * (only when that memory is the one user reads see, the current thread's: curpsinfo, except
 * where curthread is another thread, sched's on-cpu), or comm for a kernel thread or another
 * process; lwpsinfo_t's pr_name is the comm as char[16]. As DTrace for Linux gives them
 * (observed): pr_dmodel is PR_MODEL_LP64 (2); pr_ttydev the controlling tty, or -1 without
 * one; pr_wstat, pr_nzomb and pr_contract 0; pr_flag PR_STOPPED (1) for a stopped thread;
 * pr_state the proc(4) code of the task's state bits (TASK_INTERRUPTIBLE or _UNINTERRUPTIBLE
 * SSLEEP 1, stopped or traced SSTOP 4, dead or zombie SZOMB 3, wakekill or waking SWAIT 7,
 * none SRUN 2) and pr_sname its letter (S T Z W R). */
static const char klib_text[] =
/* the identifiers' types, ids as DTrace for Linux's procfs.d defines them */
"typedef id_t taskid_t;\n"
"typedef id_t dprojid_t;\n"
"typedef id_t poolid_t;\n"
"typedef id_t zoneid_t;\n"
"\n"
"typedef struct psinfo {\n"
"	int pr_flag;\n"
"	int pr_nlwp;\n"
"	pid_t pr_pid;\n"
"	pid_t pr_ppid;\n"
"	pid_t pr_pgid;\n"
"	pid_t pr_sid;\n"
"	uid_t pr_uid;\n"
"	uid_t pr_euid;\n"
"	gid_t pr_gid;\n"
"	gid_t pr_egid;\n"
"	uintptr_t pr_addr;\n"
"	struct tty_struct *pr_ttydev;\n"
"	string pr_fname;\n"
"	string pr_psargs;\n"
"	int pr_wstat;\n"
"	int pr_argc;\n"
"	uintptr_t pr_argv;\n"
"	uintptr_t pr_envp;\n"
"	char pr_dmodel;\n"
"	taskid_t pr_taskid;\n"
"	dprojid_t pr_projid;\n"
"	int pr_nzomb;\n"
"	poolid_t pr_poolid;\n"
"	zoneid_t pr_zoneid;\n"
"	id_t pr_contract;\n"
"} psinfo_t;\n"
"\n"
"typedef struct lwpsinfo {\n"
"	int pr_flag;\n"
"	id_t pr_lwpid;\n"
"	uintptr_t pr_addr;\n"
"	uintptr_t pr_wchan;\n"
"	char pr_stype;\n"
"	char pr_state;\n"
"	char pr_sname;\n"
"	char pr_nice;\n"
"	short pr_syscall;\n"
"	int pr_pri;\n"
"	string pr_clname;\n"
"	processorid_t pr_onpro;\n"
"	processorid_t pr_bindpro;\n"
"	psetid_t pr_bindpset;\n"
"	char pr_name[16];\n"
"} lwpsinfo_t;\n"
"\n"
"typedef struct cpuinfo {\n"
"	processorid_t cpu_id;\n"
"	psetid_t cpu_pset;\n"
"	chipid_t cpu_chip;\n"
"	lgrp_id_t cpu_lgrp;\n"
"} cpuinfo_t;\n"
"\n"
"translator psinfo_t < struct task_struct *T > {\n"
"	pr_flag = 0;\n"
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
"	pr_fname = stringof(T->comm);\n"
"	pr_psargs = T->mm == NULL || T->mm != __usdtrace_curtask->mm ? stringof(T->comm) :\n"
"	    __usdtrace_psargs(T->mm->arg_start, T->mm->arg_end);\n"
"	pr_wstat = 0;\n"
"	pr_argc = 0;\n"
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
"	pr_syscall = 0;\n"
"	pr_pri = T->prio;\n"
"	pr_clname = \"SYS\";\n"
"	pr_onpro = T->thread_info.cpu;\n"
"	pr_bindpro = -1;\n"
"	pr_bindpset = -1;\n"
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
"inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);\n"
"inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);\n"
"inline cpuinfo_t *curcpu = xlate <cpuinfo_t *> (curthread);\n"
/* the current process's working and root directories, as dtrace's procfs.d defines them */
"inline string cwd = d_path(&(curthread->fs->pwd));\n"
"inline string root = d_path(&(curthread->fs->root));\n";

bool klib_wanted(const char *text, size_t len)
{
	static const char *const names[] = { "curpsinfo", "curlwpsinfo", "curcpu", "psinfo_t",
					     "lwpsinfo_t", "cpuinfo_t", "cwd", "root" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (memmem(text, len, names[i], strlen(names[i])))
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
