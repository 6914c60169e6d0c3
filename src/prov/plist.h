/* plist.h — listing probes (-l): the state list_cmd.c builds from the command line and hands
 * to the providers' listing hooks (provider.h: populate, list_provide, list, list_probe,
 * list_attrs, args), and the ways a probe is selected and printed, in dtrace's format.
 *
 * Order (list_cmd.c): the header; the builtin catalog (pcat.h: standing probes, and those
 * list_provide made for the descriptions), in plist_catalog's order; then every
 * provider's list hook in provider-table order (ids going on from next_id: usdt's files named
 * by path, the probes of the listed processes added to the uprobe table); then the uprobe
 * table numbered as a trace numbers it and listed in id order, each probe through its
 * provider's list_probe (pcat_list_uprobes). */
#ifndef USDTRACE_PLIST_H
#define USDTRACE_PLIST_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "pcat.h"
#include "probedesc.h"
#include "proc_maps.h"

/* One description of a -n/-P/-m/-f/-i argument. */
struct plist_desc {
	char kind;            /* 'n' 'P' 'm' 'f' 'i' */
	const char *text;
	bool by_id;           /* -i with a number */
	long id;
	bool is_file;         /* the module field names an ELF file by path (our extension): it
	                       * selects only what a provider lists from that file */
	struct probedesc pd;  /* `$target` expanded */
	bool matched;         /* some probe was listed for it, or its error reported */
};

struct plist {
	struct plist_desc *descs;
	int ndescs;
	bool verbose;         /* -v */
	FILE *out;
	struct proc_maps **procs;   /* -p / -c: the processes to list (by pid); none: every
	                             * process, for descriptions that may name their probes */
	int nprocs;
	uint32_t next_id;     /* the id the next probe listed from outside the catalog takes */
	struct pcat cat;      /* the builtin catalog and the uprobe table */
	struct dtype_ctx *ctx;      /* -v: argument types are made here */
};

/* Whether the descriptions select a probe (no description: all do), marking those that do.
 * path: the file the probe was listed from, for descriptions naming a file by path (NULL: a
 * probe of the catalog or of a process); pid: the probe's process (its provider is prov+pid),
 * 0 for none. */
bool plist_select(struct plist *L, uint32_t id, const char *path, pid_t pid, const char *prov,
		  const char *mod, const char *func, const char *name);
/* -l for a provider that makes its probes only when described: match(&L->cat, &d->pd, 0, -1,
 * 0) (provider.h's match hook) for every description that names probes (not an id, not a
 * file) and that want accepts (NULL: every one), marking those it matched; a description in
 * error is marked and its message printed. Returns 0, or 1 when one was in error. */
int plist_match_descs(struct plist *L, bool (*want)(const struct plist_desc *d),
		      int (*match)(struct pcat *cat, const struct probedesc *d, uint32_t id,
				   int clause, int nbefore));
/* One probe line. */
void plist_line(struct plist *L, uint32_t id, const char *prov, const char *mod,
		const char *func, const char *name);
/* -v: the attribute blocks (provider.h list_attrs; NULL: Stable / Stable / Common). */
void plist_attrs(struct plist *L, const char *const *attrs);
/* -v: the argument types block of a (NULL or no argument: "None"). */
void plist_args(struct plist *L, const struct prov_args *a);
/* -v of probe p: its provider's attributes, and its arguments through its args hook. */
void plist_verbose(struct plist *L, const struct dobj_probe *p);
/* -v's line on how a kernel takes a uprobe on the instruction at file offset off (address
 * vaddr) of path: an int3 trap, or, for a 5-byte nop, a call to its trampoline on kernels that
 * optimise uprobes (6.18+), said to harm the red zone when the nop is inside a function
 * without %rsp lowered before it (docs/sdt-sites.md). fn_off is the instruction's offset in
 * its function when known (the entry, or 4 after an endbr64 there, is safe), else UINT64_MAX;
 * was_call: the nop replaced a call (DOF's rewritten probe calls), which pushed below %rsp
 * itself, so nothing lives in the red zone there: safe too. */
void plist_site_how(struct plist *L, const char *path, uint64_t off, uint64_t vaddr,
		    uint64_t fn_off, bool was_call);
/* Probe p's line and, with -v, plist_verbose and a blank line. */
void plist_print(struct plist *L, const struct dobj_probe *p);
/* The builtin catalog's part of the listing. No description: every probe in id order. Else
 * description by description, as dtrace lists them: each probe it selects, so a probe two
 * descriptions select is listed twice; newest first (descending ids) when some field of the
 * description is a plain name, else in id order; an id (-i) is its probe. */
void plist_catalog(struct plist *L);
/* plist_print when the descriptions select p (its provider with no pid). */
void plist_probe(struct plist *L, const struct dobj_probe *p);
#endif
