/* rt_selftest — the tracer's run stage (trace_run) against the kernel, with hand-built dobj
 * values: maps described, programs written with the bpf_insn.h encoders (each builds a record
 * on its stack and sends it with bpf_ringbuf_output), ecbs with trace/printf/tracemem/exit/
 * system actions. Every case runs trace_run exactly as the tracer command does, with the output
 * and stderr captured to files, and compares them byte for byte with what dtrace prints.
 * Needs root. Usage: rt_selftest [CASE...] (all cases when none is named). */
#include <bpf/bpf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bpf_insn.h"
#include "childproc.h"
#include "dfmt.h"
#include "dobj.h"
#include "provider.h"
#include "dopt.h"
#include "dout.h"
#include "trace_run.h"
#include "util.h"

/* BEGIN/END/ERROR programs are raw-tracepoint programs run by the tracer: their context is
 * u64 args[6] (dobj_prog_type) */
#define ARG_OFF(i) (8 * (i))

#include "tap.h"

/* --- building programs ------------------------------------------------------------------- */
struct pb {
	struct bpf_insn *v;
	size_t n, cap;
	size_t *relocs;
	size_t nrel;
};

static void emit(struct pb *p, struct bpf_insn i)
{
	xgrow(&p->v, sizeof(*p->v), &p->cap, p->n + 1);
	p->v[p->n++] = i;
}

static void emit_imm64(struct pb *p, int reg, uint64_t v)
{
	struct bpf_insn two[2];
	bi_ld_imm64(two, reg, v);
	emit(p, two[0]);
	emit(p, two[1]);
}

/* reg = map number `idx` of the dobj (patched to its fd by the tracer) */
static void emit_map(struct pb *p, int reg, int idx)
{
	struct bpf_insn two[2];
	bi_ld_map_fd(two, reg, idx);
	p->relocs = xrealloc(p->relocs, sizeof(*p->relocs) * (p->nrel + 1));
	p->relocs[p->nrel++] = p->n;
	emit(p, two[0]);
	emit(p, two[1]);
}

/* A record of `size` bytes lives at r10 - size; fields are written relative to its start. */
static void rec_u32(struct pb *p, int size, int off, uint32_t v)
{
	emit(p, bi_st(BPF_W, 10, (int16_t)(off - size), (int32_t)v));
}

static void rec_u64(struct pb *p, int size, int off, uint64_t v)
{
	emit_imm64(p, 1, v);
	emit(p, bi_stx(BPF_DW, 10, 1, (int16_t)(off - size)));
}

static void rec_reg64(struct pb *p, int size, int off, int reg)
{
	emit(p, bi_stx(BPF_DW, 10, reg, (int16_t)(off - size)));
}

static void rec_zero(struct pb *p, int size)
{
	for (int off = 0; off < size; off += 8)
		rec_u64(p, size, off, 0);
}

/* bpf_ringbuf_output(ringbuf, r10 - size, size, 0) */
static void rec_send(struct pb *p, int ringbuf, int size)
{
	emit_map(p, 1, ringbuf);
	emit(p, bi_mov64_reg(2, 10));
	emit(p, bi_alu64_imm(BPF_ADD, 2, -size));
	emit(p, bi_mov64_imm(3, size));
	emit(p, bi_mov64_imm(4, 0));
	emit(p, bi_call(BPF_FUNC_ringbuf_output));
}

static void prog_end(struct pb *p)
{
	emit(p, bi_mov64_imm(0, 0));
	emit(p, bi_exit());
}

/* --- building a dobj --------------------------------------------------------------------- */
enum { MAP_RB, MAP_DROPS, MAP_STATE, NMAPS };

