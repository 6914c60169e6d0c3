/* argcheck — run a program under ptrace and print the value of every USDT argument at every
 * probe hit, computed from usdt_note's decoded locations:
 *     PROVIDER:NAME: V0 V1 ...
 * Signed arguments print as signed decimals, unsigned as unsigned, floats with %g; an
 * argument that cannot be evaluated prints "?" (its reason goes to stderr).
 *
 * It is the independent witness for the argument decoder: the values come from the kernel's
 * view of the stopped thread (PTRACE_GETREGS / GETFPREGS / PEEKDATA, fs_base for TLS), not from
 * anything usdtrace generates. Semaphores are raised (+1) the way a tracer would, so guarded
 * probes fire.
 *
 * Usage: argcheck PROG [ARGS...]     exit status: PROG's, or 125 on a tracing error.
 * Shared libraries loaded at start-up are covered too (probes are armed at the entry point,
 * once the dynamic loader has mapped them); dlopen'd ones and extra threads are not. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "usdt_note.h"
#include "util.h"

struct mapping {
	uint64_t start, end, pgoff;
	dev_t dev;
	ino_t ino;
	char path[512];
};

struct bp {
	uint64_t addr;
	uint8_t orig;
	const struct usdt_file *file;
	const struct usdt_site *site;
	int64_t bias;
	bool is_entry;     /* the start-up breakpoint, not a probe */
};

static pid_t child;
static struct bp *bps;
static size_t nbps, bps_cap;
static struct usdt_file **files;
static size_t nfiles, files_cap;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "argcheck: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (child > 0)
		kill(child, SIGKILL);
	exit(125);
}

static int read_maps(struct mapping **out)
{
	char path[64], line[1024];
	struct mapping *m = NULL;
	size_t cap = 0;
	int n = 0;
	FILE *fp;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)child);
	fp = fopen(path, "r");
	if (!fp)
		die("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), fp)) {
		struct mapping x = {0};
		unsigned long long s, e, off, ino;
		unsigned maj, min;
		int pos = 0;
		if (sscanf(line, "%llx-%llx %*s %llx %x:%x %llu %n", &s, &e, &off, &maj, &min, &ino,
			   &pos) < 6 || ino == 0)
			continue;
		x.start = s;
		x.end = e;
		x.pgoff = off;
		x.dev = makedev(maj, min);
		x.ino = (ino_t)ino;
		snprintf(x.path, sizeof(x.path), "%s", line + pos);
		x.path[strcspn(x.path, "\n")] = 0;
		xgrow(&m, sizeof(*m), &cap, (size_t)n + 1);
		m[n++] = x;
	}
	fclose(fp);
	*out = m;
	return n;
}

/* Runtime address of file offset `off` of the object with (dev, ino), or 0. */
static uint64_t off_to_runtime(const struct mapping *m, int n, dev_t dev, ino_t ino, uint64_t off)
{
	for (int i = 0; i < n; i++)
		if (m[i].dev == dev && m[i].ino == ino && off >= m[i].pgoff &&
		    off - m[i].pgoff < m[i].end - m[i].start)
			return m[i].start + (off - m[i].pgoff);
	return 0;
}

static uint64_t peek(uint64_t addr, bool *ok)
{
	errno = 0;
	long v = ptrace(PTRACE_PEEKDATA, child, (void *)addr, NULL);
	*ok = errno == 0;
	return (uint64_t)v;
}

static void poke(uint64_t addr, uint64_t v)
{
	if (ptrace(PTRACE_POKEDATA, child, (void *)addr, (void *)v) < 0)
		die("POKEDATA %#" PRIx64 ": %s", addr, strerror(errno));
}

static bool read_mem(uint64_t addr, void *buf, size_t n)
{
	unsigned char *b = buf;
	while (n) {
		uint64_t base = addr & ~7ULL, w;
		bool ok;
		size_t skip = addr - base, take = 8 - skip < n ? 8 - skip : n;
		w = peek(base, &ok);
		if (!ok)
			return false;
		memcpy(b, (unsigned char *)&w + skip, take);
		b += take;
		addr += take;
		n -= take;
	}
	return true;
}

