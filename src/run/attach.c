/* attach.c — uprobes through the uprobe PMU or uprobe_multi links, cpu-clock events (see attach.h).
 *
 * The uprobe PMU's perf_event_attr: type from sysfs, config1 = path pointer, config2 = file
 * offset, config = the retprobe bit (its position also from sysfs) | ref_ctr_offset << 32 (the
 * kernel's PERF_UPROBE_REF_CTR_OFFSET_SHIFT). This needs no tracefs. */
#include "attach.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bpf_insn.h"
#include "bpf_sys.h"
#include "proc_path.h"
#include "sigblock.h"
#include "util.h"

#define UPROBE_PMU_DIR "/sys/bus/event_source/devices/uprobe"
#define REF_CTR_SHIFT 32

void attach_set_init(struct attach_set *s)
{
	memset(s, 0, sizeof(*s));
}

static void keep_fd(struct attach_set *s, int fd)
{
	xgrow(&s->fds, sizeof(*s->fds), &s->cap, s->nfds + 1);
	s->fds[s->nfds++] = fd;
}

/* Closing a uprobe's link or perf event waits for the kernel to unregister it (an RCU grace
 * period, about 0.1 s here). Closed from a pool of threads, the waits of uprobe_multi links
 * overlap. Uprobe perf events gain nothing: the kernel unregisters them one at a time under
 * a lock of its own (the 531 sites of libjvm.so take 60 s to close, from any number of
 * threads; bpftrace's take as long). Order does not matter: a link holds its perf event,
 * which is released with whichever reference goes last. */
#define CLOSE_WORKERS 64

struct close_pool {
	const int *fds;
	size_t n;
	size_t next;          /* the next fd to close, taken atomically */
};

static void *close_worker(void *arg)
{
	struct close_pool *p = arg;
	size_t i;
	while ((i = __atomic_fetch_add(&p->next, 1, __ATOMIC_RELAXED)) < p->n)
		close(p->fds[i]);
	return NULL;
}