static struct dobj *dobj_new(void)
{
	struct dobj *o = xcalloc(1, sizeof(*o));
	o->nmaps = NMAPS;
	o->maps = xcalloc(NMAPS, sizeof(*o->maps));
	dobj_maps_none(o);
	o->maps[MAP_RB] = (struct dobj_map){ xstrdup("ring"), BPF_SYS_MAP_RINGBUF, 0, 0, 64 * 4096,
					     NULL, -1, 0 };
	o->maps[MAP_DROPS] = (struct dobj_map){ xstrdup("drops"), BPF_SYS_MAP_PERCPU_ARRAY, 4, 8,
						DOUT_DROP_DBLERROR + 1, NULL, -1, 0 };
	o->maps[MAP_STATE] = (struct dobj_map){ xstrdup("globals"), BPF_SYS_MAP_ARRAY, 4,
						sizeof(struct dobj_state) + 8, 1, NULL, -1, 0 };
	o->ringbuf_map = MAP_RB;
	o->drops_map = MAP_DROPS;
	o->state_map = MAP_STATE;
	o->strsize = 256;
	return o;
}

/* A probe of the dtrace or profile provider; a profile probe's data is its period (profile.c). */
static int add_probe(struct dobj *o, uint32_t id, const char *prov, const char *name,
		     enum dobj_probe_kind kind, uint64_t period)
{
	static uint64_t periods[32];
	static int nperiods;
	const uint64_t *data = NULL;
	if (period) {
		periods[nperiods % 32] = period;
		data = &periods[nperiods++ % 32];
	}
	o->probes = xrealloc(o->probes, sizeof(*o->probes) * (o->nprobes + 1));
	o->probes[o->nprobes] = (struct dobj_probe){
		.id = id, .provider = xstrdup(prov), .module = xstrdup(""), .function = xstrdup(""),
		.name = xstrdup(name), .kind = kind, .data = data,
		.prov = strcmp(prov, "dtrace") == 0 ? &prov_dtrace : &prov_profile };
	return (int)o->nprobes++;
}

static void add_prog(struct dobj *o, int probe, struct pb *p)
{
	o->progs = xrealloc(o->progs, sizeof(*o->progs) * (o->nprogs + 1));
	o->progs[o->nprogs++] = (struct dobj_prog){
		.probe = probe, .type = o->probes[probe].prov->prog_type(&o->probes[probe]),
		.insns = p->v, .ninsns = p->n, .map_relocs = p->relocs, .nrelocs = p->nrel, .fd = -1 };
	memset(p, 0, sizeof(*p));
}

/* The ecb for epid o->necbs + 1; actions are added with add_act. */
static struct dobj_ecb *add_ecb(struct dobj *o, int probe, uint32_t size)
{
	o->ecbs = xrealloc(o->ecbs, sizeof(*o->ecbs) * (o->necbs + 1));
	struct dobj_ecb *e = &o->ecbs[o->necbs];
	*e = (struct dobj_ecb){ (uint32_t)o->necbs + 1, probe, (int)o->necbs, size, NULL, 0, 0 };
	o->necbs++;
	return e;
}

static const struct dfmt_argtype AT_INT = { .cls = DFMT_ARG_INT, .size = 4, .is_signed = true,
					     .name = "int" };
static const struct dfmt_argtype AT_LONG = { .cls = DFMT_ARG_INT, .size = 8, .is_signed = true,
					      .name = "int64_t", .irank = DFMT_IR_LONG,
					      .int64_name = true };
static const struct dfmt_argtype AT_STR = { .cls = DFMT_ARG_STRING, .size = 16, .name = "string" };

static struct dobj_val val(uint32_t off, uint32_t size, enum dobj_vkind kind, bool is_signed,
			   struct dfmt_argtype at)
{
	return (struct dobj_val){ off, size, kind, is_signed, at };
}

