/* provider.h — the interface every provider implements. A provider is one module (one file or
 * folder under src/prov/) that owns a family of probes end to end: which probes a description
 * matches (for the tracer and for -l alike, so ids agree), what their arguments are, what BPF
 * program type and context their programs get, the code that fetches arguments and names, and
 * how programs are attached and detached. Code outside a provider never asks which provider a
 * probe belongs to: it calls these hooks through dobj_probe.prov.
 *
 * The providers: dtrace (BEGIN, END, ERROR: prov/dtrace.c), cpc (EVENT-MODE-COUNT on perf
 * counters: prov/cpc.c), profile (tick-N, profile-N: prov/profile.c; both sample perf events,
 * prov/perfev.h), usdt (the .note.stapsdt probes of processes and files: prov/usdt/) and pid
 * (function entry, return and instruction probes of any process: prov/pid/), fbt (kernel
 * function entry and return through BPF trampolines: prov/fbt.c), rawtp (every kernel
 * tracepoint: prov/rawtp.c), sdt (every kernel trace event: prov/sdt.c), and the kernel
 * providers syscall, proc and sched (prov/syscall.c, proc.c, sched.c; prov/ktp.c), and the
 * providers D libraries define as formulas over those probes (io: prov/formula.c). usdt and pid
 * probes are uprobes; they share one engine (prov/uprobe/): classes of probes served by one
 * program, sites described by specs the program reads, links, probes appearing at
 * dlopen()/exec. Adding a provider: docs/ARCHITECTURE.md, "Adding a provider".
 *
 * Matching. A catalog (pcat.h) holds every probe of one invocation, numbered in one sequence;
 * each provider's match hook adds the probes a description selects and returns how many it
 * selected (0: none; the caller reports "does not match any probes" unless -Z). A provider
 * that cannot be named by a description (its name pattern cannot match) returns 0 at once.
 * What a provider knows of one probe beyond what every probe has (ids, names) hangs from
 * dobj_probe.data, which only the provider reads.
 *
 * Arguments. One hook (args) gives every probe's arguments as one descriptor (struct
 * prov_args): D types, native types and mapping, text for -l -v.
 *
 * Listing (plist.h). -l goes through the same catalog: populate (standing probes) and
 * list_provide fill it, the builtin catalog is printed with the args hook and list_attrs, the
 * list hooks add what else a provider lists (files, processes), and list_probe prints the
 * uprobe table's probes.
 *
 * Compiling (cg.h). The code generator compiles the clauses of each dobj_probe into programs
 * with prov->cg_compile (NULL: cg's default, one program) and, inside them, calls the cg_*
 * hooks wherever the code depends on the probe: arguments, epids, the probe's id and names.
 * A hook that is NULL means "constant": the value is the dobj_probe's own.
 *
 * Running (trace_run.h). Before the maps are created, trace_run has each distinct run module
 * (prov->run) size the maps it fills at run time; after the programs are loaded it calls
 * prov->attach for each program, asks each run module which processes to hold, then calls
 * its start once (after every attach), passes it the records it owns (rescan), and stops it
 * at the end; detaching is the attach_set's. A run module's state is its own, behind an
 * opaque pointer trace_run keeps for it; what it needs from the command (the uprobe table,
 * the class programs) it reaches through struct prov_run's catalog and enabled set.
 *
 * Where it lives. This header is in src/cg/, below the providers, with the code generator that
 * calls most of its hooks: cg and run include only this interface, never a provider's header,
 * so folder includes run one way (docs/ARCHITECTURE.md, "The folders") and the providers
 * (src/prov/) are plug-ins above the core that include the core's headers. */
#ifndef USDTRACE_PROVIDER_H
#define USDTRACE_PROVIDER_H
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct bprobes;
struct cgc;
struct pcat;
struct plist;
struct proc_maps;
struct uprov;
struct uprov_desc;
struct uprov_probe;
struct dtype;
struct dtype_ctx;
struct strbuf;
struct probedesc;
struct dobj;
struct dobj_probe;
struct dobj_prog;
struct dprog;
struct dnode;
struct dobj_ecb;
struct prov_run;
struct bpf_sys_prog_opts;

