/* dobj.h — a compiled D program: the probes it enables, the BPF maps and programs that implement
 * it, and the layout of every record its programs send to user space. The code generator (cg.h)
 * builds one; the tracer (trace_cmd.c) creates the maps, loads and attaches the programs, and
 * formats the records. It is to usdtrace what DOF is to dtrace.
 *
 * Contract.
 *  - Maps are described, not created: the tracer creates each (fd), writes `init` (if any) as
 *    the value of key 0 of an array map, then patches every program: each index in
 *    prog->map_relocs is the first slot of a two-slot BPF_LD_IMM64 with src_reg
 *    BPF_PSEUDO_MAP_FD whose imm holds the map's index in dobj->maps until the patch replaces
 *    it with the map's fd. So compiling needs no privileges (-e, -S).
 *  - Probe ids: dtrace's. BEGIN 1, END 2, ERROR 3; other probes numbered as the listing numbers
 *    them. EPIDs (enabled probe ids: one per (probe, clause) pair) start at 1, in the order
 *    clauses are compiled; EPID 0 is never a clause's.
 *  - One program per enabled probe: all clauses enabling it, in program order.
 *  - Records. Every record begins with struct dobj_rec: epid and the CPU it was written on.
 *    epid != 0: a clause's data, laid out as ecbs[epid - 1] says (size bytes in all, header
 *    included; the time it was sent at time_off when a structured output format asked for
 *    it; the actions in order, each value at its offset). epid == 0: a control record
 *    whose `kind` field follows (DOBJ_REC_FAULT, ...). The ERROR probe's program sends
 *    its records to a ring buffer of its own (errbuf_map), which the tracer reads as soon
 *    as it has fired ERROR for a fault: ERROR's output then stands where the fault was, as
 *    in DTrace for Linux, where ERROR runs inside the faulting firing.
 *  - Drop counters: the per-CPU array map dobj->drops_map (key = enum dout_drop_kind, value
 *    u64 count since start) counts what could not be recorded or stored; the tracer reports
 *    increases as dtrace does.
 *  - State: the array map dobj->state_map, key 0, holds struct dobj_state; programs read it in
 *    their prologue (a starting tracer fires only BEGIN, a stopping one nothing but END and
 *    ERROR) and exit() sets `stopping`. */
#ifndef USDTRACE_DOBJ_H
#define USDTRACE_DOBJ_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest ring buffer a program gets (bufsize is rounded up to a power of two, at most
 * this): the kernel's ring buffer limit is near 4 GB, but a gigabyte of locked memory is a
 * run's sane ceiling. */
#define DOBJ_RINGBUF_MAX (1ull << 30)

#include "bpf_insn.h"
#include "bpf_sys.h"
#include "dfmt.h"

struct dobj_map {
	char *name;                /* for bpftool and -S: "globals", "assoc_counts", "self_x"... */
	enum bpf_sys_map_kind kind;
	uint32_t key_size, value_size, max_entries;
	void *init;                /* NULL, or value_size bytes for key 0 of an array map */
	int fd;                    /* -1 until the tracer creates it */
	uint32_t flags;            /* map_flags at creation: BPF_F_MMAPABLE for the arrays the
	                            * tracer fills through mmap (ustack_rows, ustack_pages) */
};

/* A probe's flavour within its provider (dobj_probe.prov): what the provider's own hooks tell
 * apart. Code outside the provider reads only the provider's hooks (provider.h). */
enum dobj_probe_kind {
	DOBJ_PROBE_BEGIN,          /* dtrace: run by the tracer itself with BPF_PROG_TEST_RUN */
	DOBJ_PROBE_END,            /* likewise, when the tracer stops */
	DOBJ_PROBE_ERROR,          /* likewise, for each fault record the tracer reads */
	DOBJ_PROBE_TICK,           /* profile: cpu-clock, one CPU */
	DOBJ_PROBE_PROFILE,        /* profile: cpu-clock, every CPU */
	DOBJ_PROBE_UCLASS,         /* usdt, pid: a class of uprobes sharing one program (below) */
	DOBJ_PROBE_FBT_ENTRY,      /* fbt: fentry of a vmlinux function */
	DOBJ_PROBE_FBT_RETURN,     /* fbt: fexit of it */
	DOBJ_PROBE_KERNEL,         /* syscall, proc, sched: a kernel tracepoint (prov/ktp.h) */
	DOBJ_PROBE_CPC,            /* cpc: a sampled perf event, every CPU */
};

