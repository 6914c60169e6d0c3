/*
 * procfs.d — usdtrace D library: the named constants of the proc(4)-style structures that
 * dtrace's procfs library defines next to psinfo_t and lwpsinfo_t (the translators themselves
 * are built into usdtrace). The values are the ones dtrace's library gives (observed with
 * /opt/oracle-dtrace/sbin/dtrace -qn 'BEGIN { trace(SRUN); }' and alike), with its types:
 * the process-state letters' codes and data models are char, the rest int.
 */

/* psinfo_t.pr_dmodel: the data model of the process */
inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

/* the kernel's enum pid_type, as indexes into a task's pid links */
inline int PIDTYPE_PID = 0;
inline int PIDTYPE_TGID = 1;
inline int PIDTYPE_PGID = 2;
inline int PIDTYPE_SID = 3;

/* lwpsinfo_t.pr_flag bits */
inline int PR_STOPPED = 0x00000001;
inline int PR_ISTOP = 0x00000002;
inline int PR_DSTOP = 0x00000004;
inline int PR_IDLE = 0x10000000;

/* lwpsinfo_t.pr_state: the thread's scheduling state */
inline char SSLEEP = 1;
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SIDL = 5;
inline char SONPROC = 6;
inline char SWAIT = 7;
