/* pcat.h — the probe catalog of one invocation: every probe the descriptions of a D program
 * match, from every provider, numbered in one sequence, and the provider table: every provider
 * in the order it is asked (pcat_match asks each in turn; pcat_init has each populate the
 * builtin catalog; -l asks each to list, plist.h). The tracer matches each clause's
 * descriptions through it, and `-l` lists through the same catalog.
 *
 * Ids: the builtin probes (dtrace's 1-3, the profile provider's standing probes, the kernel
 * providers', then those descriptions create: tick-N, fbt, rawtp, sdt) first, then the
 * uprobes (usdt, pid) in order of discovery (pcat_number, once matching is done).
 *
 * Contract: pcat_match returns how many probes the description selected (0: none; the caller
 * words "does not match any probes"); for a clause >= 0 it records the clause's builtin probes
 * in clause_idx[clause] (catalog indexes, one entry per description that matches a probe, as
 * dtrace makes one enabling per description: `BEGIN, BEGIN` runs the clause twice) and the
 * uprobes' clause lists in `up`. Each call for a clause is one statement, numbered from 0 in
 * call order across the program (dtrace's dt_clause_N counts descriptions, not clauses).
 * A provider's error (a pid that cannot be read, an offset that is not an instruction) is
 * returned as -1 with the message in cat->err; matching stops there. */
#ifndef USDTRACE_PCAT_H
#define USDTRACE_PCAT_H
struct dprog;
#include <stddef.h>
#include <stdint.h>

#include "bprobes.h"
#include "dwarf_types.h"
#include "probedesc.h"
#include "provider.h"
#include "uprobe_run.h"
#include "usdt_prov.h"

struct pcat_udesc {
	struct probedesc d;
	const struct provider *prov;
	int clause, stmt;
};

struct pcat {
	struct bprobes builtin;        /* dtrace and profile probes */
	int nclauses;
	int **clause_idx;              /* per clause: indexes in builtin.probes */
	size_t *nclause_idx;
	int **clause_stmt;             /* per clause, parallel to clause_idx: the statement (the
	                                * description's number in the program) of each entry */
	int nstmts;                    /* statements numbered so far */
	struct uprov up;               /* usdt and pid probes */
	/* every description that may name uprobes, with its provider, clause and statement, so
	 * a probe appearing later (dlopen, exec) finds a program running just that enabling */
	struct pcat_udesc *udescs;
	int nudescs;
	struct dwt_cache dwarf;        /* the DWARF of the uprobes' objects (argument types, struct
	                                * bodies), read on first need */
	char err[1024];
	bool zdefs;                    /* -Z: a provider's "no such function" is no error */
	bool listing;                  /* -l's check of the program it lists: nothing will be
	                                * enabled, so limits on enabling (fbt's trampolines per
	                                * clause) do not apply */
	/* The program whose provider blocks define formula probes (docs/formula-providers.md:
	 * its D libraries' `provider io { probe start(...) = ...; }`), or NULL. */
	const struct dprog *formulas;
	pid_t target;                  /* the -c/-p target ($target), or 0: the process of a
	                                * user-space formula probe a description names none for */
};

/* An empty catalog for nclauses clauses but for every provider's standing probes (provider.h
 * populate, in table order). */
void pcat_init(struct pcat *c, int nclauses);
void pcat_free(struct pcat *c);
int pcat_match(struct pcat *c, const struct probedesc *d, uint32_t id, int clause);
/* Give the uprobes ids after the builtin probes (once matching is done). */
void pcat_number(struct pcat *c);

/* Uprobe p of the table as a struct dobj_probe for the provider hooks (args, list_probe): its
 * id and names (the table's strings), its provider, and p itself as its data. */
struct dobj_probe pcat_uprobe(const struct pcat *c, const struct uprov_probe *p);

/* args[] of clause `clause` (provider.h args): the arguments of the first uprobe it enables as
 * its provider gives them, else those of the first builtin probe it enables that has typed
 * arguments. Types are made in ctx (or a->keep). Returns 0, or -1 when the clause's args[] are
 * untyped (*a empty). */
