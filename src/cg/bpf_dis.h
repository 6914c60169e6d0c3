/* bpf_dis.h — BPF instructions as readable text, for `usdtrace -S` and for test failures.
 *
 * Contract: never fails and never reads past n instructions; an instruction it does not know
 * prints as "invalid (code 0xNN)", a two-slot load cut short as "invalid (truncated ld_imm64)".
 * One line per instruction slot (the second slot of a 64-bit load prints as "(ld_imm64 high)"):
 *   "   5:       r1 = *(u64 *)(r6 + 112)"
 *   "   6:       if r0 == 0x0 goto +5 <L0>"
 *   "  12: L0:   r0 = 0"
 *   "   2:       call bpf_ringbuf_reserve#131"
 *   "   0:       r1 = map[fd 5]"              (BPF_PSEUDO_MAP_FD)
 *   "   0:       r1 = map_value[fd 5] + 16"   (BPF_PSEUDO_MAP_VALUE)
 * Jump targets are named L0, L1, ... in ascending address order; a target outside the program
 * prints as <out of range>. */
#ifndef USDTRACE_BPF_DIS_H
#define USDTRACE_BPF_DIS_H
#include <stddef.h>
#include "bpf_insn.h"
#include "util.h"

/* Name of helper id without the "bpf_" prefix ("ringbuf_reserve"), NULL if unknown to us. */
const char *bpf_helper_name(int id);

/* Append the whole program's listing, one "\n"-terminated line per slot, to out. */
void bpf_dis_prog(struct strbuf *out, const struct bpf_insn *insns, size_t n);

/* Append only the text of instruction i (no index, label or newline); labels of jump targets are
 * omitted (the offset alone is printed). Returns the number of slots it used (1 or 2). */
int bpf_dis_insn(struct strbuf *out, const struct bpf_insn *insns, size_t n, size_t i);
#endif