/* Uprobe programs (USDT and pid probes). A DOBJ_PROBE_UCLASS entry of dobj->probes is not one probe but a class of them:
 * the USDT probes enabled by the same clauses share one program, whose uprobe_multi link gives
 * each site a cookie: the index of the site's struct dobj_usdt_spec in the array map
 * dobj->usdt_specs_map. The spec says which probe fired (its id, its names in the array map
 * dobj->usdt_names_map, its first epid) and where the site's arguments are. The ecbs compiled
 * for such a program are templates: probe P's record with template epid e carries epid
 * P.epid_base + (e - prog->first_epid), and the tracer maps those epids back to the template
 * and to P. Specs and names are written by the tracer (usdt_spec.h) before attaching. */
#define DOBJ_USDT_MAXARGS 12
#define DOBJ_UREG_NONE 0xff
#define DOBJ_USDT_PIDPROV 1
enum dobj_uarg_kind {
	DOBJ_UARG_NONE,            /* no such argument, or one BPF cannot read: reads as 0 */
	DOBJ_UARG_IMM,             /* the value is disp */
	DOBJ_UARG_REG,             /* register `base` (pt_regs word index), shifted right reg_shift */
	DOBJ_UARG_MEM,             /* at disp + reg[base] + (reg[index] << scale_shift), plus the
	                            * site's run-time address when pcrel (a symbol in an object
	                            * with a load bias: disp is then its distance from the site) */
	DOBJ_UARG_TLS,             /* at disp + the thread's %fs base */
};

struct dobj_usdt_arg {
	int64_t disp;
	uint8_t kind;              /* enum dobj_uarg_kind */
	uint8_t size;              /* 1, 2, 4, 8: the value is sign- or zero-extended from it */
	uint8_t is_signed;
	uint8_t base, index;       /* pt_regs word indexes (usdt_reg_ptregs_offset / 8) or NONE */
	uint8_t scale_shift;
	uint8_t reg_shift;
	uint8_t pcrel;
};

/* A site's uprobe cookie: the key of its spec in the low 32 bits; its probe's epid_base in bits
 * 32..62, so a record's epid needs no spec lookup; bit 63 (DOBJ_USDT_COOKIE_FAST) when every
 * argument the program reads directly (dobj_prog.usdt_fast) is where the program reads it (a
 * program without a twin tests it before such a read). A cookie is never 0 (epids start at 1). */
#define DOBJ_USDT_COOKIE_FAST (1ULL << 63)
#define DOBJ_USDT_COOKIE_EPID_SHIFT 32
#define DOBJ_USDT_COOKIE_EPID_MAX 0x7fffffffu

struct dobj_usdt_spec {
	uint32_t epid_base;        /* the probe's first epid */
	uint32_t probe_id;         /* the built-in `id` */
	uint32_t names;            /* key of the probe's names in usdt_names_map */
	uint16_t nargs;
	uint16_t flags;            /* DOBJ_USDT_PIDPROV: probeprov is the provider + the pid that
	                            * fired (a probe of every process: dtrace's python1234) */
	struct dobj_usdt_arg args[DOBJ_USDT_MAXARGS];
};

struct provider;
struct dobj_probe {
	uint32_t id;
	char *provider, *module, *function, *name;
	const struct provider *prov;  /* its provider's hooks (provider.h): program type, context,
	                               * argument fetching, attaching */
	enum dobj_probe_kind kind;
	const void *data;          /* the provider's own data about the probe (its period, system
	                            * call, BTF id, table entry ...), which only the provider reads;
	                            * it lives as long as the catalog that made the probe (pcat.h) */
};

/* A comment for -S listings: printed before instruction `at` ("clause 1, action #2: printf"). */
struct dobj_note {
	size_t at;
	char *text;
};

/* One more probe a multi-probe program serves (dobj_prog.also). */
struct dobj_prog_probe {
	int probe;                 /* index in dobj->probes */
	uint32_t first_epid;       /* its ecbs: first_epid .. first_epid + the program's nepids - 1 */
};