int pcat_clause_args(struct pcat *c, int clause, struct dtype_ctx *ctx, struct prov_args *a);

/* Whether the descriptions (statements) of clause `clause` give args[] differently: one
 * enables probes with typed arguments and another none, or their first probes' arguments
 * differ in number, types or making. dtrace checks and compiles a clause once per
 * description, each against its own probes; such a clause must be split to mean the same. */
bool pcat_clause_stmts_differ(struct pcat *c, int clause, struct dtype_ctx *ctx);
/* The probes of clause `clause` when it enables only formula probes of the builtin catalog
 * and their args[] are made by different formulas (`ip:::send, ip:::receive`): a malloc'd
 * array of *n indexes into c->builtin.probes, in the clause's order, so that the clause can
 * be compiled once for each (trace_cmd.c). NULL (and *n 0) otherwise. */
size_t *pcat_clause_formula_split(struct pcat *c, int clause, struct dtype_ctx *ctx, size_t *n);
/* The body of incomplete struct or union rec that clause `clause` uses, from the DWARF of the
 * objects its uprobes are in (the first that defines it; types made in ctx), else from the
 * kernel's BTF. Whether it was completed. */
bool pcat_clause_complete(struct pcat *c, int clause, struct dtype_ctx *ctx, struct dtype *rec);

/* Listing (plist.h). The probes providers make only as descriptions name them (provider.h
 * list_provide) that d names, added to the catalog; */
void pcat_list_provide(struct pcat *c, const struct probedesc *d);
/* every provider's list hook, in table order (0, or 1 when one reported an error); */
struct plist;
int pcat_list(struct plist *L);
/* the uprobe table, numbered from L->next_id as a trace numbers it and listed in id order
 * through each probe's list_probe hook (next_id is then past it). */
void pcat_list_uprobes(struct plist *L);

/* What the program enables, for the code generator (cg.h's cg_input) and the run: the probes
 * some clause enables, in order of first use, with each clause's list in their terms. The
 * uprobes (usdt, pid) enabled alike (the same descriptions of the same clauses) share one
 * program (dobj.h): one DOBJ_PROBE_UCLASS entry per distinct enabling list, named after its
 * first probe, and one for each description that may enable uprobes on its own, so probes that appear later (a process
 * started, a library loaded) find a program even when none matched at first (-Z); `classes`
 * says which; `layouts` (per probe, NULL but for classes) where most of a class's sites known
 * now have each argument, the program's fast path. Strings are the catalog's. */
struct pcat_enabled {
	struct dobj_probe *probes;
	size_t n;
	int **clause;
	size_t *nclause;
	int **stmt;                    /* parallel to clause: the statement of each entry (pcat's
	                                * clause_stmt; a uprobe class: its enablings') */
	int nclauses;
	struct usdt_class *classes;
	int nclasses;
	const struct dobj_usdt_arg **layouts;
	struct dobj_usdt_arg (*layout)[DOBJ_USDT_MAXARGS];
};

void pcat_enabled(const struct pcat *c, struct pcat_enabled *e);
void pcat_enabled_free(struct pcat_enabled *e);

/* For the providers of the builtin catalog: match d against the builtin probes of provider p. */
int pcat_match_builtin(struct pcat *c, const struct provider *p, const struct probedesc *d,
		       uint32_t id, int clause);
/* Whether name is exactly the name of a provider of the builtin catalog (dtrace, cpc, profile
 * and the kernel's: syscall, proc, sched, fbt, rawtp, sdt). A description naming one of them
 * selects that provider's probes, never a USDT provider of the same name: dtrace's USDT
 * providers carry their process's id (proc1234), which such a name cannot match, so no
 * process need be watched (and held at exec) for them. */
bool pcat_builtin_provider(const char *name);
/* The same, counting the formula providers of c's D libraries (c->formulas: io, tcp ...),
 * whose probes are kernel probes too. */
bool pcat_names_builtin(const struct pcat *c, const char *name);
/* For the uprobe providers: remember that clause may enable probes of p described by d (the
 * statement being matched). */
void pcat_note_udesc(struct pcat *c, const struct provider *p, const struct probedesc *d,
		     int clause);
#endif