static void close_concurrently(const int *fds, size_t n)
{
	/* blocked here and so in the workers, which inherit the mask: see sigblock.h */
	sigset_t old;
	sigblock_ending(&old);
	struct close_pool pool = { fds, n, 0 };
	size_t nw = n < CLOSE_WORKERS ? n : CLOSE_WORKERS;
	pthread_t th[CLOSE_WORKERS];
	size_t started = 0;
	pthread_attr_t attr;
	bool have_attr = n > 1 && pthread_attr_init(&attr) == 0;
	if (have_attr)
		pthread_attr_setstacksize(&attr, 64 * 1024);
	while (have_attr && started < nw &&
	       pthread_create(&th[started], &attr, close_worker, &pool) == 0)
		started++;
	if (have_attr)
		pthread_attr_destroy(&attr);
	close_worker(&pool);   /* this thread works too, and alone if no thread could start */
	for (size_t i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	sigblock_restore(&old);
}

int attach_tracing(struct attach_set *s, int prog_fd, int attach_type, char *errbuf, size_t errlen)
{
	int fd = bpf_link_create(prog_fd, 0, (enum bpf_attach_type)attach_type, NULL);
	if (fd < 0) {
		int e = errno;
		util_seterr(errbuf, errlen, "%s", strerror(e));
		errno = e;
		return -1;
	}
	keep_fd(s, fd);
	return 0;
}

void attach_detach_all(struct attach_set *s)
{
	close_concurrently(s->fds, s->nfds);
	close_concurrently(s->mfds, s->nmfds);
	free(s->fds);
	free(s->mfds);
	attach_set_init(s);
}

/* Read a small sysfs file as text; NULL (errno set) if it cannot be read. */
static char *read_sysfs(const char *path)
{
	size_t len;
	char *t = util_read_file(path, &len);
	if (t)
		t[strcspn(t, "\n")] = '\0';
	return t;
}

static int uprobe_pmu(int *type, int *retbit, char *errbuf, size_t errlen)
{
	static int cached_type = -1, cached_bit = -1;

	if (cached_type < 0) {
		char *t = read_sysfs(UPROBE_PMU_DIR "/type");
		char *f = t ? read_sysfs(UPROBE_PMU_DIR "/format/retprobe") : NULL;
		int ok = t && f && sscanf(t, "%d", &cached_type) == 1 &&
			 sscanf(f, "config:%d", &cached_bit) == 1 && cached_bit >= 0 && cached_bit < 32;
		int err = errno;
		free(t);
		free(f);
		if (!ok) {
			cached_type = -1;
			errno = err ? err : EINVAL;
			return util_seterr(errbuf, errlen, "this kernel has no uprobe perf PMU (%s/type "
					   "unreadable or odd): uprobes are not available", UPROBE_PMU_DIR);
		}
	}
	*type = cached_type;
	*retbit = cached_bit;
	return 0;
}

/* For root, EPERM/EACCES come from lockdown or a security module, not from missing privilege. */
static void no_permission(char *errbuf, size_t errlen, const char *what)
{
	if (geteuid() == 0)
		util_seterr(errbuf, errlen, "the kernel does not allow %s even for root "
			    "(kernel lockdown or a security module?)", what);
	else
		util_seterr(errbuf, errlen, "%s needs root (or CAP_BPF and CAP_PERFMON)", what);
}

static int perf_event_open(struct perf_event_attr *a, pid_t pid, int cpu)
{
	return (int)syscall(__NR_perf_event_open, a, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

/* Connect prog_fd to the perf event pfd and switch the event on. With a cookie the connection
 * is a BPF link (returned in *link_fd, -1 otherwise). */
static int perf_attach_prog(int pfd, int prog_fd, uint64_t cookie, int *link_fd)
{
	*link_fd = -1;
	if (cookie) {
		LIBBPF_OPTS(bpf_link_create_opts, lo);
		lo.perf_event.bpf_cookie = cookie;
		int lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &lo);
		if (lfd < 0)
			return -1;
		*link_fd = lfd;
	} else if (ioctl(pfd, PERF_EVENT_IOC_SET_BPF, prog_fd) < 0) {
		return -1;
	}
	if (ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0) < 0) {
		int err = errno;
		if (*link_fd >= 0)
			close(*link_fd);
		*link_fd = -1;
		errno = err;
		return -1;
	}
	return 0;
}

/* The path handed to the kernel for a uprobe's file. The kernel looks the name up as we would,
 * following a symlink under /proc/PID/root out of that root; such a path is opened inside the
 * root (proc_path.h) and given as /proc/self/fd/N, a link to exactly that file. *pin is the
 * descriptor to close once the kernel has the file (-1 when none). NULL with errno when the
 * file cannot be opened. */
static const char *kernel_path(const char *path, char buf[40], int *pin)
{
	pid_t pid;
	const char *rest;
	*pin = -1;
	if (!proc_path_split(path, &pid, &rest))
		return path;
	*pin = proc_root_open(pid, rest, O_RDONLY);
	if (*pin < 0)
		return NULL;
	snprintf(buf, 40, "/proc/self/fd/%d", *pin);
	return buf;
}

static void unpin(int pin)
{
	int e = errno;
	if (pin >= 0)
		close(pin);
	errno = e;
}

static int uprobe_attach_one(struct attach_set *s, int prog_fd, const char *path,
			     const struct attach_site *site, pid_t pid, bool retprobe, char *errbuf,
			     size_t errlen)
{
	int type = 0, retbit = 0;
	struct perf_event_attr a;

	if (uprobe_pmu(&type, &retbit, errbuf, errlen) < 0)
		return -1;
	if (site->ref_ctr_off > UINT32_MAX) {
		errno = EINVAL;
		return util_seterr(errbuf, errlen, "%s: semaphore offset 0x%llx does not fit the kernel's "
				   "32-bit ref_ctr_offset", path, (unsigned long long)site->ref_ctr_off);
	}
	char kbuf[40];
	int pin;
	const char *kpath = kernel_path(path, kbuf, &pin);
	if (!kpath)
		return util_seterr(errbuf, errlen, "%s: %s (uprobe not created)", path, strerror(errno));
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)type;
	a.config = (retprobe ? 1ull << retbit : 0) | site->ref_ctr_off << REF_CTR_SHIFT;
	a.config1 = (uint64_t)(uintptr_t)kpath;
	a.config2 = site->off;
	a.disabled = 1;
	/* Without a pid the event is bound to CPU 0, but a uprobe's BPF program runs on whichever
	 * CPU hits the probe: the CPU only matters for perf's own sample buffers. */
	int pfd = perf_event_open(&a, pid < 0 ? -1 : pid, pid < 0 ? 0 : -1);
	unpin(pin);
	if (pfd < 0) {
		int err = errno;
		if (err == ENOENT)
			util_seterr(errbuf, errlen, "%s: no such file (uprobe not created)", path);
		else if (err == EPERM || err == EACCES)
			no_permission(errbuf, errlen, "creating uprobes");
		else if (err == ESRCH)
			util_seterr(errbuf, errlen, "process %d does not exist", (int)pid);
		else if (err == EINVAL && site->ref_ctr_off)
			util_seterr(errbuf, errlen, "%s: the kernel refused a uprobe at offset 0x%llx with "
				    "semaphore offset 0x%llx (is another tracer using a different semaphore "
				    "offset there, or is the offset not in the file?)", path,
				    (unsigned long long)site->off, (unsigned long long)site->ref_ctr_off);
		else
			util_seterr(errbuf, errlen, "%s: cannot create a uprobe at offset 0x%llx: %s", path,
				    (unsigned long long)site->off, strerror(err));
		errno = err;
		return -1;
	}
	int lfd;
	if (perf_attach_prog(pfd, prog_fd, site->cookie, &lfd) < 0) {
		int err = errno;
		close(pfd);
		errno = err;
		return util_seterr(errbuf, errlen, "%s: cannot attach the BPF program to the uprobe at "
				   "offset 0x%llx: %s", path, (unsigned long long)site->off, strerror(err));
	}
	keep_fd(s, pfd);
	if (lfd >= 0)
		keep_fd(s, lfd);
	s->nperf++;
	return 0;
}