static void add_act(struct dobj_ecb *e, enum dobj_act_kind kind, const char *fmt,
		    const struct dobj_val *vals, size_t nvals)
{
	e->acts = xrealloc(e->acts, sizeof(*e->acts) * (e->nacts + 1));
	struct dobj_action *a = &e->acts[e->nacts];
	memset(a, 0, sizeof(*a));
	a->kind = kind;
	a->action_no = (int)e->nacts + 1;
	a->vals = xcalloc(nvals ? nvals : 1, sizeof(*a->vals));
	memcpy(a->vals, vals, sizeof(*vals) * nvals);
	a->nvals = nvals;
	if (fmt) {
		struct derr err;
		char text[DERR_TEXT_MAX];
		struct dfmt_argtype at[8];
		for (size_t i = 0; i < nvals; i++)
			at[i] = vals[i].argtype;
		a->fmt = dfmt_parse(fmt, &err);
		if (!a->fmt || dfmt_check(a->fmt, "printf", at, nvals, 2, NULL, false, &err) != 0) {
			fprintf(stderr, "rt_selftest: bad test format %s: %s\n", fmt,
				derr_format(&err, true, text, sizeof(text)));
			exit(2);
		}
	}
	e->nacts++;
}

static void free_dobj(struct dobj *o)
{
	for (size_t i = 0; i < o->nmaps; i++) {
		free(o->maps[i].name);
		free(o->maps[i].init);
	}
	for (size_t i = 0; i < o->nprobes; i++) {
		free(o->probes[i].provider);
		free(o->probes[i].module);
		free(o->probes[i].function);
		free(o->probes[i].name);
	}
	for (size_t i = 0; i < o->nprogs; i++) {
		free(o->progs[i].insns);
		free(o->progs[i].map_relocs);
	}
	for (size_t i = 0; i < o->necbs; i++) {
		for (size_t k = 0; k < o->ecbs[i].nacts; k++) {
			dfmt_free(o->ecbs[i].acts[k].fmt);
			free(o->ecbs[i].acts[k].vals);
		}
		free(o->ecbs[i].acts);
	}
	free(o->maps);
	free(o->probes);
	free(o->progs);
	free(o->ecbs);
	free(o);
}

/* --- running a case ---------------------------------------------------------------------- */
struct result {
	int status;
	char *out, *err;
};

static char *slurp(FILE *f)
{
	fflush(f);
	long n = ftell(f);
	char *s = xcalloc(1, (size_t)(n > 0 ? n : 0) + 1);
	rewind(f);
	if (n > 0 && fread(s, 1, (size_t)n, f) != (size_t)n)
		s[0] = '\0';
	return s;
}

/* Run o with stderr captured; opts filled in by the caller (out is set here). */
static struct result run(struct dobj *o, struct trace_run_opts *ro)
{
	struct result res;
	FILE *out = tmpfile(), *err = tmpfile();
	if (!out || !err) {
		perror("tmpfile");
		exit(2);
	}
	fflush(stderr);
	int saved = dup(2);
	dup2(fileno(err), 2);
	ro->out = out;
	res.status = trace_run(o, ro);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	fseek(err, 0, SEEK_END);
	res.out = slurp(out);
	res.err = slurp(err);
	fclose(out);
	fclose(err);
	return res;
}

static void expect(const char *name, struct result *r, int status, const char *out, const char *err)
{
	if (r->status != status)
		tap_notok(name, "exit status %d, expected %d (stderr [%s])", r->status, status, r->err);
	else if (strcmp(r->out, out) != 0)
		tap_notok(name, "output [%s], expected [%s]", r->out, out);
	else if (err && strcmp(r->err, err) != 0)
		tap_notok(name, "stderr [%s], expected [%s]", r->err, err);
	else
		tap_ok(name);
	fflush(stdout);
	free(r->out);
	free(r->err);
}

static struct dopts base_opts(bool quiet)
{
	struct dopts d;
	dopts_init(&d);
	d.quiet = quiet;
	return d;
}

/* BEGIN: trace(42), printf("%d %s|", -7, "hi"), exit(3); END: printf("end %d\n", tracer pid
 * read from the state map). Both with the heading and prefixes, CPU written as 5. */