static void add_bp(uint64_t addr, const struct usdt_file *f, const struct usdt_site *s,
		   int64_t bias, bool is_entry)
{
	bool ok;
	uint64_t w;
	/* Several notes may name one address (or a probe may sit on the entry point): the
	 * breakpoint is planted once and remembers the original byte once. */
	for (size_t i = 0; i < nbps; i++)
		if (bps[i].addr == addr) {
			xgrow(&bps, sizeof(*bps), &bps_cap, nbps + 1);
			bps[nbps++] = (struct bp){addr, bps[i].orig, f, s, bias, is_entry};
			return;
		}
	w = peek(addr, &ok);
	if (!ok)
		die("cannot read %#" PRIx64 ": %s", addr, strerror(errno));
	xgrow(&bps, sizeof(*bps), &bps_cap, nbps + 1);
	bps[nbps++] = (struct bp){addr, (uint8_t)w, f, s, bias, is_entry};
	poke(addr, (w & ~0xffULL) | 0xcc);
}

static void remove_bp_byte(const struct bp *b)
{
	bool ok;
	uint64_t w = peek(b->addr, &ok);
	poke(b->addr, (w & ~0xffULL) | b->orig);
}

static void insert_bp_byte(const struct bp *b)
{
	bool ok;
	uint64_t w = peek(b->addr, &ok);
	poke(b->addr, (w & ~0xffULL) | 0xcc);
}

/* The load bias of an object: runtime address minus link-time address, from the mapping of its
 * first PT_LOAD. */
static bool load_bias(const struct usdt_file *f, const struct mapping *m, int n, int64_t *bias)
{
	if (f->nsegs == 0)
		return false;
	uint64_t rt = off_to_runtime(m, n, f->dev, f->ino, f->segs[0].offset);
	if (!rt)
		return false;
	*bias = (int64_t)(rt - f->segs[0].vaddr);
	return true;
}

/* Arm every probe of the file (and raise its semaphores). */
static void arm_file(struct usdt_file *f, const struct mapping *m, int n)
{
	int64_t bias;
	if (!load_bias(f, m, n, &bias))
		die("%s: not mapped in the child", f->path);
	for (int i = 0; i < f->nsites; i++) {
		const struct usdt_site *s = &f->sites[i];
		uint64_t pc = off_to_runtime(m, n, f->dev, f->ino, s->pc_off);
		if (!pc)
			die("%s: probe %s:%s at offset %#" PRIx64 " is not mapped", f->path,
			    s->provider, s->name, s->pc_off);
		add_bp(pc, f, s, bias, false);
		if (s->sem) {
			uint64_t sem = off_to_runtime(m, n, f->dev, f->ino, s->sem_off);
			bool dup = false, ok;
			for (int j = 0; j < i; j++)
				dup |= f->sites[j].sem_off == s->sem_off;
			if (!sem)
				die("%s: semaphore of %s:%s is not mapped", f->path, s->provider, s->name);
			if (!dup) {
				uint64_t w = peek(sem & ~7ULL, &ok);
				int sh = (int)(sem & 7) * 8;
				uint64_t cnt = ((w >> sh) & 0xffff) + 1;
				if (sh > 48)
					die("semaphore at %#" PRIx64 " straddles a word", sem);
				poke(sem & ~7ULL, (w & ~(0xffffULL << sh)) | (cnt << sh));
			}
		}
	}
}

static bool file_seen(dev_t dev, ino_t ino)
{
	for (size_t i = 0; i < nfiles; i++)
		if (files[i]->dev == dev && files[i]->ino == ino)
			return true;
	return false;
}

/* Open and arm every mapped ELF object not seen yet. */
static void arm_new_objects(void)
{
	struct mapping *m;
	int n = read_maps(&m);
	for (int i = 0; i < n; i++) {
		struct usdt_file *f;
		char err[512];
		if (m[i].path[0] != '/' || file_seen(m[i].dev, m[i].ino))
			continue;
		if (usdt_file_open(m[i].path, &f, err, sizeof(err)) < 0)
			continue; /* not ELF (locale archives and such) */
		if (f->dev != m[i].dev || f->ino != m[i].ino) {
			usdt_file_free(f); /* replaced on disk since it was mapped */
			continue;
		}
		for (int w = 0; w < f->nwarnings; w++)
			fprintf(stderr, "argcheck: %s: %s\n", f->path, f->warnings[w]);
		xgrow(&files, sizeof(*files), &files_cap, nfiles + 1);
		files[nfiles++] = f;
		arm_file(f, m, n);
	}
	free(m);
}