/* The BPF_LINK_CREATE part of union bpf_attr as the kernel's uapi (6.6+) lays it out for
 * uprobe_multi; Debian 12's headers and libbpf 1.1 do not know it. */
struct uprobe_multi_create_attr {
	uint32_t prog_fd;
	uint32_t target_fd;
	uint32_t attach_type;
	uint32_t link_flags;
	uint64_t path;               /* const char * */
	uint64_t offsets;            /* const unsigned long * (cnt) */
	uint64_t ref_ctr_offsets;    /* const unsigned long * (cnt), may be 0 */
	uint64_t cookies;            /* const __u64 * (cnt), may be 0 */
	uint32_t cnt;
	uint32_t flags;              /* BPF_F_UPROBE_MULTI_RETURN */
	uint32_t pid;                /* 0: every process */
	uint32_t pad_;
};
_Static_assert(sizeof(unsigned long) == sizeof(uint64_t), "uprobe_multi arrays are unsigned long");

static int uprobe_multi_link(int prog_fd, const char *path, const struct attach_site *sites,
			     size_t n, pid_t pid, bool retprobe)
{
	struct uprobe_multi_create_attr a;
	unsigned long *offs = xcalloc(n, sizeof(*offs));
	unsigned long *refs = xcalloc(n, sizeof(*refs));
	uint64_t *cookies = xcalloc(n, sizeof(*cookies));
	bool any_ref = false, any_cookie = false;

	for (size_t i = 0; i < n; i++) {
		offs[i] = sites[i].off;
		refs[i] = sites[i].ref_ctr_off;
		cookies[i] = sites[i].cookie;
		any_ref |= sites[i].ref_ctr_off != 0;
		any_cookie |= sites[i].cookie != 0;
	}
	memset(&a, 0, sizeof(a));
	a.prog_fd = (uint32_t)prog_fd;
	a.attach_type = BPF_SYS_TRACE_UPROBE_MULTI;
	a.path = (uint64_t)(uintptr_t)path;
	a.offsets = (uint64_t)(uintptr_t)offs;
	a.ref_ctr_offsets = any_ref ? (uint64_t)(uintptr_t)refs : 0;
	a.cookies = any_cookie ? (uint64_t)(uintptr_t)cookies : 0;
	a.cnt = (uint32_t)n;
	a.flags = retprobe ? BPF_SYS_F_UPROBE_MULTI_RETURN : 0;
	a.pid = pid < 0 ? 0 : (uint32_t)pid;
	int fd = (int)syscall(__NR_bpf, BPF_LINK_CREATE, &a, sizeof(a));
	int err = errno;
	free(offs);
	free(refs);
	free(cookies);
	errno = err;
	return fd;
}