struct dobj_prog {
	int probe;                 /* index in dobj->probes */
	int type;                  /* enum bpf_prog_type: its provider's prog_type */
	bool sleepable;
	/* Attached after the programs that are not: it runs a formula provider's companion
	 * (dparse.h dcompanion), which must see a firing after the formula probes that share
	 * it, and the kernel runs a tracepoint's programs in the order they were attached */
	bool late;
	/* USDT programs: the register operands the program reads straight from the context
	 * (kind DOBJ_UARG_REG; the others NONE: read through the spec), for every site it runs
	 * for when it has a twin (below), else for the sites whose cookie has
	 * DOBJ_USDT_COOKIE_FAST. Compared with each site's spec at attach (usdt_spec_fits). */
	struct dobj_usdt_arg usdt_fast[DOBJ_USDT_MAXARGS];
	/* -1, or the index in progs of this program's twin: the same clauses reading every
	 * argument through the spec, for the sites whose spec does not fit usdt_fast (the
	 * tracer attaches those there; the twin shares this program's ecbs and epids). */
	int usdt_twin;
	struct bpf_insn *insns;
	size_t ninsns;
	size_t *map_relocs;        /* instruction indexes to patch (see above) */
	size_t nrelocs;
	struct bpf_sys_func *funcs;/* its functions after the main one, by start, named
	                            * "d_cleanpath"...; loaded as BTF global functions
	                            * (cg_subfn.h) */
	size_t nfuncs;
	struct dobj_note *notes;   /* for -S, in instruction order */
	size_t nnotes;
	int fd;                    /* -1 until loaded */
	uint32_t first_epid;       /* the epids of its ecbs: first_epid .. first_epid + nepids - 1 */
	uint32_t nepids;
	/* A program compiled once for several probes of one provider (cgc_compile_multi): its
	 * probe-dependent values (epids, id, names) are read at run time through the provider's
	 * cg_* hooks from data the provider's attach writes per probe. `also` lists the probes it
	 * serves besides `probe`, each with the first epid of its own ecbs (laid out as this
	 * program's: nepids of them). */
	bool multi;
	struct dobj_prog_probe *also;
	size_t nalso;
};

/* What one recorded value is, for the consumer. */
enum dobj_vkind {
	DOBJ_V_INT,                /* size 1, 2, 4 or 8 bytes, native byte order; is_signed */
	DOBJ_V_FLOAT,              /* size 4 or 8 (IEEE), 16 (x87 long double) */
	DOBJ_V_STRING,             /* size bytes holding a NUL-terminated string (or exactly size) */
	DOBJ_V_BYTES,              /* size raw bytes: structs, arrays, tracemem */
};

struct dobj_val {
	uint32_t off;              /* from the start of the record (header included) */
	uint32_t size;
	enum dobj_vkind kind;
	bool is_signed;
	struct dfmt_argtype argtype;  /* the D type as printf checked it (class, size, spelling) */
};

struct dtype;

