/* ptrace_hold.c — holding seized processes at dlopen() and exec; see ptrace_hold.h.
 *
 * Why a thread of its own: ptrace requests must come from the thread that seized, and a
 * tracee's other signals and stops have to be passed on at once (a process that handles many
 * signals would otherwise wait for whatever the consumer is doing: a system() command, a long
 * printa). The holder blocks in waitid(__WALL | __WNOTHREAD), which sees its tracees only
 * (never the -c child or system()'s children: those are the consumer thread's). It shares with
 * the consumer only the counts below, under one mutex. */
#include "ptrace_hold.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sigblock.h"
#include "util.h"

#define HOLD_OPTIONS (PTRACE_O_TRACECLONE | PTRACE_O_TRACEEXEC)

/* Records of a thread the consumer has finished with, not yet matched with its stop. */
struct release {
	pid_t tid;
	unsigned n;
};

struct ptrace_hold {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	const pid_t *pids;         /* while starting only */
	int npids;
	int nseized;
	bool ready, stop, done;
	struct release *rel;
	size_t nrel;
	uint64_t drain_req, drain_done;
	pid_t *known;              /* threads seized while starting */
	size_t nknown;
};

/* --- starting: seize every thread ------------------------------------------------------- */
/* The TracerPid of thread tid of pid, 0 if none, -1 if unknown. */
static pid_t tracer_of(pid_t pid, pid_t tid)
{
	char path[96], line[256];
	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", (int)pid, (int)tid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	pid_t t = -1;
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, "TracerPid:", 10) == 0) {
			t = (pid_t)atoi(line + 10);
			break;
		}
	fclose(f);
	return t;
}

static bool known(const struct ptrace_hold *h, pid_t tid)
{
	for (size_t i = 0; i < h->nknown; i++)
		if (h->known[i] == tid)
			return true;
	return false;
}

static void add_known(struct ptrace_hold *h, pid_t tid)
{
	h->known = xrealloc(h->known, sizeof(*h->known) * (h->nknown + 1));
	h->known[h->nknown++] = tid;
}

/* Whether thread tid of pid has exited (a zombie cannot be seized, and needs no hold). */
static bool exited(pid_t pid, pid_t tid)
{
	char path[96], buf[512];
	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)pid, (int)tid);
	FILE *f = fopen(path, "r");
	if (!f)
		return true;
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	const char *rp = strrchr(buf, ')');
	return !rp || rp[1] != ' ' || rp[2] == 'Z' || rp[2] == 'X';
}

static void warn_unheld(pid_t pid, pid_t tid, int err)
{
	if (exited(pid, tid))
		return;
	pid_t other = tracer_of(pid, tid);
	char why[64] = "";
	if (other > 0)
		snprintf(why, sizeof(why), ": it is traced by pid %d", (int)other);
	else if (err == EPERM)
		snprintf(why, sizeof(why), ": see /proc/sys/kernel/yama/ptrace_scope");
	if (tid == pid)
		util_warn("warning: pid %d cannot be held while the probes of libraries it loads "
			  "are enabled (PTRACE_SEIZE: %s%s): their first firings may be missed",
			  (int)pid, strerror(err), why);
	else
		util_warn("warning: thread %d of pid %d cannot be held while the probes of "
			  "libraries it loads are enabled (PTRACE_SEIZE: %s%s): their first firings "
			  "may be missed", (int)tid, (int)pid, strerror(err), why);
}

/* One pass over pid's threads; true if one was seized that was not before. A thread created
 * after the listing by a seized one is seized by the kernel (PTRACE_O_TRACECLONE); one created
 * by a thread not yet seized shows in the next pass, so passes go on until one adds none. */
static bool seize_pass(struct ptrace_hold *h, pid_t pid)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	DIR *d = opendir(path);
	if (!d)
		return false;
	bool added = false;
	pid_t self = gettid();
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		pid_t tid = (pid_t)atoi(e->d_name);
		if (tid <= 0 || known(h, tid))
			continue;
		if (ptrace(PTRACE_SEIZE, tid, 0, HOLD_OPTIONS) == 0) {
			added = true;
		} else if (errno == ESRCH) {
			continue;
		} else if (tracer_of(pid, tid) != self) { /* not one the kernel seized for us */
			warn_unheld(pid, tid, errno);
		}
		add_known(h, tid);
	}
	closedir(d);
	return added;
}

static void seize_process(struct ptrace_hold *h, pid_t pid)
{
	if (ptrace(PTRACE_SEIZE, pid, 0, HOLD_OPTIONS) != 0) {
		if (errno != ESRCH)
			warn_unheld(pid, pid, errno);
		return;
	}
	add_known(h, pid);
	h->nseized++;
	for (int pass = 0; pass < 1000 && seize_pass(h, pid); pass++)
		;
}