static struct dobj *build_basic(void)
{
	struct dobj *o = dobj_new();
	int pb = add_probe(o, 1, "dtrace", "BEGIN", DOBJ_PROBE_BEGIN, 0);
	int pe = add_probe(o, 2, "dtrace", "END", DOBJ_PROBE_END, 0);
	struct pb p = { 0 };
	int sz = 48; /* hdr, trace at 8, printf int at 16, string at 24 (16 bytes), exit at 40 */
	rec_zero(&p, sz);
	rec_u32(&p, sz, 0, 1);
	rec_u32(&p, sz, 4, 5);
	rec_u64(&p, sz, 8, 42);
	rec_u32(&p, sz, 16, (uint32_t)-7);
	rec_u64(&p, sz, 24, 0x6968); /* "hi" */
	rec_u32(&p, sz, 40, 3);
	rec_send(&p, MAP_RB, sz);
	prog_end(&p);
	add_prog(o, pb, &p);
	struct dobj_ecb *e = add_ecb(o, pb, (uint32_t)sz);
	struct dobj_val v1 = val(8, 8, DOBJ_V_INT, true, AT_LONG);
	add_act(e, DOBJ_ACT_TRACE, NULL, &v1, 1);
	struct dobj_val v2[2] = { val(16, 4, DOBJ_V_INT, true, AT_INT), val(24, 16, DOBJ_V_STRING, false, AT_STR) };
	add_act(e, DOBJ_ACT_PRINTF, "%d %s|", v2, 2);
	struct dobj_val v3 = val(40, 4, DOBJ_V_INT, true, AT_INT);
	add_act(e, DOBJ_ACT_EXIT, NULL, &v3, 1);

	/* END reads dobj_state.tracer_pid from the state map */
	int se = 16;
	emit_map(&p, 1, MAP_STATE);
	emit(&p, bi_st(BPF_W, 10, -8, 0));
	emit(&p, bi_mov64_reg(2, 10));
	emit(&p, bi_alu64_imm(BPF_ADD, 2, -8));
	emit(&p, bi_call(BPF_FUNC_map_lookup_elem));
	emit(&p, bi_jmp_imm(BPF_JNE, 0, 0, 2));
	emit(&p, bi_mov64_imm(0, 0));
	emit(&p, bi_exit());
	emit(&p, bi_ldx(BPF_W, 6, 0, (int16_t)offsetof(struct dobj_state, tracer_pid)));
	int top = 8 + se; /* the key slot sits above the record */
	rec_zero(&p, top);
	rec_u32(&p, top, 0, 2);
	rec_u32(&p, top, 4, 5);
	rec_reg64(&p, top, 8, 6);
	rec_send(&p, MAP_RB, top);
	prog_end(&p);
	add_prog(o, pe, &p);
	e = add_ecb(o, pe, (uint32_t)top);
	struct dobj_val v4 = val(8, 4, DOBJ_V_INT, true, AT_INT);
	add_act(e, DOBJ_ACT_PRINTF, "end %d\n", &v4, 1);
	return o;
}

static void case_basic(void)
{
	struct dobj *o = build_basic();
	struct dopts d = base_opts(false);
	struct trace_run_opts ro = { .dopts = &d };
	struct result r = run(o, &ro);
	char *want = xasprintf("CPU     ID                    FUNCTION:NAME\n"
			       "  5      1                           :BEGIN                   42-7 hi|\n"
			       "  5      2                             :END end %d\n\n\n", (int)getpid());
	expect("basic-prefixes", &r, 3, want, "");
	free(want);

	d = base_opts(true);
	r = run(o, &ro);
	want = xasprintf("42-7 hi|end %d\n\n", (int)getpid());
	expect("basic-quiet", &r, 3, want, "");
	free(want);
	free_dobj(o);
}

