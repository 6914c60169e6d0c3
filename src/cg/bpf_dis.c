/* bpf_dis.c — BPF disassembler (see bpf_dis.h). The notation follows the kernel verifier's log
 * (C-like assignments, "w" for 32-bit views of registers) so listings read like the errors the
 * verifier prints about them. */
#include "bpf_dis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	int id;
	const char *name;
} helpers[] = {
	{ BPF_FUNC_map_lookup_elem, "map_lookup_elem" },
	{ BPF_FUNC_map_update_elem, "map_update_elem" },
	{ BPF_FUNC_map_delete_elem, "map_delete_elem" },
	{ BPF_FUNC_probe_read, "probe_read" },
	{ BPF_FUNC_ktime_get_ns, "ktime_get_ns" },
	{ BPF_FUNC_trace_printk, "trace_printk" },
	{ BPF_FUNC_get_prandom_u32, "get_prandom_u32" },
	{ BPF_FUNC_get_smp_processor_id, "get_smp_processor_id" },
	{ BPF_FUNC_tail_call, "tail_call" },
	{ BPF_FUNC_get_current_pid_tgid, "get_current_pid_tgid" },
	{ BPF_FUNC_get_current_uid_gid, "get_current_uid_gid" },
	{ BPF_FUNC_get_current_comm, "get_current_comm" },
	{ BPF_FUNC_perf_event_output, "perf_event_output" },
	{ BPF_FUNC_get_stackid, "get_stackid" },
	{ BPF_FUNC_get_current_task, "get_current_task" },
	{ BPF_FUNC_probe_read_str, "probe_read_str" },
	{ BPF_FUNC_get_stack, "get_stack" },
	{ BPF_FUNC_send_signal, "send_signal" },
	{ BPF_FUNC_probe_read_user, "probe_read_user" },
	{ BPF_FUNC_probe_read_kernel, "probe_read_kernel" },
	{ BPF_FUNC_probe_read_user_str, "probe_read_user_str" },
	{ BPF_FUNC_probe_read_kernel_str, "probe_read_kernel_str" },
	{ BPF_FUNC_jiffies64, "jiffies64" },
	{ BPF_FUNC_get_ns_current_pid_tgid, "get_ns_current_pid_tgid" },
	{ BPF_FUNC_ktime_get_boot_ns, "ktime_get_boot_ns" },
	{ BPF_FUNC_ringbuf_output, "ringbuf_output" },
	{ BPF_FUNC_ringbuf_reserve, "ringbuf_reserve" },
	{ BPF_FUNC_ringbuf_submit, "ringbuf_submit" },
	{ BPF_FUNC_ringbuf_discard, "ringbuf_discard" },
	{ BPF_FUNC_get_task_stack, "get_task_stack" },
	{ BPF_FUNC_copy_from_user, "copy_from_user" },
	{ BPF_FUNC_snprintf, "snprintf" },
	{ BPF_FUNC_get_func_ip, "get_func_ip" },
	{ BPF_FUNC_get_attach_cookie, "get_attach_cookie" },
	{ BPF_FUNC_copy_from_user_task, "copy_from_user_task" },
	{ BPF_FUNC_get_current_task_btf, "get_current_task_btf" },
	{ BPF_FUNC_task_pt_regs, "task_pt_regs" },
};

const char *bpf_helper_name(int id)
{
	for (size_t i = 0; i < sizeof(helpers) / sizeof(helpers[0]); i++)
		if (helpers[i].id == id)
			return helpers[i].name;
	return NULL;
}

static const char *alu_op(int op)
{
	switch (op) {
	case BPF_ADD: return "+=";
	case BPF_SUB: return "-=";
	case BPF_MUL: return "*=";
	case BPF_DIV: return "/=";
	case BPF_OR: return "|=";
	case BPF_AND: return "&=";
	case BPF_LSH: return "<<=";
	case BPF_RSH: return ">>=";
	case BPF_MOD: return "%=";
	case BPF_XOR: return "^=";
	case BPF_MOV: return "=";
	case BPF_ARSH: return "s>>=";
	default: return NULL;
	}
}

static const char *jmp_op(int op)
{
	switch (op) {
	case BPF_JEQ: return "==";
	case BPF_JGT: return ">";
	case BPF_JGE: return ">=";
	case BPF_JSET: return "&";
	case BPF_JNE: return "!=";
	case BPF_JSGT: return "s>";
	case BPF_JSGE: return "s>=";
	case BPF_JLT: return "<";
	case BPF_JLE: return "<=";
	case BPF_JSLT: return "s<";
	case BPF_JSLE: return "s<=";
	default: return NULL;
	}
}

static const char *size_name(int size)
{
	switch (size) {
	case BPF_B: return "u8";
	case BPF_H: return "u16";
	case BPF_W: return "u32";
	default: return "u64";
	}
}