/* --- running ---------------------------------------------------------------------------- */
static bool take_release(struct ptrace_hold *h, pid_t tid)
{
	for (size_t i = 0; i < h->nrel; i++)
		if (h->rel[i].tid == tid && h->rel[i].n > 0) {
			h->rel[i].n--;
			return true;
		}
	return false;
}

static void forget(struct ptrace_hold *h, pid_t tid)
{
	pthread_mutex_lock(&h->mu);
	for (size_t i = 0; i < h->nrel; i++)
		if (h->rel[i].tid == tid)
			h->rel[i] = h->rel[--h->nrel];
	pthread_mutex_unlock(&h->mu);
}

/* Whether the process has a handler for sig (/proc's SigCgt): then the watcher did not send
 * it, and it is passed on without waiting. */
static bool caught(pid_t tid, int sig)
{
	char path[64], line[256];
	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	bool yes = false;
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, "SigCgt:", 7) == 0) {
			unsigned long long m = strtoull(line + 7, NULL, 16);
			yes = (m >> (sig - 1)) & 1;
			break;
		}
	fclose(f);
	return yes;
}

/* Thread tid stopped at the delivery of SIGURG or SIGWINCH: the watcher's (suppress it) or
 * someone else's (deliver it)? The watcher's record was written before the signal was sent,
 * so once a drain begun after this stop is over, its release has come if it is ours. */
static bool is_ours(struct ptrace_hold *h, pid_t tid, int sig)
{
	siginfo_t si;
	if (ptrace(PTRACE_GETSIGINFO, tid, 0, &si) != 0 || si.si_code != SI_KERNEL ||
	    caught(tid, sig))
		return false;
	bool ours = false;
	pthread_mutex_lock(&h->mu);
	uint64_t want = ++h->drain_req;
	for (;;) {
		if (take_release(h, tid)) {
			ours = true;
			break;
		}
		if (h->drain_done >= want || h->stop)
			break;
		pthread_cond_wait(&h->cv, &h->mu);
	}
	pthread_mutex_unlock(&h->mu);
	return ours;
}

