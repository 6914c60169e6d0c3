/* cg_subr.h — D subroutine calls as BPF (cg_subr.c), for the expression evaluators (cg_expr.c)
 * and the statement compiler (cg.c). Not for use outside cg*.c.
 *
 * A call is a DN_CALL the checker resolved (n->subr, a DS_* value of dcheck.h) with checked
 * arguments, which are evaluated left to right, each once (except where noted). Actions
 * (printf, trace, exit, speculate, ustack...) are cg.c's and its helpers', not these.
 *
 *   cgc_call_int   R0 = the value of an integer-valued subroutine: strlen, index, rindex, rand,
 *                  htons/htonl/htonll/ntohs/ntohl/ntohll, getmajor, getminor, speculation,
 *                  progenyof (needs the kernel's BTF), the kernel lock tests mutex_owned,
 *                  mutex_owner, mutex_type_adaptive, mutex_type_spin, rw_iswriter,
 *                  rw_read_held, rw_write_held (cg_klock.c: cgc_klock), and the memory ones copyin, alloca
 *                  (a tracer-memory pointer), bcopy, copyinto (0). strstr, strchr, strrchr and
 *                  strtok used as a pointer (compared with NULL) give whether they found
 *                  something; another string-valued call, or a statement-only one, is evaluated
 *                  for its effects with R0 = 0. Anything else fails to compile (cgc_fail).
 *   cgc_call_str   a string-valued subroutine (strjoin, substr, strstr, strchr, strrchr, strtok,
 *                  lltostr, inet_ntoa, inet_ntoa6, inet_ntop, link_ntop, toupper, tolower,
 *                  basename, dirname, cleanpath, d_path, copyinstr): the scratch offset of a
 *                  new string slot holding the result.
 *   cgc_subr_stmt  a statement-only subroutine that records nothing: raise, stop, copyout,
 *                  copyoutstr (bpf_probe_write_user; where the kernel withholds it, a write to a
 *                  user address faults DTRACEFLT_UPRIV).
 *
 * Tracer memory: copyin() and alloca() take scratch that lasts for the clause
 * (cgc_persist_alloc, cg_clause.h), together within the scratchsize option rounded up to 8
 * bytes, as dtrace keeps it (a constant size beyond it is D_ALLOCA_SIZE; at run time a
 * copyin() size beyond it faults DTRACEFLT_BADSIZE, a size beyond what the clause has left
 * DTRACEFLT_NOSCRATCH). Sizes known only at run time are bounded by 1024 bytes: copyin and
 * copyout fault DTRACEFLT_NOSCRATCH above (copyout of a string: above strsize), bcopy and copyinto DTRACEFLT_BADSIZE. bcopy and
 * copyinto write only the clause's alloca() memory (else DTRACEFLT_BADADDR); a bcopy source in
 * tracer memory must end below its top (else DTRACEFLT_BADSIZE). An address that cannot be
 * read or written faults DTRACEFLT_BADADDR; inet_ntop/link_ntop of an unknown family
 * DTRACEFLT_ILLOP. */
#ifndef USDTRACE_CG_SUBR_H
#define USDTRACE_CG_SUBR_H
#include <stdint.h>

struct cgc;
struct dnode;

void cgc_call_int(struct cgc *c, struct dnode *n);
/* R0 = the value of a kernel lock subroutine (cg_klock.c). */
void cgc_klock(struct cgc *c, struct dnode *n);
uint32_t cgc_call_str(struct cgc *c, struct dnode *n);
void cgc_subr_stmt(struct cgc *c, struct dnode *n);
#endif