/* BEGIN sends a fault at 0x10 raised at pc 2, then exit(0). ERROR records its arguments. */
static void case_fault(void)
{
	struct dobj *o = dobj_new();
	int pb = add_probe(o, 1, "dtrace", "BEGIN", DOBJ_PROBE_BEGIN, 0);
	int per = add_probe(o, 3, "dtrace", "ERROR", DOBJ_PROBE_ERROR, 0);
	struct pb p = { 0 };
	int fs = (int)sizeof(struct dobj_rec_fault);
	rec_zero(&p, fs);
	rec_u32(&p, fs, 0, 0);
	rec_u32(&p, fs, 4, 0);
	rec_u32(&p, fs, 8, DOBJ_REC_FAULT);
	rec_u32(&p, fs, 12, 1);
	rec_u32(&p, fs, 16, DOUT_FLT_BADADDR);
	rec_u32(&p, fs, 20, 2);
	rec_u64(&p, fs, 24, 0x10);
	rec_send(&p, MAP_RB, fs);
	int es = 16;
	rec_u32(&p, es, 0, 1);
	rec_u32(&p, es, 4, 0);
	rec_u32(&p, es, 8, 0);
	rec_u32(&p, es, 12, 0);
	rec_send(&p, MAP_RB, es);
	prog_end(&p);
	add_prog(o, pb, &p);
	struct dobj_ecb *e = add_ecb(o, pb, (uint32_t)es);
	struct dobj_val v = val(8, 4, DOBJ_V_INT, true, AT_INT);
	add_act(e, DOBJ_ACT_EXIT, NULL, &v, 1);

	/* ERROR: printf("%d %d %d %d %d\n", arg1..arg5) from the context's args[1..5] */
	int sz = 48;
	emit(&p, bi_mov64_reg(6, 1));
	rec_u32(&p, sz, 0, 2);
	rec_u32(&p, sz, 4, 0);
	for (int i = 0; i < 5; i++) {
		emit(&p, bi_ldx(BPF_DW, 7, 6, (int16_t)ARG_OFF(i + 1)));
		rec_reg64(&p, sz, 8 + 8 * i, 7);
	}
	rec_send(&p, MAP_RB, sz);
	prog_end(&p);
	add_prog(o, per, &p);
	e = add_ecb(o, per, (uint32_t)sz);
	struct dobj_val ev[5];
	for (int i = 0; i < 5; i++)
		ev[i] = val(8 + 8 * (uint32_t)i, 8, DOBJ_V_INT, true, AT_LONG);
	add_act(e, DOBJ_ACT_PRINTF, "%d %d %d %d %d\n", ev, 5);

	struct dopts d = base_opts(true);
	struct trace_run_opts ro = { .dopts = &d };
	struct result r = run(o, &ro);
	char *err = xasprintf("%s: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid "
			      "address (0x10) at BPF pc 2\n", util_progname);
	expect("fault-fires-error", &r, 0, "1 0 2 1 16\n\n", err);
	free(err);
	free_dobj(o);
}

/* A clock probe whose clause exits: proves the probe fires (tick on one CPU, profile on all). */
static void case_clock(const char *name, enum dobj_probe_kind kind, uint64_t period)
{
	struct dobj *o = dobj_new();
	int pt = add_probe(o, 20, "profile", kind == DOBJ_PROBE_TICK ? "tick-x" : "profile-x", kind,
			   period);
	struct pb p = { 0 };
	int sz = 16;
	rec_u32(&p, sz, 0, 1);
	rec_u32(&p, sz, 4, 0);
	rec_u32(&p, sz, 8, 7);
	rec_u32(&p, sz, 12, 0);
	rec_send(&p, MAP_RB, sz);
	prog_end(&p);
	add_prog(o, pt, &p);
	struct dobj_ecb *e = add_ecb(o, pt, (uint32_t)sz);
	struct dobj_val v = val(8, 4, DOBJ_V_INT, true, AT_INT);
	add_act(e, DOBJ_ACT_EXIT, NULL, &v, 1);
	struct dopts d = base_opts(true);
	struct trace_run_opts ro = { .dopts = &d };
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct result r = run(o, &ro);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (secs > 5) {
		tap_notok(name, "took %.1f s to fire", secs);
		free(r.out);
		free(r.err);
	} else {
		expect(name, &r, 7, "\n", "");
	}
	free_dobj(o);
}