static bool is_stop_signal(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

static void on_stop(struct ptrace_hold *h, pid_t tid, int st)
{
	int sig = WSTOPSIG(st), event = (st >> 16) & 0xff;
	if (event == PTRACE_EVENT_STOP) {
		/* a group stop (kill -STOP): stay stopped until SIGCONT, as untraced; or the
		 * first stop of a new thread, or the end of a group stop: go on */
		if (is_stop_signal(sig))
			ptrace(PTRACE_LISTEN, tid, 0, 0);
		else
			ptrace(PTRACE_CONT, tid, 0, 0);
		return;
	}
	if (event != 0) { /* PTRACE_EVENT_CLONE, PTRACE_EVENT_EXEC */
		unsigned long child;
		/* a thread id used again: a release that came after its last owner was gone
		 * (a thread killed while held) must not release the new thread early */
		if (event == PTRACE_EVENT_CLONE && ptrace(PTRACE_GETEVENTMSG, tid, 0, &child) == 0)
			forget(h, (pid_t)child);
		ptrace(PTRACE_CONT, tid, 0, 0);
		return;
	}
	int deliver = sig;
	if ((sig == SIGURG || sig == SIGWINCH) && is_ours(h, tid, sig))
		deliver = 0;
	ptrace(PTRACE_CONT, tid, 0, deliver);
}

/* The next event of a tracee, as waitpid(-1, st, __WALL | __WNOTHREAD) reports it. A stop is
 * only looked at (WNOWAIT), not consumed: consuming it clears the signal the thread stopped
 * at, and if usdtrace were killed before on_stop resumed the thread, the kernel's detach would
 * then resume it without that signal, lost. Unconsumed, the resume (PTRACE_CONT) ends the
 * stop, and a detach before it delivers the signal. An exit is reaped at once. */
static pid_t wait_tracee(int *st)
{
	siginfo_t si;
	memset(&si, 0, sizeof(si));
	if (waitid(P_ALL, 0, &si, WEXITED | WSTOPPED | __WALL | __WNOTHREAD | WNOWAIT) != 0)
		return -1;
	pid_t tid = si.si_pid;
	if (si.si_code == CLD_TRAPPED || si.si_code == CLD_STOPPED) {
		/* si_status is the whole stop code, a ptrace event in its second byte */
		*st = ((si.si_status & 0xffff) << 8) | 0x7f;
		return tid;
	}
	return waitpid(tid, st, __WALL | __WNOTHREAD);
}

static void *holder(void *arg)
{
	struct ptrace_hold *h = arg;
	/* signals for usdtrace go to the consumer; SIGCHLD wakes this thread to stop */
	sigset_t all;
	sigfillset(&all);
	sigdelset(&all, SIGCHLD);
	pthread_sigmask(SIG_SETMASK, &all, NULL);
	for (int i = 0; i < h->npids; i++)
		seize_process(h, h->pids[i]);
	pthread_mutex_lock(&h->mu);
	h->ready = true;
	pthread_cond_broadcast(&h->cv);
	bool go = h->nseized > 0;
	pthread_mutex_unlock(&h->mu);
	while (go) {
		int st;
		pid_t tid = wait_tracee(&st);
		pthread_mutex_lock(&h->mu);
		go = !h->stop;
		pthread_mutex_unlock(&h->mu);
		if (tid < 0) {
			if (errno == ECHILD)
				break;
			continue;
		}
		if (WIFSTOPPED(st))
			on_stop(h, tid, st);
		else if (WIFEXITED(st) || WIFSIGNALED(st))
			forget(h, tid);
	}
	/* nothing left to trace, or told to stop: wait for ptrace_hold_stop, then exit, which
	 * detaches whatever is still traced */
	pthread_mutex_lock(&h->mu);
	while (!h->stop)
		pthread_cond_wait(&h->cv, &h->mu);
	h->done = true;
	pthread_cond_broadcast(&h->cv);
	pthread_mutex_unlock(&h->mu);
	return NULL;
}

static void hold_free(struct ptrace_hold *h)
{
	pthread_mutex_destroy(&h->mu);
	pthread_cond_destroy(&h->cv);
	free(h->rel);
	free(h->known);
	free(h);
}

struct ptrace_hold *ptrace_hold_start(const pid_t *pids, int npids)
{
	if (npids <= 0)
		return NULL;
	struct ptrace_hold *h = xcalloc(1, sizeof(*h));
	pthread_mutex_init(&h->mu, NULL);
	pthread_cond_init(&h->cv, NULL);
	h->pids = pids;
	h->npids = npids;
	sigset_t old;
	sigblock_ending(&old);   /* the holder's for good: see sigblock.h */
	int rc = pthread_create(&h->thread, NULL, holder, h);
	sigblock_restore(&old);
	if (rc != 0) {
		util_warn("warning: processes cannot be held while the probes of libraries they "
			  "load are enabled: %s", strerror(rc));
		hold_free(h);
		return NULL;
	}
	pthread_mutex_lock(&h->mu);
	while (!h->ready)
		pthread_cond_wait(&h->cv, &h->mu);
	h->pids = NULL;
	bool any = h->nseized > 0;
	pthread_mutex_unlock(&h->mu);
	if (!any) {
		ptrace_hold_stop(h);
		return NULL;
	}
	return h;
}

void ptrace_hold_released(struct ptrace_hold *h, pid_t tid)
{
	if (!h)
		return;
	pthread_mutex_lock(&h->mu);
	size_t i = 0;
	while (i < h->nrel && h->rel[i].tid != tid)
		i++;
	if (i == h->nrel) {
		h->rel = xrealloc(h->rel, sizeof(*h->rel) * (h->nrel + 1));
		h->rel[h->nrel++] = (struct release){ tid, 0 };
	}
	h->rel[i].n++;
	pthread_cond_broadcast(&h->cv);
	pthread_mutex_unlock(&h->mu);
}

uint64_t ptrace_hold_drain_wanted(struct ptrace_hold *h)
{
	if (!h)
		return 0;
	pthread_mutex_lock(&h->mu);
	uint64_t t = h->drain_req > h->drain_done ? h->drain_req : 0;
	pthread_mutex_unlock(&h->mu);
	return t;
}

void ptrace_hold_drained(struct ptrace_hold *h, uint64_t ticket)
{
	if (!h)
		return;
	pthread_mutex_lock(&h->mu);
	if (ticket > h->drain_done)
		h->drain_done = ticket;
	pthread_cond_broadcast(&h->cv);
	pthread_mutex_unlock(&h->mu);
}

void ptrace_hold_stop(struct ptrace_hold *h)
{
	if (!h)
		return;
	pthread_mutex_lock(&h->mu);
	h->stop = true;
	pthread_cond_broadcast(&h->cv);
	while (!h->done) {
		/* it may be blocked in waitpid: SIGCHLD (handled, no SA_RESTART) interrupts it; sent
		 * again until it is seen, as it may come just before the call */
		pthread_kill(h->thread, SIGCHLD);
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 10 * 1000 * 1000;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&h->cv, &h->mu, &ts);
	}
	pthread_mutex_unlock(&h->mu);
	pthread_join(h->thread, NULL);
	hold_free(h);
}
