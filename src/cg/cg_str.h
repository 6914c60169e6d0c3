/* cg_str.h — BPF code for D's string and memory subroutines, by the conventions of cg_impl.h.
 *
 * Operands: strings are scratch offsets (S: a slot of g->strsize bytes, NUL-terminated within
 * it); integers are 8-byte stack slots (I: a negative offset from R10 holding the value; 0 means
 * "argument not given" where the D subroutine has an optional argument). Integer results are
 * left in R0; string results are written to the slot `dst`, which may not overlap a source
 * slot unless stated below. Every emitter clobbers R0-R5 only, keeps R6-R10, and produces code
 * the verifier accepts with a bounded number of processed instructions (loops bounded by
 * strsize; loop results laundered through scratch memory so their exact values do not multiply
 * the verifier's paths; see "Verifier" below).
 *
 * Semantics are D's (the Dynamic Tracing Guide, libdtrace/dtrace_dif.c behaviour):
 *   strlen(s)               R0 = length, in [0, strsize - 1]
 *   strcmp(a, b)            R0 = <0, 0, >0 (signed 64-bit: the difference of the first
 *                           differing bytes, compared as unsigned char); what D's
 *                           == != < <= > >= on strings use
 *   strjoin(a, b)           dst = a then b, truncated to strsize - 1 characters (Oracle
 *                           dtrace-utils' behaviour; illumos faults instead). dst may be a.
 *   substr(s, i [, n])      dtrace's rules for negative i and n, and for i beyond the end
 *   index(s, t [, start]), rindex(s, t [, start])   R0 = position or -1, with DTrace for Linux's
 *                           rules for start and for the empty string
 *   strstr(s, t)            dst = the rest of s from the first t, or "" when absent (D returns
 *                           NULL: R0 = 1 if found, 0 if not, which the clause compiler makes
 *                           the value's NULL flag, cg_clause.h cgc_eval_str_null)
 *   strchr(s, c), strrchr(s, c)   as strstr, for a character (R0 found flag too); c is cut to
 *                           8 bits as dtrace does; c == 0 finds nothing (the NUL is not a
 *                           character of the string: DTrace for Linux's NULL)
 *   strtok(s, delim)        s may be CGS_NO_STRING (D's strtok(NULL, delim)): continue the
 *                           previous string. The state (a copy of the string and a position)
 *                           lives in per-CPU scratch at g->strtok_state, which the clause
 *                           compiler reserves for the whole program (cgs_strtok_state_size
 *                           bytes, outside what it releases per statement; left at 0 it
 *                           would overwrite whatever the program keeps at scratch offset 0)
 *                           and clears once per firing, in the program's prologue, with
 *                           cgs_strtok_reset: as in dtrace-utils, strtok(NULL, ...) continues
 *                           a string any earlier clause of the firing gave, and with none it
 *                           faults (DOUT_FLT_BADADDR, address 0). R0 = 1 if a token was found; when none is (D's
 *                           NULL), dst is "" and the string is used up (later calls: NULL).
 *   lltostr(v)              decimal text of a signed 64-bit value (INT64_MIN included)
 *   toupper(s), tolower(s)  ASCII letters only; dst may be s
 *   basename(s), dirname(s) dtrace's rules ("" -> ".", "/" -> "/", "a" -> "." for dirname,
 *                           "a/" -> "a" / ".", "//a//b//" -> "b" / "//a")
 *   cleanpath(s)            dtrace's lexical cleaning: "//", "/./", "name/.." removed; ".."
 *                           above an absolute path's root is the root, at a relative path's
 *                           start it stays ("a/../../b" -> "../b"); a relative path cleaned
 *                           to nothing is "." ("" stays ""); stops within 5 bytes of strsize
 *                           as dtrace (a relative path one byte sooner: it is cleaned as if
 *                           it began with '/'); dst may be s
 *   copyinstr(addr [, n])   dst = the NUL-terminated string at user address addr, at most
 *                           n (default and upper bound strsize - 1) bytes; a bad address faults
 *                           (DOUT_FLT_BADADDR with the address). Reads with
 *                           bpf_probe_read_user_str: a page the process has not touched yet
 *                           faults (docs/bpf-plumbing.md)
 *   copyin(addr, n)         n bytes from user address addr to scratch offset dst (n must be at
 *                           most maxsize; larger faults with DOUT_FLT_NOSCRATCH, address 0);
 *                           bad address faults (DOUT_FLT_BADADDR, the address)
 *   str_from_kaddr(addr)    dst = the string at a tracer-memory address held in register
 *                           addr_reg (variable storage in a map value: self->s, a[k]); addr_reg
 *                           may be any of R0-R9
 *   str_from_literal        dst = a constant string (emitted as immediate stores); a literal
 *                           longer than strsize - 1 characters is cut there
 *   str_copy_padded(s)      dst = s with every byte after the NUL cleared, for values whose
 *                           bytes matter beyond the string (hash-map keys, stored variables):
 *                           the other emitters leave bytes after the NUL unspecified
 *   htons..ntohll           byte swaps of the value in R0 (in place; 16- and 32-bit results
 *                           zero-extended as dtrace's)
 *
 * Verifier. Variable indexes into slots are bounded with an AND mask (the power of two above
 * the largest valid value) rather than a compare, so no extra paths appear; where such an
 * index or a size derived from it makes the verifier's worst case reach past the slot, the
 * emitter raises g->scratch_hiwater so the scratch map value covers it (at most 2 * strsize
 * past the slot; at run time the values stay inside the slot). Data-dependent positions inside
 * loops live in registers the verifier sees as unknown (loaded from scratch), while a separate
 * counter bounds the loop, so the paths of different iterations prune against each other and
 * each emitter costs a number of processed instructions linear in strsize (index/rindex/strstr
 * use Knuth-Morris-Pratt: no nested loop). Loops fall through to their exit so the verifier's
 * stack of pending branches stays short. Scratch temporaries come from cgs_scratch_alloc. */
