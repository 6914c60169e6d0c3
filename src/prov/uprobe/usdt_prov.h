/* usdt_prov.h — the uprobe table: the probes of the uprobe providers (usdt: the .note.stapsdt
 * probes of processes and files; pid: function entry, return and instruction probes of a
 * process) that a D program's descriptions match, with their files and sites, and the
 * descriptions kept to match objects that appear later (uprov_rescan asks each description's
 * provider, provider.h match_new).
 *
 * USDT probes:
 *
 * A probe is (provider, module, function, name) in one file, for one process or for every
 * process:
 *  - "python1234:::x" (what "python$target" and "python$1" expand to): the probes of the
 *    objects process 1234 maps; the probe's provider reads "python1234" and it is attached for
 *    that process only;
 *  - "python:::x", "py*:::x", ":::x": the probes of every ELF object some process maps now,
 *    each attached to the file for every process (pid 0), so processes started later that map
 *    the same file fire them too.
 * Names compare with "__" and "-" as equal (probedesc.h).
 *
 * Contract: uprov_match appends the probes description d matches that are not known yet and
 * adds `clause` to the clause list of every probe it matches (kept ascending). It returns
 * how many probes matched. Unreadable objects of processes are skipped silently (other
 * users' processes, vanished ones). Probe ids continue from first_id in order of discovery.
 * Sites, names and files are owned by the uprov. */
#ifndef USDTRACE_USDT_PROV_H
#define USDTRACE_USDT_PROV_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "elf_funcs.h"
#include "probedesc.h"
#include "proc_maps.h"
#include "usdt_cache.h"

struct provider;
struct dtype;
struct dtype_ctx;

struct uprov_file {
	dev_t dev;
	ino_t ino;
	struct usdt_cached *cf;      /* parsed notes (owned by the cache); NULL for a file only pid
	                              * probes use */
	struct elf_funcs *funcs;     /* its functions (pid provider), read on first use, or NULL */
	char *funcs_err;             /* why they could not be read */
	char *path;                  /* a path to attach uprobes to (maps' map_files/ or root/ form
	                              * for process objects, so deleted files and containers work) */
	char *module;                /* basename: the probe tuple's module */
};

struct uprov_probe {
	uint32_t id;
	const struct provider *prov; /* &prov_usdt or &prov_pid */
	bool ret;                    /* a return probe: attached as a uretprobe */
	pid_t pid;                   /* 0: every process that maps the file */
	char *provider;              /* as dtrace shows it: "python1234", or "python" for pid 0 */
	char *function;              /* enclosing function, "" when unknown */
	char *name;                  /* as in the note ("function__entry") */
	int file;                    /* index in files[] */
	const struct usdt_file_probe *sites;  /* usdt: its sites in the file's notes; NULL for pid */
	struct usdt_site *own;       /* pid: its one site, with the ABI's argument locations; a
	                              * user-space formula probe's: its nown sites (an array) */
	int nown;                    /* 0: one site */
	const void *formula;         /* a user-space formula probe's struct dprobe (pid_formula.c) */
	int formula_alt;             /* and the alternative it stands on */
	uint64_t func_addr;          /* pid: the function's link-time address */
	/* Its enablings: the clause and the statement (pcat.h: the description's number in the
	 * program) of each description that matched it, ordered by statement. A clause appears
	 * once per description of it that matched (`pid$target::f:entry, pid$target::f*:entry`
	 * enables f twice), as dtrace makes an enabling per description. */
	int *clauses;
	int *stmts;
	int nclauses;
};

/* A description as matched, kept for processes and libraries that appear later. */
struct uprov_desc {
	const struct provider *provider;
	char *prov, *mod, *func, *name;
	int clause;
	int stmt;                    /* its statement (uprov.stmt when it was kept) */
	pid_t pid;                   /* uprov_desc_pid(prov) */
};

/* The USDT probes of one object of one process, as `-l` numbers them: a run of ids, one per
 * probe of the file, in file order (usdt_cache.h), whether described or not. */
struct uprov_block {
	pid_t pid;
	int file;
};

