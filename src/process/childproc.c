/* childproc.c — see childproc.h.
 *
 * Sequence: fork; the child waits on a pipe while the parent seizes it (PTRACE_SEIZE with
 * PTRACE_O_TRACEEXEC), then execs. A close-on-exec pipe tells the parent whether the exec
 * worked (the child writes errno into it only when exec fails). The exec event stops the child
 * inside execve(), the new image in place but the call not yet returned: CHILDPROC_AT_EXEC
 * holds it there (so the call's return, proc:::exec-success, is traced). Otherwise the parent
 * marks AT_ENTRY, lets the child run the dynamic loader, and when the mark is reached rewinds
 * rip onto the entry and moves the child from that signal stop into a PTRACE_EVENT_STOP
 * (PTRACE_INTERRUPT, then PTRACE_CONT: the child stops again before running an instruction).
 * The mark is a uprobe whose program sends SIGURG (entry_uprobe.h: the entry instruction has
 * then run once, and runs again: endbr64 or xor %ebp,%ebp, which change nothing at entry);
 * at main() also one that can be undone once run (a push, sub $N,%rsp: %rsp put back);
 * where that cannot be, a hardware instruction breakpoint
 * (debug register 0: it reports before the instruction runs and leaves the code alone, so
 * another tracer's uprobe on that instruction, whose int3 would swallow one of ours, does not
 * hide it); where neither can be, an int3 whose original byte is put back. Static executables
 * work the same way: their entry is simply reached without a loader. childproc_run_to moves a
 * held child on to another address (main()) the same way.
 *
 * usdtrace may be killed at any of these moments (SIGKILL, OOM); the child must then run on as
 * if it had been started without a tracer. Hence the choices: the child never stops itself with
 * a signal (a SIGSTOP still to be delivered when the tracer dies would leave it stopped), it
 * is held only in event stops (exec, PTRACE_EVENT_STOP), which carry no signal to deliver when
 * the kernel detaches a dead tracer's tracees (a SIGTRAP stop would deliver SIGTRAP and kill
 * it), and a child whose parent died before seizing it execs untraced. The uprobe mark dies
 * with us (the kernel removes it when our descriptors close; a SIGURG already sent is ignored:
 * no handler of the program's exists yet). The breakpoint fallbacks are the one exception (a
 * first instruction the mark cannot undo): a
 * child that went on untraced would die of SIGTRAP there (dumping core), so PTRACE_O_EXITKILL
 * is set while one is armed: killed then, the command has not run main() (or, at the entry
 * point, an instruction of its own). */
#include "childproc.h"

#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "entry_uprobe.h"
#include "util.h"

/* asked for on every seized child; PTRACE_O_EXITKILL is added only while the entry point
 * holds our int3 (see the top) */
#define OPTIONS PTRACE_O_TRACEEXEC

/* Split on blanks; no quoting, as the contract says. */
static char **split_blanks(const char *s, int *argc)
{
	int n = 0;
	char **v = xcalloc(strlen(s) / 2 + 2, sizeof(char *));
	while (*s) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		const char *b = s;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n')
			s++;
		v[n++] = xstrndup(b, (size_t)(s - b));
	}
	v[n] = NULL;
	*argc = n;
	return v;
}

static void free_argv(char **v)
{
	for (char **p = v; *p; p++)
		free(*p);
	free(v);
}

static int read_auxv_entry(pid_t pid, uint64_t *entry)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	size_t len;
	char *buf = util_read_file(path, &len);
	if (!buf)
		return -1;
	int found = -1;
	for (size_t off = 0; off + sizeof(Elf64_auxv_t) <= len; off += sizeof(Elf64_auxv_t)) {
		Elf64_auxv_t a;
		memcpy(&a, buf + off, sizeof(a));
		if (a.a_type == AT_NULL)
			break;
		if (a.a_type == AT_ENTRY) {
			*entry = a.a_un.a_val;
			found = 0;
			break;
		}
	}
	free(buf);
	if (found != 0)
		errno = ENOENT;
	return found;
}

