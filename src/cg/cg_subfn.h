/* cg_subfn.h — D's string subroutines as BPF global functions, so the kernel's verifier checks
 * each one once per program instead of once per call (issue 20: 13 cleanpath() calls in one
 * clause went past the verifier's 1M processed instructions).
 *
 * A call (cgc_subfn_call) emits a few instructions: the scratch key, the destination and
 * source slot offsets and the integer arguments' values go in R1-R5, then a BPF-to-BPF call.
 * cgc_subfn_emit_bodies, run once after the program's clauses, appends one function per
 * (subroutine, optional arguments given) the program calls. Each function looks the per-CPU
 * scratch value up again (R7 of the callee), copies its string operands from the caller's
 * slots into a region of scratch above every slot the clauses use, runs the cg_str.h emitter
 * there, and copies the result string back to the caller's destination slot; R0 is the
 * emitter's (index's position, strstr's found flag). Callee and caller keep R6-R9 (BPF's
 * calling convention), so the clause compiler's registers survive the call.
 *
 * The program lists its functions (dobj_prog.funcs); the loader describes them to the
 * kernel in BTF as global functions (bpf_sys.h), which the verifier checks once, for any
 * scalar arguments. Without BTF the calls still load as static subprograms (checked per call
 * site, as inline code was). A callee's frame takes 32 bytes of the 512-byte stack the
 * caller and callee share: a program whose clauses need more than 480 bytes of stack and
 * call these subroutines is refused with a message saying so. */
#ifndef USDTRACE_CG_SUBFN_H
#define USDTRACE_CG_SUBFN_H
#include <stdint.h>

struct cgc;
struct dobj_prog;

enum cgc_subfn_kind {
	CGC_SUBFN_CLEANPATH, CGC_SUBFN_BASENAME, CGC_SUBFN_DIRNAME,
	CGC_SUBFN_TOUPPER, CGC_SUBFN_TOLOWER,
	CGC_SUBFN_STRJOIN, CGC_SUBFN_STRSTR, CGC_SUBFN_INDEX, CGC_SUBFN_RINDEX,
	CGC_SUBFN_SUBSTR, CGC_SUBFN_STRCHR, CGC_SUBFN_STRRCHR, CGC_SUBFN_LLTOSTR,
	CGC_SUBFN_INET_NTOA6,          /* s: the 16 bytes of the address (inet_ntoa6's text) */
	CGC_SUBFN_INET_NTOP6,          /* the same, inet_ntop's text (cgs_inet_ntoa6 strict) */
	CGC_SUBFN_NKINDS
};

/* Call subroutine k: string result into scratch slot dst (ignored by index and rindex),
 * string operands at scratch offsets s and t (0 where the subroutine has fewer), integer
 * operands in stack slots i1 and i2 (0: not given, as in cg_str.h). R0 as the cg_str.h
 * emitter leaves it; clobbers R0-R5. */
void cgc_subfn_call(struct cgc *c, enum cgc_subfn_kind k, uint32_t dst, uint32_t s, uint32_t t,
		    int16_t i1, int16_t i2);

/* Append the bodies of the functions the program calls (after its last exit), point every
 * call at its function, and list the functions in the program (dobj_prog.funcs). */
void cgc_subfn_emit_bodies(struct cgc *c, struct dobj_prog *p);
#endif
