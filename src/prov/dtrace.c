/* dtrace.c — the dtrace provider: dtrace:::BEGIN, END and ERROR (ids 1-3, in the builtin
 * catalog, bprobes.h). Their programs are raw-tracepoint programs that the tracer runs itself
 * with BPF_PROG_TEST_RUN (trace_run fires BEGIN once everything is attached, END when tracing
 * stops, ERROR for each fault record): the context is the u64 args[6] the tracer passes, and
 * the traced registers are the tracer's own, found with bpf_task_pt_regs. Nothing is attached:
 * uprobe or perf registration would cost RCU grace periods at start and exit. */
#include <linux/bpf.h>
#include <string.h>

#include "bprobes.h"
#include "cg_clause.h"
#include "pcat.h"
#include "provider.h"

static void dtrace_populate(struct bprobes *c)
{
	bprobes_add(c, &prov_dtrace, "", "", "BEGIN", DOBJ_PROBE_BEGIN);
	bprobes_add(c, &prov_dtrace, "", "", "END", DOBJ_PROBE_END);
	bprobes_add(c, &prov_dtrace, "", "", "ERROR", DOBJ_PROBE_ERROR);
}

static int dtrace_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
			int nbefore)
{
	(void)nbefore;
	return pcat_match_builtin(cat, &prov_dtrace, d, id, clause);
}

static int dtrace_prog_type(const struct dobj_probe *p)
{
	(void)p;
	return BPF_PROG_TYPE_RAW_TRACEPOINT;
}

static unsigned dtrace_flags(const struct dobj_probe *p)
{
	/* ERROR fires from the consumer for faults recorded before the stop: let it run */
	return PROV_F_SELF | (p->kind == DOBJ_PROBE_BEGIN ? 0 : PROV_F_WHILE_STOPPING);
}

static void dtrace_arg(struct cgc *c, int i)
{
	if (i < 6)
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_CTX, (int16_t)(8 * i)));
	else
		cgc_emit(c, bi_mov64_imm(0, 0));
}

/* BEGIN, END and ERROR run inside the tracer's own bpf(BPF_PROG_TEST_RUN): no kernel
 * stack of theirs (dtrace's are empty too). */
static void dtrace_kstack_own(const struct dobj_probe *p, struct prov_kstack *k)
{
	(void)p;
	k->none = true;
}

static int dtrace_attach(struct prov_run *r, struct dobj_prog *p)
{
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	r->self[pr->kind] = p; /* fired by trace_run, never attached */
	return 0;
}

_Static_assert(DOBJ_PROBE_BEGIN == 0 && DOBJ_PROBE_END == 1 && DOBJ_PROBE_ERROR == 2,
	       "prov_run.self[] is indexed by these probe kinds");

const struct provider prov_dtrace = {
	.name = "dtrace",
	.match = dtrace_match,
	.populate = dtrace_populate,
	.prog_type = dtrace_prog_type,
	.flags = dtrace_flags,
	.cg_arg = dtrace_arg,
	.kstack_own = dtrace_kstack_own,
	.attach = dtrace_attach,
};