/* "(r6 + 112)" / "(r10 - 8)": the sign is part of the operator, as the verifier writes it. */
/* The name of an atomic read-modify-write operation with BPF_FETCH (the verifier log's
 * atomic_fetch_NAME), NULL for none. */
static const char *fetch_op_name(int32_t op)
{
	switch (op) {
	case BPF_ADD: return "add";
	case BPF_AND: return "and";
	case BPF_OR: return "or";
	case BPF_XOR: return "xor";
	default: return NULL;
	}
}

static void mem_operand(struct strbuf *out, int size, int reg, int off)
{
	strbuf_printf(out, "*(%s *)(r%d %c %d)", size_name(size), reg, off < 0 ? '-' : '+',
		      off < 0 ? -off : off);
}

static void invalid(struct strbuf *out, const struct bpf_insn *in)
{
	strbuf_printf(out, "invalid (code 0x%02x)", in->code);
}

static void dis_alu(struct strbuf *out, const struct bpf_insn *in)
{
	int is64 = BPF_CLASS(in->code) == BPF_ALU64;
	char r = is64 ? 'r' : 'w';
	int op = BPF_OP(in->code);

	if (op == BPF_NEG) {
		strbuf_printf(out, "%c%d = -%c%d", r, in->dst_reg, r, in->dst_reg);
		return;
	}
	if (op == BPF_END && !is64) {
		strbuf_printf(out, "r%d = %s%d r%d", in->dst_reg,
			      BPF_SRC(in->code) == BPF_TO_BE ? "be" : "le", in->imm, in->dst_reg);
		return;
	}
	const char *sym = alu_op(op);
	if (!sym) {
		invalid(out, in);
		return;
	}
	if (BPF_SRC(in->code) == BPF_X)
		strbuf_printf(out, "%c%d %s %c%d", r, in->dst_reg, sym, r, in->src_reg);
	else
		strbuf_printf(out, "%c%d %s %d", r, in->dst_reg, sym, in->imm);
}

static void dis_jmp(struct strbuf *out, const struct bpf_insn *in)
{
	int is32 = BPF_CLASS(in->code) == BPF_JMP32;
	char r = is32 ? 'w' : 'r';
	int op = BPF_OP(in->code);

	if (!is32 && op == BPF_EXIT) {
		strbuf_puts(out, "exit");
		return;
	}
	if (!is32 && op == BPF_CALL) {
		const char *name = in->src_reg == 0 ? bpf_helper_name(in->imm) : NULL;
		if (in->src_reg == BPF_PSEUDO_CALL)
			strbuf_printf(out, "call pc%+d", in->imm);
		else if (name)
			strbuf_printf(out, "call bpf_%s#%d", name, in->imm);
		else
			strbuf_printf(out, "call #%d", in->imm);
		return;
	}
	if (op == BPF_JA) {
		if (is32)
			strbuf_printf(out, "gotol %+d", in->imm);
		else
			strbuf_printf(out, "goto %+d", in->off);
		return;
	}
	const char *sym = jmp_op(op);
	if (!sym) {
		invalid(out, in);
		return;
	}
	if (BPF_SRC(in->code) == BPF_X)
		strbuf_printf(out, "if %c%d %s %c%d goto %+d", r, in->dst_reg, sym, r, in->src_reg, in->off);
	else
		strbuf_printf(out, "if %c%d %s 0x%x goto %+d", r, in->dst_reg, sym, (unsigned)in->imm, in->off);
}

