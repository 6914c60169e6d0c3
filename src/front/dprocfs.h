/* dprocfs.h — the proc(4) structures D programs see: psinfo_t, lwpsinfo_t, cpuinfo_t and the
 * id types they are made of (taskid_t ... zoneid_t, timestruc_t), in DTrace for Linux's
 * layout (its procfs.d and sched.d; sizes and offsets checked on both with sizeof and offsetof),
 * so that sizeof, offsetof, pointer arithmetic and whole-struct copies agree with dtrace's.
 *
 * One text serves both places these types appear: the kernel library's translators behind
 * curpsinfo/curlwpsinfo/curcpu (klib.c), and the kernel providers' psinfo_t * arguments, whose
 * copies ktp.c builds at the offsets below. The header only holds declarations: which members
 * have a value is the translators' and the builders' business.
 *
 * processorid_t, psetid_t, chipid_t and lgrp_id_t are D's builtin typedefs (dtype.c: the
 * built-in variables cpu, pset, chip and lgrp have those types in every program).
 *
 * Contract: DPROCFS_TYPES is D text (typedefs and struct declarations, no clauses) that every
 * D program can parse once; DPROCFS_* offsets and sizes are those the text lays out
 * (test_dtype's procfs_offsets_match_text checks each against the parsed text). */
#ifndef USDTRACE_DPROCFS_H
#define USDTRACE_DPROCFS_H

#define DPROCFS_TYPES \
	"typedef id_t taskid_t;\n" \
	"typedef id_t dprojid_t;\n" \
	"typedef id_t poolid_t;\n" \
	"typedef id_t zoneid_t;\n" \
	"typedef struct timestruc {\n" \
	"	time_t tv_sec;\n" \
	"	long tv_nsec;\n" \
	"} timestruc_t;\n" \
	"typedef struct lwpsinfo {\n" \
	"	int pr_flag;\n" \
	"	int pr_lwpid;\n" \
	"	uintptr_t pr_addr;\n" \
	"	uintptr_t pr_wchan;\n" \
	"	char pr_stype;\n" \
	"	char pr_state;\n" \
	"	char pr_sname;\n" \
	"	char pr_nice;\n" \
	"	short pr_syscall;\n" \
	"	char pr_oldpri;\n" \
	"	char pr_cpu;\n" \
	"	int pr_pri;\n" \
	"	ushort_t pr_pctcpu;\n" \
	"	ushort_t pr_pad;\n" \
	"	timestruc_t pr_start;\n" \
	"	timestruc_t pr_time;\n" \
	"	char pr_clname[8];\n" \
	"	char pr_name[16];\n" \
	"	processorid_t pr_onpro;\n" \
	"	processorid_t pr_bindpro;\n" \
	"	psetid_t pr_bindpset;\n" \
	"	int pr_lgrp;\n" \
	"	int pr_filler[4];\n" \
	"} lwpsinfo_t;\n" \
	"typedef struct psinfo {\n" \
	"	int pr_flag;\n" \
	"	int pr_nlwp;\n" \
	"	pid_t pr_pid;\n" \
	"	pid_t pr_ppid;\n" \
	"	pid_t pr_pgid;\n" \
	"	pid_t pr_sid;\n" \
	"	uid_t pr_uid;\n" \
	"	uid_t pr_euid;\n" \
	"	uid_t pr_gid;\n" \
	"	uid_t pr_egid;\n" \
	"	uintptr_t pr_addr;\n" \
	"	size_t pr_size;\n" \
	"	size_t pr_rssize;\n" \
	"	size_t pr_pad1;\n" \
	"	struct tty_struct *pr_ttydev;\n" \
	"	ushort_t pr_pctcpu;\n" \
	"	ushort_t pr_pctmem;\n" \
	"	timestruc_t pr_start;\n" \
	"	timestruc_t pr_time;\n" \
	"	timestruc_t pr_ctime;\n" \
	"	char pr_fname[16];\n" \
	"	char pr_psargs[80];\n" \
	"	int pr_wstat;\n" \
	"	int pr_argc;\n" \
	"	uintptr_t pr_argv;\n" \
	"	uintptr_t pr_envp;\n" \
	"	char pr_dmodel;\n" \
	"	char pr_pad2[3];\n" \
	"	taskid_t pr_taskid;\n" \
	"	dprojid_t pr_projid;\n" \
	"	int pr_nzomb;\n" \
	"	poolid_t pr_poolid;\n" \
	"	zoneid_t pr_zoneid;\n" \
	"	id_t pr_contract;\n" \
	"	int pr_filler[1];\n" \
	"	lwpsinfo_t pr_lwp;\n" \
	"} psinfo_t;\n" \
	"typedef struct cpuinfo {\n" \
	"	processorid_t cpu_id;\n" \
	"	psetid_t cpu_pset;\n" \
	"	chipid_t cpu_chip;\n" \
	"	lgrp_id_t cpu_lgrp;\n" \
	"} cpuinfo_t;\n"

/* The names DPROCFS_TYPES declares, NULL-ended: a program naming one needs the text. */
extern const char *const dprocfs_type_names[];

/* psinfo_t */
#define DPROCFS_PS_SIZE 416
#define DPROCFS_PS_NLWP 4
#define DPROCFS_PS_PID 8
#define DPROCFS_PS_PPID 12
#define DPROCFS_PS_PGID 16
#define DPROCFS_PS_SID 20
#define DPROCFS_PS_UID 24
#define DPROCFS_PS_EUID 28
#define DPROCFS_PS_GID 32
#define DPROCFS_PS_EGID 36
#define DPROCFS_PS_ADDR 40
#define DPROCFS_PS_FNAME 136
#define DPROCFS_PS_PSARGS 152
#define DPROCFS_PS_DMODEL 256
/* lwpsinfo_t */
#define DPROCFS_LWPS_SIZE 128
#define DPROCFS_LWPS_LWPID 4
#define DPROCFS_LWPS_ADDR 8
#define DPROCFS_LWPS_STATE 25
#define DPROCFS_LWPS_SNAME 26
#define DPROCFS_LWPS_PRI 32
#define DPROCFS_LWPS_CLNAME 72
#define DPROCFS_LWPS_NAME 80
#define DPROCFS_LWPS_ONPRO 96
/* cpuinfo_t */
#define DPROCFS_CPU_SIZE 16
#define DPROCFS_CPU_ID 0
#define DPROCFS_CPU_PSET 4
#endif
