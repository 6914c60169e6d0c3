/* cg_impl.h — conventions inside the code generator, shared by the clause compiler (cg.c) and
 * the emitters of string and memory subroutines (cg_str.c). Not for use outside cg*.c.
 *
 * Names. A prefix says which layer a name belongs to and what its first argument is:
 *   cg_   the public API (cg.h): what cmd/ calls (cg_compile, cg_disasm, struct cg_input).
 *   cgc_  the clause compiler (cg_clause.h, cg_subr.h; first argument struct cgc *c): D
 *         statements, expressions, variables, subroutine calls; a topic word follows where one
 *         file owns the function: cgc_eval_ (expressions), cgc_var_, cgc_agg_ (cg_agg.c),
 *         cgc_spec_ (cg_spec.c), cgc_ustack_ (cg_ustack.c).
 *   cgs_  the emitters below it (this header and cg_str.h; first argument struct cg *g): the
 *         string and memory subroutines, scratch, loads through pointers; they know nothing of
 *         clauses (test_cg_str drives them alone).
 * A provider's code-generation hooks (provider.h's cg_*) are named like the rest of the
 * provider (sched_arg, uprobe_arg). File-local functions carry no prefix: their names say what
 * they do; so do the emitter files' shorthands in cg_emit.h (emit, label, place, R0-R5).
 * Constants and types follow the same rule in capitals; CG_R_* (below) name the registers
 * every layer shares.
 *
 * Registers, for the whole program:
 *   R6  the context (struct pt_regs * for uprobes, struct bpf_perf_event_data * for clocks)
 *   R7  the per-CPU scratch area: the firing's slot of the "scratch" per-CPU array (a map value
 *       pointer of size g->scratch_size; the verifier sees R7 + constant offsets in bounds)
 *   R8  the globals area: value of key 0 of the "globals" array map; struct dobj_state first,
 *       global variables after it
 *   R9  free for the clause compiler; emitters must preserve it
 *   R0-R5  clobbered by helper calls and by every emitter
 *   R10 the frame: 512 bytes of stack; the clause compiler owns it and hands emitters their
 *       integer operands as 8-byte stack slots (negative offsets from R10)
 *
 * Values:
 *   integers and pointers  64-bit scalars. A pointer into the traced process is a user address;
 *       a pointer into tracer memory (what copyin/alloca return) is the kernel address of a byte
 *       of scratch. Loads through pointers go through cgs_load_ptr, which picks
 *       bpf_probe_read_kernel for addresses inside this CPU's scratch area or the global
 *       variables (a pointer to a global is a kernel address in R8's map value),
 *       bpf_probe_read_user below the user address limit, and faults (DOUT_FLT_BADADDR)
 *       otherwise. The address space is a property of the pointer's type: through a kernel
 *       type's pointer (dtype.kernel: fbt arguments, curthread, members of kernel structs)
 *       addresses in the kernel's half are read with bpf_probe_read_kernel (user addresses
 *       held there, vfs_read's buf, still as user memory). Strings at a pointer likewise. (The clause
 *       compiler checks first that a pointer D code computed reaches scratch only inside the
 *       clause's alloca()'d memory, as DTrace does.)
 *   strings  a string value lives in a scratch slot of g->strsize bytes, NUL-terminated within
 *       it (so at most strsize - 1 characters); the value of a string expression is the slot's
 *       offset from R7, known at compile time. Emitters read and write slots as R7 + offset
 *       (+ a register index bounded by strsize), which the verifier checks without help.
 *       The clause compiler's slots have a byte more, at g->strsize: D's NULL string is ""
 *       with that byte 1, written and read only for expressions that may be NULL
 *       (cg_clause.h cgc_str_nullable; docs/cg-str.md). Emitters never touch it.
 *
 * Faults: an emitter that finds a bad address (or other run-time fault) calls
 * g->emit_fault(g, kind, addr_reg): the code it emits stops the clause, discards what the clause
 * recorded and sends a struct dobj_rec_fault carrying the index of the instruction that raised
 * it (DTrace for Linux's "BPF pc"). Execution does not come back, so the verifier wants the
 * code after an unconditional fault reachable some other way (a conditional jump around it).
 *
 * Scratch space: cgs_scratch_alloc hands out offsets that stay valid until the clause compiler
 * releases them (it marks and releases around each statement); an emitter that needs a
 * temporary slot allocates one itself. Layout and limits are the clause compiler's business. */
