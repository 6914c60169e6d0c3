/* profile.c — the profile provider: profile-N (every CPU) and tick-N (one CPU) on perf
 * cpu-clock events. The standing probes (profile-97 ... tick-10s) are in the builtin catalog
 * (bprobes.h); a description naming another rate creates its probe. Programs are perf-event
 * programs: the context is struct bpf_perf_event_data, whose first member is the interrupted
 * pt_regs, and they run in interrupt context (a scratch area of their own). */
#include <linux/bpf.h>
#include <stdlib.h>

#include "attach.h"
#include "bprobes.h"
#include "cg_clause.h"
#include "pcat.h"
#include "provider.h"
#include "util.h"

#define PTREGS_IP 128
#define PTREGS_CS 136

static int profile_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
			 int nbefore)
{
	(void)nbefore;
	return pcat_match_builtin(cat, &prov_profile, d, id, clause);
}

static int profile_prog_type(const struct dobj_probe *p)
{
	(void)p;
	return BPF_PROG_TYPE_PERF_EVENT;
}

static unsigned profile_flags(const struct dobj_probe *p)
{
	(void)p;
	return PROV_F_INTERRUPT;
}

/* dtrace's profile probes: arg0 the kernel pc (0 in user mode), arg1 the user pc (0 in kernel
 * mode). The mode is the saved cs selector's privilege level. */
static void profile_arg(struct cgc *c, int i)
{
	if (i > 1) {
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	int zero = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_CTX, PTREGS_CS));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 1, 3));
	bpb_jmp_imm(&c->buf, i == 0 ? BPF_JEQ : BPF_JNE, 1, 3, zero);
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_CTX, PTREGS_IP));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, zero);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, done);
}

/* tick-N runs on one CPU. A cpu-clock event samples an idle CPU rarely or never on this
 * kernel (measured with bpftrace's profile:hz:100 on an idle machine: 200 samples on CPU 0,
 * none on CPU 1 in 2 s), and the CPU the tracer happens to run on goes idle while it waits for
 * records, which stalled tick probes. The lowest online CPU usually keeps its tick (it owns
 * timekeeping), so tick-N goes there. */
static int tick_cpu(void)
{
	int *cpus = NULL, n = 0, cpu = 0;
	char err[128];
	if (attach_online_cpus(&cpus, &n, err, sizeof(err)) == 0 && n > 0)
		cpu = cpus[0];
	free(cpus);
	return cpu;
}

static int profile_attach(struct prov_run *r, struct dobj_prog *p)
{
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	char err[512];
	/* -x cpu=N: tick and profile probes fire on CPU N only, as dtrace restricts them */
	int cpu = r->cpu >= 0 ? r->cpu : pr->kind == DOBJ_PROBE_TICK ? tick_cpu() : -1;
	int rc = attach_cpu_clock(r->set, p->fd, cpu, pr->period_ns, err, sizeof(err));
	if (rc != 0)
		util_warn("failed to enable probe %u (%s:%s:%s:%s): %s", pr->id, pr->provider,
			  pr->module, pr->function, pr->name, err);
	return rc;
}

const struct provider prov_profile = {
	.name = "profile",
	.match = profile_match,
	.prog_type = profile_prog_type,
	.flags = profile_flags,
	.cg_arg = profile_arg,
	.attach = profile_attach,
};