/* What generic code must know of a probe's program (provider->flags). */
enum prov_flag {
	PROV_F_SELF = 1,            /* fired by the tracer itself with BPF_PROG_TEST_RUN (no
	                             * attachment); the traced registers are the tracer's own,
	                             * found with bpf_task_pt_regs */
	PROV_F_WHILE_STOPPING = 2,  /* still fires once exit() has run (END, ERROR) */
	PROV_F_INTERRUPT = 4,       /* runs in interrupt context (cpu-clock events): the word at
	                             * the user stack pointer is no caller (ucaller) */
	PROV_F_SHARED = 8,          /* one program serves many probes (a class): id, names and
	                             * epids are read at run time through the cg hooks */
	PROV_F_UPROBE = 16,         /* attached as a uprobe (uprobe_multi expected attach type) */
	PROV_F_KERNEL = 32,         /* a kernel program (an fbt trampoline, a tracepoint): its
	                             * context holds no user registers; the traced thread's
	                             * are found with bpf_task_pt_regs */
};

/* The kernel stack a probe's program sees (stack(), stackdepth, caller; prov->kstack_own). The
 * kernel's walk starts where the program asks for it: inside the program, under the code that
 * ran it. Those frames are the tracer's, and they differ from program to program, so left in
 * they would show the tracer in every stack and split aggregation keys by program. */
#define PROV_KSTACK_HANDLERS 8
#define PROV_KSTACK_MAX_HANDLED 2
struct prov_kstack {
	bool none;            /* the probe fires in no kernel context of its own (the tracer's own
	                       * system call runs BEGIN): an empty stack */
	uint32_t skip;        /* leading frames that are always the tracer's */
	int nhandlers;        /* then up to PROV_KSTACK_MAX_HANDLED more, while each lies in one */
	struct {              /* of these ranges (handlers the kernel calls on some events, */
		uint64_t lo, hi;  /* jumps through on others) */
	} handler[PROV_KSTACK_HANDLERS];
};

/* What providers get at run time (trace_run fills it; trace_run_opts hands on cat and
 * enabled, which only providers read). */
struct attach_set;
struct epid_tab;
struct pcat_enabled;
struct prov_run {
	struct dobj *o;
	struct attach_set *set;          /* every attachment: detached by trace_run */
	struct epid_tab *epids;          /* run-time epids beyond the dobj's own (epid_tab.h) */
	struct dobj_prog *self[3];       /* dtrace: BEGIN, END, ERROR programs, fired by trace_run */
	pid_t stop_pid;                  /* the -c child, held with SIGSTOP at dlopen/exec, or 0 */
	pid_t tracer;                    /* the tracer's pid when it holds processes with ptrace */
	struct pcat *cat;                /* the catalog the probes came from (its uprobe table grows
	                                  * as processes map objects), or NULL */
	const struct pcat_enabled *enabled; /* what the program enables (the class programs), or
	                                     * NULL */
	bool can_hold;                   /* set by a start hook whose watcher holds the threads
	                                  * `tracer` has seized: trace_run then holds them */
	int cpu;                         /* -x cpu: the one CPU probes fire on, or -1 (any) */
	/* Set by trace_run: a rescan hook calls it for a process its probes will fire in, before
	 * enabling them, so the process's stack tables and symbols are ready for the first
	 * firing. Processes no probe fires in get none until a stack meets them. */
	void (*will_fire)(struct prov_run *r, pid_t pid);
};

/* The run-time part of a family of providers (trace_run calls it; NULL hooks do nothing).
 * state: the family's own, NULL until its start hook sets it. */
struct prov_run_ops {
	/* Before the maps are created: set the sizes of the maps the family fills at run time
	 * (the uprobe engine's specs and names, from the probes known now). */
	void (*size_maps)(struct prov_run *r);
	/* Before start: -1 when no probe of the family can appear while tracing runs; else probes
	 * may appear as processes map objects (dlopen, exec), so the -p targets are to be held
	 * at dlopen()/exec, and so are the n processes returned in *pids (malloc'd, the caller
	 * frees it). */
	int (*holds)(struct prov_run *r, pid_t **pids);
	/* Everything is loaded and every program attached: enable what the provider enables
	 * itself (the uprobe engine's classes, its watcher), with its state made into *state
	 * (stop frees it whether start succeeded or not; stop gets NULL when start never ran,
	 * setup having failed first). 0, or -1 with a message printed. */
	int (*start)(struct prov_run *r, void **state);
	/* A DOBJ_REC_RESCAN record: process pid mapped new objects; enable their probes. Returns
	 * whether a probe of the family can fire in pid now (the tracer then prepares its user
	 * stacks and symbols; a watcher reports every process the machine starts). */
	void (*rescan)(struct prov_run *r, void *state, pid_t pid);
	void (*stop)(struct prov_run *r, void *state);
};

