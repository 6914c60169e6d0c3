/* perfev.h — what the providers whose probes are sampled perf events (profile's cpu-clock,
 * cpc's software and hardware counters) share: the program type, the flags, and arg0/arg1.
 *
 * Their programs are BPF_PROG_TYPE_PERF_EVENT programs: the context is struct
 * bpf_perf_event_data, whose first member is the interrupted thread's pt_regs. They run in
 * interrupt (or NMI) context (PROV_F_INTERRUPT); like every program, a firing that interrupts
 * another on its CPU claims a scratch slot of its own (cg.c: emit_scratch_claim). */
#ifndef USDTRACE_PERFEV_H
#define USDTRACE_PERFEV_H
#include "dobj.h"

struct cgc;

int perfev_prog_type(const struct dobj_probe *p);    /* BPF_PROG_TYPE_PERF_EVENT */
unsigned perfev_flags(const struct dobj_probe *p);    /* PROV_F_INTERRUPT */

/* R0 = argument i as dtrace's profile and cpc probes define it: arg0 the kernel pc when the
 * sample interrupted kernel code (else 0), arg1 the user pc when it interrupted user code (else
 * 0); every other argument 0. The mode is the privilege level of the saved cs selector. */
void perfev_cg_pc_arg(struct cgc *c, int i);
#endif