/* Drops counted by BEGIN in the drops map are reported; trace() of a string and tracemem(). */
static void case_drops_and_bytes(void)
{
	struct dobj *o = dobj_new();
	int pb = add_probe(o, 1, "dtrace", "BEGIN", DOBJ_PROBE_BEGIN, 0);
	struct pb p = { 0 };
	/* drops[DOUT_DROP_DYNAMIC] += 5 on this CPU */
	emit(&p, bi_st(BPF_W, 10, -4, DOUT_DROP_DYNAMIC));
	emit_map(&p, 1, MAP_DROPS);
	emit(&p, bi_mov64_reg(2, 10));
	emit(&p, bi_alu64_imm(BPF_ADD, 2, -4));
	emit(&p, bi_call(BPF_FUNC_map_lookup_elem));
	emit(&p, bi_jmp_imm(BPF_JEQ, 0, 0, 2));
	emit(&p, bi_mov64_imm(1, 5));
	emit(&p, bi_atomic_add(BPF_DW, 0, 1, 0));
	int sz = 48; /* string "abc" at 8 (8 bytes), 20 tracemem bytes at 16, exit at 40 */
	int top = sz + 8;
	rec_zero(&p, top);
	rec_u32(&p, top, 0, 1);
	rec_u32(&p, top, 4, 0);
	rec_u64(&p, top, 8, 0x636261);
	rec_u64(&p, top, 16, 0x4847464544434241ull);
	rec_u64(&p, top, 24, 0x0a09080706050403ull);
	rec_u32(&p, top, 32, 0x5a595857);
	rec_u32(&p, top, 40, 0);
	rec_send(&p, MAP_RB, sz + 8);
	prog_end(&p);
	add_prog(o, pb, &p);
	struct dobj_ecb *e = add_ecb(o, pb, (uint32_t)sz);
	struct dfmt_argtype none = { .cls = DFMT_ARG_OTHER, .name = "void" };
	struct dobj_val vs = val(8, 8, DOBJ_V_STRING, false, AT_STR);
	add_act(e, DOBJ_ACT_TRACE, NULL, &vs, 1);
	struct dobj_val vm = val(16, 20, DOBJ_V_BYTES, false, none);
	add_act(e, DOBJ_ACT_TRACEMEM, NULL, &vm, 1);
	struct dobj_val vx = val(40, 4, DOBJ_V_INT, true, AT_INT);
	add_act(e, DOBJ_ACT_EXIT, NULL, &vx, 1);

	struct dopts d = base_opts(true);
	struct trace_run_opts ro = { .dopts = &d };
	struct result r = run(o, &ro);
	struct strbuf want = { 0 };
	dout_trace_string(&want, true, false, "abc\0\0\0\0\0", 8);
	dout_tracemem(&want, "ABCDEFGH\x03\x04\x05\x06\x07\x08\x09\x0aWXYZ", 20);
	strbuf_puts(&want, "\n");
	char *err = xasprintf("%s: 5 dynamic variable drops\n", util_progname);
	/* independent check of the bytes dout produced for the string: dtrace prints it bare */
	if (strncmp(want.s, "abc", 3) != 0)
		tap_notok("drops-and-bytes", "dout_trace_string gave [%s]", want.s);
	else
		expect("drops-and-bytes", &r, 0, want.s, err);
	free(err);
	strbuf_free(&want);
	free_dobj(o);
}

/* system("echo %d", 12) runs through sh with our output as its stdout, in order. */
static void case_system(void)
{
	struct dobj *o = dobj_new();
	int pb = add_probe(o, 1, "dtrace", "BEGIN", DOBJ_PROBE_BEGIN, 0);
	struct pb p = { 0 };
	int sz = 24;
	rec_zero(&p, sz);
	rec_u32(&p, sz, 0, 1);
	rec_u32(&p, sz, 8, 12);
	rec_send(&p, MAP_RB, sz);
	prog_end(&p);
	add_prog(o, pb, &p);
	struct dobj_ecb *e = add_ecb(o, pb, (uint32_t)sz);
	struct dobj_val v = val(8, 4, DOBJ_V_INT, true, AT_INT);
	add_act(e, DOBJ_ACT_PRINTF, "before ", &v, 0);
	add_act(e, DOBJ_ACT_SYSTEM, "echo sh said %d", &v, 1);
	add_act(e, DOBJ_ACT_PRINTF, "after %d\n", &v, 1);
	struct dobj_val vx = val(16, 4, DOBJ_V_INT, true, AT_INT);
	add_act(e, DOBJ_ACT_EXIT, NULL, &vx, 1);
	struct dopts d = base_opts(true);
	struct trace_run_opts ro = { .dopts = &d };
	struct result r = run(o, &ro);
	expect("system-action", &r, 0, "before sh said 12\nafter 12\n\n", "");
	free_dobj(o);
}