static void kill_and_reap(pid_t pid)
{
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

static int wait_stop(pid_t pid, int *status)
{
	for (;;) {
		if (waitpid(pid, status, 0) == pid)
			return 0;
		if (errno != EINTR)
			return -1;
	}
}

/* From a stop at the entry point (registers already rewound onto it) into an event stop (see
 * the top), without the kill on our death: the code is whole. */
static int hold_at_entry(struct childproc *c, const char *argv0, char *errbuf, size_t errlen)
{
	pid_t pid = c->pid;
	int status;
	if (ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)OPTIONS) != 0 ||
	    ptrace(PTRACE_INTERRUPT, pid, NULL, NULL) != 0 ||
	    ptrace(PTRACE_CONT, pid, NULL, NULL) != 0)
		return util_seterr(errbuf, errlen, "%s: cannot hold at the entry point: %s",
				   argv0, strerror(errno));
	for (;;) {
		if (wait_stop(pid, &status) != 0)
			return util_seterr(errbuf, errlen, "%s: lost the child: %s", argv0,
					   strerror(errno));
		if (WIFEXITED(status) || WIFSIGNALED(status)) {
			c->exited = 1;
			c->status = status;
			return util_seterr(errbuf, errlen, "%s: died at its entry point", argv0);
		}
		if (WIFSTOPPED(status) && status >> 16 == PTRACE_EVENT_STOP)
			return 0;
		/* a signal that arrived meanwhile: keep it for the program, stop again */
		int pend = WIFSTOPPED(status) ? WSTOPSIG(status) : 0;
		if (ptrace(PTRACE_INTERRUPT, pid, NULL, NULL) != 0 ||
		    ptrace(PTRACE_CONT, pid, NULL, (void *)(long)pend) != 0)
			return util_seterr(errbuf, errlen, "%s: cannot hold at the entry point: %s",
					   argv0, strerror(errno));
	}
}

/* Let the child run until the stop `want` says is the entry point's (0 with the stop's
 * registers in *regs), passing on every other signal. */
static int run_until(struct childproc *c, const char *argv0,
		     bool (*want)(int sig, const struct user_regs_struct *r, void *arg), void *arg,
		     struct user_regs_struct *regs, char *errbuf, size_t errlen)
{
	pid_t pid = c->pid;
	int sig = 0;
	for (;;) {
		int status;
		if (ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig) != 0 || wait_stop(pid, &status) != 0)
			return util_seterr(errbuf, errlen, "%s: lost the child: %s", argv0,
					   strerror(errno));
		if (WIFEXITED(status) || WIFSIGNALED(status)) {
			c->exited = 1;
			c->status = status;
			return util_seterr(errbuf, errlen, "%s: exited before it was held",
					   argv0);
		}
		if (!WIFSTOPPED(status))
			continue;
		sig = WSTOPSIG(status);
		if (status >> 16) {
			sig = 0; /* an event stop (a group stop seen by a seizing tracer) */
			continue;
		}
		if (ptrace(PTRACE_GETREGS, pid, NULL, regs) != 0)
			return util_seterr(errbuf, errlen, "%s: cannot read registers: %s", argv0,
					   strerror(errno));
		if (want(sig, regs, arg))
			return 0;
		if (sig == SIGTRAP)
			sig = 0; /* a trap that is not ours (e.g. from a loader audit module) */
	}
}

struct entry_mark {
	uint64_t entry;
	int len;              /* the entry instruction's length (entry_uprobe) */
	uint64_t rsp_delta;   /* what undoing it adds to %rsp */
};

static bool at_trap(int sig, const struct user_regs_struct *r, void *arg)
{
	const struct entry_mark *m = arg;
	return sig == SIGTRAP && r->rip == m->entry + 1;
}

/* A hardware instruction breakpoint reports before its instruction runs: rip is the address. */
static bool at_hwbreak(int sig, const struct user_regs_struct *r, void *arg)
{
	const struct entry_mark *m = arg;
	return sig == SIGTRAP && r->rip == m->entry;
}

/* Debug register 0 set to addr, enabled for execution (DR7: L0, RW0 = LEN0 = 0); or with
 * on false, both cleared. 0, or -1 where ptrace cannot set them. */
static int hwbreak(pid_t pid, uint64_t addr, bool on)
{
	long dr0 = (long)offsetof(struct user, u_debugreg[0]);
	long dr7 = (long)offsetof(struct user, u_debugreg[7]);
	if (!on) {
		ptrace(PTRACE_POKEUSER, pid, (void *)dr7, (void *)0L);
		return ptrace(PTRACE_POKEUSER, pid, (void *)dr0, (void *)0L) == 0 ? 0 : -1;
	}
	if (ptrace(PTRACE_POKEUSER, pid, (void *)dr0, (void *)(long)addr) != 0)
		return -1;
	if (ptrace(PTRACE_POKEUSER, pid, (void *)dr7, (void *)1L) != 0) {
		ptrace(PTRACE_POKEUSER, pid, (void *)dr0, (void *)0L);
		return -1;
	}
	return 0;
}