/* One probe's arguments, as the args hook gives them: what args[] and argN are for the type
 * checker (trace_cmd.c, through pcat_clause_args) and what -l -v prints (plist.h). Every array
 * is malloc'd and freed by prov_args_free; the types live in the dtype_ctx the hook was given,
 * or in `keep`; text strings are the provider's (static, or its catalog's: they outlive the
 * listing). */
struct prov_args {
	int nargs;                 /* args[0 .. nargs) */
	struct dtype **types;      /* args[k]'s D type (translated, when there is a mapping); NULL
	                            * when only the text was asked for (listing) */
	const char **text;         /* -l -v: args[k] as the provider spells it (its notes', its
	                            * formats' words); NULL: its type, spelled (dtype_spell) */
	/* The argument mapping (`probe p(native) : (translated)`), NULL without one: args[k] is
	 * made from native argument map[k], whose type is native[map[k]] (argN stays native
	 * argument N). */
	int *map;
	struct dtype **native;
	int nnative;
	struct dprog *keep;        /* a D program of the provider's own holding the types, or NULL */
	/* A formula probe's (docs/formula-providers.md), NULL otherwise: args[k] is the D
	 * expression expr[k] (a tree of the program's own, over argN of the probe, never
	 * changed: the checker puts a copy in place of each args[k]), translated to types[k]
	 * when that is a struct or a pointer to one the expression's type is not. */
	struct dnode **expr;
	/* pcat_clause_args: the clause enables probes whose args[] are made differently (formula
	 * probes of different formulas, or a formula probe and another probe), so that args[]
	 * has no one meaning in it */
	bool differ;
	/* Value guards (docs/formula-providers.md), each a D expression of the program's own
	 * that the checker types in place (once) and a probe's cg_guard compiles: the probe's
	 * own (args hook), or, from pcat_clause_args, those of every probe of the clause */
	struct dnode **guards;
	int nguards;
};

void prov_args_free(struct prov_args *a);

