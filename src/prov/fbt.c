/* fbt.c — the fbt provider: entry and return of kernel functions through BPF trampolines
 * (fentry/fexit programs: BPF_PROG_TYPE_TRACING, attach type BPF_TRACE_FENTRY/FEXIT, the
 * function's vmlinux BTF id as attach_btf_id, linked with bpf_link_create). No kprobes.
 *
 * Probes: fbt:vmlinux:FUNC:entry and fbt:vmlinux:FUNC:return for every function vmlinux BTF
 * describes (BTF only holds functions that have code), created in the builtin catalog as
 * descriptions name them (bprobes_add), so ids follow the order functions are first named.
 * Whether the kernel lets a function be traced (notrace, the BPF machinery itself) shows when
 * its program is loaded: the verifier's refusal names the probe. A probe's data
 * (dobj_probe.data) is the function's BTF id, a uint32_t.
 *
 * Arguments, as DTrace's fbt: entry probes have the function's arguments (args[] typed from
 * BTF through kbtf.h); return probes have arg0 the offset of the returning instruction (a
 * trampoline does not know it: -1, DTrace for Linux's "unknown", as its BPF fbt gives it) and
 * arg1 the return value (args[1] typed), when the function returns one. The context of a trampoline program is an array of u64: one slot per argument
 * (two for a struct passed by value that is wider than 8 bytes), then fexit's return value.
 *
 * Many functions at once: every probe is its own program and trampoline, so a clause may
 * enable at most FBT_MAX functions; beyond that matching fails with a message rather than
 * loading for minutes (tests/sh/fbt.sh measures attaching). */
#include <linux/bpf.h>
#include <bpf/btf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "attach.h"
#include "bpf_insn.h"
#include "bpf_sys.h"
#include "bprobes.h"
#include "cg_clause.h"
#include "kbtf.h"
#include "pcat.h"
#include "provider.h"
#include "util.h"

#define FBT_MAX 2000   /* probes one clause may enable */

struct kfunc {
	const char *name;   /* in the BTF's string section */
	uint32_t id;
};

static struct kfunc *funcs;
static size_t nfuncs;
static bool table_built;

static int by_name(const void *a, const void *b)
{
	const struct kfunc *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : x->id < y->id ? -1 : x->id > y->id;
}

/* Every FUNC of vmlinux BTF, by name, one entry per name (the first id: static functions of
 * one name in several files are one probe, as one name is all a description can give). */
static bool build_table(void)
{
	if (table_built)
		return funcs != NULL;
	table_built = true;
	const struct btf *btf = kbtf_get();
	if (!btf)
		return false;
	uint32_t n = btf__type_cnt(btf);
	size_t cap = 0;
	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		if (!btf_is_func(t))
			continue;
		xgrow(&funcs, sizeof(*funcs), &cap, nfuncs + 1);
		funcs[nfuncs].name = btf__name_by_offset(btf, t->name_off);
		funcs[nfuncs++].id = id;
	}
	qsort(funcs, nfuncs, sizeof(*funcs), by_name);
	size_t k = 0;
	for (size_t i = 0; i < nfuncs; i++)
		if (k == 0 || strcmp(funcs[k - 1].name, funcs[i].name) != 0)
			funcs[k++] = funcs[i];
	nfuncs = k;
	return nfuncs > 0;
}

/* Add the probes of function f (its name and first BTF id) that the description selects,
 * unless they are in already. */
static void provide(struct bprobes *c, struct kfunc f, bool entry, bool ret)
{
	if (!c->kbtf_added)
		c->kbtf_added = xcalloc(btf__type_cnt(kbtf_get()), 1);
	static const char *const names[2] = { "entry", "return" };
	for (int k = 0; k < 2; k++) {
		if (!(k == 0 ? entry : ret) || (c->kbtf_added[f.id] & (1u << k)))
			continue;
		c->kbtf_added[f.id] |= (unsigned char)(1u << k);
		struct dobj_probe *p = bprobes_add(c, &prov_fbt, "vmlinux", f.name, names[k],
						   k == 0 ? DOBJ_PROBE_FBT_ENTRY : DOBJ_PROBE_FBT_RETURN);
		*(uint32_t *)bprobes_data(c, p, sizeof(uint32_t)) = f.id;
	}
}

static uint32_t btf_id(const struct dobj_probe *p)
{
	return *(const uint32_t *)p->data;
}

/* The function named name, by its first BTF id (as build_table keeps it): one scan of the
 * BTF, not the sorted table, which a description naming one function does not need. */