#ifndef USDTRACE_CG_IMPL_H
#define USDTRACE_CG_IMPL_H
#include <stdbool.h>
#include <stdint.h>

#include "bpf_prog.h"
#include "dobj.h"

#define CG_R_CTX 6
#define CG_R_SCRATCH 7
#define CG_R_GLOBALS 8

struct cg {
	struct bpf_prog_buf *b;       /* the program being generated */
	uint32_t strsize;             /* string slot size (the strsize option) */
	uint32_t scratch_size;        /* size of the scratch map value */
	uint32_t scratch_top;         /* next free scratch byte */
	uint32_t scratch_hiwater;     /* most ever used: sets scratch_size */
	/* Stop the clause with a fault of `kind` (enum dout_fault_kind) at the address in
	 * register addr_reg (-1: address 0). Installed by the clause compiler. */
	void (*emit_fault)(struct cg *g, int kind, int addr_reg);
	void *priv;                   /* the clause compiler's own state */
	/* Scratch offset of strtok's saved state (cgs_strtok_state_size bytes), reserved by the
	 * clause compiler for the whole program when it uses strtok (cg_str.h). */
	uint32_t strtok_state;
	/* The program is sleepable (USDT programs where the kernel allows it): reads of the
	 * traced process may fault its pages in first (cgs_user_retry). */
	bool sleepable;
	bool touched;                 /* cgs_user_retry emitted something */
};

/* Reads of the traced process in sleepable programs (USDT programs where the kernel allows):
 * a read that fails may only want a page the process never touched (its argv, an mmap'd
 * file, data loaded lazily). Around such a read:
 *     int again = cgs_user_retry_begin(g);
 *     ... set up and call the non-faulting read; jump on success ...
 *     cgs_user_retry(g, again, addr_slot, len);   on the failure path, before the fault
 * the first failure faults the pages of [addr, addr + len) in with bpf_copy_from_user (addr
 * in stack slot addr_slot, len at most 4097; errors ignored) and runs the read once more.
 * Nothing is emitted in other programs; cgs_user_retry clobbers R0-R5. */
int cgs_user_retry_begin(struct cg *g);
void cgs_user_retry(struct cg *g, int again, int16_t addr_slot, uint32_t len);

/* Read `size` bytes (a constant, at most the scratch space) from the address held in the stack
 * slot addr_slot into scratch at offset dst: bpf_probe_read_kernel for an address inside this
 * CPU's scratch area or the globals area's variables (and the zero fill after them),
 * bpf_probe_read_user below the user address limit; anything else, or a
 * read that fails, faults with DOUT_FLT_BADADDR and that address. Clobbers R0-R5. */
void cgs_load_ptr(struct cg *g, uint32_t dst, int16_t addr_slot, uint32_t size);
/* The same, where kernel says the pointer's type may hold a kernel address (a kernel
 * type's: dtype.kernel): addresses in the kernel's half are then read as kernel memory. */
void cgs_load_ptr_as(struct cg *g, uint32_t dst, int16_t addr_slot, uint32_t size,
		     bool kernel);

/* Reserve `size` bytes of scratch, 8-byte aligned; returns the offset from R7. */
static inline uint32_t cgs_scratch_alloc(struct cg *g, uint32_t size)
{
	uint32_t off = (g->scratch_top + 7u) & ~7u;
	g->scratch_top = off + size;
	if (g->scratch_top > g->scratch_hiwater)
		g->scratch_hiwater = g->scratch_top;
	return off;
}
#endif