struct uprov {
	struct usdt_cache cache;
	struct uprov_block *blocks;  /* in order of first sight, every object a process-specific
	                              * description looked at */
	int nblocks;
	struct uprov_desc *descs;
	int ndescs;
	struct uprov_file *files;
	int nfiles;
	size_t files_cap;
	struct uprov_probe *probes;
	int nprobes;
	size_t probes_cap;
	size_t *index;               /* probes by identity (uprov_probe_get) */
	size_t index_cap;
	uint32_t next_id;
	int stmt;                    /* the statement of the description being matched (set by
	                              * the caller of a provider's match; uprov_rescan sets each
	                              * kept description's): uprov_probe_add_clause records it */
	bool scanned;                /* every process's objects are in files[] */
	/* Another source of every process's objects than /proc (-x stash: the commands set
	 * usdtraced's stash_maps_foreach, stash.h, with its directory): walk(walk_dir, &cache, fn,
	 * arg) calls fn as proc_maps_foreach does, with the objects' parses put in the cache, or
	 * returns -1 (nothing called) to have /proc scanned. NULL: always /proc. */
	int (*walk)(const char *walk_dir, struct usdt_cache *cache,
		    void (*fn)(const struct proc_maps *m, void *arg), void *arg);
	const char *walk_dir;
	int nunplaced;               /* probes a provider left out since it last said so */
	char *first_unplaced;
	int nredzone;                /* of those, left out as a nop5 inside a function (pid_prov.c) */
};

void uprov_init(struct uprov *u, uint32_t first_id);
/* fn(maps, arg) for every process on the machine, as proc_maps_foreach: through u->walk when
 * it answers (then maps may hold only the objects with probes, whose parses are in u->cache
 * already), else from /proc. */
void uprov_foreach_process(struct uprov *u, void (*fn)(const struct proc_maps *m, void *arg),
			   void *arg);
void uprov_free(struct uprov *u);

/* Ids as `-l` gives them for the same processes: per-process USDT probes in runs per block
 * (by pid, then in maps order, every probe of the object counted), then the other probes
 * (every-process USDT probes, pid probes) in order of discovery, from first_id. */
void uprov_number(struct uprov *u, uint32_t first_id);

/* The USDT provider's matching (prov_usdt.match). */
int uprov_match(struct uprov *u, const struct probedesc *d, int clause);

/* Every USDT probe of process m->pid, as uprov_match makes them for "*PID:::" but keeping no
 * description and enabling no clause: each object with probes a block, every probe of it
 * created. `-l` lists processes through this. Unreadable objects are skipped silently; their
 * parse results are in u->cache for the caller to report. Returns how many probes. */
int uprov_add_process(struct uprov *u, const struct proc_maps *m);

/* For providers: keep d (for objects that appear later); the file entry of a process's object
 * (cf may be NULL); a probe of file fi for process pid (0: every process) identified by
 * (sites, own_key) — found, or added with the given names — with `clause` added to it. */
void uprov_keep_desc(struct uprov *u, const struct provider *p, const struct probedesc *d,
		     int clause);
int uprov_file_of(struct uprov *u, struct usdt_cached *cf, const struct proc_object *o);
struct uprov_probe *uprov_probe_get(struct uprov *u, const struct provider *prov, int fi,
				    pid_t pid, const struct usdt_file_probe *sites,
				    const char *provider, const char *function, const char *name,
				    bool ret);
/* Enable p by `clause` as statement u->stmt (once: a description matching p again adds
 * nothing). */
void uprov_probe_add_clause(struct uprov *u, struct uprov_probe *p, int clause);
/* Whether enabling lists (clauses, stmts, n) of two probes or classes are the same. */
bool uprov_same_enablings(const int *clauses_a, const int *stmts_a, int na,
			  const int *clauses_b, const int *stmts_b, int nb);

/* Process pid mapped new objects (it started, or loaded a library): match the descriptions
 * seen so far against them, appending the new probes (ids from next_id): for descriptions
 * naming pid, probes of pid; for descriptions naming no process, probes of files not seen
 * before, for every process. A pid that is gone adds nothing. True when pid now maps an object
 * with probes of ours that fire in it (so its stacks may be walked and symbolized). */
bool uprov_rescan(struct uprov *u, pid_t pid);

/* Whether some description names no process (so new processes may matter). */
bool uprov_has_global(const struct uprov *u);

/* The pid a provider pattern names ("python1234" -> 1234), or 0 when it names none. */
pid_t uprov_desc_pid(const char *prov);

/* Probe p's sites: how many, and site `k`; the notes of the file it is in (NULL: none). */
int uprov_nsites(const struct uprov_probe *p);
const struct usdt_site *uprov_site(const struct uprov *u, const struct uprov_probe *p, int k);
const struct usdt_file *uprov_notes(const struct uprov *u, const struct uprov_probe *p);

/* args[] types from probe p's site's argument locations (int32_t, uint64_t...; floats travel
 * as their bits, uint64_t); NULL when the program defines none of those names. */
struct dtype **uprov_native_types(const struct uprov *u, const struct uprov_probe *p,
				  struct dtype_ctx *ctx, int *nargs);

/* The USDT provider's part of uprov_rescan: description d against process pid's objects m. */
void uprov_match_new(struct uprov *u, const struct uprov_desc *d, pid_t pid,
		     const struct proc_maps *m, const bool *known);
#endif
