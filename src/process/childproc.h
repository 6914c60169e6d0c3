/* childproc.h — `-c 'cmd args'`: start a command held stopped at the moment probes must be
 * enabled: by default after the dynamic loader has mapped its shared libraries and before main()
 * (we stop it at the executable's entry point, read from /proc/PID/auxv AT_ENTRY); with
 * CHILDPROC_AT_EXEC (dtrace's -x evaltime=exec) inside its execve(), the new image mapped (the
 * executable and its loader, no libraries yet) and the call still to return.
 *
 * Contract: childproc_start returns with the child stopped under ptrace there (at its entry point
 * with the original instruction restored), or fails with a message ("cmd: No such file or
 * directory") and no child left behind; not_run says when the command itself could not be run. The command line is split on blanks (no shell), found
 * through PATH. childproc_resume detaches and lets it run; childproc_kill kills and reaps it.
 * Should usdtrace die (even SIGKILL) while the child is held, the child runs on untraced, as if
 * started without a tracer. The entry point is marked by a uprobe of ours (entry_uprobe.h),
 * which the kernel removes with us; only where the entry instruction cannot run twice
 * unnoticed is it an int3, and then the child is killed with us while the dynamic loader runs
 * (PTRACE_O_EXITKILL), before it has run any code of its own. */
#ifndef USDTRACE_CHILDPROC_H
#define USDTRACE_CHILDPROC_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct childproc {
	pid_t pid;
	int stopped;          /* still held under ptrace */
	int exited;           /* reaped */
	int status;           /* wait status when exited */
	bool not_run;         /* childproc_start failed because the command could not be run at
	                       * all (empty, not found, not executable: exec failed) */
};

enum childproc_stop { CHILDPROC_AT_ENTRY, CHILDPROC_AT_EXEC };

int childproc_start(const char *cmdline, enum childproc_stop at, struct childproc *out,
		    char *errbuf, size_t errlen);
int childproc_resume(struct childproc *c);
void childproc_kill(struct childproc *c);
#endif
