/* rawtp.c — the rawtp provider: every kernel tracepoint as DTrace for Linux's rawtp provider
 * names it, rawtp:GROUP::NAME (rawtp:sched::sched_process_fork), on a raw tracepoint program.
 *
 * Probes: one per tracepoint vmlinux BTF knows (a typedef btf_trace_NAME each: kbtf.h); GROUP
 * is its trace event's group from tracefs (tracefs.h), empty for a bare tracepoint that has no
 * event (sched_exit_tp). They are made in the builtin catalog as descriptions name them, as
 * fbt's are, so ids follow the order tracepoints are first named; -l lists them when a
 * description names the provider or a tracepoint.
 *
 * A probe's data (dobj_probe.data) is its typedef's BTF id, a uint32_t.
 *
 * Arguments: the tracepoint's own (TP_PROTO), arg0..argN the raw values, args[] typed from its
 * BTF prototype: kernel pointers (struct task_struct *) read through bpf_probe_read_kernel.
 * The program reads no more arguments than the tracepoint has (the kernel refuses to attach a
 * raw tracepoint program that reads past them): an argument beyond is 0. */
#include <bpf/btf.h>
#include <linux/bpf.h>
#include <stdlib.h>
#include <string.h>

#include "bprobes.h"
#include "cg_clause.h"
#include "kbtf.h"
#include "ktp.h"
#include "pcat.h"
#include "provider.h"
#include "tracefs.h"
#include "util.h"

#define RAWTP_ADDED 4   /* bprobes.kbtf_added bit: tracepoint BTF id's probe is in */

struct provide_ctx {
	struct bprobes *c;
	const struct probedesc *d;
};

/* Add tracepoint `name` (typedef `id`) if its group and name match d and it is not in yet. */
static void provide(const char *name, uint32_t id, void *arg)
{
	struct provide_ctx *pc = arg;
	struct bprobes *c = pc->c;
	if (*pc->d->name && !probedesc_glob(pc->d->name, name, false))
		return;
	if (!c->kbtf_added)
		c->kbtf_added = xcalloc(btf__type_cnt(kbtf_get()), 1);
	if (c->kbtf_added[id] & RAWTP_ADDED)
		return;
	const char *group = tracefs_event_group(name);
	if (!group)
		group = "";
	if (*pc->d->mod && !probedesc_glob(pc->d->mod, group, false))
		return;
	c->kbtf_added[id] |= RAWTP_ADDED;
	struct dobj_probe *p = bprobes_add(c, &prov_rawtp, group, "", name, DOBJ_PROBE_KERNEL);
	*(uint32_t *)bprobes_data(c, p, sizeof(uint32_t)) = id;
}

static uint32_t btf_id(const struct dobj_probe *p)
{
	return *(const uint32_t *)p->data;
}

static int rawtp_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		       int nbefore)
{
	(void)nbefore;
	if (id != 0)
		return pcat_match_builtin(cat, &prov_rawtp, d, id, clause);
	if (!probedesc_match_provider(d->prov, "rawtp", 0) || (*d->func && !probedesc_glob(d->func, "", false)))
		return 0;
	struct provide_ctx pc = { &cat->builtin, d };
	if (*d->name && !probedesc_is_glob(d->name)) {
		int tp = kbtf_tracepoint_id(d->name);
		if (tp <= 0)
			return 0;
		provide(d->name, (uint32_t)tp, &pc);
	} else {
		kbtf_tracepoints(provide, &pc);
	}
	return pcat_match_builtin(cat, &prov_rawtp, d, 0, clause);
}

static void rawtp_arg(struct cgc *c, int i)
{
	if (i < kbtf_tracepoint_nargs(btf_id(c->probe)))
		ktp_ctx_arg(c, i);
	else
		cgc_emit(c, bi_mov64_imm(0, 0));
}

static void rawtp_kstack_own(const struct dobj_probe *p, struct prov_kstack *k)
{
	const char *tp = p->name;
	ktp_kstack_own(&tp, 1, k);
}

static int rawtp_attach(struct prov_run *r, struct dobj_prog *p)
{
	return ktp_attach(r, p, r->o->probes[p->probe].name);
}

static int rawtp_args(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
		      bool listing, struct prov_args *a)
{
	(void)cat;
	(void)listing;
	a->types = kbtf_tracepoint_args(ctx, btf_id(p), &a->nargs);
	if (!a->types)
		a->nargs = 0;
	return a->types ? 0 : -1;
}

/* Listing: the tracepoints d selects, the provider named or not, as sdt's. */
static void rawtp_list_provide(struct pcat *cat, const struct probedesc *d)
{
	rawtp_match(cat, d, 0, -1, 0);
}

static const char *const rawtp_attrs[] = {
	"Private", "Private", "Unknown", "Private", "Private", "ISA",
};

const struct provider prov_rawtp = {
	.name = "rawtp",
	.match = rawtp_match,
	.args = rawtp_args,
	.list_provide = rawtp_list_provide,
	.prog_type = ktp_prog_type,
	.flags = ktp_flags,
	.cg_prologue = ktp_prefilter,
	.cg_arg = rawtp_arg,
	.kstack_own = rawtp_kstack_own,
	.attach = rawtp_attach,
	.list_attrs = rawtp_attrs,
};
