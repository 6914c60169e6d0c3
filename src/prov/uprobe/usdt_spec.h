/* usdt_spec.h — what a USDT program needs to know about one site at run time: the
 * struct dobj_usdt_spec (dobj.h) the tracer writes into the usdt_specs map, and the probe
 * names it writes into usdt_names.
 *
 * Contract: usdt_spec_encode fills every argument the site's note describes, in the form the
 * generated code reads (register operands as pt_regs word indexes, symbols resolved to
 * displacements: absolute in executables, relative to the site's run-time address where a
 * load bias applies). An argument BPF cannot read (an %xmm register: uprobes do not save
 * vector registers; a symbol usdt_note could not resolve) is encoded as DOBJ_UARG_NONE, so it reads as 0;
 * the function returns how many there are and describes the first in *why (malloc'd). */
#ifndef USDTRACE_USDT_SPEC_H
#define USDTRACE_USDT_SPEC_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dobj.h"
#include "usdt_note.h"
#include "usdt_prov.h"

/* A pc-relative argument's displacement is from the site: the program adds the site's
 * run-time address, which a uprobe finds in its context's ip (the kernel points it at the
 * breakpoint before running handlers, with uprobe_multi links and perf events alike). */
int usdt_spec_encode(const struct usdt_file *f, const struct usdt_site *s,
		     struct dobj_usdt_spec *out, char **why);

/* Fast paths (dobj.h, DOBJ_USDT_COOKIE_FAST). usdt_spec_layout: for each argument, the
 * register operand (kind, register, shift, size, sign) most of specs[0..n) share (a
 * majority vote; with none, one of theirs), or kind DOBJ_UARG_NONE when none has a register. usdt_spec_fits: whether spec has every
 * DOBJ_UARG_REG argument of fast exactly so. usdt_spec_cookie: a site's cookie; the epid
 * base must be at most DOBJ_USDT_COOKIE_EPID_MAX. */
void usdt_spec_layout(const struct dobj_usdt_spec *specs, size_t n,
		      struct dobj_usdt_arg out[DOBJ_USDT_MAXARGS]);
bool usdt_spec_fits(const struct dobj_usdt_spec *spec, const struct dobj_usdt_arg *fast);
uint64_t usdt_spec_cookie(uint32_t key, uint32_t epid_base, bool fast);

/* usdt_spec_layout of the sites known now of the probes enabled by exactly the enablings
 * (clauses, stmts)[0..n) (usdt_prov.h): one class's program (trace_cmd's classes). */
void usdt_spec_class_layout(const struct uprov *up, const int *clauses, const int *stmts,
			    int nclauses,
			    struct dobj_usdt_arg out[DOBJ_USDT_MAXARGS]);

/* The names value: four strings of namesz bytes each (truncated, NUL-terminated). */
void usdt_spec_names(char *value, size_t namesz, const char *provider, const char *module,
		     const char *function, const char *name);
#endif