int bpf_dis_insn(struct strbuf *out, const struct bpf_insn *insns, size_t n, size_t i)
{
	const struct bpf_insn *in = &insns[i];
	int cls = BPF_CLASS(in->code);

	switch (cls) {
	case BPF_ALU:
	case BPF_ALU64:
		dis_alu(out, in);
		return 1;
	case BPF_JMP:
	case BPF_JMP32:
		dis_jmp(out, in);
		return 1;
	case BPF_LDX:
		if (BPF_MODE(in->code) != BPF_MEM)
			break;
		strbuf_printf(out, "r%d = ", in->dst_reg);
		mem_operand(out, BPF_SIZE(in->code), in->src_reg, in->off);
		return 1;
	case BPF_STX:
		if (BPF_MODE(in->code) == BPF_MEM) {
			mem_operand(out, BPF_SIZE(in->code), in->dst_reg, in->off);
			strbuf_printf(out, " = r%d", in->src_reg);
			return 1;
		}
		if (BPF_MODE(in->code) == BPF_ATOMIC && (in->imm == BPF_ADD || in->imm == BPF_AND) &&
		    (BPF_SIZE(in->code) == BPF_W || BPF_SIZE(in->code) == BPF_DW)) {
			strbuf_puts(out, "lock ");
			mem_operand(out, BPF_SIZE(in->code), in->dst_reg, in->off);
			strbuf_printf(out, " %c= r%d", in->imm == BPF_ADD ? '+' : '&', in->src_reg);
			return 1;
		}
		if (BPF_MODE(in->code) == BPF_ATOMIC && (in->imm & BPF_FETCH) &&
		    fetch_op_name(in->imm & ~BPF_FETCH) &&
		    (BPF_SIZE(in->code) == BPF_W || BPF_SIZE(in->code) == BPF_DW)) {
			/* the verifier log's notation */
			bool dw = BPF_SIZE(in->code) == BPF_DW;
			strbuf_printf(out, "r%d = atomic%s_fetch_%s((u%d *)(r%d %+d), r%d)", in->src_reg,
				      dw ? "64" : "", fetch_op_name(in->imm & ~BPF_FETCH), dw ? 64 : 32,
				      in->dst_reg, in->off, in->src_reg);
			return 1;
		}
		if (BPF_MODE(in->code) == BPF_ATOMIC && in->imm == BPF_CMPXCHG &&
		    (BPF_SIZE(in->code) == BPF_W || BPF_SIZE(in->code) == BPF_DW)) {
			/* the verifier log's notation */
			bool dw = BPF_SIZE(in->code) == BPF_DW;
			strbuf_printf(out, "r0 = atomic%s_cmpxchg((u%d *)(r%d %+d), r0, r%d)",
				      dw ? "64" : "", dw ? 64 : 32, in->dst_reg, in->off, in->src_reg);
			return 1;
		}
		break;
	case BPF_ST:
		if (BPF_MODE(in->code) != BPF_MEM)
			break;
		mem_operand(out, BPF_SIZE(in->code), in->dst_reg, in->off);
		strbuf_printf(out, " = %d", in->imm);
		return 1;
	case BPF_LD:
		if (in->code != (BPF_LD | BPF_DW | BPF_IMM))
			break;
		if (i + 1 >= n) {
			strbuf_puts(out, "invalid (truncated ld_imm64)");
			return 1;
		}
		if (in->src_reg == BPF_PSEUDO_MAP_FD) {
			strbuf_printf(out, "r%d = map[fd %d]", in->dst_reg, in->imm);
		} else if (in->src_reg == BPF_PSEUDO_MAP_VALUE) {
			/* The address of the map's value (global data), plus an offset. */
			strbuf_printf(out, "r%d = map_value[fd %d] + %d", in->dst_reg, in->imm,
				      insns[i + 1].imm);
		} else {
			uint64_t v = (uint64_t)(uint32_t)in->imm | (uint64_t)(uint32_t)insns[i + 1].imm << 32;
			strbuf_printf(out, "r%d = 0x%llx ll", in->dst_reg, (unsigned long long)v);
		}
		return 2;
	}
	invalid(out, in);
	return 1;
}

static int is_branch(const struct bpf_insn *in)
{
	int cls = BPF_CLASS(in->code), op = BPF_OP(in->code);

	if (cls == BPF_JMP)
		return op != BPF_CALL && op != BPF_EXIT && (op == BPF_JA || jmp_op(op));
	return cls == BPF_JMP32 && (op == BPF_JA || jmp_op(op) != NULL);
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

/* Index in the sorted target list, i.e. the label number, or -1. */
static int label_of(const long *targets, int ntargets, long pc)
{
	int lo = 0, hi = ntargets - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (targets[mid] == pc)
			return mid;
		if (targets[mid] < pc)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

void bpf_dis_prog(struct strbuf *out, const struct bpf_insn *insns, size_t n)
{
	long *targets = xcalloc(n ? n : 1, sizeof(*targets));
	int ntargets = 0;

	for (size_t i = 0; i < n; i++) {
		long t = (long)i + 1 + bi_branch_off(&insns[i]);
		if (is_branch(&insns[i]) && t >= 0 && t < (long)n)
			targets[ntargets++] = t;
		if (insns[i].code == (BPF_LD | BPF_DW | BPF_IMM))
			i++;
	}
	qsort(targets, (size_t)ntargets, sizeof(*targets), cmp_long);
	int uniq = 0;
	for (int i = 0; i < ntargets; i++)
		if (uniq == 0 || targets[uniq - 1] != targets[i])
			targets[uniq++] = targets[i];
	ntargets = uniq;

	for (size_t i = 0; i < n;) {
		int lab = label_of(targets, ntargets, (long)i);
		char labtext[16] = "";

		if (lab >= 0)
			snprintf(labtext, sizeof(labtext), "L%d:", lab);
		strbuf_printf(out, "%4zu: %-6s", i, labtext);
		int used = bpf_dis_insn(out, insns, n, i);
		if (is_branch(&insns[i])) {
			long t = (long)i + 1 + bi_branch_off(&insns[i]);
			int tl = label_of(targets, ntargets, t);
			if (tl >= 0)
				strbuf_printf(out, " <L%d>", tl);
			else
				strbuf_puts(out, " <out of range>");
		}
		strbuf_putc(out, '\n');
		if (used == 2)
			strbuf_printf(out, "%4zu: %-6s(ld_imm64 high)\n", i + 1, "");
		i += (size_t)used;
	}
	free(targets);
}