enum dobj_act_kind {
	DOBJ_ACT_TRACE,            /* vals[0] */
	DOBJ_ACT_PRINTF,           /* fmt; vals in argument order (dynamic widths included) */
	DOBJ_ACT_TRACEMEM,         /* vals[0] is DOBJ_V_BYTES of the requested size; vals[1], if
	                            * any, the dynamic size (int64: dumps min(it, size) bytes
	                            * when it is not negative) */
	DOBJ_ACT_PRINT,            /* ptype: the argument's D type. A pointer: vals[0] the address
	                            * (DOBJ_V_INT), vals[1] the pointee's bytes (DOBJ_V_BYTES);
	                            * anything else: vals[0] its value as trace() records it */
	DOBJ_ACT_EXIT,             /* vals[0]: int status; the tracer stops after this record */
	DOBJ_ACT_SYSTEM,           /* fmt + vals as printf; the tracer runs the text with sh -c */
	DOBJ_ACT_FREOPEN,          /* fmt + vals as printf; the tracer sends what follows to the
	                            * file so named (appending), "" back to the original output */
	DOBJ_ACT_FTRUNCATE,        /* no vals; the tracer empties its output file */
	DOBJ_ACT_PCAP,             /* pcap(skb, linktype) (cg_pcap.c): vals[0] the u64 time
	                            * (ns since boot), vals[1] the u32 bytes captured (0: no
	                            * packet), vals[2] the int link type, vals[3] DOBJ_V_BYTES
	                            * of the pcapsize option's size, the first vals[1] of them
	                            * the packet's */
	/* Aggregation actions (aggs: indexes in dobj->aggs). The tracer reads the aggregations'
	 * maps when it meets the record, so what it prints is what the maps hold then. */
	DOBJ_ACT_PRINTA,           /* fmt (NULL: the default layout), aggs (one or more) */
	DOBJ_ACT_TRUNC,            /* aggs[0]; vals[0] the int64 count to keep, none: keep 0 */
	DOBJ_ACT_CLEAR,            /* aggs[0] */
	DOBJ_ACT_NORMALIZE,        /* aggs[0]; vals[0] the int64 factor */
	DOBJ_ACT_DENORMALIZE,      /* aggs[0] */
	DOBJ_ACT_SETOPT,           /* opt, optval (NULL: the name alone); opt NULL: the name in
				    * vals[0] and the value (if any) in vals[1], strings */
	/* User stacks and symbols (cg_ustack.c): vals[0] is DOBJ_V_BYTES, the pid (u64) first,
	 * then the frames (USTACK: size/8 - 1 of them, 0 after the last) or the address. */
	DOBJ_ACT_USTACK,           /* ustack(), jstack() */
	DOBJ_ACT_UADDR,            /* uaddr() */
	DOBJ_ACT_USYM,             /* usym(), ufunc() */
	DOBJ_ACT_UMOD,             /* umod() */
};

struct dobj_action {
	enum dobj_act_kind kind;
	int action_no;             /* 1-based in the clause, as fault messages number them */
	struct dfmt *fmt;          /* PRINTF, SYSTEM, FREOPEN: owned by the dck_prog (outlives the dobj) */
	struct dobj_val *vals;
	size_t nvals;
	int *aggs;                 /* aggregation actions: owned */
	size_t naggs;
	char *opt, *optval;        /* SETOPT: owned */
	struct dtype *ptype;       /* PRINT: owned by the dck_prog's types (outlives the dobj) */
};

/* One aggregation: its layout (agg.h, the contract both sides follow) and its map. Aggregations
 * are numbered as the type checker numbers them (first appearance), which is the order dtrace
 * prints them. The map is either the aggregation's own (index -1): a per-CPU hash map (key
 * desc->keysize bytes, value 8 * desc->nwords bytes per CPU), or for a keyless count() a
 * one-entry per-CPU array; or shared with other aggregations (a program may use at most 64
 * maps): entry `index` of a per-CPU array (keyless count()s), or a per-CPU hash map whose key
 * is the 8-byte word `index` then the aggregation's key, zero-padded to the map's key size.
 * A shared map's value may be longer than the aggregation's words: the rest stays zero.
 * dobj_agg_map_key and dobj_agg_key convert between the two kinds of key. */
struct agg_desc;
struct dobj_agg {
	struct agg_desc *desc;     /* owned */
	int map;                   /* index in dobj->maps */
	int64_t index;             /* -1: its own map; else its entry or its key word */
};

struct dobj_ecb {
	uint32_t epid;
	int probe;                 /* index in dobj->probes */
	int clause;                /* 0-based clause number in the program */
	uint32_t size;             /* record size in bytes, header included; 0: nothing recorded */
	struct dobj_action *acts;
	size_t nacts;
	/* Where the record holds the time its probe fired (u64 ns of CLOCK_MONOTONIC, the
	 * kernel's ktime_get_ns, taken as the record is sent); 0: not recorded. Structured
	 * output formats ask for it (cg_input's opts->oformat other than text); dtrace's text
	 * has no use for it, and its records stay as they were. */
	uint32_t time_off;
};

struct dobj_rec {
	uint32_t epid;
	uint32_t cpu;
};

enum dobj_rec_kind {
	DOBJ_REC_FAULT = 1,        /* struct dobj_rec_fault */
	DOBJ_REC_COMMIT = 2,       /* struct dobj_rec_spec: print the speculation's records */
	DOBJ_REC_DISCARD = 3,      /* struct dobj_rec_spec: drop them */
	DOBJ_REC_RESCAN = 4,       /* struct dobj_rec_rescan (uprobe_run.h's watcher, not a clause) */
};

