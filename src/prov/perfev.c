/* perfev.c — the parts of sampled perf-event probes that profile and cpc share (perfev.h). */
#include <linux/bpf.h>

#include "cg_clause.h"
#include "perfev.h"
#include "provider.h"

/* Offsets in struct pt_regs (x86-64) of the saved instruction pointer and code segment. */
#define PTREGS_IP 128
#define PTREGS_CS 136

int perfev_prog_type(const struct dobj_probe *p)
{
	(void)p;
	return BPF_PROG_TYPE_PERF_EVENT;
}

unsigned perfev_flags(const struct dobj_probe *p)
{
	(void)p;
	return PROV_F_INTERRUPT;
}

void perfev_cg_pc_arg(struct cgc *c, int i)
{
	if (i > 1) {
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	int zero = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_CTX, PTREGS_CS));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 1, 3));
	/* cs & 3 is 3 in user mode, 0 in kernel mode */
	bpb_jmp_imm(&c->buf, i == 0 ? BPF_JEQ : BPF_JNE, 1, 3, zero);
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_CTX, PTREGS_IP));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, zero);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, done);
}