static bool find_func(const char *name, struct kfunc *f)
{
	const struct btf *btf = kbtf_get();
	int id = btf ? btf__find_by_name_kind(btf, name, BTF_KIND_FUNC) : -1;
	if (id <= 0)
		return false;
	f->id = (uint32_t)id;
	f->name = btf__name_by_offset(btf, btf__type_by_id(btf, (uint32_t)id)->name_off);
	return true;
}

static int fbt_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		     int nbefore)
{
	(void)nbefore;
	if (id != 0)
		return pcat_match_builtin(cat, &prov_fbt, d, id, clause);
	if (!probedesc_glob(d->prov, "fbt", false) ||
	    (*d->mod && !probedesc_glob(d->mod, "vmlinux", false)))
		return 0;
	bool entry = !*d->name || probedesc_glob(d->name, "entry", true);
	bool ret = !*d->name || probedesc_glob(d->name, "return", true);
	if (!entry && !ret)
		return 0;
	if (*d->func && !probedesc_is_glob(d->func)) {
		struct kfunc f;
		if (!find_func(d->func, &f))
			return 0;
		provide(&cat->builtin, f, entry, ret);
	} else {
		if (!build_table())
			return 0;
		for (size_t i = 0; i < nfuncs; i++)
			if (!*d->func || probedesc_glob(d->func, funcs[i].name, false))
				provide(&cat->builtin, funcs[i], entry, ret);
	}
	size_t before = clause >= 0 && clause < cat->nclauses ? cat->nclause_idx[clause] : 0;
	int n = pcat_match_builtin(cat, &prov_fbt, d, 0, clause);
	if (!cat->listing && clause >= 0 && clause < cat->nclauses &&
	    cat->nclause_idx[clause] - before > FBT_MAX) {
		util_seterr(cat->err, sizeof(cat->err),
			    "probe description %s:%s:%s:%s matches %d fbt probes; a clause may "
			    "enable at most %d (each is a BPF trampoline of its own)",
			    d->prov, d->mod, d->func, d->name, n, FBT_MAX);
		return -1;
	}
	return n;
}

static int fbt_prog_type(const struct dobj_probe *p)
{
	(void)p;
	return BPF_PROG_TYPE_TRACING;
}

static unsigned fbt_flags(const struct dobj_probe *p)
{
	(void)p;
	return PROV_F_KERNEL;
}

/* Whether BTF type id is a pointer (through typedefs and qualifiers). */
static bool is_pointer(const struct btf *btf, uint32_t id)
{
	int r = btf__resolve_type(btf, id);
	const struct btf_type *t = r > 0 ? btf__type_by_id(btf, (uint32_t)r) : NULL;
	return t && btf_is_ptr(t);
}

/* The context slot of each argument of function btf_id (slot[i], i < *nargs; negative:
 * -(slot + 1) for a pointer), and in *ret_slot where fexit finds the return value (-1: the
 * function returns void; likewise negative for a pointer, below -1). */
static void arg_slots(uint32_t btf_id, int slot[DOBJ_USDT_MAXARGS], int *nargs, int *ret_slot)
{
	const struct btf *btf = kbtf_get();
	const struct btf_type *f = btf ? btf__type_by_id(btf, btf_id) : NULL;
	const struct btf_type *p = f ? btf__type_by_id(btf, f->type) : NULL;
	*nargs = 0;
	*ret_slot = -1;
	if (!p || !btf_is_func_proto(p))
		return;
	const struct btf_param *pa = btf_params(p);
	int n = btf_vlen(p), at = 0;
	for (int i = 0; i < n; i++) {
		if (pa[i].type == 0)
			break;    /* variadic: the trampoline sees only the named ones */
		long long sz = btf__resolve_size(btf, pa[i].type);
		if (i < DOBJ_USDT_MAXARGS)
			slot[(*nargs)++] = is_pointer(btf, pa[i].type) ? -(at + 1) : at;
		at += sz > 8 ? 2 : 1;
	}
	if (p->type != 0)
		*ret_slot = is_pointer(btf, p->type) ? -(at + 2) : at;
}

/* R0 = argument i: entry, the function's; return, arg0 the return offset (-1: a trampoline
 * does not know which return was taken) and arg1 the return value. */