static uint64_t reg_value(const struct user_regs_struct *regs, enum usdt_reg r)
{
	int off = usdt_reg_ptregs_offset(r);
	uint64_t v;
	memcpy(&v, (const char *)regs + off, sizeof(v));
	return v;
}

static void print_arg(const struct bp *b, int idx, const struct usdt_arg *a,
		      const struct user_regs_struct *regs, const struct user_fpregs_struct *fp)
{
	unsigned char raw[16] = {0};
	uint64_t addr = 0;

	switch (a->kind) {
	case USDT_LOC_INVALID:
		fprintf(stderr, "argcheck: %s:%s arg %d '%s': %s\n", b->site->provider,
			b->site->name, idx, a->spec, a->error);
		fputs(" ?", stdout);
		return;
	case USDT_LOC_REG:
		if (a->reg >= USDT_REG_XMM0) {
			memcpy(raw, (const char *)fp->xmm_space + 16 * (a->reg - USDT_REG_XMM0), 16);
		} else {
			uint64_t v = reg_value(regs, a->reg) >> a->reg_shift;
			memcpy(raw, &v, 8);
			if (a->reg_width < 8)
				memset(raw + a->reg_width, 0, 8 - a->reg_width);
		}
		break;
	case USDT_LOC_IMM:
		memcpy(raw, &a->disp, 8);
		break;
	case USDT_LOC_MEM:
	case USDT_LOC_TLS:
		if (a->sym && !a->sym_resolved) {
			fprintf(stderr, "argcheck: %s:%s arg %d '%s': %s\n", b->site->provider,
				b->site->name, idx, a->spec, a->error ? a->error : "unresolved");
			fputs(" ?", stdout);
			return;
		}
		addr = (uint64_t)a->disp;
		if (a->kind == USDT_LOC_TLS) {
			addr += regs->fs_base + (a->sym ? (uint64_t)a->sym_addr : 0);
		} else {
			if (a->sym)
				addr += (uint64_t)a->sym_addr + (uint64_t)b->bias;
			if (a->base && a->base != USDT_REG_RIP)
				addr += reg_value(regs, a->base);
			if (a->index)
				addr += reg_value(regs, a->index) * a->scale;
		}
		if (!read_mem(addr, raw, (size_t)a->size)) {
			fprintf(stderr, "argcheck: %s:%s arg %d '%s': cannot read %#" PRIx64 "\n",
				b->site->provider, b->site->name, idx, a->spec, addr);
			fputs(" ?", stdout);
			return;
		}
		break;
	}
	if (a->is_float) {
		if (a->size == 4) {
			float f;
			memcpy(&f, raw, 4);
			printf(" %g", (double)f);
		} else {
			double d;
			memcpy(&d, raw, 8);
			printf(" %g", d);
		}
		return;
	}
	uint64_t v;
	memcpy(&v, raw, 8);
	int bits = a->size * 8;
	if (bits < 64)
		v &= (1ULL << bits) - 1;
	if (a->is_signed) {
		int64_t s = bits < 64 && (v >> (bits - 1)) ? (int64_t)(v - (1ULL << bits)) : (int64_t)v;
		printf(" %" PRId64, s);
	} else {
		printf(" %" PRIu64, v);
	}
}

static void report_hit(const struct bp *b)
{
	struct user_regs_struct regs;
	struct user_fpregs_struct fp;
	if (ptrace(PTRACE_GETREGS, child, NULL, &regs) < 0)
		die("GETREGS: %s", strerror(errno));
	if (ptrace(PTRACE_GETFPREGS, child, NULL, &fp) < 0)
		die("GETFPREGS: %s", strerror(errno));
	printf("%s:%s:", b->site->provider, b->site->name);
	for (int i = 0; i < b->site->nargs; i++)
		print_arg(b, i, &b->site->args[i], &regs, &fp);
	putchar('\n');
	fflush(stdout);
}

static struct bp *bp_at(uint64_t addr)
{
	for (size_t i = 0; i < nbps; i++)
		if (bps[i].addr == addr)
			return &bps[i];
	return NULL;
}

static int wait_child(void)
{
	int st;
	while (waitpid(child, &st, 0) < 0)
		if (errno != EINTR)
			die("waitpid: %s", strerror(errno));
	return st;
}