struct provider {
	const char *name;
	/* ---- matching (pcat.h) ---- */
	/* Add the probes d selects to the catalog for `clause` (-1: listing only); `id` non-zero
	 * for -i ID; nbefore: probes earlier providers matched. Returns how many it selected. */
	int (*match)(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		     int nbefore);
	/* Uprobe providers: process pid mapped new objects m (known[k]: object k was seen
	 * before): add the probes kept description d selects in them. NULL: none appear. */
	void (*match_new)(struct uprov *u, const struct uprov_desc *d, pid_t pid,
			  const struct proc_maps *m, const bool *known);
	/* The builtin catalog's standing probes of the provider (pcat_init calls every
	 * provider's in table order, so ids are the same for -l and a trace). NULL: none. */
	void (*populate)(struct bprobes *c);
	/* ---- arguments ---- */
	/* Probe p's arguments into *a (zeroed by the caller): their D types made in ctx (or in
	 * a->keep), the native types and mapping when the provider has one, and the text -l -v
	 * shows. `listing`: for -l -v only, where a provider that has the text may leave the types
	 * out. cat holds what the provider keeps per invocation (the uprobe table, DWARF files);
	 * a uprobe's p->data is its struct uprov_probe. Returns 0, or -1 when the probe has no
	 * typed arguments (*a left empty). NULL: none (dtrace, profile). */
	int (*args)(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
		    bool listing, struct prov_args *a);
	/* ---- compiling ---- */
	int (*prog_type)(const struct dobj_probe *p);     /* enum bpf_prog_type */
	unsigned (*flags)(const struct dobj_probe *p);    /* enum prov_flag */
	/* The programs of probe `probe` (an index in dobj->probes); NULL: one program. */
	void (*cg_compile)(struct cgc *c, int probe);
	/* After the context is in R6, before anything else: may jump to out_label (no firing). */
	void (*cg_prologue)(struct cgc *c, int out_label);
	/* R0 = argument i (0-based; any i: beyond the probe's arguments it is 0). R1-R5 free. */
	void (*cg_arg)(struct cgc *c, int i);
	/* reg = the run-time epid of the record with template epid tmpl. NULL: tmpl. */
	void (*cg_epid)(struct cgc *c, int reg, uint32_t tmpl);
	/* The thread the probe describes, when it is not the current one (sched's on-cpu fires
	 * before the switch, in the thread leaving, but describes the thread coming on): emit
	 * R0 = its task_struct pointer (R1-R5 free; no scratch needed: the prologue may call it)
	 * and return true; emit nothing and return false when it is the current thread. The code
	 * generator's thread built-ins (pid, tid, ppid, uid, gid, execname, curthread and what
	 * translates it, vtimestamp, progenyof, self-> variables) read that task's fields. NULL:
	 * always the current thread. */
	bool (*cg_task)(struct cgc *c);
	/* R0 = the probe's id. NULL: the dobj_probe's id. */
	void (*cg_probe_id)(struct cgc *c);
	/* One of the names (0 provider, 1 module, 2 function, 3 name) into a new scratch slot;
	 * returns its offset. NULL: the dobj_probe's strings. */
	uint32_t (*cg_probe_name)(struct cgc *c, int which);
	/* R0 = errno as the probe sees it (the failing system call's error). NULL: 0. */
	void (*cg_errno)(struct cgc *c);
	/* The probe's own test of its firing (a formula's value guard), at the start of each
	 * clause compiled for it: jump to skip_label when the probe does not fire this time.
	 * The test's tree was checked with the clause (prov_args.guards). NULL: none. */
	void (*cg_guard)(struct cgc *c, int skip_label);
	/* The tracer's own frames at the top of the kernel stack p's program sees, to be left
	 * out (k is zeroed first). NULL: none, the walk starts where the probe fired (a perf
	 * event's sampled registers, a perf tracepoint's saved ones). */
	void (*kstack_own)(const struct dobj_probe *p, struct prov_kstack *k);
	/* ---- running ---- */
	/* Load options beyond the program type (a tracing program's attach type and BTF id).
	 * NULL: none. */
	void (*load_opts)(const struct dobj_probe *p, struct bpf_sys_prog_opts *o);
	/* Whether the kernel takes a program on probe p at all (fbt: it may refuse every
	 * fentry/fexit program), tried with a program that does nothing; false with the reason
	 * in *why. A formula's alternative on a probe the kernel refuses does not apply
	 * (formula.c). NULL: it does. */
	bool (*loadable)(const struct dobj_probe *p, struct strbuf *why);
	/* Attach program p (loaded). 0, or -1 with a message printed. */
	int (*attach)(struct prov_run *r, struct dobj_prog *p);
	const struct prov_run_ops *run;                   /* NULL: nothing at run time */
	/* ---- listing (-l: list_cmd.c, through plist.h) ---- */
	/* A provider whose probes are made only as descriptions name them adds those d names to
	 * the catalog, before the catalog is listed: a plain listing asks with ":::" first (fbt,
	 * one probe per kernel function, adds only what names its provider or a function), then
	 * with each description. NULL: its probes are there from the start. */
	void (*list_provide)(struct pcat *cat, const struct probedesc *d);
	/* After the builtin catalog is listed (ids go on from L->next_id): what the provider lists
	 * from elsewhere (usdt: files named by path, printed here) and the probes of the listed
	 * processes it adds to the uprobe table (usdt: every probe of their objects; pid: those
	 * the descriptions naming a process select). Marks the descriptions it matches; returns 0,
	 * or 1 when something was in error (its message printed). NULL: nothing. */
	int (*list)(struct plist *L);
	/* Uprobe providers: probe p of the uprobe table (p->data its struct uprov_probe; the
	 * table is listed in id order once every list hook has run): print it if the
	 * descriptions select it (plist_select, plist_line, plist_verbose). NULL: plist_probe,
	 * the builtin catalog's way. */
	void (*list_probe)(struct plist *L, const struct dobj_probe *p);
	/* -l -v's attribute blocks: names, data, class of the probe, then of its arguments.
	 * NULL: dtrace's own providers' Stable / Stable / Common. */
	const char *const *list_attrs;
};

/* The providers (pcat.c's table lists them, in order). */
extern const struct provider prov_dtrace, prov_cpc, prov_profile, prov_usdt, prov_pid,
	prov_syscall, prov_proc, prov_sched, prov_fbt, prov_rawtp, prov_sdt, prov_formula, prov_uformula;
#endif
