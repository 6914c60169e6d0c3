/* childproc.h — `-c 'cmd args'`: start a command held stopped at the moment probes must be
 * enabled: after the dynamic loader has mapped its shared libraries, at the executable's entry
 * point (read from /proc/PID/auxv AT_ENTRY: dtrace's -x evaltime=preinit; the caller runs it
 * on to main() with childproc_run_to for postinit and main); with CHILDPROC_AT_EXEC (dtrace's
 * -x evaltime=exec) inside its execve(), the new image mapped (the executable and its loader,
 * no libraries yet) and the call still to return.
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
#include <stdint.h>
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
/* A held child run on to address addr of its code and held there, before the instruction at
 * addr runs (dtrace's -x evaltime=postinit and main hold the command at main(): the caller
 * finds it). 0, or -1 with a message; a child that exits on the way is reaped (exited set). */
int childproc_run_to(struct childproc *c, uint64_t addr, char *errbuf, size_t errlen);
/* The first integer argument register (%rdi) of a held child: at a function's first
 * instruction, its first argument (__libc_start_main's is main). 0, or -1. */
int childproc_first_arg(const struct childproc *c, uint64_t *out);
int childproc_resume(struct childproc *c);
void childproc_kill(struct childproc *c);
#endif