/* A SIGTRAP stop: if it is one of our breakpoints, report it (or arm the libraries at the
 * entry breakpoint), step over the original instruction and re-arm. Returns the signal to
 * deliver when continuing (a signal that arrived during the step). */
static int handle_trap(int *st)
{
	struct user_regs_struct regs;
	struct bp *b;
	uint64_t at;

	if (ptrace(PTRACE_GETREGS, child, NULL, &regs) < 0)
		die("GETREGS: %s", strerror(errno));
	if (!bp_at(regs.rip - 1))
		return 0; /* a trap we did not plant (exec, a raise(SIGTRAP) in the program) */
	at = regs.rip - 1;
	regs.rip = at;
	if (ptrace(PTRACE_SETREGS, child, NULL, &regs) < 0)
		die("SETREGS: %s", strerror(errno));
	/* Every breakpoint record at this address, in the order they were planted. The array
	 * may grow (arm_new_objects) while we walk it, so index rather than point. */
	for (size_t i = 0; i < nbps; i++) {
		if (bps[i].addr != at)
			continue;
		if (bps[i].is_entry)
			arm_new_objects();
		else
			report_hit(&bps[i]);
	}
	b = bp_at(at);
	remove_bp_byte(b);
	if (ptrace(PTRACE_SINGLESTEP, child, NULL, NULL) < 0)
		die("SINGLESTEP: %s", strerror(errno));
	*st = wait_child();
	if (!WIFSTOPPED(*st))
		die("the program ended while stepping over the breakpoint at %#" PRIx64, at);
	insert_bp_byte(b);
	return WSTOPSIG(*st) == SIGTRAP ? 0 : WSTOPSIG(*st);
}

/* A breakpoint at the program's entry point: when it is reached, the dynamic loader has
 * mapped the start-up libraries, and we arm those. */
static void plant_entry_breakpoint(const char *prog)
{
	char exe[64];
	struct stat est;
	struct mapping *m;
	int n = read_maps(&m);
	bool planted = false;

	snprintf(exe, sizeof(exe), "/proc/%d/exe", (int)child);
	if (stat(exe, &est) < 0)
		die("%s: %s", exe, strerror(errno));
	for (size_t i = 0; i < nfiles && !planted; i++) {
		int64_t bias;
		if (files[i]->dev != est.st_dev || files[i]->ino != est.st_ino)
			continue;
		if (!load_bias(files[i], m, n, &bias))
			die("%s: not mapped", prog);
		add_bp(files[i]->entry + (uint64_t)bias, NULL, NULL, 0, true);
		planted = true;
	}
	if (!planted)
		die("%s: cannot read the program's ELF file", prog);
	free(m);
}

int main(int argc, char **argv)
{
	int st;

	if (argc < 2) {
		fprintf(stderr, "usage: argcheck PROG [ARGS...]\n");
		return 2;
	}
	child = fork();
	if (child < 0)
		die("fork: %s", strerror(errno));
	if (child == 0) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) < 0)
			_exit(126);
		execvp(argv[1], argv + 1);
		fprintf(stderr, "argcheck: %s: %s\n", argv[1], strerror(errno));
		_exit(127);
	}
	st = wait_child();
	if (!WIFSTOPPED(st))
		die("%s did not start under ptrace", argv[1]);
	ptrace(PTRACE_SETOPTIONS, child, NULL, (void *)(long)PTRACE_O_EXITKILL);

	/* At the exec stop only the program and the dynamic loader are mapped. */
	arm_new_objects();
	plant_entry_breakpoint(argv[1]);

	if (ptrace(PTRACE_CONT, child, NULL, NULL) < 0)
		die("CONT: %s", strerror(errno));
	for (;;) {
		int sig;
		st = wait_child();
		if (WIFEXITED(st))
			break;
		if (WIFSIGNALED(st)) {
			fprintf(stderr, "argcheck: %s killed by signal %d\n", argv[1], WTERMSIG(st));
			return 128 + WTERMSIG(st);
		}
		sig = WSTOPSIG(st);
		if (sig == SIGTRAP)
			sig = handle_trap(&st);
		if (ptrace(PTRACE_CONT, child, NULL, (void *)(long)sig) < 0)
			die("CONT: %s", strerror(errno));
	}
	for (size_t i = 0; i < nfiles; i++)
		usdt_file_free(files[i]);
	free(files);
	free(bps);
	return WEXITSTATUS(st);
}
