/* cg_str.h — BPF code for D's string and memory subroutines, by the conventions of cg_impl.h.
 *
 * Operands: strings are scratch offsets (S: a slot of g->strsize bytes, NUL-terminated within
 * it); integers are 8-byte stack slots (I: a negative offset from R10 holding the value; 0 means
 * "argument not given" where the D subroutine has an optional argument). Integer results are
 * left in R0; string results are written to the slot `dst` (which may not overlap a source
 * slot unless stated). Every emitter clobbers R0-R5 only, keeps R6-R10, and produces code the
 * verifier accepts with a bounded number of processed instructions (loops bounded by strsize;
 * loop results laundered through scratch memory so their exact values do not multiply the
 * verifier's paths).
 *
 * Semantics are D's (the Dynamic Tracing Guide, libdtrace/dtrace_dif.c behaviour):
 *   strlen(s)               R0 = length
 *   strcmp(a, b)            R0 = <0, 0, >0 (signed 64-bit), bytes compared as unsigned char;
 *                           what D's == != < <= > >= on strings use
 *   strjoin(a, b)           dst = a then b, truncated to strsize - 1 characters
 *   substr(s, i [, n])      dtrace's rules for negative i and n, and for i beyond the end
 *   index(s, t [, start]), rindex(s, t [, start])   R0 = position or -1
 *   strstr(s, t)            dst = the rest of s from the first t, or "" when absent (D returns
 *                           NULL; the clause compiler turns an empty result into a NULL value
 *                           where it matters; R0 = 1 if found, 0 if not)
 *   strchr(s, c), strrchr(s, c)   as strstr, for a character (R0 found flag too)
 *   strtok(s, delim)        s may be CGS_NO_STRING (D's strtok(NULL, delim)): continue the
 *                           previous string; the state lives in per-CPU scratch (as dtrace's
 *                           per-CPU strtok state). R0 = 1 if a token was found
 *   lltostr(v)              decimal text of a signed 64-bit value
 *   toupper(s), tolower(s), basename(s), dirname(s)   dtrace's basename/dirname rules
 *                           ("/" -> "/", "a" -> ".", "a/" -> "." ...)
 *   copyinstr(addr [, n])   dst = the NUL-terminated string at user address addr, at most
 *                           n (default and upper bound strsize - 1) bytes; a bad address faults
 *                           (DOUT_FLT_BADADDR with the address)
 *   copyin(addr, n)         n bytes from user address addr to scratch offset dst (n must be at
 *                           most maxsize; larger faults with DOUT_FLT_NOSCRATCH); bad address
 *                           faults
 *   str_from_kaddr(addr)    dst = the string at a tracer-memory address held in register
 *                           addr_reg (variable storage in a map value: self->s, a[k])
 *   str_from_literal        dst = a constant string (emitted as immediate stores)
 *   htons..ntohll           byte swaps of the value in R0 (in place) */
#ifndef USDTRACE_CG_STR_H
#define USDTRACE_CG_STR_H
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
void cgs_toupper(struct cg *g, uint32_t dst, uint32_t s);
void cgs_tolower(struct cg *g, uint32_t dst, uint32_t s);
void cgs_basename(struct cg *g, uint32_t dst, uint32_t s);
void cgs_dirname(struct cg *g, uint32_t dst, uint32_t s);
void cgs_copyinstr(struct cg *g, uint32_t dst, int16_t addr_slot, int16_t max_slot);
void cgs_copyin(struct cg *g, uint32_t dst, uint32_t maxsize, int16_t addr_slot, int16_t size_slot);
void cgs_str_from_kaddr(struct cg *g, uint32_t dst, int addr_reg);
void cgs_str_from_literal(struct cg *g, uint32_t dst, const char *s, size_t len);
/* op is DS_HTONS ... DS_NTOHLL (dcheck.h) */
void cgs_byteswap(struct cg *g, int op);
#endif