bool attach_uprobe_multi_supported(void)
{
	static int known = -1;

	if (known >= 0)
		return known;
	/* Per-site perf events on request: how a kernel before 6.6 attaches, testable here */
	const char *no = getenv("USDTRACE_NO_UPROBE_MULTI");
	if (no && *no && strcmp(no, "0") != 0) {
		known = 0;
		return false;
	}
	/* The smallest program that the kernel accepts for uprobe_multi, then a link to "/" (not a
	 * regular file): a kernel that knows uprobe_multi says EBADF about the path; one that does
	 * not refuses the load or the attach type with EINVAL. */
	struct bpf_insn prog[2] = { bi_mov64_imm(BPF_REG_0, 0), bi_exit() };
	struct bpf_sys_prog_opts o = { .type = BPF_PROG_TYPE_KPROBE,
				       .expected_attach_type = BPF_SYS_TRACE_UPROBE_MULTI,
				       .name = "probe_multi" };
	char err[256];
	int pfd = bpf_sys_prog_load(&o, prog, 2, NULL, err, sizeof(err));
	known = 0;
	if (pfd >= 0) {
		struct attach_site site = { 0, 0, 0 };
		int lfd = uprobe_multi_link(pfd, "/", &site, 1, -1, false);
		known = lfd < 0 && errno == EBADF;
		if (lfd >= 0)
			close(lfd);
		close(pfd);
	}
	return known;
}

bool attach_sleepable_uprobe_supported(void)
{
	static int known = -1;

	if (known >= 0)
		return known;
	/* A sleepable kprobe-type program that faults a user byte in: kernels before 5.19 refuse
	 * BPF_F_SLEEPABLE for it ("only fentry/fexit/... can be sleepable"). */
	struct bpf_insn prog[] = {
		bi_mov64_reg(BPF_REG_1, BPF_REG_10),
		bi_alu64_imm(BPF_ADD, BPF_REG_1, -8),
		bi_mov64_imm(BPF_REG_2, 1),
		bi_mov64_imm(BPF_REG_3, 0),
		bi_call(BPF_FUNC_copy_from_user),
		bi_mov64_imm(BPF_REG_0, 0),
		bi_exit(),
	};
	struct bpf_sys_prog_opts o = { .type = BPF_PROG_TYPE_KPROBE, .sleepable = true,
				       .name = "probe_sleep" };
	char err[256];
	int pfd = bpf_sys_prog_load(&o, prog, sizeof(prog) / sizeof(prog[0]), NULL, err, sizeof(err));
	known = pfd >= 0;
	if (pfd >= 0)
		close(pfd);
	return known;
}

int attach_uprobe(struct attach_set *s, int prog_fd, const char *path, const struct attach_site *site,
		  pid_t pid, bool retprobe, char *errbuf, size_t errlen)
{
	sigset_t old;
	sigblock_ending(&old);   /* see sigblock.h: a registration cut short leaks */
	int rc = uprobe_attach_one(s, prog_fd, path, site, pid, retprobe, errbuf, errlen);
	sigblock_restore(&old);  /* errno stays: pthread_sigmask returns its error */
	return rc;
}

