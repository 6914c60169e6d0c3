/* uprobe.h — the uprobe engine's provider hooks, shared by the uprobe providers (usdt, pid):
 * their probes are served by class programs (one per set of clauses, dobj.h "Uprobe
 * programs") of type BPF_PROG_TYPE_KPROBE whose context is the traced thread's pt_regs;
 * arguments, epids, id and names come through the attach cookie and the site's spec
 * (cg_uprobe.c); the engine attaches each probe's sites and picks up new objects
 * (uprobe_run.c). A uprobe provider's own part is its matching. */
#ifndef USDTRACE_UPROBE_H
#define USDTRACE_UPROBE_H
#include <stdint.h>

#include "provider.h"

struct cgc;
struct dobj_probe;
struct dobj_prog;

int uprobe_prog_type(const struct dobj_probe *p);
unsigned uprobe_flags(const struct dobj_probe *p);
int uprobe_attach(struct prov_run *r, struct dobj_prog *p);  /* the engine attaches: nothing */
extern const struct prov_run_ops uprobe_run_ops;

/* cg_uprobe.c */
void uprobe_compile(struct cgc *c, int probe);
void uprobe_prologue(struct cgc *c, int out_label);
void uprobe_arg(struct cgc *c, int i);
void uprobe_epid(struct cgc *c, int reg, uint32_t tmpl);
void uprobe_probe_id(struct cgc *c);
uint32_t uprobe_probe_name(struct cgc *c, int which);

/* The engine's part of a uprobe provider's struct provider: everything but matching, argument
 * types and listing, which are the provider's own. */
#define UPROBE_ENGINE_HOOKS                                                                   \
	.prog_type = uprobe_prog_type, .flags = uprobe_flags, .cg_compile = uprobe_compile,   \
	.cg_prologue = uprobe_prologue, .cg_arg = uprobe_arg, .cg_epid = uprobe_epid,         \
	.cg_probe_id = uprobe_probe_id, .cg_probe_name = uprobe_probe_name,                   \
	.attach = uprobe_attach, .run = &uprobe_run_ops
#endif