/* Speculations (cg_spec.c, spec_buf.h). A speculative record is a clause's record whose epid
 * carries DOBJ_EPID_SPEC, followed (at offset ecbs[epid - 1].size) by a struct dobj_spec_tag
 * naming the speculation and its generation; the tracer holds it until a commit or discard
 * record of that speculation and generation arrives. The spec map (dobj->spec_map, an array of
 * nspec + 1 u64 words, index = speculation id) holds each speculation's state word:
 * bits 0-7 enum dobj_spec_state, bits 8-31 zero, bits 32-63 the generation
 * (incremented by each speculation() that hands the id out). */
#define DOBJ_EPID_SPEC 0x80000000u

struct dobj_spec_tag {
	uint32_t id;
	uint32_t gen;
};

enum dobj_spec_state {
	DOBJ_SPEC_INACTIVE = 0,    /* free */
	DOBJ_SPEC_ACTIVE = 1,      /* handed out by speculation(): speculate() may use it */
	DOBJ_SPEC_BUSY = 4,        /* committed/discarded; freed by the tracer when it has the record
	                            * (the Guide: not available to speculation() until copied) */
};

struct dobj_rec_spec {
	struct dobj_rec hdr;       /* epid 0 */
	uint32_t kind;             /* DOBJ_REC_COMMIT or DOBJ_REC_DISCARD */
	uint32_t id;
	uint32_t gen;
	uint32_t pad;              /* 0 */
};

/* dtrace's fault kinds, in its numbering (the DTRACEFLT_* constants D programs see). */
enum dout_fault_kind {
	DOUT_FLT_NONE = 0,
	DOUT_FLT_BADADDR = 1,
	DOUT_FLT_BADALIGN = 2,
	DOUT_FLT_ILLOP = 3,
	DOUT_FLT_DIVZERO = 4,
	DOUT_FLT_NOSCRATCH = 5,
	DOUT_FLT_KPRIV = 6,
	DOUT_FLT_UPRIV = 7,
	DOUT_FLT_TUPOFLOW = 8,
	DOUT_FLT_BADSTACK = 9,
	DOUT_FLT_BADSIZE = 10,
	DOUT_FLT_BADINDEX = 11,
	DOUT_FLT_LIBRARY = 1000,
};

/* What the drop counters (drops_map) count, by key; the tracer words them (dout.h). */
enum dout_drop_kind {
	DOUT_DROP_PRINCIPAL,      /* per-CPU buffer */
	DOUT_DROP_AGGREGATION,    /* per-CPU aggregation buffer */
	DOUT_DROP_DYNAMIC,
	DOUT_DROP_DYNRINSE,
	DOUT_DROP_DYNDIRTY,
	DOUT_DROP_SPEC,
	DOUT_DROP_SPECBUSY,
	DOUT_DROP_SPECUNAVAIL,
	DOUT_DROP_STKSTROVERFLOW,
	DOUT_DROP_DBLERROR,
	DOUT_DROP_SPEC_NOFIT,     /* speculative records that cannot fit even an empty buffer:
	                           * counted where dtrace's BPF code counts them, so reported at
	                           * once, as DOUT_DROP_SPEC (whose own count is the records
	                           * dtrace's consumer drops, reported a status check late) */
	DOUT_DROP_NKINDS
};

/* A run-time fault: the clause stopped; nothing it recorded is kept. The tracer prints DTrace
 * for Linux's "error in dt_clause_N for probe ID ..." message (N: ecbs[epid - 1].clause) and
 * fires ERROR as it does (arg1 = probe ID, arg2 = clause index, arg3 = pc, arg4 = kind,
 * arg5 = addr). */
struct dobj_rec_fault {
	struct dobj_rec hdr;       /* epid 0 */
	uint32_t kind;             /* DOBJ_REC_FAULT */
	uint32_t epid;             /* the clause that faulted */
	uint32_t fault;            /* enum dout_fault_kind */
	uint32_t pc;               /* index in the program of the instruction that raised it (> 0) */
	uint64_t addr;
};