/* SIGINT stops the run: a newline, then END's output, then the final newline; status 0. */
static void case_sigint(void)
{
	struct dobj *o = dobj_new();
	int pe = add_probe(o, 2, "dtrace", "END", DOBJ_PROBE_END, 0);
	struct pb p = { 0 };
	int sz = 16;
	rec_zero(&p, sz);
	rec_u32(&p, sz, 0, 1);
	rec_u32(&p, sz, 8, 99);
	rec_send(&p, MAP_RB, sz);
	prog_end(&p);
	add_prog(o, pe, &p);
	struct dobj_ecb *e = add_ecb(o, pe, (uint32_t)sz);
	struct dobj_val v = val(8, 4, DOBJ_V_INT, true, AT_INT);
	add_act(e, DOBJ_ACT_PRINTF, "end %d", &v, 1);
	pid_t me = getpid();
	pid_t killer = fork();
	if (killer == 0) {
		usleep(1000000); /* after trace_run has its handlers, even under ASan */
		kill(me, SIGINT);
		_exit(0);
	}
	struct dopts d = base_opts(true);
	struct trace_run_opts ro = { .dopts = &d };
	struct result r = run(o, &ro);
	waitpid(killer, NULL, 0);
	expect("sigint-runs-end", &r, 0, "\nend 99\n", "");
	free_dobj(o);
}

/* -c: the child is resumed after BEGIN; its exit stops the run with dtrace's notice. */
static void case_child(void)
{
	struct dobj *o = dobj_new();
	int pe = add_probe(o, 2, "dtrace", "END", DOBJ_PROBE_END, 0);
	struct pb p = { 0 };
	int sz = 8;
	rec_u32(&p, sz, 0, 1);
	rec_u32(&p, sz, 4, 1);
	rec_send(&p, MAP_RB, sz);
	prog_end(&p);
	add_prog(o, pe, &p);
	add_ecb(o, pe, (uint32_t)sz);
	struct childproc c;
	char err[256];
	if (childproc_start("/bin/sleep 0.2", CHILDPROC_AT_ENTRY, &c, err, sizeof(err)) != 0) {
		tap_notok("child-exit-stops", "cannot start child: %s", err);
		free_dobj(o);
		return;
	}
	struct dopts d = base_opts(false);
	struct trace_run_opts ro = { .dopts = &d, .children = &c, .nchildren = 1,
				     .target_pid = c.pid };
	struct result r = run(o, &ro);
	/* the child's exit ends the trace unannounced, as in DTrace for Linux */
	expect("child-exit-stops", &r, 0,
	       "CPU     ID                    FUNCTION:NAME\n"
	       "  1      2                             :END \n\n", "");
	if (!c.exited)
		tap_notok("child-reaped", "the child was not reaped");
	else if (!WIFEXITED(c.status) || WEXITSTATUS(c.status) != 0)
		tap_notok("child-reaped", "child wait status %#x", c.status);
	else
		tap_ok("child-reaped");
	free_dobj(o);
}