static bool at_mark(int sig, const struct user_regs_struct *r, void *arg)
{
	const struct entry_mark *m = arg;
	return sig == ENTRY_UPROBE_SIGNAL && (r->rip == m->entry || r->rip == m->entry + (uint64_t)m->len);
}

/* Run the child from a stop (its exec's, or a hold) to address `at` and hold it there, before
 * the instruction at `at` has run: marked by entry_uprobe where that instruction may run twice
 * (nothing of ours stays in the child if we die), else by an int3 planted there under
 * PTRACE_O_EXITKILL (see the top). */
static int run_to(struct childproc *c, const char *argv0, uint64_t at, bool at_entry,
		  char *errbuf, size_t errlen)
{
	pid_t pid = c->pid;
	struct entry_mark m = { at, 0, 0 };
	errno = 0;
	long word = ptrace(PTRACE_PEEKTEXT, pid, (void *)m.entry, NULL);
	if (errno != 0)
		return util_seterr(errbuf, errlen, "%s: cannot read entry point code: %s", argv0,
				   strerror(errno));
	uint8_t code[sizeof(word)];
	memcpy(code, &word, sizeof(word));
	struct user_regs_struct regs;
	m.len = entry_uprobe_rewind(code, at_entry, &m.rsp_delta);
	int mark = m.len ? entry_uprobe_arm(pid, m.entry) : -1;
	if (mark >= 0) {
		int rc = run_until(c, argv0, at_mark, &m, &regs, errbuf, errlen);
		entry_uprobe_disarm(mark);
		if (rc != 0)
			return -1;
		if (regs.rip == m.entry + (uint64_t)m.len)
			regs.rsp += m.rsp_delta;   /* the instruction ran: undone (a push, a sub) */
	} else if (ptrace(PTRACE_SETOPTIONS, pid, NULL,
			  (void *)(long)(OPTIONS | PTRACE_O_EXITKILL)) == 0 &&
		   hwbreak(pid, m.entry, true) == 0) {
		/* a debug register: the code is left alone, so a uprobe another tracer has on
		 * this instruction (its int3 would swallow ours) does not hide it */
		int rc = run_until(c, argv0, at_hwbreak, &m, &regs, errbuf, errlen);
		if (rc != 0)
			return -1;
		if (hwbreak(pid, 0, false) != 0)
			return util_seterr(errbuf, errlen, "%s: cannot clear the breakpoint: %s",
					   argv0, strerror(errno));
	} else {
		long trap = (long)(((unsigned long)word & ~0xffUL) | 0xccUL);
		if (ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)(OPTIONS | PTRACE_O_EXITKILL)) != 0)
			return util_seterr(errbuf, errlen, "%s: cannot set ptrace options: %s", argv0,
					   strerror(errno));
		if (ptrace(PTRACE_POKETEXT, pid, (void *)m.entry, (void *)trap) != 0)
			return util_seterr(errbuf, errlen, "%s: cannot plant breakpoint: %s", argv0,
					   strerror(errno));
		if (run_until(c, argv0, at_trap, &m, &regs, errbuf, errlen) != 0)
			return -1;
		if (ptrace(PTRACE_POKETEXT, pid, (void *)m.entry, (void *)word) != 0)
			return util_seterr(errbuf, errlen, "%s: cannot restore entry code: %s", argv0,
					   strerror(errno));
	}
	regs.rip = m.entry;
	if (ptrace(PTRACE_SETREGS, pid, NULL, &regs) != 0)
		return util_seterr(errbuf, errlen, "%s: cannot rewind: %s", argv0, strerror(errno));
	return hold_at_entry(c, argv0, errbuf, errlen);
}

/* From the exec stop to the entry point (AT_ENTRY of the auxiliary vector). */
static int run_to_entry(struct childproc *c, const char *argv0, char *errbuf, size_t errlen)
{
	uint64_t entry;
	if (read_auxv_entry(c->pid, &entry) != 0)
		return util_seterr(errbuf, errlen, "%s: cannot read entry point: %s", argv0,
				   strerror(errno));
	return run_to(c, argv0, entry, true, errbuf, errlen);
}

int childproc_run_to(struct childproc *c, uint64_t addr, char *errbuf, size_t errlen)
{
	char name[32];
	snprintf(name, sizeof(name), "pid %d", (int)c->pid);
	if (!c->stopped || c->exited)
		return util_seterr(errbuf, errlen, "%s: not held", name);
	return run_to(c, name, addr, false, errbuf, errlen);
}