static void fbt_arg(struct cgc *c, int i)
{
	int slot[DOBJ_USDT_MAXARGS], nargs, ret_slot, at = -1;
	bool ptr = false;
	arg_slots(btf_id(c->probe), slot, &nargs, &ret_slot);
	if (c->probe->kind == DOBJ_PROBE_FBT_ENTRY && i < nargs) {
		ptr = slot[i] < 0;
		at = ptr ? -slot[i] - 1 : slot[i];
	} else if (c->probe->kind == DOBJ_PROBE_FBT_RETURN && i == 1 && ret_slot != -1) {
		ptr = ret_slot < -1;
		at = ptr ? -ret_slot - 2 : ret_slot;
	}
	if (c->probe->kind == DOBJ_PROBE_FBT_RETURN && i == 0) {
		cgc_emit(c, bi_mov64_imm(0, -1)); /* the return offset: unknown */
	} else if (at < 0) {
		cgc_emit(c, bi_mov64_imm(0, 0));
	} else if (!ptr) {
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_CTX, (int16_t)(at * 8)));
	} else {
		/* The verifier types a pointer argument as a BTF pointer, which D may not treat
		 * as the number it is (arg0 * 2, masks, stores): copied out it is a plain
		 * scalar. */
		uint32_t tmp = cgs_scratch_alloc(&c->g, 8);
		cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)tmp));
		cgc_emit(c, bi_mov64_imm(2, 8));
		cgc_emit(c, bi_mov64_reg(3, CG_R_CTX));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, at * 8));
		cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel));
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)tmp));
	}
}

static void fbt_load_opts(const struct dobj_probe *p, struct bpf_sys_prog_opts *o)
{
	o->expected_attach_type = p->kind == DOBJ_PROBE_FBT_ENTRY ? BPF_TRACE_FENTRY
								   : BPF_TRACE_FEXIT;
	o->attach_btf_id = btf_id(p);
}

/* Load `r0 = 0; exit` on p's function: the kernel refuses trampolines altogether on some
 * systems (lockdown, ftrace restricted), and some functions (notrace) to all. */
static bool fbt_loadable(const struct dobj_probe *p, struct strbuf *why)
{
	const struct bpf_insn insns[] = { bi_mov64_imm(0, 0), bi_exit() };
	struct bpf_sys_prog_opts o = { .type = BPF_PROG_TYPE_TRACING, .name = "usdtrace_try" };
	fbt_load_opts(p, &o);
	char err[512];
	int fd = bpf_sys_prog_load(&o, insns, 2, NULL, err, sizeof(err));
	if (fd < 0) {
		strbuf_printf(why, "fbt:%s:%s:%s: %s", p->module, p->function, p->name, err);
		return false;
	}
	close(fd);
	return true;
}

static int fbt_attach(struct prov_run *r, struct dobj_prog *p)
{
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	char err[512];
	int rc = attach_tracing(r->set, p->fd, pr->kind == DOBJ_PROBE_FBT_ENTRY
				? BPF_TRACE_FENTRY : BPF_TRACE_FEXIT, err, sizeof(err));
	if (rc != 0)
		util_warn("failed to enable probe %u (%s:%s:%s:%s): %s", pr->id, pr->provider,
			  pr->module, pr->function, pr->name, err);
	return rc;
}

/* The types of probe p's args[] (see the top). */
static int fbt_args(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
		    bool listing, struct prov_args *a)
{
	(void)cat;
	(void)listing;
	struct dtype *ret;
	struct dtype **v = kbtf_func_args(ctx, btf_id(p), &a->nargs, &ret);
	if (p->kind == DOBJ_PROBE_FBT_RETURN) {
		free(v);
		v = xcalloc(2, sizeof(*v));
		v[0] = ctx->t_int;
		v[1] = ret ? ret : ctx->t_long;
		a->nargs = ret ? 2 : 1;
	}
	a->types = v;
	if (!v)
		a->nargs = 0;
	return v ? 0 : -1;
}

/* Listing: the probes of the functions d names (a description that names neither the provider
 * nor a function would make every kernel function a probe: -l leaves fbt out then). */
static void fbt_list_provide(struct pcat *cat, const struct probedesc *d)
{
	if (*d->prov || *d->func)
		fbt_match(cat, d, 0, -1, 0);
}

const struct provider prov_fbt = {
	.name = "fbt",
	.match = fbt_match,
	.list_provide = fbt_list_provide,
	.args = fbt_args,
	.prog_type = fbt_prog_type,
	.flags = fbt_flags,
	.cg_arg = fbt_arg,
	.load_opts = fbt_load_opts,
	.loadable = fbt_loadable,
	.attach = fbt_attach,
};