#ifndef USDTRACE_CG_STR_H
#define USDTRACE_CG_STR_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cg_impl.h"

#define CGS_NO_STRING UINT32_MAX

void cgs_strlen(struct cg *g, uint32_t s);
void cgs_strcmp(struct cg *g, uint32_t a, uint32_t b);
void cgs_strjoin(struct cg *g, uint32_t dst, uint32_t a, uint32_t b);
void cgs_substr(struct cg *g, uint32_t dst, uint32_t s, int16_t index_slot, int16_t len_slot);
void cgs_index(struct cg *g, uint32_t s, uint32_t t, int16_t start_slot);
void cgs_rindex(struct cg *g, uint32_t s, uint32_t t, int16_t start_slot);
void cgs_strstr(struct cg *g, uint32_t dst, uint32_t s, uint32_t t);
void cgs_strchr(struct cg *g, uint32_t dst, uint32_t s, int16_t c_slot);
void cgs_strrchr(struct cg *g, uint32_t dst, uint32_t s, int16_t c_slot);
void cgs_strtok(struct cg *g, uint32_t dst, uint32_t s, uint32_t delim);
void cgs_lltostr(struct cg *g, uint32_t dst, int16_t v_slot);
/* inet_ntoa: the dotted-decimal text of the 4 bytes at scratch offset addr (network order). */
void cgs_inet_ntoa(struct cg *g, uint32_t dst, uint32_t addr);
/* The dotted-decimal text of the 4 bytes at scratch offset src, NUL-terminated, into the 16
 * bytes at scratch offset buf; written through R5 (clobbers R2, R3, R5). Shared by inet_ntoa
 * and inet_ntoa6's IPv4 tails. */
void cgs_dotted_quad(struct cg *g, uint32_t buf, uint32_t src);
/* cg_net.c. inet_ntoa6: the text of the 16 bytes at scratch offset addr (glibc's inet_ntop
 * form when strict; without strict an IPv4-compatible or -mapped address is a plain dotted
 * quad, as dtrace's inet_ntoa6 prints it). link_ntop: n bytes (6 for ARPHRD_ETHER, 20 for
 * ARPHRD_INFINIBAND) as "xx:xx:..." in lowercase hex. */
void cgs_inet_ntoa6(struct cg *g, uint32_t dst, uint32_t addr, bool strict);
void cgs_link_ntop(struct cg *g, uint32_t dst, uint32_t addr, uint32_t n);
void cgs_toupper(struct cg *g, uint32_t dst, uint32_t s);
void cgs_tolower(struct cg *g, uint32_t dst, uint32_t s);
void cgs_basename(struct cg *g, uint32_t dst, uint32_t s);
void cgs_dirname(struct cg *g, uint32_t dst, uint32_t s);
void cgs_cleanpath(struct cg *g, uint32_t dst, uint32_t s);
void cgs_copyinstr(struct cg *g, uint32_t dst, int16_t addr_slot, int16_t max_slot);
/* dst = the NUL-separated strings of the current process's memory from the address in
 * start_slot to the one in end_slot (argv as the kernel lays it out), joined by spaces: at most
 * CGS_PSARGS_MAX - 1 characters (psinfo_t's pr_psargs[80]) and strsize; "" when there are none
 * or they cannot be read. */
#define CGS_PSARGS_MAX 80
void cgs_psargs(struct cg *g, uint32_t dst, int16_t start_slot, int16_t end_slot);
void cgs_copyin(struct cg *g, uint32_t dst, uint32_t maxsize, int16_t addr_slot, int16_t size_slot);
void cgs_str_from_kaddr(struct cg *g, uint32_t dst, int addr_reg);
/* As cgs_str_from_kaddr, reading at most the bytes in register size_reg (R2 or R4, from 1 to
 * g->strsize, the NUL's byte included; addr_reg is not R2). */
void cgs_str_from_kaddr_n(struct cg *g, uint32_t dst, int addr_reg, int size_reg);
void cgs_str_from_literal(struct cg *g, uint32_t dst, const char *s, size_t len);
void cgs_str_copy_padded(struct cg *g, uint32_t dst, uint32_t s);
/* strtok's saved state: its size in scratch, and the store that clears it (program prologue). */
uint32_t cgs_strtok_state_size(const struct cg *g);
void cgs_strtok_reset(struct cg *g);
/* op is DS_HTONS ... DS_NTOHLL (dcheck.h) */
void cgs_byteswap(struct cg *g, int op);
#endif