/* A process's dynamic linker finished mapping objects (it started, or dlopen() loaded a
 * library): the tracer looks for new USDT probes in it. `stopped` says how the watcher holds
 * the process until they are on (uprobe_run.h): not at all; stopped with SIGSTOP (the -c child
 * and its descendants: the tracer continues it with SIGCONT); or, for a thread the tracer has
 * seized with ptrace (ptrace_hold.h), a signal to thread `tid` that the tracer suppresses. */
enum dobj_rescan_hold {
	DOBJ_RESCAN_FREE = 0,
	DOBJ_RESCAN_SIGSTOP = 1,
	DOBJ_RESCAN_PTRACE = 2,
};

struct dobj_rec_rescan {
	struct dobj_rec hdr;       /* epid 0 */
	uint32_t kind;             /* DOBJ_REC_RESCAN */
	uint32_t pid;
	uint32_t stopped;          /* enum dobj_rescan_hold */
	uint32_t tid;              /* the thread that reported */
};

/* dobj_state.stopping: probes fire only while it is DOBJ_RUN_ACTIVE. The tracer creates the
 * state STARTING (nothing fires while probes are being attached, as dtrace enables its
 * probes before any of them runs a clause) and makes it ACTIVE once BEGIN has run; exit()
 * makes it STOPPING, after which only END and ERROR fire. */
enum { DOBJ_RUN_ACTIVE = 0, DOBJ_RUN_STOPPING = 1, DOBJ_RUN_STARTING = 2 };

struct dobj_state {
	uint32_t stopping;         /* DOBJ_RUN_*: set by exit() to STOPPING */
	uint32_t exit_status;      /* exit()'s value, as written (the status is the exit record's: check_stopping) */
	int64_t walltime_offset;   /* CLOCK_REALTIME - CLOCK_BOOTTIME in ns, set before BEGIN */
	uint32_t tracer_pid;       /* usdtrace's own tgid */
	uint32_t target_pid;       /* $target, 0 if none */
};

struct dobj {
	struct dobj_map *maps;
	size_t nmaps;
	struct dobj_probe *probes;
	size_t nprobes;
	struct dobj_prog *progs;
	size_t nprogs;
	struct dobj_ecb *ecbs;     /* ecbs[epid - 1] */
	size_t necbs;
	int ringbuf_map;           /* indexes in maps[] */
	int errbuf_map;            /* the ERROR program's records; -1 when nothing enables ERROR */
	int drops_map;
	int state_map;
	int usdt_specs_map;        /* -1 when no USDT program; max_entries set by the tracer */
	int usdt_names_map;        /* value: provider, module, function, name, usdt_namesz each */
	uint32_t usdt_namesz;
	uint32_t strsize;          /* as compiled */
	/* the largest aggsize and dynvarsize the maps were sized for, where the option asked
	 * for more entries than the code generator gives a map (cg_agg.c, cg.c); 0 when the
	 * option was honoured. The tracer lowers (bufresize=auto) or refuses (manual). */
	uint64_t aggsize_max, dynvarsize_max;
	int spec_map;              /* -1: the program uses no speculation */
	/* user stacks walked from CFI (cfi.h): -1 when the program walks no user stack */
	int ustack_rows_map, ustack_procs_map, ustack_want_map, ustack_pages_map, ustack_cache_map;
	uint32_t nspec;
	/* why dtrace would refuse to enable this program ("Enabling exceeds size of buffer"),
	 * NULL when it would not: a static string; the program still compiled (cg_clause.h,
	 * cgc_refuse) */
	const char *refusal;
	struct dobj_agg *aggs;
	size_t naggs;
};

/* Marks every map index of o absent (-1): the state of an object no program has filled in. */
void dobj_maps_none(struct dobj *o);
void dobj_free(struct dobj *o);
/* Aggregation i's key `key` (desc->keysize bytes) as its map's key (maps[].key_size bytes). */
void dobj_agg_map_key(const struct dobj *o, size_t i, const void *key, void *mkey);
/* The aggregation key inside the map key mkey of aggregation i's hash map, or NULL when the
 * entry is another aggregation's (a shared map). */
const void *dobj_agg_key(const struct dobj *o, size_t i, const void *mkey);
void dobj_ecb_clear(struct dobj_ecb *e);   /* frees what the ecb owns (its actions) */
#endif
