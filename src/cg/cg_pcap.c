/* cg_pcap.c — the pcap(skb, linktype) action as BPF, as DTrace for Linux records it: the
 * time (ns since boot, bpf_ktime_get_ns), the bytes captured, the link type, and the packet.
 *
 * What is captured is a socket buffer's linear part, skb->data for skb->len - skb->data_len
 * bytes (the paged fragments are not in one piece to read), at most the pcapsize option's
 * bytes (dopt_pcapsize). The skb and its fields are read with bpf_probe_read_kernel at
 * offsets from the kernel's BTF: a NULL skb, or one that cannot be read, reads as zeros, so
 * records 0 bytes, which the consumer takes as "no packet" and prints nothing for. The
 * record's data area is always pcapsize bytes; only the first (captured) ones are read. */
#include <linux/bpf.h>

#include "cg_clause.h"
#include "cg_impl.h"
#include "dcheck.h"
#include "dopt.h"
#include "kbtf.h"

#define PCAP_RECORD_MAX 30720u

/* R2 = min(R2, cap) as unsigned numbers: the verifier then knows the read's size bound. */
static void clamp_r2(struct cgc *c, uint32_t cap)
{
	int ok = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JLE, 2, (int32_t)cap, ok);
	cgc_emit(c, bi_mov64_imm(2, (int32_t)cap));
	bpb_label_place(&c->buf, ok);
}

void cgc_pcap_action(struct cgc *c, struct dnode *call)
{
	struct dnode *skb = call->args, *linktype = skb->next;
	const struct kbtf_offsets *o = kbtf_offsets();
	if (o->skb_len < 0 || o->skb_data_len < 0 || o->skb_data < 0)
		cgc_fail(c, call, "pcap( ) needs the kernel's BTF (/sys/kernel/btf/vmlinux) to find "
			 "struct sk_buff's len, data_len and data, and it is not available");
	uint32_t cap = c->in->opts ? dopt_pcapsize(c->in->opts) : 1514;
	/* the record is built in the per-CPU scratch area (cg_impl.h), which holds 32000 bytes:
	 * a packet of up to 30 KiB, where dtrace's pcapsize goes to 65535 (an Ethernet frame is
	 * 1514, a loopback frame 65536: captures above 30 KiB are cut by pcapsize anyway) */
	if (cap > PCAP_RECORD_MAX)
		cgc_fail(c, call, "pcap( ) records pcapsize (%u) bytes of each packet: usdtrace "
			 "records at most %u (set -x pcapsize=%u or less)", cap, PCAP_RECORD_MAX,
			 PCAP_RECORD_MAX);
	struct dobj_val *v = cgc_new_action(c, DOBJ_ACT_PCAP, 4)->vals;

	v[0].off = cgc_rec_alloc(c, 8, 8);
	v[0].size = 8;
	v[0].kind = DOBJ_V_INT;
	v[0].argtype = (struct dfmt_argtype){ .cls = DFMT_ARG_INT, .size = 8, .name = "uint64_t" };
	v[1].off = cgc_rec_alloc(c, 4, 4);
	v[1].size = 4;
	v[1].kind = DOBJ_V_INT;
	v[1].argtype = (struct dfmt_argtype){ .cls = DFMT_ARG_INT, .size = 4, .name = "uint32_t" };
	/* the link type is evaluated first, as dtrace stores it before it reads the skb */
	cgc_rec_int(c, linktype, &v[2], 4, "int");
	v[3].off = cgc_rec_alloc(c, cgc_round8(cap), 8);
	v[3].size = cap;
	v[3].kind = DOBJ_V_BYTES;
	v[3].argtype = (struct dfmt_argtype){ .cls = DFMT_ARG_OTHER, .size = cap, .name = "void" };

	cgc_emit(c, bi_call(BPF_FUNC_ktime_get_ns));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)v[0].off));
	cgc_patch_here(c, CGC_PATCH_REC_OFF);

	uint32_t tmp = cgs_scratch_alloc(&c->g, 8);
	cgc_eval_int(c, skb);
	int16_t skb_slot = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, skb_slot));
	cgc_kread(c, tmp, o->skb_len, 4);
	int16_t len_slot = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, len_slot));
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, skb_slot));
	cgc_kread(c, tmp, o->skb_data_len, 4);
	/* the linear part: len less the paged data's length */
	cgc_emit(c, bi_ldx(BPF_DW, 2, 10, len_slot));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 2, 0));
	clamp_r2(c, cap);
	cgc_emit(c, bi_stx(BPF_W, CG_R_SCRATCH, 2, (int16_t)v[1].off));
	cgc_patch_here(c, CGC_PATCH_REC_OFF);
	cgc_emit(c, bi_stx(BPF_DW, 10, 2, len_slot));

	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, skb_slot));
	cgc_kread(c, tmp, o->skb_data, 8);
	cgc_emit(c, bi_mov64_reg(3, 0));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 10, len_slot));
	clamp_r2(c, cap);
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)v[3].off));
	cgc_patch_here(c, CGC_PATCH_REC_IMM);
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel));
	cgc_slot_pop(c);
	cgc_slot_pop(c);
}
