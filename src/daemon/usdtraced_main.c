/* usdtraced_main.c — the usdtraced daemon (docs/usdtraced.md): keeps DIR (default
 * /run/usdtrace) holding the parsed probes of every probe-carrying object a live process maps,
 * so usdtrace's -l and system-wide descriptions read them instead of scanning /proc and ELF.
 *
 *   usdtraced [-F] [-d DIR] [-r BYTES]
 *     -F  stay in the foreground (messages on stderr); otherwise detach (messages dropped)
 *     -d  the stash directory
 *     -r  the event ring buffer's size (default 256 KiB; tests make it small to overflow it)
 *
 * Order at start: take DIR/usdtraced.pid's lock (a second daemon on the same DIR refuses),
 * mark the stash not ready, attach the BPF event programs (so nothing that happens during the
 * scan is missed: its events wait in the ring buffer), scan /proc once (dmn_registry_scan), mark
 * the stash ready, then serve events and the socket until SIGTERM or SIGINT. When the BPF side
 * counts events the ring buffer had no room for, the batch in hand is dropped and the stash is
 * reconciled with /proc instead (dmn_registry_reconcile): missed exits and starts are found. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "dmn_events.h"
#include "dmn_registry.h"
#include "dmn_sock.h"
#include "stash.h"
#include "util.h"

static volatile sig_atomic_t stop;
static void on_signal(int sig) { (void)sig; stop = 1; }

struct batch {
	struct { enum dmn_event ev; pid_t pid; } *v;
	size_t n, cap;
};

static void on_event(void *ctx, enum dmn_event ev, pid_t pid)
{
	struct batch *b = ctx;
	xgrow(&b->v, sizeof(*b->v), &b->cap, b->n + 1);
	b->v[b->n].ev = ev;
	b->v[b->n].pid = pid;
	b->n++;
}

/* Apply a batch of events: each pid once, by its last event (an exit drops it; an exec or a
 * mapping re-reads its maps). */
static void apply(struct batch *b, struct dmn_registry *r)
{
	for (size_t i = 0; i < b->n; i++) {
		bool later = false;
		for (size_t j = i + 1; j < b->n && !later; j++)
			later = b->v[j].pid == b->v[i].pid;
		if (later)
			continue;
		if (b->v[i].ev == DMN_EV_EXIT)
			dmn_drop_pid(r, b->v[i].pid);
		else
			dmn_update_pid(r, b->v[i].pid);
	}
	b->n = 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: usdtraced [-F] [-d DIR] [-r BYTES]\n"
		   "  -F        stay in the foreground\n"
		   "  -d DIR    the stash directory (default %s)\n"
		   "  -r BYTES  the event ring buffer's size: a power of two, 4096 to 1 GiB "
		   "(default %u)\n", STASH_DEFAULT_DIR, DMN_EVENTS_RING_DEFAULT);
}

int main(int argc, char **argv)
{
	const char *dir = STASH_DEFAULT_DIR;
	bool fg = false;
	uint32_t ring = DMN_EVENTS_RING_DEFAULT;
	int c;
	util_progname = "usdtraced";
	while ((c = getopt(argc, argv, "Fd:r:h")) != -1) {
		switch (c) {
		case 'F': fg = true; break;
		case 'd': dir = optarg; break;
		case 'r': {
			char *end;
			errno = 0;
			unsigned long long v = strtoull(optarg, &end, 0);
			if (errno || end == optarg || *end || v < 4096 || v > (1ull << 30) ||
			    (v & (v - 1))) {
				util_warn("-r %s: the ring buffer's size must be a power of two from "
					  "4096 to 1073741824", optarg);
				return 2;
			}
			ring = (uint32_t)v;
			break;
		}
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 2;
	}
	char err[512];
	if (stash_prepare(dir, err, sizeof(err)) != 0) {
		util_warn("%s", err);
		return 1;
	}
	char *pidpath = xasprintf("%s/usdtraced.pid", dir);
	int lock = open(pidpath, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (lock < 0) {
		util_warn("cannot open %s: %s", pidpath, strerror(errno));
		return 1;
	}
	if (flock(lock, LOCK_EX | LOCK_NB) != 0) {
		util_warn("another usdtraced owns %s", dir);
		return 1;
	}
	if (ftruncate(lock, 0) != 0) {
		util_warn("cannot truncate %s: %s", pidpath, strerror(errno));
		return 1;
	}
	if (!fg) {
		/* detach: the lock is inherited by the child (flock locks follow the open file) */
		pid_t p = fork();
		if (p < 0) {
			util_warn("fork: %s", strerror(errno));
			return 1;
		}
		if (p > 0)
			_exit(0);
		setsid();
		int null = open("/dev/null", O_RDWR);
		if (null >= 0) {
			dup2(null, 0);
			dup2(null, 1);
			dup2(null, 2);
			if (null > 2)
				close(null);
		}
	}
	signal(SIGPIPE, SIG_IGN);
	struct sigaction sa = { .sa_handler = on_signal };
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);

	struct batch b = {0};
	struct dmn_events *ev = dmn_events_open(on_event, &b, ring, err, sizeof(err));
	if (!ev) {
		util_warn("%s", err);
		return 1;
	}
	int sock = dmn_sock_open(dir, err, sizeof(err));
	if (sock < 0) {
		util_warn("%s", err);
		dmn_events_close(ev);
		return 1;
	}
	struct dmn_registry *r = dmn_registry_new(dir);
	int n = dmn_registry_scan(r);
	char ready[64];
	int len = snprintf(ready, sizeof(ready), "%d ready\n", (int)getpid());
	if (pwrite(lock, ready, (size_t)len, 0) != len) {
		util_warn("cannot write %s: %s", pidpath, strerror(errno));
		return 1;
	}
	if (fg)
		fprintf(stderr, "usdtraced: %s ready: %d processes with probes\n", dir, n);

	uint64_t dropped = 0;
	while (!stop) {
		struct pollfd pf[2] = { { dmn_events_fd(ev), POLLIN, 0 }, { sock, POLLIN, 0 } };
		int k = poll(pf, 2, -1);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			util_warn("poll: %s", strerror(errno));
			break;
		}
		if (pf[0].revents) {
			dmn_events_poll(ev);
			/* read after the drain: a record refused while the ring was full was refused
			 * before the records this drain took, so its count is visible now */
			uint64_t d = dmn_events_dropped(ev);
			if (d != dropped) {
				fprintf(stderr, "usdtraced: %llu events lost (ring buffer full): "
					"reconciling with /proc\n", (unsigned long long)(d - dropped));
				dropped = d;
				b.n = 0;   /* /proc now says more than these */
				int np = dmn_registry_reconcile(r);
				fprintf(stderr, "usdtraced: reconciled: %d processes with probes\n", np);
			} else {
				apply(&b, r);
			}
		}
		if (pf[1].revents)
			dmn_sock_serve(sock, r, dir);
	}
	/* not ready any more; the stash itself stays for the next run */
	if (ftruncate(lock, 0) != 0)
		util_warn("cannot truncate %s: %s", pidpath, strerror(errno));
	dmn_events_close(ev);
	close(sock);
	char *sockpath = xasprintf("%s/usdtraced.sock", dir);
	unlink(sockpath);
	free(sockpath);
	dmn_registry_free(r);
	free(b.v);
	free(pidpath);
	return 0;
}