int childproc_first_arg(const struct childproc *c, uint64_t *out)
{
	struct user_regs_struct regs;
	if (!c->stopped || c->exited || ptrace(PTRACE_GETREGS, c->pid, NULL, &regs) != 0)
		return -1;
	*out = regs.rdi;   /* x86-64 SysV: the first integer argument */
	return 0;
}

int childproc_start(const char *cmdline, enum childproc_stop at, struct childproc *out,
		    char *errbuf, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	int argc;
	char **argv = split_blanks(cmdline, &argc);
	if (argc == 0) {
		free_argv(argv);
		out->not_run = true;
		return util_seterr(errbuf, errlen, "%s: empty command", cmdline);
	}
	int pfd[2], go[2];
	if (pipe2(pfd, O_CLOEXEC) != 0) {
		util_seterr(errbuf, errlen, "%s: %s", argv[0], strerror(errno));
		free_argv(argv);
		return -1;
	}
	if (pipe2(go, O_CLOEXEC) != 0) {
		util_seterr(errbuf, errlen, "%s: %s", argv[0], strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		free_argv(argv);
		return -1;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		util_seterr(errbuf, errlen, "%s: %s", argv[0], strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		close(go[0]);
		close(go[1]);
		free_argv(argv);
		return -1;
	}
	if (pid == 0) {
		close(pfd[0]);
		close(go[1]);
		/* one byte once seized, or end of file if the parent died first: exec either way,
		 * so a command whose tracer died runs as if started without it */
		char b;
		while (read(go[0], &b, 1) < 0 && errno == EINTR)
			;
		execvp(argv[0], argv);
		int e = errno;
		if (write(pfd[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	close(pfd[1]);
	close(go[0]);
	bool seized = ptrace(PTRACE_SEIZE, pid, NULL, (void *)(long)OPTIONS) == 0;
	int seize_err = errno;
	if (!seized) {
		close(go[1]);
		close(pfd[0]);
		kill_and_reap(pid);
		util_seterr(errbuf, errlen, "%s: cannot trace the command: %s", argv[0],
			    strerror(seize_err));
		free_argv(argv);
		return -1;
	}
	ssize_t w;
	while ((w = write(go[1], "g", 1)) < 0 && errno == EINTR)
		;
	close(go[1]);
	int e = 0;
	ssize_t n;
	while ((n = read(pfd[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close(pfd[0]);
	int status = 0;
	if (w != 1 || n == (ssize_t)sizeof(e)) {
		kill_and_reap(pid);
		util_seterr(errbuf, errlen, "%s: %s", argv[0], w != 1 ? "cannot start" : strerror(e));
		out->not_run = w == 1;
		free_argv(argv);
		return -1;
	}

	out->pid = pid;
	/* the exec event: SIGTRAP with PTRACE_EVENT_EXEC in the status's third byte */
	if (wait_stop(pid, &status) != 0 || !WIFSTOPPED(status) ||
	    status >> 8 != (SIGTRAP | PTRACE_EVENT_EXEC << 8)) {
		util_seterr(errbuf, errlen, "%s: did not stop at its exec", argv[0]);
		if (!WIFEXITED(status) && !WIFSIGNALED(status))
			kill_and_reap(pid);
		free_argv(argv);
		memset(out, 0, sizeof(*out));
		return -1;
	}
	out->stopped = 1;
	if (at == CHILDPROC_AT_EXEC) {
		free_argv(argv);
		return 0;
	}
	if (run_to_entry(out, argv[0], errbuf, errlen) != 0) {
		if (!out->exited)
			kill_and_reap(pid);
		free_argv(argv);
		memset(out, 0, sizeof(*out));
		return -1;
	}
	free_argv(argv);
	return 0;
}

int childproc_resume(struct childproc *c)
{
	if (!c->stopped)
		return 0;
	if (ptrace(PTRACE_DETACH, c->pid, NULL, NULL) != 0)
		return -1;
	c->stopped = 0;
	return 0;
}

void childproc_kill(struct childproc *c)
{
	if (c->pid <= 0 || c->exited)
		return;
	kill(c->pid, SIGKILL);
	int status;
	while (waitpid(c->pid, &status, 0) < 0) {
		if (errno != EINTR) {
			status = 0;
			break;
		}
	}
	c->exited = 1;
	c->stopped = 0;
	c->status = status;
}