static int uprobe_attach_many(struct attach_set *s, int prog_fd, const char *path,
			      const struct attach_site *sites, size_t nsites, pid_t pid,
			      bool retprobe, bool *used_multi, char *errbuf, size_t errlen)
{
	if (used_multi)
		*used_multi = false;
	if (nsites == 0)
		return 0;
	if (nsites > UINT32_MAX) {
		errno = E2BIG;
		return util_seterr(errbuf, errlen, "%s: too many probe sites", path);
	}
	char kbuf[40];
	int pin;
	const char *kpath = kernel_path(path, kbuf, &pin);
	if (!kpath)
		return util_seterr(errbuf, errlen, "%s: %s", path, strerror(errno));
	int fd = uprobe_multi_link(prog_fd, kpath, sites, nsites, pid, retprobe);
	unpin(pin);
	if (fd >= 0) {
		xgrow(&s->mfds, sizeof(*s->mfds), &s->mcap, s->nmfds + 1);
		s->mfds[s->nmfds++] = fd;
		s->nmulti++;
		if (used_multi)
			*used_multi = true;
		return 0;
	}
	int err = errno;
	if (err != EINVAL && err != EOPNOTSUPP) {
		if (err == ENOENT)
			util_seterr(errbuf, errlen, "%s: no such file", path);
		else if (err == EPERM || err == EACCES)
			no_permission(errbuf, errlen, "creating uprobes");
		else if (err == ESRCH)
			util_seterr(errbuf, errlen, "process %d does not exist", (int)pid);
		else if (err == 524) /* the kernel's ENOTSUPP, which strerror does not know */
			util_seterr(errbuf, errlen, "%s: the kernel cannot put a uprobe on the "
				    "instruction at %s", path, nsites == 1 ? "this site" : "one of the sites");
		else
			util_seterr(errbuf, errlen, "%s: cannot create a uprobe_multi link over %zu sites: %s",
				    path, nsites, strerror(err));
		errno = err;
		return -1;
	}
	/* Fall back to one perf event per site; undo a partial attach so that failure leaves
	 * nothing of this call behind. */
	size_t mark = s->nfds;
	int mark_perf = s->nperf;
	for (size_t i = 0; i < nsites; i++) {
		if (uprobe_attach_one(s, prog_fd, path, &sites[i], pid, retprobe, errbuf, errlen) < 0) {
			int e = errno;
			while (s->nfds > mark)
				close(s->fds[--s->nfds]);
			s->nperf = mark_perf;
			errno = e;
			return -1;
		}
	}
	return 0;
}

int attach_uprobe_multi(struct attach_set *s, int prog_fd, const char *path,
			const struct attach_site *sites, size_t nsites, pid_t pid, bool retprobe,
			bool *used_multi, char *errbuf, size_t errlen)
{
	sigset_t old;
	sigblock_ending(&old);
	int rc = uprobe_attach_many(s, prog_fd, path, sites, nsites, pid, retprobe, used_multi,
				    errbuf, errlen);
	sigblock_restore(&old);
	return rc;
}

int attach_online_cpus(int **cpus, int *ncpus, char *errbuf, size_t errlen)
{
	const char *path = "/sys/devices/system/cpu/online";
	char *t = read_sysfs(path);
	size_t cap = 0;
	int n = 0;
	int *v = NULL;

	if (!t)
		return util_seterr(errbuf, errlen, "%s: %s", path, strerror(errno));
	/* "0-3,5,7-8" */
	for (char *p = t; *p;) {
		char *e;
		long a = strtol(p, &e, 10), b;
		if (e == p || a < 0)
			goto bad;
		b = a;
		if (*e == '-') {
			p = e + 1;
			b = strtol(p, &e, 10);
			if (e == p || b < a)
				goto bad;
		}
		for (long c = a; c <= b; c++) {
			xgrow(&v, sizeof(*v), &cap, (size_t)n + 1);
			v[n++] = (int)c;
		}
		if (*e == ',')
			e++;
		else if (*e)
			goto bad;
		p = e;
	}
	free(t);
	if (n == 0) {
		free(v);
		errno = ENOENT;
		return util_seterr(errbuf, errlen, "%s lists no CPU", path);
	}
	*cpus = v;
	*ncpus = n;
	return 0;
bad:
	util_seterr(errbuf, errlen, "%s: cannot parse \"%s\"", path, t);
	free(t);
	free(v);
	errno = EINVAL;
	return -1;
}

/* Run prog_fd at perf event pfd's firings and keep pfd in s; on failure pfd is closed and the
 * message names `what`. */
static int perf_keep_with_prog(struct attach_set *s, int pfd, int prog_fd, const char *what,
			       char *errbuf, size_t errlen)
{
	int lfd;
	if (perf_attach_prog(pfd, prog_fd, 0, &lfd) < 0) {
		int err = errno;
		close(pfd);
		errno = err;
		return util_seterr(errbuf, errlen, "cannot attach the BPF program to %s: %s", what,
				   strerror(err));
	}
	keep_fd(s, pfd);
	return 0;
}

