/* trace_run.c — see trace_run.h. Four stages, in order: load (maps, patch, programs), attach,
 * consume (the loop), stop (END, drain, detach, drops). The consumer decodes each ring-buffer
 * record's actions once (drec.h), using the layout the dobj describes, hands what prints to
 * the output sink (sink.h: text, JSON) and keeps the side effects (exit, system, freopen,
 * ftruncate, setopt, the aggregation actions) for itself. */
#include <bpf/bpf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "attach.h"
#include "bpf_sys.h"
#include "dfmt.h"
#include "dout.h"
#include "drec.h"
#include "epid_tab.h"
#include "proc_maps.h"
#include "provider.h"
#include "ptrace_hold.h"
#include "pcap_out.h"
#include "ringbuf.h"
#include "sink.h"
#include "spec_buf.h"
#include "trace_agg.h"
#include "trace_usym.h"
#include "trace_run.h"
#include "util.h"

/* --- signals ----------------------------------------------------------------------------- */
static volatile sig_atomic_t got_signal;

static void on_stop_signal(int sig)
{
	(void)sig;
	got_signal = 1;
}

/* SIGCHLD only has to interrupt the wait for records so a -c child's exit is seen at once
 * (and, sent by ptrace_hold_stop, the holder thread's waitpid). */
static void on_child(int sig)
{
	(void)sig;
}

/* --- run state --------------------------------------------------------------------------- */
struct run {
	struct dobj *o;
	const struct trace_run_opts *ro;
	const struct dopts *d;
	FILE *out;                     /* where records print: the -o file or stdout, or... */
	FILE *orig_out;                /* ...while freopen() redirects it, that original */
	char *freopen_path;            /* the file freopen() named, while it is in effect */
	struct pcap_out pcap;          /* pcap()'s packets: to that file, tshark, or printed */
	bool quiet, stop;
	int status;                    /* exit()'s value */
	struct sink *sink;             /* the output format, writing to out */
	struct drec_syms syms;         /* how decoding symbolizes stacks and symbols */
	struct attach_set main_set;    /* every attached probe (BEGIN, END and ERROR are not) */
	struct prov_run prov;          /* what providers see: the set, epids, BEGIN/END/ERROR */
	const struct prov_run_ops *runs[4]; /* the distinct run-time parts of the providers used */
	void *run_state[4];            /* each one's own state (its start hook makes it) */
	int nruns;
	struct epid_tab epids;         /* every epid: the dobj's and those handed out running */
	struct ringbuf *rb;
	struct ringbuf *erb;           /* ERROR's records (dobj.h errbuf_map), or NULL */
	/* BEGIN called exit(): ERROR's output for BEGIN's faults follows all of BEGIN's */
	bool begin_exited;
	int ncpus;
	uint64_t *drops_seen;          /* [kind * ncpus + cpu] */
	/* speculative drops: the consumer-side total (DOUT_DROP_SPEC) at the last report, and
	 * how many of both kinds were reported */
	uint64_t spec_drops_prev, spec_drops_told;
	uint32_t ndrop_kinds;
	bool failed;                   /* a fatal consumer error (message printed) */
	pid_t *hold_pids;              /* processes to hold at dlopen()/exec (ptrace_hold.h) */
	int nhold_pids;
	struct ptrace_hold *hold;      /* holding them, or NULL */
	struct spec_buf *spec;         /* speculative records held (NULL: no speculations) */
	struct dopts dyn;              /* the options, as setopt() changes them at run time */
	struct trace_aggs aggs;
	struct trace_usym usym;        /* user stacks and symbols (nothing unless used) */
};

static void flush_out(struct run *r)
{
	if (r->sink)
		sink_flush_out(r->sink);
	else
		fflush(r->out);
}

/* The output changes (freopen()): the sink writes there from now on. */
static void set_out(struct run *r, FILE *f)
{
	r->out = f;
	if (r->sink)
		r->sink->out = f;
}

/* Messages go to stderr after the data printed so far, so a terminal shows them in order. */
static void emit_err(struct run *r, struct strbuf *b)
{
	flush_out(r);
	fputs(b->s ? b->s : "", stderr);
	fflush(stderr);
	strbuf_free(b);
}

/* emit_err of "PROG: " and the formatted message (which ends in its own newline). */
static void emit_notice(struct run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit_notice(struct run *r, const char *fmt, ...)
{
	struct strbuf b = { 0 };
	va_list ap;
	strbuf_printf(&b, "%s: ", util_progname);
	va_start(ap, fmt);
	strbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	emit_err(r, &b);
}

/* The ECB and probe of a record's epid; false, after the notice "WHAT for unknown enabled
 * probe ID N ignored", when the epid is not ours. */
static bool record_ecb(struct run *r, const char *what, uint32_t epid, const struct dobj_ecb **e,
		       const struct dobj_probe **p)
{
	if (epid_tab_lookup(&r->epids, epid, e, p))
		return true;
	emit_notice(r, "%s for unknown enabled probe ID %u ignored\n", what, epid);
	return false;
}

/* --- loading ----------------------------------------------------------------------------- */
static int64_t walltime_offset(void)
{
	struct timespec rt, bt;
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_BOOTTIME, &bt);
	return ((int64_t)rt.tv_sec - (int64_t)bt.tv_sec) * 1000000000LL +
	       ((int64_t)rt.tv_nsec - (int64_t)bt.tv_nsec);
}

/* A size as dtrace's messages write it: 128m, 4k, 2g, or bytes. */
static void size_text(char *buf, size_t len, uint64_t v)
{
	static const char units[] = "kmgt";
	int u = -1;
	while (v >= 1024 && v % 1024 == 0 && u < 3) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%llu", (unsigned long long)v);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)v, units[u]);
}

/* What a map is sized by, for bufresize=auto: the principal buffer (bufsize), an aggregation's
 * (aggsize), ERROR's ring buffer (a share of bufsize, lowered without a word: dtrace has no
 * such buffer to report), or neither (its size is the program's own: it is never lowered). */
enum map_budget { BUDGET_NONE, BUDGET_BUF, BUDGET_AGG, BUDGET_ERRBUF };

static enum map_budget map_budget(const struct dobj *o, size_t i)
{
	if ((int)i == o->ringbuf_map)
		return BUDGET_BUF;
	if ((int)i == o->errbuf_map)
		return BUDGET_ERRBUF;
	for (size_t k = 0; k < o->naggs; k++)
		if (o->aggs[k].map == (int)i)
			return BUDGET_AGG;
	return BUDGET_NONE;
}

/* Create map m. Under bufresize=auto (dtrace's default), a buffer the kernel will not allocate
 * (ENOMEM, E2BIG: the memory cgroup's limit, vmalloc, the ring buffer's maximum) is halved
 * until it is, and *halvings says how often; under manual, or for a map whose size the
 * program needs, the refusal ends the run. */
static int create_map(struct dobj_map *m, enum map_budget budget, bool autoresize,
		      int *halvings, char *err, size_t errlen)
{
	uint32_t min = m->kind == BPF_SYS_MAP_RINGBUF ? (uint32_t)sysconf(_SC_PAGESIZE) : 1;
	*halvings = 0;
	for (;;) {
		m->fd = bpf_sys_map_create_flags(m->kind, m->name, m->key_size, m->value_size,
						 m->max_entries, m->flags, err, errlen);
		if (m->fd >= 0 || budget == BUDGET_NONE || !autoresize ||
		    (errno != ENOMEM && errno != E2BIG) || m->max_entries / 2 < min)
			return m->fd;
		m->max_entries /= 2;
		++*halvings;
	}
}

/* The smallest principal buffer dtrace accepts for a program: its largest record's data (to
 * the end of its last value, 4-byte aligned) behind the 24 bytes of header DTrace for Linux
 * counts per record (the ring buffer's 8 besides our 8 of epid and CPU, which value offsets
 * include), and never below 64 bytes, as in dtrace (measured there: BEGIN { exit(0); } needs
 * -b64, trace(execname) -b288 at strsize 256 and -b132 at strsize 100). */
