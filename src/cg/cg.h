/* cg.h — the code generator: a checked D program (dcheck.h) and the probes each clause enables
 * become a struct dobj (dobj.h): BPF maps, one BPF program per enabled probe, and the layout of
 * every record. Our own instruction selection (no LLVM); the programs must pass the verifier of
 * kernel 6.18, and of 5.15-era kernels where the features used allow.
 *
 * Contract: cg_compile returns 0 with *out set (dobj_free it before the dck_prog, whose formats
 * it points to), or -1 with the error in *err (derr.h; NULL: not wanted) in D terms (at the
 * line of a construct that cannot be compiled, e.g. a string longer than the scratch space
 * allows; with dtrace's tag where libdtrace's code generator has one). It never needs
 * privileges: maps are described and referenced by index (dobj.h says how the tracer patches
 * them). cg_disasm writes the -S listing: per program, the probe, then the instructions with
 * map names and the clause/action each run of instructions comes from. */
#ifndef USDTRACE_CG_H
#define USDTRACE_CG_H
#include <stdbool.h>
#include <stddef.h>

#include "dcheck.h"
#include "dobj.h"
#include "dopt.h"
#include "util.h"

struct cg_input {
	const struct dobj_probe *probes;   /* every probe some clause enables (copied into the dobj) */
	size_t nprobes;
	/* clause_probes[i] lists the indexes (in probes[]) of the probes clause i enables, in
	 * the order they matched; nclause_probes[i] may be 0 (-Z: a clause matching nothing).
	 * A probe listed k times (k descriptions of the clause match it) runs the clause k
	 * times, each an enabling with its own epid, as dtrace compiles a clause once per
	 * description. */
	int **clause_probes;
	size_t *nclause_probes;
	/* Parallel to clause_probes (NULL: the clause numbers): the statement of each entry,
	 * the number dtrace's "error in dt_clause_N" and ERROR's arg2 give the enabling. */
	int **clause_stmts;
	const struct dopts *opts;          /* strsize, dynvarsize, bufsize, nspec... */
	int target_pid;                    /* $target, 0 if none */
	bool usdt_sleepable;               /* USDT programs may be sleepable (kernel 5.19+) */
	/* Per probe (may be NULL, as may an entry): for a USDT class, DOBJ_USDT_MAXARGS
	 * arguments: where most of its sites known now have each (usdt_spec_layout); register
	 * operands there are read directly by sites that agree (dobj_prog.usdt_fast). */
	const struct dobj_usdt_arg *const *usdt_layouts;
};

int cg_compile(struct dck_prog *ck, const struct cg_input *in, struct dobj **out,
	       struct derr *err);

/* -S: the generated code of every program, readable enough to debug a miscompile. */
void cg_disasm(const struct dobj *o, struct strbuf *out);
#endif