/* A program the verifier refuses: the message names the probe; status 1; nothing printed. */
static void case_verifier(void)
{
	struct dobj *o = dobj_new();
	int pb = add_probe(o, 1, "dtrace", "BEGIN", DOBJ_PROBE_BEGIN, 0);
	struct pb p = { 0 };
	emit(&p, bi_mov64_reg(0, 5)); /* r5 was never written */
	emit(&p, bi_exit());
	add_prog(o, pb, &p);
	add_ecb(o, pb, 8);
	struct dopts d = base_opts(true);
	struct trace_run_opts ro = { .dopts = &d };
	struct result r = run(o, &ro);
	char *want = xasprintf("%s: failed to enable probe 1 (dtrace:::BEGIN): the BPF verifier "
			       "rejected the code generated for its clauses: R5 !read_ok "
			       "(-x verbose shows the verifier's log)\n", util_progname);
	expect("verifier-rejection", &r, 1, "", want);
	free(want);

	/* With -S notes the message names the part of the clause the refused code came from. */
	struct dobj_note notes[2] = { { 0, xstrdup("; prologue") },
				      { 0, xstrdup("; clause 1, action #2: printf") } };
	o->progs[0].notes = notes;
	o->progs[0].nnotes = 2;
	r = run(o, &ro);
	want = xasprintf("%s: failed to enable probe 1 (dtrace:::BEGIN): the BPF verifier "
			 "rejected the code generated for clause 1, action #2: printf: R5 !read_ok "
			 "(-x verbose shows the verifier's log)\n", util_progname);
	expect("verifier-rejection-names-action", &r, 1, "", want);
	free(want);
	o->progs[0].notes = NULL;
	o->progs[0].nnotes = 0;
	free(notes[0].text);
	free(notes[1].text);

	d.verbose = true;
	r = run(o, &ro);
	if (r.status != 1 || !strstr(r.err, "R5 !read_ok\n") || !strstr(r.err, "0: (bf) r0 = r5"))
		tap_notok("verifier-log-verbose", "status %d, stderr [%s]", r.status, r.err);
	else
		tap_ok("verifier-log-verbose");
	free(r.out);
	free(r.err);
	free_dobj(o);
}

/* A layout whose value lies beyond its record is refused before anything is created. */
static void case_bad_layout(void)
{
	struct dobj *o = dobj_new();
	int pb = add_probe(o, 1, "dtrace", "BEGIN", DOBJ_PROBE_BEGIN, 0);
	struct pb p = { 0 };
	prog_end(&p);
	add_prog(o, pb, &p);
	struct dobj_ecb *e = add_ecb(o, pb, 16);
	struct dobj_val v = val(12, 8, DOBJ_V_INT, true, AT_LONG);
	add_act(e, DOBJ_ACT_TRACE, NULL, &v, 1);
	struct dopts d = base_opts(true);
	struct trace_run_opts ro = { .dopts = &d };
	struct result r = run(o, &ro);
	char *want = xasprintf("%s: could not enable tracing: internal error: the record layout of "
			       "enabled probe ID 1 is inconsistent\n", util_progname);
	expect("bad-layout-refused", &r, 1, "", want);
	free(want);
	free_dobj(o);
}

int main(int argc, char **argv)
{
	util_progname = "rt_selftest";
	setvbuf(stdout, NULL, _IOLBF, 0);
	static const struct { const char *name; void (*fn)(void); } cases[] = {
		{ "basic", case_basic }, { "fault", case_fault }, { "drops", case_drops_and_bytes },
		{ "system", case_system }, { "sigint", case_sigint }, { "child", case_child },
		{ "verifier", case_verifier }, { "layout", case_bad_layout },
	};
	size_t n = sizeof(cases) / sizeof(cases[0]);
	for (size_t i = 0; i < n; i++) {
		bool want = argc < 2;
		for (int k = 1; k < argc; k++)
			want |= strcmp(argv[k], cases[i].name) == 0;
		if (want)
			cases[i].fn();
	}
	bool clock = argc < 2;
	for (int k = 1; k < argc; k++)
		clock |= strcmp(argv[k], "clock") == 0;
	if (clock) {
		case_clock("tick-fires", DOBJ_PROBE_TICK, 10000000);
		case_clock("profile-fires", DOBJ_PROBE_PROFILE, 1000000000 / 97);
	}
	return tap_failures ? 1 : 0;
}