#define BUF_REC_HEADER 16
#define BUF_MIN 64
static uint64_t buf_needed(const struct dobj *o)
{
	uint64_t need = BUF_MIN;
	for (size_t i = 0; i < o->necbs; i++) {
		const struct dobj_ecb *e = &o->ecbs[i];
		/* the values laid out as dtrace lays them out: each at its own alignment right
		 * after the one before, a string taking strsize + 1 bytes unpadded (our layout
		 * pads strings to 8: printf("%s %d") with strsize=32 needed -b68 where dtrace
		 * takes -b64) */
		uint64_t end = 0, at = sizeof(struct dobj_rec);
		for (size_t a = 0; a < e->nacts; a++)
			for (size_t v = 0; v < e->acts[a].nvals; v++) {
				const struct dobj_val *val = &e->acts[a].vals[v];
				uint64_t align = val->kind == DOBJ_V_STRING ? 1 :
						 val->kind == DOBJ_V_BYTES || val->size > 8 ? 8 :
						 val->size ? val->size : 1;
				at = (at + align - 1) / align * align + val->size;
				if (at > end)
					end = at;
			}
		end = (end + 3) & ~(uint64_t)3;
		if (end && BUF_REC_HEADER + end > need)
			need = BUF_REC_HEADER + end;
	}
	return need;
}

/* An option (aggsize, dynvarsize) larger than the maps the code generator sized for it
 * (asked > max, max nonzero): lowered with dtrace's "WHAT size lowered to" under
 * bufresize=auto, refused under manual. 0, or -1 when refused. */
static int size_beyond_max(const char *opt, const char *what, uint64_t asked, uint64_t max,
			   bool autoresize)
{
	if (max == 0 || asked <= max)
		return 0;
	char t[32];
	size_text(t, sizeof(t), max);
	if (!autoresize) {
		util_warn("could not enable tracing: %s %llu exceeds the largest %s usdtrace "
			  "allocates (%s)", opt, (unsigned long long)asked, what, t);
		return -1;
	}
	util_warn("%s size lowered to %s", what, t);
	return 0;
}

static int create_maps(struct run *r)
{
	struct dobj *o = r->o;
	if (r->d && r->d->bufsize < buf_needed(o)) {
		/* dtrace's EDT_BUFTOOSMALL: a buffer that cannot hold one record of the program
		 * (bufsize=0 holds none) */
		util_warn("could not enable tracing: Enabling exceeds size of buffer");
		return -1;
	}
	if (r->d && r->d->nspec == 0) {
		/* dtrace takes -x nspec=0 and cannot make room for no speculation when it enables
		 * tracing, whether the program speculates or not; its words */
		util_warn("could not enable tracing: failed to create BPF map 'specs': Invalid argument");
		return -1;
	}
	char err[256];
	bool autoresize = !r->d || r->d->bufresize == DOPT_BUFRESIZE_AUTO;
	if (r->d && (size_beyond_max("aggsize", "aggregation", r->d->aggsize, o->aggsize_max,
				     autoresize) != 0 ||
		     size_beyond_max("dynvarsize", "dynamic variable", r->d->dynvarsize,
				     o->dynvarsize_max, autoresize) != 0))
		return -1;
	int agg_halvings = 0;
	for (size_t i = 0; i < o->nmaps; i++) {
		struct dobj_map *m = &o->maps[i];
		enum map_budget budget = map_budget(o, i);
		int halvings;
		if (create_map(m, budget, autoresize, &halvings, err, sizeof(err)) < 0) {
			util_warn("could not enable tracing: cannot create BPF map %s: %s", m->name, err);
			return -1;
		}
		if (budget == BUDGET_AGG && halvings > agg_halvings)
			agg_halvings = halvings;
		uint64_t asked = r->d ? r->d->bufsize : 0;
		if (budget == BUDGET_BUF && (halvings || asked > DOBJ_RINGBUF_MAX)) {
			/* lowered by the kernel's refusals, or by the code generator's largest ring
			 * buffer (cg.c) */
			char t[32];
			size_text(t, sizeof(t), m->max_entries);
			if (!autoresize) {
				util_warn("could not enable tracing: bufsize %llu exceeds the largest "
					  "buffer usdtrace allocates (%s)", (unsigned long long)asked, t);
				return -1;
			}
			util_warn("buffer size lowered to %s", t);
		} else if (budget == BUDGET_BUF && r->d && asked < m->max_entries) {
			/* the ring buffer is a power of two of pages (cg.c's ringbuf_bytes), as
			 * dtrace's perf buffers are, and dtrace says so, unprefixed, when it
			 * rounds a bufsize up (dt_peb.c) */
			fprintf(stderr, "bufsize increased to %llu\n", (unsigned long long)m->max_entries);
		}
		bool is_state = (int)i == o->state_map;
		if (!m->init && !is_state)
			continue;
		if (m->kind != BPF_SYS_MAP_ARRAY || (is_state && m->value_size < sizeof(struct dobj_state))) {
			util_warn("could not enable tracing: map %s cannot hold its initial value", m->name);
			return -1;
		}
		unsigned char *v = xcalloc(1, m->value_size);
		if (m->init)
			memcpy(v, m->init, m->value_size);
		if (is_state) {
			struct dobj_state st;
			memcpy(&st, v, sizeof(st));
			st.stopping = DOBJ_RUN_STARTING;
			st.walltime_offset = walltime_offset();
			st.tracer_pid = (uint32_t)getpid();
			st.target_pid = (uint32_t)r->ro->target_pid;
			memcpy(v, &st, sizeof(st));
		}
		uint32_t key = 0;
		int rc = bpf_map_update_elem(m->fd, &key, v, BPF_ANY);
		free(v);
		if (rc != 0) {
			util_warn("could not enable tracing: cannot initialise map %s: %s", m->name,
				  strerror(errno));
			return -1;
		}
	}
	if (agg_halvings) {
		char t[32];
		uint64_t agg = r->d ? r->d->aggsize : (4u << 20);
		if (o->aggsize_max && agg > o->aggsize_max)
			agg = o->aggsize_max;
		size_text(t, sizeof(t), agg >> agg_halvings);
		util_warn("aggregation size lowered to %s", t);
	}
	return 0;
}

static const char *probe_desc(const struct dobj_probe *p, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%s:%s:%s", p->provider, p->module, p->function, p->name);
	return buf;
}

/* A program name the kernel accepts (letters, digits, '_' and '.'): "BEGIN", "tick_1s". */
static void prog_name(const struct dobj_probe *p, char *buf, size_t len)
{
	snprintf(buf, len, "%s", p->name);
	for (char *s = buf; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '.'))
			*s = '_';
}

/* What the code at the instruction the verifier stopped on was generated for, from the -S
 * notes ("clause 2, action #1: printf"); NULL when the log names no instruction. The failing
 * instruction is the last one the log shows ("17: (85) call ..."). */
static const char *rejected_part(const struct dobj_prog *p, const char *log)
{
	long at = -1;
	for (const char *l = log; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		char *end;
		long v = strtol(l, &end, 10);
		if (end != l && *l >= '0' && *l <= '9' && end[0] == ':' && end[1] == ' ' && end[2] == '(')
			at = v;
	}
	const char *text = NULL;
	for (size_t i = 0; at >= 0 && i < p->nnotes; i++)
		if (p->notes[i].at <= (size_t)at && p->notes[i].text)
			text = p->notes[i].text;
	if (text && text[0] == ';')
		text += text[1] == ' ' ? 2 : 1;
	return text;
}