static int sample_one(struct attach_set *s, int prog_fd, int cpu,
		      const struct attach_sample *ev, char *errbuf, size_t errlen)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = ev->type;
	a.config = ev->config;
	a.sample_period = ev->period;
	a.exclude_user = ev->exclude_user;
	a.exclude_kernel = ev->exclude_kernel;
	a.disabled = 1;
	int pfd = perf_event_open(&a, -1, cpu);
	if (pfd < 0) {
		int err = errno;
		char what[96];
		snprintf(what, sizeof(what), "sampling every process with %s events", ev->name);
		if (err == EPERM || err == EACCES)
			no_permission(errbuf, errlen, what);
		else if (err == ENODEV || err == ENXIO)
			util_seterr(errbuf, errlen, "CPU %d is not online", cpu);
		else
			util_seterr(errbuf, errlen, "cannot open a %s event on CPU %d: %s", ev->name,
				    cpu, strerror(err));
		errno = err;
		return -1;
	}
	char what[96];
	snprintf(what, sizeof(what), "the %s event on CPU %d", ev->name, cpu);
	if (perf_keep_with_prog(s, pfd, prog_fd, what, errbuf, errlen) < 0)
		return -1;
	s->nclock++;
	return 0;
}

int attach_sample_event(struct attach_set *s, int prog_fd, int cpu,
			const struct attach_sample *ev, char *errbuf, size_t errlen)
{
	if (ev->period == 0) {
		errno = EINVAL;
		return util_seterr(errbuf, errlen, "a %s period of 0", ev->name);
	}
	if (cpu >= 0)
		return sample_one(s, prog_fd, cpu, ev, errbuf, errlen);
	int *cpus, ncpus;
	if (attach_online_cpus(&cpus, &ncpus, errbuf, errlen) < 0)
		return -1;
	size_t mark = s->nfds;
	int mark_clock = s->nclock;
	for (int i = 0; i < ncpus; i++) {
		if (sample_one(s, prog_fd, cpus[i], ev, errbuf, errlen) < 0) {
			int e = errno;
			while (s->nfds > mark)
				close(s->fds[--s->nfds]);
			s->nclock = mark_clock;
			free(cpus);
			errno = e;
			return -1;
		}
	}
	free(cpus);
	return 0;
}

int attach_cpu_clock(struct attach_set *s, int prog_fd, int cpu, uint64_t period_ns,
		     char *errbuf, size_t errlen)
{
	/* cpu-clock counts nanoseconds */
	const struct attach_sample ev = { .type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_CPU_CLOCK, .period = period_ns, .name = "cpu-clock" };
	return attach_sample_event(s, prog_fd, cpu, &ev, errbuf, errlen);
}

int attach_trace_event(struct attach_set *s, int prog_fd, int id, char *errbuf, size_t errlen)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_TRACEPOINT;
	a.config = (uint64_t)id;
	a.sample_period = 1;
	a.disabled = 1;
	/* one event serves every CPU: the program hangs on the tracepoint, not on the event */
	int pfd = perf_event_open(&a, -1, 0);
	if (pfd < 0) {
		int err = errno;
		if (err == EPERM || err == EACCES)
			no_permission(errbuf, errlen, "attaching to kernel trace events");
		else
			util_seterr(errbuf, errlen, "cannot open trace event %d: %s", id, strerror(err));
		errno = err;
		return -1;
	}
	char what[64];
	snprintf(what, sizeof(what), "trace event %d", id);
	return perf_keep_with_prog(s, pfd, prog_fd, what, errbuf, errlen);
}

int attach_raw_tp(struct attach_set *s, int prog_fd, const char *name, char *errbuf,
		  size_t errlen)
{
	int fd = bpf_raw_tracepoint_open(name, prog_fd);
	if (fd < 0) {
		int err = errno;
		if (err == EPERM || err == EACCES)
			no_permission(errbuf, errlen, "attaching to kernel tracepoints");
		else if (err == ENOENT)
			util_seterr(errbuf, errlen, "this kernel has no tracepoint %s", name);
		else
			util_seterr(errbuf, errlen, "cannot attach to tracepoint %s: %s", name,
				    strerror(err));
		errno = err;
		return -1;
	}
	keep_fd(s, fd);
	return 0;
}

void attach_keep_fd(struct attach_set *s, int fd)
{
	keep_fd(s, fd);
}