/* The verifier's log, each line as "BPF: LINE" on stderr, as dtrace's -x bpflog shows it. */
static void print_bpf_log(const char *log)
{
	for (const char *p = log ? log : ""; *p;) {
		size_t n = strcspn(p, "\n");
		fprintf(stderr, "BPF: %.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
}

static int load_prog(struct run *r, struct dobj_prog *p)
{
	struct dobj *o = r->o;
	const struct dobj_probe *pr = &o->probes[p->probe];
	char desc[512], name[16], err[512];
	struct bpf_insn *insns = xmalloc(sizeof(*insns) * (p->ninsns ? p->ninsns : 1));
	memcpy(insns, p->insns, sizeof(*insns) * p->ninsns);
	for (size_t k = 0; k < p->nrelocs; k++) {
		size_t at = p->map_relocs[k];
		if (at + 1 >= p->ninsns || (insns[at].src_reg != BPF_PSEUDO_MAP_FD &&
					    insns[at].src_reg != BPF_PSEUDO_MAP_VALUE) ||
		    insns[at].imm < 0 || (size_t)insns[at].imm >= o->nmaps) {
			util_warn("failed to enable probe %u (%s): internal error: bad map reference "
				  "at instruction %zu", pr->id, probe_desc(pr, desc, sizeof(desc)), at);
			free(insns);
			return -1;
		}
		insns[at].imm = o->maps[insns[at].imm].fd;
	}
	prog_name(pr, name, sizeof(name));
	struct bpf_sys_prog_opts lo = {
		.type = (enum bpf_prog_type)p->type,
		.expected_attach_type = (pr->prov->flags(pr) & PROV_F_UPROBE) &&
					attach_uprobe_multi_supported()
			? BPF_SYS_TRACE_UPROBE_MULTI : 0,
		.sleepable = p->sleepable,
		.name = name,
		/* -x bpflog: every program's verifier log, bpflogsize bytes at most (the kernel
		 * takes up to 4 GiB; we cap at 16 MiB) */
		.log_always = r->d->bpflog ? (uint32_t)(r->d->bpflogsize < (16u << 20)
							? r->d->bpflogsize : (16u << 20)) : 0,
	};
	lo.funcs = p->funcs;
	lo.nfuncs = p->nfuncs;
	if (pr->prov->load_opts)
		pr->prov->load_opts(pr, &lo);
	struct strbuf log = { 0 };
	p->fd = bpf_sys_prog_load(&lo, insns, p->ninsns, &log, err, sizeof(err));
	free(insns);
	if (p->fd >= 0) {
		if (r->d->bpflog)
			print_bpf_log(log.s);
		strbuf_free(&log);
		return 0;
	}
	probe_desc(pr, desc, sizeof(desc));
	if (log.len > 0) {
		char *why = bpf_sys_log_reason(log.s);
		const char *part = rejected_part(p, log.s);
		util_warn("failed to enable probe %u (%s): the BPF verifier rejected the code "
			  "generated for %s: %s%s", pr->id, desc, part ? part : "its clauses", why,
			  r->d->verbose ? "" : " (-x verbose shows the verifier's log)");
		free(why);
		if (r->d->verbose)
			fprintf(stderr, "%s", log.s);
	} else {
		util_warn("failed to enable probe %u (%s): %s", pr->id, desc, err);
	}
	strbuf_free(&log);
	return -1;
}

/* BEGIN, END and ERROR fire in the tracer, when it decides, with the arguments it chooses:
 * BPF_PROG_TEST_RUN runs their raw-tracepoint programs at once, on this CPU (-x cpu's, when
 * set), in this thread,
 * with `args` as the context (dobj_prog_type). Nothing is attached, so nothing has to be
 * registered or unregistered: a uprobe_multi link on the tracer's own functions cost 9-15 ms
 * to create and 17-63 ms to close here (uprobe (un)registration waits for an RCU grace
 * period), the larger part of usdtrace's start-to-exit time (docs/bpf-plumbing.md).
 * Returns 0, or -1 with the message printed (a probe that cannot fire is fatal). */
static int fire_self(struct run *r, enum dobj_probe_kind kind, const uint64_t args[6])
{
	const struct dobj_prog *p = r->prov.self[kind];
	if (!p)
		return 0;
	uint64_t ctx[6];
	memcpy(ctx, args, sizeof(ctx));
	LIBBPF_OPTS(bpf_test_run_opts, t, .ctx_in = ctx, .ctx_size_in = sizeof(ctx));
	if (r->d->cpu >= 0) {
		/* -x cpu=N: the tracer's own probes fire on that CPU, as dtrace's do */
		t.flags = BPF_F_TEST_RUN_ON_CPU;
		t.cpu = (uint32_t)r->d->cpu;
	}
	if (bpf_prog_test_run_opts(p->fd, &t) == 0)
		return 0;
	int e = errno;
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	char desc[512];
	util_warn("failed to fire probe %u (%s): %s", pr->id, probe_desc(pr, desc, sizeof(desc)),
		  strerror(e));
	r->failed = true;
	return -1;
}

static int attach_prog(struct run *r, struct dobj_prog *p)
{
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	return pr->prov->attach(&r->prov, p);
}

/* --- consuming --------------------------------------------------------------------------- */
/* A consumer's error about a record of epid (probe p): the sink reports it. */
static void liberr(struct run *r, uint32_t epid, const struct dobj_probe *p, const char *msg)
{
	const struct dobj_ecb *e;
	const struct dobj_probe *ep;
	int clause = epid_tab_lookup(&r->epids, epid, &e, &ep) ? e->clause : 0;
	struct sink_probe sp = { p, -1, clause, 0 };
	r->sink->ops->error(r->sink, &sp, msg);
}

/* The text of a system()/freopen() action's format, into b. Returns 0, or -1 (message
 * reported). */
static int format_text(struct run *r, uint32_t epid, const struct dobj_probe *p,
		       const struct ditem *it, struct strbuf *b)
{
	char err[256];
	int rc = dfmt_format(it->act->fmt, it->fvals, it->nvals, NULL, 0, &r->sink->fctx, b, err,
			     sizeof(err));
	if (rc != 0)
		liberr(r, epid, p, err);
	return rc;
}

/* system(): the command's output must follow what was printed before it. With a format
 * that owns its stream (JSON), the output is read from a pipe into *captured instead. */
static void run_system(struct run *r, const char *cmd, struct strbuf *captured)
{
	int fds[2] = { -1, -1 };
	flush_out(r);
	fflush(stderr);
	if (captured && pipe2(fds, O_CLOEXEC) != 0) {
		util_warn("failed to run system() command: %s", strerror(errno));
		return;
	}
	pid_t pid = fork();
	if (pid < 0) {
		util_warn("failed to run system() command: %s", strerror(errno));
		if (captured) {
			close(fds[0]);
			close(fds[1]);
		}
		return;
	}
	if (pid == 0) {
		if (captured)
			dup2(fds[1], STDOUT_FILENO);
		else if (fileno(r->out) != STDOUT_FILENO)
			dup2(fileno(r->out), STDOUT_FILENO);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGPIPE, SIG_DFL);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (captured) {
		close(fds[1]);
		char buf[4096];
		for (;;) {
			ssize_t n = read(fds[0], buf, sizeof(buf));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			strbuf_add(captured, buf, (size_t)n);
		}
		close(fds[0]);
	}
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

/* freopen(): later output goes to the file named (appended to, as dtrace opens it), or back
 * to the original output for "". A file that cannot be opened is an error on the probe and
 * leaves the output where it was. */
static void run_freopen(struct run *r, uint32_t epid, const struct dobj_probe *p,
			const char *path)
{
	flush_out(r);
	if (path[0] == '\0') {
		if (r->orig_out) {
			fclose(r->out);
			set_out(r, r->orig_out);
			r->orig_out = NULL;
		}
		free(r->freopen_path);
		r->freopen_path = NULL;
		return;
	}
	FILE *f = fopen(path, "a");
	if (!f) {
		char msg[PATH_MAX + 128];
		snprintf(msg, sizeof(msg), "couldn't freopen() \"%s\": %s", path, strerror(errno));
		liberr(r, epid, p, msg);
		return;
	}
	if (r->orig_out)
		fclose(r->out);
	else
		r->orig_out = r->out;
	set_out(r, f);
	free(r->freopen_path);
	r->freopen_path = xstrdup(path);
}

/* ftruncate(): what was written to the output file so far is discarded (nothing happens to
 * a terminal or pipe, as with dtrace). */
static void run_ftruncate(struct run *r)
{
	flush_out(r);
	if (ftruncate(fileno(r->out), 0) == 0)
		fseek(r->out, 0, SEEK_SET);
}

static bool vals_fit(const struct dobj_action *a, size_t size)
{
	for (size_t i = 0; i < a->nvals; i++)
		if ((uint64_t)a->vals[i].off + a->vals[i].size > size)
			return false;
	return true;
}

/* The options dtrace lets setopt() change while tracing (its dynamic run-time options): how the
 * consumer prints and how often it reads aggregations and buffers; with usdtrace's own printing
 * switches (aggfold, agghist, aggzoom). The others, cleanrate and statusrate among them, are
 * refused before their value is looked at: "Operation illegal when tracing is active". */
static bool runtime_option(const char *name)
{
	static const char *const names[] = {
		"aggfold", "aggrate", "agghist", "aggsortkey", "aggsortkeypos", "aggsortpos",
		"aggsortrev", "aggzoom", "flowindent", "printsize", "quiet", "quietresize",
		"rawbytes", "stackindent", "switchrate",
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(names[i], name) == 0)
			return true;
	return false;
}

/* setopt(): names and values are checked here, at run time, as dtrace checks them; a toggle
 * (no value) is the value "1", as dtrace passes it (so a compiler switch such as zdefs,
 * which takes no value, is "Invalid value for specified option"). A compile-time option
 * whose value passes changes nothing: the programs are compiled already. */
static void setopt_action(struct run *r, uint32_t epid, const struct dobj_probe *p,
			  const struct dobj_action *a, const unsigned char *rec)
{
	const char *opt = a->opt, *optval = a->optval;
	char *recd[2] = { NULL, NULL };   /* strings the program computed: in the record */
	if (!opt) {
		for (size_t i = 0; i < a->nvals && i < 2; i++)
			recd[i] = strndup((const char *)rec + a->vals[i].off, a->vals[i].size);
		opt = recd[0] ? recd[0] : "";
		optval = recd[1];
	}
	const char *val = optval ? optval : "1";
	struct derr err;
	int rc;

	if (!dopt_known(opt)) {
		rc = derr_set(&err, DTAG_NONE, "Invalid option name");
	} else if (dopt_compile_time(opt)) {
		struct dopts scratch;
		dopts_init(&scratch);
		rc = dopt_set(&scratch, opt, val, &err);
	} else if (!runtime_option(opt)) {
		rc = derr_set(&err, DTAG_NONE, "Operation illegal when tracing is active");
	} else {
		rc = dopt_set(&r->dyn, opt, val, &err);
	}
	if (rc != 0) {
		char msg[512], text[DERR_TEXT_MAX];
		snprintf(msg, sizeof(msg), "couldn't set option \"%s\" to \"%s\": %s\n", opt,
			 val, derr_format(&err, r->d->errtags, text, sizeof(text)));
		liberr(r, epid, p, msg);
	}
	free(recd[0]);
	free(recd[1]);
	r->quiet = r->d->quiet;
}

/* An action with a side effect: the run's, not the sink's. it is the action decoded (printf
 * values for system() and freopen()). */
static void side_effect(struct run *r, uint32_t epid, const struct dobj_probe *p,
			const struct dobj_action *a, const unsigned char *rec)
{
	const unsigned char *vp = a->nvals ? rec + a->vals[0].off : NULL;
	switch (a->kind) {
	case DOBJ_ACT_EXIT:
		if (a->nvals)
			r->status = (int)(int32_t)drec_read_uint(vp, a->vals[0].size < 4 ?
								 a->vals[0].size : 4);
		r->stop = true;
		break;
	case DOBJ_ACT_TRUNC:
	case DOBJ_ACT_CLEAR:
	case DOBJ_ACT_NORMALIZE:
	case DOBJ_ACT_DENORMALIZE: {
		int64_t n = a->nvals ? (int64_t)drec_read_uint(vp, a->vals[0].size) : 0;
		char err[256];
		if (trace_aggs_action(&r->aggs, a, a->nvals > 0, n, err, sizeof(err)) != 0)
			liberr(r, epid, p, err);
		break;
	}
	case DOBJ_ACT_SETOPT:
		setopt_action(r, epid, p, a, rec);
		break;
	case DOBJ_ACT_SYSTEM:
	case DOBJ_ACT_FREOPEN: {
		struct ditem it;
		struct strbuf text = { 0 };
		drec_decode_action(a, rec, &r->syms, &it);
		if (format_text(r, epid, p, &it, &text) == 0) {
			if (a->kind == DOBJ_ACT_FREOPEN) {
				r->sink->ops->flush(r->sink);
				run_freopen(r, epid, p, text.s ? text.s : "");
			} else if (r->sink->ops->own_stream) {
				struct strbuf got = { 0 };
				run_system(r, text.s ? text.s : "", &got);
				struct ditem out = { .kind = DI_SYSTEM, .act = a,
						     .text = got.s ? got.s : "", .len = got.len };
				char err[256];
				if (r->sink->ops->item(r->sink, &out, err, sizeof(err)) != 0)
					liberr(r, epid, p, err);
				strbuf_free(&got);
			} else {
				r->sink->ops->flush(r->sink);
				run_system(r, text.s ? text.s : "", NULL);
			}
		}
		strbuf_free(&text);
		ditem_free(&it);
		break;
	}
	case DOBJ_ACT_FTRUNCATE:
		r->sink->ops->flush(r->sink);
		run_ftruncate(r);
		break;
	default:
		break;
	}
}

/* Text pcap_out has for the output (tshark's lines): after what the sink holds. */
static void print_pcap_text(void *arg, const char *text, size_t len)
{
	struct run *r = arg;
	r->sink->ops->flush(r->sink);
	flush_out(r);
	fwrite(text, 1, len, r->out);
	fflush(r->out);
}

/* pcap(): a packet goes to the freopen() file, or to tshark (text output only: a structured
 * stream has the bytes in its item), or to the sink to print; no bytes, nowhere. (DTrace for
 * Linux loops for ever on a record of no bytes, a NULL skb's: its consumer steps back over
 * the action again and again. The Guide's pcap() records nothing for it, so nothing is
 * printed and the record goes on.) */
static bool pcap_taken(struct run *r, uint32_t epid, const struct dobj_probe *p,
		       const struct ditem *it)
{
	if (it->nvals != 3 || it->vals[2].len == 0)
		return true;
	char err[256];
	enum pcap_out_result res = pcap_out_packet(&r->pcap, r->freopen_path,
						   (uint32_t)it->vals[1].u,
						   (uint32_t)it->act->vals[3].size, it->vals[0].u,
						   it->vals[2].p, (uint32_t)it->vals[2].len,
						   r->d->oformat == DOPT_OFORMAT_TEXT, err,
						   sizeof(err));
	if (res == PCAP_OUT_ERROR) {
		char msg[PATH_MAX + 300];
		snprintf(msg, sizeof(msg), "couldn't write pcap() packet to \"%s\": %s",
			 r->freopen_path ? r->freopen_path : "tshark", err);
		liberr(r, epid, p, msg);
	}
	return res != PCAP_OUT_PRINT;
}

/* An action with output: decoded once, handed to the sink. */
static void output_action(struct run *r, uint32_t epid, const struct dobj_probe *p,
			  const struct dobj_action *a, const unsigned char *rec)
{
	struct ditem it;
	char err[256];
	if (a->kind == DOBJ_ACT_PRINTA) {
		struct agg_data **snaps;
		if (trace_aggs_printa(&r->aggs, a, &snaps, err, sizeof(err)) != 0) {
			liberr(r, epid, p, err);
			return;
		}
		memset(&it, 0, sizeof(it));
		it.kind = DI_PRINTA;
		it.act = a;
		it.aggs = snaps;
		it.naggs = a->naggs;
		if (r->sink->ops->item(r->sink, &it, err, sizeof(err)) != 0)
			liberr(r, epid, p, err);
		free(snaps);
		return;
	}
	drec_decode_action(a, rec, &r->syms, &it);
	if (it.kind == DI_PCAP && pcap_taken(r, epid, p, &it)) {
		ditem_free(&it);
		return;
	}
	if (r->sink->ops->item(r->sink, &it, err, sizeof(err)) != 0)
		liberr(r, epid, p, err);
	ditem_free(&it);
}

static void consume_data(struct run *r, const unsigned char *rec, size_t size)
{
	struct dobj_rec hdr;
	memcpy(&hdr, rec, sizeof(hdr));
	const struct dobj_ecb *e;
	const struct dobj_probe *p;
	if (!record_ecb(r, "record", hdr.epid, &e, &p))
		return;
	trace_aggs_next_record(&r->aggs);   /* its actions share one snapshot */
	if (size < e->size) {
		liberr(r, hdr.epid, p, "record shorter than its layout: ignored");
		return;
	}
	struct sink_probe sp = { p, (int)hdr.cpu, e->clause, 0 };
	if (e->time_off && e->time_off + sizeof(uint64_t) <= size)
		memcpy(&sp.fired_ns, rec + e->time_off, sizeof(sp.fired_ns));
	r->sink->ops->begin(r->sink, &sp);
	for (size_t i = 0; i < e->nacts; i++) {
		const struct dobj_action *a = &e->acts[i];
		if (!vals_fit(a, size)) {
			r->sink->ops->flush(r->sink);
			liberr(r, hdr.epid, p, "action data beyond the end of the record: ignored");
			return;
		}
		if (drec_action_outputs(a))
			output_action(r, hdr.epid, p, a, rec);
		else
			side_effect(r, hdr.epid, p, a, rec);
	}
	r->sink->ops->end_record(r->sink);
}

static void consume_fault(struct run *r, const unsigned char *rec, size_t size)
{
	struct dobj_rec_fault f;
	if (size < sizeof(f)) {
		emit_notice(r, "truncated fault record ignored\n");
		return;
	}
	memcpy(&f, rec, sizeof(f));
	const struct dobj_ecb *e;
	const struct dobj_probe *p;
	if (!record_ecb(r, "fault record", f.epid, &e, &p))
		return;
	/* A fault in an ERROR clause is silently dropped, and ERROR does not fire again (Guide,
	 * "ERROR Probe"; DTrace for Linux prints nothing for it either). */
	const struct dobj_prog *err_prog = r->prov.self[DOBJ_PROBE_ERROR];
	if (err_prog && p == &r->o->probes[err_prog->probe])
		return;
	struct dout_fault df = {
		.clause = e->clause, .probe_id = p->id, .provider = p->provider,
		.module = p->module, .function = p->function, .name = p->name,
		.kind = (int)f.fault, .pc = (long)f.pc, .addr = f.addr,
	};
	r->sink->ops->fault(r->sink, &df);
	/* DTrace for Linux's ERROR arguments: (NULL, probe ID, clause index, BPF pc, fault,
	 * address) */
	const uint64_t args[6] = { 0, p->id, (uint64_t)e->clause, f.pc, f.fault, f.addr };
	if (fire_self(r, DOBJ_PROBE_ERROR, args) != 0 || !r->erb)
		return;
	/* ERROR's output where the fault was, before the records of the firing's later
	 * clauses: DTrace for Linux runs ERROR inside the faulting firing. Except for BEGIN's
	 * faults when BEGIN called exit(): dtrace has then fired END before its first read,
	 * on BEGIN's CPU, and reads BEGIN's records of that CPU's buffer first, then the rest
	 * (dt_consume.c, dt_consume_begin): ERROR's output follows all of BEGIN's, before
	 * END's (dtrace -qn 'BEGIN { x = *(int *)8; } BEGIN { printf("b\n"); }
	 * ERROR { printf("ERR\n"); } BEGIN { exit(0); }' prints b, then ERR). deliver()
	 * reads what is left after the principal buffer. */
	if (r->begin_exited && p->kind == DOBJ_PROBE_BEGIN)
		return;
	if (ringbuf_drain(r->erb) == RINGBUF_ERR) {
		util_warn("processing aborted: cannot read the trace buffer: %s", strerror(errno));
		r->failed = true;
	}
}

/* --- speculations ---------------------------------------------------------------------- */
static void emit_committed(void *ctx, const unsigned char *rec, size_t size)
{
	consume_data(ctx, rec, size);
}

/* A held record: unmark the epid, strip the tag, keep it until its commit or discard. */
static void consume_speculative(struct run *r, const unsigned char *rec, size_t size)
{
	struct dobj_rec hdr;
	struct dobj_spec_tag tag;
	memcpy(&hdr, rec, sizeof(hdr));
	hdr.epid &= ~DOBJ_EPID_SPEC;
	const struct dobj_ecb *e;
	const struct dobj_probe *p;
	if (!r->spec || !epid_tab_lookup(&r->epids, hdr.epid, &e, &p) ||
	    e->size + sizeof(tag) > size) {
		emit_notice(r, "malformed speculative record ignored\n");
		return;
	}
	size_t n = e->size;
	memcpy(&tag, rec + n, sizeof(tag));
	unsigned char *copy = xmalloc(n);
	memcpy(copy, rec, n);
	memcpy(copy, &hdr, sizeof(hdr));
	spec_buf_hold(r->spec, tag.id, tag.gen, copy, n);
	free(copy);
}

static void consume_spec_end(struct run *r, const unsigned char *rec, size_t size)
{
	struct dobj_rec_spec sr;
	if (!r->spec || size < sizeof(sr))
		return;
	memcpy(&sr, rec, sizeof(sr));
	spec_buf_end(r->spec, sr.id, sr.gen, sr.kind == DOBJ_REC_COMMIT, emit_committed, r);
	/* BUSY until now: the Guide's committing buffer is not available to speculation() until
	 * its data has been copied out, and the copy is this tracer's. Free it. */
	uint64_t word = (uint64_t)sr.gen << 32 | DOBJ_SPEC_INACTIVE;
	uint32_t key = sr.id;
	if (bpf_map_update_elem(r->o->maps[r->o->spec_map].fd, &key, &word, BPF_ANY) != 0)
		util_warn("cannot free speculation %u: %s", sr.id, strerror(errno));
}

/* Whether pid is a -c or -p target. */
static bool is_target(const struct run *r, pid_t pid)
{
	if (pid > 0 && pid == r->ro->target_pid)
		return true;
	for (int i = 0; i < r->ro->npids; i++)
		if (pid == r->ro->pids[i])
			return true;
	return false;
}

/* prov_run.will_fire: a provider's probes will fire in pid; targets were served already. */
static void on_will_fire(struct prov_run *p, pid_t pid)
{
	struct run *r = (struct run *)((char *)p - offsetof(struct run, prov));
	if (!is_target(r, pid))
		trace_usym_rescan(&r->usym, pid);
}

static int on_record(void *ctx, const void *data, size_t size)
{
	struct run *r = ctx;
	const unsigned char *rec = data;
	struct dobj_rec hdr;
	if (size < sizeof(hdr))
		return 0;
	memcpy(&hdr, rec, sizeof(hdr));
	if (hdr.epid & DOBJ_EPID_SPEC) {
		consume_speculative(r, rec, size);
		return 0;
	}
	if (hdr.epid != 0) {
		consume_data(r, rec, size);
		return 0;
	}
	uint32_t kind = 0;
	if (size >= sizeof(hdr) + 4)
		memcpy(&kind, rec + sizeof(hdr), 4);
	if (kind == DOBJ_REC_FAULT) {
		consume_fault(r, rec, size);
	} else if (kind == DOBJ_REC_RESCAN && size >= sizeof(struct dobj_rec_rescan)) {
		struct dobj_rec_rescan rs;
		memcpy(&rs, rec, sizeof(rs));
		/* The watcher reports every process that execs or loads a library while a
		 * description names no process. Stack tables and symbols are built for targets
		 * here, and for the others the providers' probes fire in through will_fire,
		 * before those probes are enabled; building them for every process on the
		 * machine grew the tracer without bound (ustack_rescan.sh). */
		if (is_target(r, (pid_t)rs.pid))
			trace_usym_rescan(&r->usym, (pid_t)rs.pid);
		for (int i = 0; i < r->nruns; i++)
			if (r->runs[i]->rescan)
				r->runs[i]->rescan(&r->prov, r->run_state[i], (pid_t)rs.pid);
		if (rs.stopped == DOBJ_RESCAN_SIGSTOP)
			kill((pid_t)rs.pid, SIGCONT);
		else if (rs.stopped == DOBJ_RESCAN_PTRACE)
			ptrace_hold_released(r->hold, (pid_t)rs.tid);
	} else if (kind == DOBJ_REC_COMMIT || kind == DOBJ_REC_DISCARD) {
		consume_spec_end(r, rec, size);
	} else {
		emit_notice(r, "control record of unknown kind %u ignored\n", kind);
	}
	return 0;
}

/* --- drops ------------------------------------------------------------------------------- */
/* The count of drop kind `kind` over every CPU (0 when the map has no such key). */
static uint64_t drop_total(const struct run *r, const struct dobj_map *m, uint32_t kind)
{
	size_t stride = ((size_t)m->value_size + 7) / 8;
	uint64_t *v = xcalloc((size_t)r->ncpus * stride, 8);
	uint64_t total = 0;
	if (kind < r->ndrop_kinds && bpf_map_lookup_elem(m->fd, &kind, v) == 0)
		for (int c = 0; c < r->ncpus; c++)
			total += v[(size_t)c * stride];
	free(v);
	return total;
}

/* Report the drops counted since the last report, in dtrace's order of kinds. Speculative
 * drops are reported one report late, except in the final one: DTrace for Linux's consumer
 * counts the records it drops for specsize while it reads them, after the status check that
 * reports the kernel's counts, so they come with the next check (dt_work.c: dt_get_status
 * reads the kernel's counters, dt_add_local_status adds the consumer's). Observed: a BEGIN
 * whose speculation() fails and whose speculate()d record does not fit prints the failed
 * speculation, then the speculative drop. */
static void report_drops(struct run *r, bool final)
{
	struct sink *s = r->sink;
	if (r->o->drops_map >= 0 && (size_t)r->o->drops_map < r->o->nmaps && r->ncpus > 0) {
		const struct dobj_map *m = &r->o->maps[r->o->drops_map];
		size_t stride = ((size_t)m->value_size + 7) / 8;
		uint64_t *v = xcalloc((size_t)r->ncpus * stride, 8);
		uint64_t spec_nofit = drop_total(r, m, DOUT_DROP_SPEC_NOFIT);
		for (uint32_t k = 0; k < r->ndrop_kinds; k++) {
			if (k == DOUT_DROP_SPEC_NOFIT)
				continue; /* told as DOUT_DROP_SPEC */
			if (bpf_map_lookup_elem(m->fd, &k, v) != 0)
				continue;
			uint64_t total = 0, total_seen = 0;
			for (int c = 0; c < r->ncpus; c++) {
				uint64_t now = v[(size_t)c * stride];
				uint64_t *seen = &r->drops_seen[(size_t)k * (size_t)r->ncpus + (size_t)c];
				if ((k == DOUT_DROP_PRINCIPAL || k == DOUT_DROP_AGGREGATION) && now > *seen)
					s->ops->drop(s, (enum dout_drop_kind)k, now - *seen, c);
				total += now;
				total_seen += *seen;
				*seen = now;
			}
			if (k == DOUT_DROP_SPEC) {
				/* what dtrace's status check sees: the records its BPF code refused
				 * (never fitting) up to now, and those its consumer dropped up to the
				 * previous check */
				uint64_t upto = (final ? total : r->spec_drops_prev) + spec_nofit;
				if (upto > r->spec_drops_told) {
					s->ops->drop(s, DOUT_DROP_SPEC, upto - r->spec_drops_told, -1);
					r->spec_drops_told = upto;
				}
				r->spec_drops_prev = total;
			} else if (k != DOUT_DROP_PRINCIPAL && k != DOUT_DROP_AGGREGATION &&
				   total > total_seen) {
				s->ops->drop(s, (enum dout_drop_kind)k, total - total_seen, -1);
			}
		}
		free(v);
	}
}

/* --- targets ----------------------------------------------------------------------------- */
static bool pid_gone(pid_t pid)
{
	char path[64], buf[512];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return true;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return true;
	buf[n] = '\0';
	const char *rp = strrchr(buf, ')');
	return !rp || rp[1] != ' ' || rp[2] == 'Z' || rp[2] == 'X';
}

/* Returns true when every target has exited (false when there are none). A target's exit is
 * not announced: DTrace for Linux's death notification carries no message, so it prints
 * nothing (dt_proc.c), where Solaris's dtrace printed "pid N has exited". */
static bool targets_gone(struct run *r, bool *live)
{
	const struct trace_run_opts *ro = r->ro;
	int ntargets = 0, nlive = 0;
	for (int i = 0; i < ro->nchildren; i++) {
		struct childproc *c = &ro->children[i];
		if (c->pid <= 0)
			continue;
		ntargets++;
		if (!c->exited) {
			int st;
			pid_t w = waitpid(c->pid, &st, WNOHANG);
			if (w == c->pid) {
				c->exited = 1;
				c->status = st;
			}
		}
		nlive += !c->exited;
	}
	for (int i = 0; i < ro->npids; i++) {
		ntargets++;
		if (live[i] && pid_gone(ro->pids[i]))
			live[i] = false;
		nlive += live[i];
	}
	return ntargets > 0 && nlive == 0;
}

/* --- the run ----------------------------------------------------------------------------- */
static int poll_timeout_ms(const struct run *r)
{
	uint64_t ms = r->d->switchrate / 1000000u;
	if (ms < 10)
		ms = 10;
	if (ms > 1000)
		ms = 1000;
	if ((r->ro->nchildren || r->ro->npids || r->hold) && ms > 100)
		ms = 100; /* -p targets give no signal when they exit; the holder waits for drains */
	if (r->usym.tabs.want_fd >= 0 && ms > USTACK_TABLES_POLL_MS)
		ms = USTACK_TABLES_POLL_MS; /* the user stack walk's requests (ustack_tables.h) */
	return (int)ms;
}

static void release(struct run *r)
{
	attach_detach_all(&r->main_set);
	if (r->rb)
		ringbuf_close(r->rb);
	r->rb = NULL;
	if (r->erb)
		ringbuf_close(r->erb);
	r->erb = NULL;
	for (size_t i = 0; i < r->o->nprogs; i++) {
		if (r->o->progs[i].fd >= 0)
			close(r->o->progs[i].fd);
		r->o->progs[i].fd = -1;
	}
	for (size_t i = 0; i < r->o->nmaps; i++) {
		if (r->o->maps[i].fd >= 0)
			close(r->o->maps[i].fd);
		r->o->maps[i].fd = -1;
	}
	free(r->drops_seen);
	r->drops_seen = NULL;
	free(r->hold_pids);
	r->hold_pids = NULL;
	for (int i = 0; i < r->nruns; i++) {
		if (r->runs[i]->stop)
			r->runs[i]->stop(&r->prov, r->run_state[i]);
		r->run_state[i] = NULL;
	}
	r->nruns = 0;
	epid_tab_free(&r->epids);
	spec_buf_free(r->spec);
	r->spec = NULL;
	trace_aggs_free(&r->aggs);
	trace_usym_free(&r->usym, r->o);
}

static void add_hold_pid(struct run *r, pid_t pid)
{
	if (pid <= 0 || pid == getpid())
		return;
	for (int i = 0; i < r->ro->nchildren; i++)
		if (pid == r->ro->children[i].pid)
			return;
	for (int i = 0; i < r->nhold_pids; i++)
		if (r->hold_pids[i] == pid)
			return;
	r->hold_pids = xrealloc(r->hold_pids, sizeof(*r->hold_pids) * (size_t)(r->nhold_pids + 1));
	r->hold_pids[r->nhold_pids++] = pid;
}

/* The processes held at dlopen()/exec with ptrace, when probes may appear as processes map
 * objects (a run module's holds hook): those we did not start and whose new objects matter,
 * the -p targets and the processes the module names (the uprobe engine: those descriptions
 * name; the -c child and its descendants are held with SIGSTOP instead; usdtrace itself
 * cannot be). */
static void hold_candidates(struct run *r)
{
	for (int k = 0; k < r->nruns; k++) {
		if (!r->runs[k]->holds)
			continue;
		pid_t *pids = NULL;
		int n = r->runs[k]->holds(&r->prov, &pids);
		if (n >= 0) {
			for (int i = 0; i < r->ro->npids; i++)
				add_hold_pid(r, r->ro->pids[i]);
			for (int i = 0; i < n; i++)
				add_hold_pid(r, pids[i]);
		}
		free(pids);
	}
}

static int setup(struct run *r)
{
	struct dobj *o = r->o;
	char err[256];
	for (size_t i = 0; i < o->nmaps; i++)
		o->maps[i].fd = -1;
	for (size_t i = 0; i < o->nprogs; i++)
		o->progs[i].fd = -1;
	if (o->ringbuf_map < 0 || (size_t)o->ringbuf_map >= o->nmaps) {
		util_warn("could not enable tracing: the program has no ring buffer");
		return -1;
	}
	if (o->spec_map >= 0 && (size_t)o->spec_map < o->nmaps)
		r->spec = spec_buf_new(o->nspec);
	/* The consumer trusts the layouts from here on: check them once. */
	for (size_t i = 0; i < o->necbs; i++) {
		const struct dobj_ecb *e = &o->ecbs[i];
		bool bad = e->epid != i + 1 || e->probe < 0 || (size_t)e->probe >= o->nprobes;
		for (size_t k = 0; k < e->nacts && !bad; k++) {
			const struct dobj_action *a = &e->acts[k];
			bad = !vals_fit(a, e->size) ||
			      ((a->kind == DOBJ_ACT_PRINTF || a->kind == DOBJ_ACT_SYSTEM ||
			       a->kind == DOBJ_ACT_FREOPEN) && !a->fmt);
		}
		if (bad) {
			util_warn("could not enable tracing: internal error: the record layout of "
				  "enabled probe ID %zu is inconsistent", i + 1);
			return -1;
		}
	}
	epid_tab_init(&r->epids, o);
	r->prov = (struct prov_run){ .o = o, .set = &r->main_set, .epids = &r->epids,
				     .stop_pid = r->ro->nchildren ? r->ro->children[0].pid : 0,
				     .cat = r->ro->cat, .enabled = r->ro->enabled,
				     .will_fire = on_will_fire };
	r->prov.cpu = r->d->cpu >= 0 ? (int)r->d->cpu : -1;
	/* the distinct run-time parts of the providers used; each sizes its maps */
	for (size_t i = 0; i < o->nprobes; i++) {
		const struct prov_run_ops *ops = o->probes[i].prov->run;
		bool seen = !ops;
		for (int k = 0; k < r->nruns && !seen; k++)
			seen = r->runs[k] == ops;
		if (seen)
			continue;
		if (r->nruns == (int)(sizeof(r->runs) / sizeof(r->runs[0]))) {
			util_warn("could not enable tracing: internal error: too many providers");
			return -1;
		}
		r->runs[r->nruns++] = ops;
	}
	for (int k = 0; k < r->nruns; k++)
		if (r->runs[k]->size_maps)
			r->runs[k]->size_maps(&r->prov);
	/* the user stack walk's rows map sized for what the targets map (issue 22) */
	ustack_tables_size(o, r->d->ustackrows, r->ro->target_pid, r->ro->pids, r->ro->npids);
	if (create_maps(r) != 0)
		return -1;
	for (size_t i = 0; i < o->nprogs; i++) {
		if (o->progs[i].probe < 0 || (size_t)o->progs[i].probe >= o->nprobes) {
			util_warn("could not enable tracing: program %zu has no probe", i);
			return -1;
		}
		if (load_prog(r, &o->progs[i]) != 0)
			return -1;
	}
	r->rb = ringbuf_open(o->maps[o->ringbuf_map].fd, on_record, r, err, sizeof(err));
	if (!r->rb) {
		util_warn("could not enable tracing: %s", err);
		return -1;
	}
	if (o->errbuf_map >= 0 && (size_t)o->errbuf_map < o->nmaps) {
		r->erb = ringbuf_open(o->maps[o->errbuf_map].fd, on_record, r, err, sizeof(err));
		if (!r->erb) {
			util_warn("could not enable tracing: %s", err);
			return -1;
		}
	}
	r->ncpus = bpf_sys_possible_cpus();
	trace_aggs_init(&r->aggs, o, r->ncpus);
	r->aggs.percpu = r->d->aggpercpu;
	trace_usym_init(&r->usym, o, (int)r->d->stackindent, r->d->noresolve, r->ro->target_pid,
			r->ro->pids, r->ro->npids);
	if (o->drops_map >= 0 && (size_t)o->drops_map < o->nmaps) {
		r->ndrop_kinds = o->maps[o->drops_map].max_entries;
		if (r->ncpus > 0)
			r->drops_seen = xcalloc((size_t)r->ndrop_kinds * (size_t)r->ncpus, 8);
	}
	/* late programs (formula companions) last: a tracepoint runs its programs in the order
	 * they were attached */
	for (int late = 0; late < 2; late++)
		for (size_t i = 0; i < o->nprogs; i++)
			if (o->progs[i].late == (late == 1) && attach_prog(r, &o->progs[i]) != 0)
				return -1;
	hold_candidates(r);
	r->prov.tracer = r->nhold_pids ? getpid() : 0;
	/* each provider's run-time part once, after every program is attached */
	for (int k = 0; k < r->nruns; k++)
		if (r->runs[k]->start && r->runs[k]->start(&r->prov, &r->run_state[k]) != 0)
			return -1;
	return 0;
}

/* The state map's value (*v, malloc'd: state first, then the globals) and its state (*st):
 * false when there is none or it cannot be read. */
static bool state_read(const struct run *r, unsigned char **v, struct dobj_state *st)
{
	const struct dobj *o = r->o;
	*v = NULL;
	if (o->state_map < 0 || (size_t)o->state_map >= o->nmaps)
		return false;
	const struct dobj_map *m = &o->maps[o->state_map];
	if (m->value_size < sizeof(struct dobj_state))
		return false;
	*v = xcalloc(1, m->value_size);
	uint32_t key = 0;
	if (bpf_map_lookup_elem(m->fd, &key, *v) != 0)
		return false;
	memcpy(st, *v, sizeof(*st));
	return true;
}

/* exit() also sets `stopping` in the state map before its record is sent. A clause that faults
 * after its exit() loses the record (a fault discards what the clause recorded) but not the
 * stop, as dtrace's exit() moves the consumer to draining whatever becomes of its record
 * (dtrace.c DTRACEACT_EXIT sets dts_activity; dtrace(1) polls it with DTRACEIOC_STATUS). So the
 * loop looks at the flag too; without this such a program never stopped. The exit status is
 * the record's alone: the flag may be seen before the record arrives (the drain after the stop
 * reads it then and sets the status), and when the record was lost the status is 0, as
 * dtrace's (dtrace -n 'BEGIN { exit(1); trace(*(int *)8); }' exits 0). */
static void check_stopping(struct run *r)
{
	unsigned char *v = NULL;
	struct dobj_state st;
	if (!r->stop && state_read(r, &v, &st) && st.stopping == DOBJ_RUN_STOPPING) {
		r->stop = true;
		r->status = 0;
	}
	free(v);
}

/* After BEGIN: let every probe fire (the state was created STARTING), unless BEGIN called
 * exit(). Nothing but the tracer writes the state now (the programs of other probes return
 * before touching it), so reading and writing the whole value back loses nothing. Returns
 * whether BEGIN called exit() (or faulted with an ERROR clause that will). */
static bool activate(struct run *r)
{
	unsigned char *v = NULL;
	struct dobj_state st;
	if (!state_read(r, &v, &st)) {
		free(v);
		return false;
	}
	bool exited = st.stopping == DOBJ_RUN_STOPPING;
	if (st.stopping == DOBJ_RUN_STARTING) {
		st.stopping = DOBJ_RUN_ACTIVE;
		memcpy(v, &st, sizeof(st));
		uint32_t key = 0;
		if (bpf_map_update_elem(r->o->maps[r->o->state_map].fd, &key, v, BPF_ANY) != 0) {
			util_warn("could not enable tracing: cannot update the state map: %s",
				  strerror(errno));
			r->failed = true;
		}
	}
	free(v);
	return exited;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Whether the output can no longer be written: a reader that went away (EPIPE, a pipe to
 * `head` that has closed) ends tracing as SIGINT does, silently; another write error ends it
 * with a message. Either way the run stops cleanly (END, detach, the -c child killed). */
static bool out_gone(struct run *r)
{
	if (!r->sink->write_failed)
		return false;
	if (!r->stop && r->sink->write_errno != EPIPE)
		util_warn("cannot write the trace output: %s", strerror(r->sink->write_errno));
	r->stop = true;
	return true;
}

/* Deliver what is in the buffer; a ring buffer failure is fatal. */
static int deliver(struct run *r, int timeout_ms)
{
	r->sink->pass_quiet = r->d->quiet;
	int n = timeout_ms < 0 ? ringbuf_drain(r->rb) : ringbuf_poll(r->rb, timeout_ms);
	/* ERROR's output that waited for the end of BEGIN's (consume_fault) */
	if (n != RINGBUF_ERR && r->erb)
		n = ringbuf_drain(r->erb);
	if (n == RINGBUF_ERR && errno != EINTR) {
		util_warn("processing aborted: cannot read the trace buffer: %s", strerror(errno));
		r->failed = true;
		return -1;
	}
	flush_out(r);
	pcap_out_poll(&r->pcap);   /* tshark's lines as they come, between deliveries */
	return out_gone(r) ? -1 : 0;
}

int trace_run(struct dobj *o, const struct trace_run_opts *ro)
{
	struct run r = { 0 };
	r.o = o;
	r.ro = ro;
	r.dyn = *ro->dopts;
	r.d = &r.dyn;
	r.out = ro->out ? ro->out : stdout;
	r.quiet = r.d->quiet;
	attach_set_init(&r.main_set);
	r.sink = sink_new(r.d->oformat, r.out, r.d);
	if (!r.sink) {
		util_warn("could not enable tracing: unknown output format");
		return 1;
	}
	pcap_out_init(&r.pcap, print_pcap_text, &r);
	r.sink->stop_signal = &got_signal;   /* SIGINT/SIGTERM end a write a reader holds */

	if (setup(&r) != 0) {
		release(&r);
		sink_free(r.sink);
		return 1;
	}
	trace_usym_printf_ctx(&r.usym, &r.sink->fctx);
	trace_usym_syms(&r.usym, &r.syms);

	struct sigaction sa, old_int, old_term, old_chld, old_pipe;
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop_signal; /* no SA_RESTART: the wait for records must end */
	got_signal = 0;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	/* SA_NOCLDSTOP: the -c child's exit, not its stops (nor the stops of the threads the
	 * holder traces, which the kernel reports to the tracer with SIGCHLD too) */
	sa.sa_handler = on_child;
	sa.sa_flags = SA_NOCLDSTOP;
	sigaction(SIGCHLD, &sa, &old_chld);
	/* a reader that goes away is a write error (EPIPE), seen after each delivery */
	sa.sa_handler = SIG_IGN;
	sa.sa_flags = 0;
	sigaction(SIGPIPE, &sa, &old_pipe);

	bool *live = xcalloc(ro->npids ? (size_t)ro->npids : 1, sizeof(bool));
	for (int i = 0; i < ro->npids; i++)
		live[i] = true;

	if (r.prov.can_hold)
		r.hold = ptrace_hold_start(r.hold_pids, r.nhold_pids);

	static const uint64_t no_args[6];
	fire_self(&r, DOBJ_PROBE_BEGIN, no_args);
	r.begin_exited = activate(&r);
	deliver(&r, -1);
	/* dtrace's first status check comes at its first dtrace_work, right after BEGIN: BEGIN's
	 * drops are reported on their own, before any a later probe counts (dt_work.c,
	 * dtrace_status; observed: a failed speculation() in BEGIN and another in a tick 100ms
	 * later are two messages) */
	report_drops(&r, false);
	for (int i = 0; i < ro->nchildren; i++)
		if (childproc_resume(&ro->children[i]) != 0)
			util_warn("failed to resume pid %d: %s", (int)ro->children[i].pid, strerror(errno));

	struct timespec last_drops;
	clock_gettime(CLOCK_MONOTONIC, &last_drops);
	/* dtrace notices exit() at its next status check, every statusrate: with statusrate set,
	 * END waits for that check (by default the state is checked at every poll) */
	bool paced = dopt_is_set(r.d, "statusrate") && r.d->statusrate > 0;
	uint64_t next_status = mono_ns() + r.d->statusrate;
	uint64_t stop_at = 0; /* the status check that notices exit() */
	while (!r.failed) {
		if (r.stop) {
			uint64_t now_ns = mono_ns();
			if (!paced || got_signal)
				break;
			if (stop_at == 0) {
				while (next_status <= now_ns)
					next_status += r.d->statusrate;
				stop_at = next_status;
			}
			if (now_ns >= stop_at)
				break;
			uint64_t wait_ms = (stop_at - now_ns) / 1000000u + 1;
			deliver(&r, (int)(wait_ms > 1000 ? 1000 : wait_ms));
			continue;
		}
		if (got_signal) {
			/* dtrace ends the interrupted line, quiet or not */
			r.sink->ops->interrupted(r.sink);
			break;
		}
		if (targets_gone(&r, live))
			break;
		if (deliver(&r, poll_timeout_ms(&r)) != 0)
			break;
		if (r.stop)
			continue;
		/* the holder asks whether a thread's SIGURG is the watcher's: a drain begun now
		 * reads every record written before the question */
		uint64_t ticket = ptrace_hold_drain_wanted(r.hold);
		if (ticket != 0) {
			if (deliver(&r, -1) != 0)
				break;
			ptrace_hold_drained(r.hold, ticket);
		}
		check_stopping(&r);
		trace_usym_poll(&r.usym, o);
		struct timespec now;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - last_drops.tv_sec >= 1) {
			report_drops(&r, false);
			/* truncated stack keys of processes that exited: see trace_aggs_retire */
			trace_aggs_retire(&r.aggs, trace_usym_gone, &r.usym);
			last_drops = now;
		}
	}

	/* Stop: only END (and ERROR for END's faults) may fire from here on; nothing is held. */
	ptrace_hold_stop(r.hold);
	r.hold = NULL;
	attach_detach_all(&r.main_set);
	if (!r.failed) {
		deliver(&r, -1);
		fire_self(&r, DOBJ_PROBE_END, no_args);
	}
	/* twice: END's faults fire ERROR while the first drain reads them */
	for (int i = 0; i < 2 && !r.failed; i++)
		deliver(&r, -1);
	report_drops(&r, true);
	/* the capture files complete, tshark's last lines printed (its input ended) before the
	 * end of the output, where dtrace's reader thread has printed them */
	pcap_out_close(&r.pcap);
	bool gone = r.sink->write_failed;
	if (!r.failed && !gone)
		r.sink->ops->finish(r.sink);
	if (!r.failed && !gone && o->naggs > 0) {
		/* dtrace prints every aggregation printa() has not printed, after that line */
		struct agg_data **snaps;
		char err[256];
		if (trace_aggs_exit(&r.aggs, &snaps, err, sizeof(err)) != 0) {
			util_warn("failed to print aggregations: %s", err);
		} else {
			r.sink->ops->aggs_exit(r.sink, snaps, o->naggs);
			free(snaps);
		}
	}
	if (!r.sink->write_failed && r.sink->ops->end)
		r.sink->ops->end(r.sink);
	sink_flush_out(r.sink);
	if (r.orig_out) {           /* a freopen() file still open */
		fclose(r.out);
		set_out(&r, r.orig_out);
	}
	free(r.freopen_path);
	if (r.sink->write_failed && r.sink->write_errno != EPIPE && !gone)
		util_warn("cannot write the trace output: %s", strerror(r.sink->write_errno));

	for (int i = 0; i < ro->nchildren; i++)
		if (ro->children[i].pid > 0 && !ro->children[i].exited)
			childproc_kill(&ro->children[i]);
	if (got_signal) {
		/* stopped by a signal: a second one on its way (timeout(1) sends the command its
		 * signal, then its process group the same) must not kill us while we finish: the
		 * default action would make the exit status 130 */
		signal(SIGINT, SIG_IGN);
		signal(SIGTERM, SIG_IGN);
	} else {
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGTERM, &old_term, NULL);
	}
	sigaction(SIGCHLD, &old_chld, NULL);
	sigaction(SIGPIPE, &old_pipe, NULL);
	free(live);
	release(&r);
	sink_free(r.sink);
	return r.failed ? 1 : r.status;
}
