/* cg_clause.h — the clause compiler's state, shared by its parts: cg.c (programs, clauses,
 * statements, actions, records, maps, -S), cg_expr.c (expressions, assignments, loads and
 * stores through pointers), cg_subr.c (subroutine calls, cg_subr.h) and cg_var.c (variables
 * and built-ins). Not for use outside these files.
 *
 * Layout decisions both halves rely on:
 *   stack (R10 - N)  fixed slots below, then 8-byte temporaries handed out by cgc_slot_push
 *   scratch (R7 + N) [0, 8) this CPU's scratch address as a plain number (written by the
 *                    prologue, read back as a scalar for range checks); then the this->
 *                    variables; then temporaries (cgs_scratch_alloc, released per statement);
 *                    then, at a base known only when the program is done, the record being
 *                    built. Instructions addressing the record are listed in `patches` and get
 *                    the base added when the program is finished.
 * Errors: cgc_fail formats "line N: ..." into the caller's buffer and longjmps out of the
 * compile; everything allocated so far hangs off the dobj or the cgc and is freed there. */
#ifndef USDTRACE_CG_CLAUSE_H
#define USDTRACE_CG_CLAUSE_H
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "cg.h"
#include "cg_impl.h"
#include "dobj.h"
#include "provider.h"
#include "derr.h"
#include "dtype.h"

/* Fixed stack slots. */
#define CGC_FLT_KIND   (-8)    /* u32: fault kind   (fault path inputs, set by emit_fault) */
#define CGC_FLT_PC     (-4)    /* u32: the faulting instruction's index in the program */
#define CGC_FLT_ADDR   (-16)   /* u64: faulting address */
#define CGC_FLT_EPID   (-24)   /* u32: the clause's epid */
#define CGC_FLT_REC    (-56)   /* 32 bytes: struct dobj_rec_fault being sent */
#define CGC_KEY        (-64)   /* 8 bytes: key of single-key lookups (array key 0, thread id) */
#define CGC_SPEC       (-72)   /* u64: speculate()'s ticket (gen << 32 | id), 0: not speculating,
                                * CGC_SPEC_DROPPED: the record does not fit (not sent) */
#define CGC_SPEC_DROPPED (-1)
#define CGC_USDT_SPEC  (-80)   /* USDT programs: the site's struct dobj_usdt_spec *, within
                                * the cg_uprobe.c emitter that looked it up */
#define CGC_TOUCH      (-88)   /* 8 bytes: where cgs_user_retry copies its byte */
#define CGC_TRY        (-96)   /* u64: cgs_user_retry has faulted the range in already */
#define CGC_OWNER      (-104)  /* u64: this firing's ticket for the scratch area (below) */
#define CGC_USDT_COOKIE (-112) /* USDT programs: the site's cookie once fetched, 0 before */
#define CGC_TSTAMP     (-120)  /* u64: this firing's timestamp once read, 0 before: dtrace's
                                * timestamp is one value for the whole firing */
#define CGC_SLOT       (-128)  /* u64: the index of the scratch slot this firing claimed */
#define CGC_SLOT0      (-136)  /* the scratch map's slot 0 (its value pointer), which holds
                                * the slots' busy bits (CGC_SCR_BUSY) */
#define CGC_STACK_FIXED 136
#define CGC_STACK_MAX 512

#define CGC_SCR_BASE 0         /* u64 in scratch: the scratch area's own address */
#define CGC_SCR_OWNER 8        /* u64 in scratch: counted up by every firing's prologue: a
                                * sleepable program that slept finds another number there
                                * when another firing used the area meanwhile */
#define CGC_SCR_GBASE 16       /* u64 in scratch: the globals area's address (R8 as a number):
                                * D pointers to global variables are kernel addresses there */
#define CGC_SCR_BUSY 24        /* u64 in slot 0 only: bit k set while a firing on this CPU
                                * holds slot k (cg.c: emit_scratch_claim) */
#define CGC_SCR_FIXED 32       /* bytes of scratch the four above take */
#define CGC_SCR_BIGBASE 32     /* u64 in scratch, in programs with large global variables
                                * only (this-> variables start 8 bytes later there): the
                                * large globals' map value's address, as a number */
#define CGC_SCRATCH_SLOTS 4    /* scratch areas per CPU: programs nest on a CPU (one in a task,
                                * then in a softirq, a hardirq, an NMI), each with its own */
#define CGC_GLOBALS_UNIT 4096   /* the globals map value is whole units of this: the bytes
                                * past the variables are zeros that loads through a pointer
                                * into the variables may read (D lets a cast pointer read past
                                * an array); stores stay inside the variables */
#define CGC_SCRATCH_LIMIT 32000 /* per-CPU map values are allocated from a 32 KiB pool */
#define CGC_GLOBAL_BIG 4096     /* a global struct, union or array larger than this lives in
                                * a map of its own ("globals_big"), reached through an
                                * address, not at R8 + a 16-bit offset */
#define CGC_GLOBALS_BIG_MAX ((4u << 20) - 4096)  /* an array map's value: under 4 MiB */
#define CGC_USER_ADDR_MAX 0x00007ffffffff000ull  /* x86-64: the highest user address + 1 */

/* How a USDT program reads the arguments its class's start-up sites have in a register
 * (cg_input.usdt_layouts; docs/usdt.md, "The fast path"):
 *   CGC_USDT_GUARDED  directly for sites whose cookie has DOBJ_USDT_COOKIE_FAST, through the spec
 *                for the others (programs whose records speculate: their template epids
 *                are in the code, so the program cannot have a twin)
 *   CGC_USDT_DIRECT   directly, unconditionally: the tracer attaches only sites that fit
 *                (dobj_prog.usdt_fast); the others go to its twin
 *   CGC_USDT_GENERIC  the twin: always through the spec */
enum cgc_usdt_mode { CGC_USDT_GUARDED, CGC_USDT_DIRECT, CGC_USDT_GENERIC };

/* Where a variable's storage is. */
struct cgc_varinfo {
	int map;                   /* ASSOC, SELF: index in dobj->maps */
	uint32_t off;              /* GLOBAL: offset in the globals value; THIS: in scratch */
	uint32_t size;             /* value bytes (8-byte multiple) */
	uint32_t keysize;          /* ASSOC, SELF: packed key bytes */
	uint32_t *keyoff;          /* ASSOC, SELF: where each key goes in the packed key */
	uint32_t idoff;            /* ASSOC, SELF sharing a map: where the variable's id goes
				    * in the packed key (its last 8 bytes); 0: a map of its own */
	uint32_t id;               /* that id: 1, 2... within the shared map */
	bool big;                  /* GLOBAL: in the large globals' map (off is there) */
};

enum cgc_patch_kind {
	CGC_PATCH_REC_OFF,         /* insn.off += record base */
	CGC_PATCH_REC_IMM,         /* insn.imm += record base */
	CGC_PATCH_SCRATCH_SIZE,    /* insn.imm = final scratch size (applied after all programs) */
};

struct cgc_patch {
	size_t prog;               /* index in dobj->progs (SCRATCH_SIZE) */
	size_t at;
	enum cgc_patch_kind kind;
};

struct cgc {
	struct cg g;
	struct bpf_prog_buf buf;
	struct dck_prog *ck;
	const struct cg_input *in;
	struct dobj *o;
	jmp_buf fail;
	struct derr *err;              /* the caller's (may be NULL) */

	int m_globals, m_scratch, m_ringbuf, m_drops;
	int m_errbuf;                  /* ERROR's ring buffer (dobj.h), -1 when none */
	int m_aggzero;                 /* cg_agg.c: zeros for new aggregation entries */
	int m_aggbudget;               /* cg_agg.c: entries made of agg_budget (when not 0) */
	uint32_t agg_budget;           /* the entries all aggregations' maps may hold together */
	size_t map_cap, ecb_cap, prog_cap;
	struct cgc_varinfo *vinfo[4];  /* by dck_varclass, indexed by var id */
	uint32_t globals_size;
	/* string literals a pointer is given, kept after the global variables (cg_lit.c) */
	struct cgc_lit { const char *text; size_t len; uint32_t off; } *lits;
	struct cgc_lit_node { const struct dnode *node; uint32_t off; } *lit_nodes;
	size_t nlits, lit_cap, nlit_nodes, lit_node_cap;
	uint32_t lits_start;           /* where they start: stores through pointers end there */
	uint32_t this_start;           /* first scratch byte of the this-> variables */
	uint32_t this_vars_end;        /* first scratch byte after the this-> variables */
	int m_big;                     /* the large globals' map (CGC_GLOBAL_BIG), when big_size */
	uint32_t big_size;
	uint32_t this_end;             /* ... and after strtok's state: temporaries start here */
	bool uses_strtok;
	/* dtrace's dynamic variable pool element: the largest tuple and value (cgc_vars_layout) */
	uint64_t dyn_tuple_max, dyn_value_max;
	bool dyn_any;
	/* the pool: how many elements, and where in the globals the count in use is */
	uint64_t dyn_pool;
	uint32_t dyn_used_off;
	bool bare_rec;                 /* the record so far holds a bare action (raise()...) */
	bool exit_seen;                /* an earlier clause of this program calls exit() */
	bool error_exits;              /* an ERROR clause without predicate calls exit(): a fault
	                                * stops the rest of its firing (DTrace runs ERROR then
	                                * and there; ours runs later, in the tracer) */
	uint32_t slot;                 /* string/temporary slot size: strsize rounded up to 8 */

	/* the program being built */
	int probe_idx;
	bool multi;                    /* it serves several probes (cgc_compile_multi) */
	int *pc_first, *pc_list;       /* cgc_same_clauses: each probe's clauses, made on first use
	                                * (probe i's: pc_list[pc_first[i] .. pc_first[i + 1])) */
	enum cgc_usdt_mode usdt_mode;  /* how USDT arguments are read (cg_uprobe.c) */
	const struct dobj_probe *probe;
	uint32_t prog_first_epid;      /* epid of the program's first ecb (USDT templates) */
	size_t *relocs;
	size_t nrelocs, reloc_cap;
	struct dobj_note *notes;
	size_t nnotes, note_cap;
	struct cgc_patch *patches;     /* record patches of this program */
	size_t npatches, patch_cap;
	struct cgc_patch *size_patches;/* scratch-size patches of every program */
	size_t nsize_patches, size_patch_cap;
	uint32_t rec_max;              /* largest record of this program */
	uint32_t scratch_need;         /* largest scratch use of every program so far */

	/* the clause being compiled */
	int clause_no;
	int stmt_no;                   /* the statement (description) it is compiled for (cg.h) */
	int ecb;                       /* index in o->ecbs of the current record, -1: none yet */
	uint32_t rec_size;
	int action_no;
	int fault_label, end_label;
	bool fault_used;               /* some code jumps to the fault path */
	int dyn_drop_label;            /* counts a dynamic-variable drop, ends the clause; -1: unused */
	int stack_top;                 /* bytes of stack in use (fixed slots included) */
	/* string subroutines called as BPF functions (cg_subfn.c) by the program being built */
	struct cgc_subfn_site *subfn_sites;
	size_t nsubfn_sites, subfn_site_cap;
	uint32_t persist_top;          /* scratch kept for the whole clause (copyin, alloca) */
	uint32_t persist_used;         /* bytes of it taken so far (temporaries may lie between) */
	struct dnode *where;           /* for error positions */

	/* speculations (cg_spec.c) */
	int m_spec, m_spec_used;       /* -1 until a program needs them */
	bool spec_clause;              /* the clause calls speculate(): its records may be held */
	size_t spec_size_at;           /* instruction whose imm gets the speculated record's size */
	size_t spec_alone_at;          /* ... and the one whose imm says it can never fit (1) */
	int spec_size_ecb;             /* ... the ecb it is the size of, -1: none */

	/* kernel structure offsets (kbtf_offsets) for ppid, vtimestamp, progenyof, -1: unknown;
	 * set by cgc_need_btf / cgc_need_fsbase */
	int off_real_parent, off_tgid, off_se, off_sum_exec;
	int off_pid, off_comm, off_cred, off_cred_uid, off_cred_gid;   /* another thread's ids */
	int off_fsbase;                /* task_struct.thread.fsbase (USDT TLS arguments) */
};

_Noreturn void cgc_fail(struct cgc *c, const struct dnode *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same at script line `line`, for what no node stands for (an aggregation's layout). */
_Noreturn void cgc_fail_line(struct cgc *c, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* dtrace's refusal to enable the program ("could not enable tracing: WHY"): what its
 * dtrace_go() finds, such as buffers too small for one entry. Compilation goes on (dtrace -e
 * compiles such a program and exits 0, never enabling it); the first reason is kept in the
 * object (dobj.h: refusal), a static string, for the tracer's caller to report. */
void cgc_refuse(struct cgc *c, const char *why);
/* The same for a compile error libdtrace tags (dtag.h): dtrace's code generator reports some
 * (D_ALLOCA_SIZE, D_CG_EXPR...) with a tag that -x errtags shows. */
_Noreturn void cgc_fail_tag(struct cgc *c, const struct dnode *n, enum dtag tag,
			    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Emitting. */
size_t cgc_emit(struct cgc *c, struct bpf_insn insn);
void cgc_ld_map(struct cgc *c, int reg, int map);
/* reg = the address of the value of the one-entry array map `map` (a map value pointer). */
void cgc_ld_map_value(struct cgc *c, int reg, int map);
/* The ring buffer the current program sends its records to: ERROR's own, or the principal. */
int cgc_out_map(const struct cgc *c);
/* R0 = the value of `map` for the u32 key in the stack slot CGC_KEY, or 0. Clobbers R1-R5. */
void cgc_lookup_key(struct cgc *c, int map);
void cgc_patch_here(struct cgc *c, enum cgc_patch_kind kind);  /* patch the last instruction */
/* A comment for -S listings, and the part of the program a verifier rejection is blamed on,
 * from the next instruction on (dobj_note). */
void cgc_note(struct cgc *c, const char *text);
void cgc_mov_imm64(struct cgc *c, int reg, int64_t v);
int16_t cgc_slot_push(struct cgc *c);
void cgc_slot_pop(struct cgc *c);
void cgc_zero_scratch(struct cgc *c, uint32_t off, uint32_t size);
/* Copy size bytes (an 8-byte multiple) between areas addressed by registers + offsets;
 * clobbers R0. A record destination (rec_dst) has its offsets patched. */
void cgc_copy(struct cgc *c, int dreg, uint32_t doff, int sreg, uint32_t soff, uint32_t size,
	      bool rec_dst);
/* Copy the NUL-terminated string at scratch offset src into strsize bytes at dst (a scratch
 * offset, or a record offset when rec_dst), zero-padded: equal strings give equal bytes. */
void cgc_copy_str_clean(struct cgc *c, uint32_t dst, uint32_t src, bool rec_dst);
void cgc_count_drop(struct cgc *c, int kind);
/* Give back the scratch slot the prologue claimed (every way out of a program past the prologue
 * runs it before its exit). Clobbers R1-R3. */
void cgc_scratch_release(struct cgc *c);
/* A map of the dobj (max_entries 0: sized later from dynvarsize); returns its index. */
int cgc_add_map(struct cgc *c, const char *name, enum bpf_sys_map_kind kind, uint32_t ksz,
		uint32_t vsz, uint32_t entries);
int cgc_current_epid(struct cgc *c);
/* Evaluate n and record it as a signed integer of size bytes (D type `type`) described by v;
 * R0 keeps the value. */
void cgc_rec_int(struct cgc *c, struct dnode *n, struct dobj_val *v, uint32_t size,
		 const char *type);
/* Evaluate n and put its value (integer, string or bytes, as trace() records it) in the
 * record being built; describe it in *v. */
void cgc_rec_value(struct cgc *c, struct dnode *n, struct dobj_val *v);
/* A new action of the current record (owning nvals zeroed values). */
struct dobj_action *cgc_new_action(struct cgc *c, enum dobj_act_kind kind, size_t nvals);
/* Room for a value of `size` bytes in the record being built; its offset from the record's
 * start (instructions addressing it need CGC_PATCH_REC_OFF / CGC_PATCH_REC_IMM). */
uint32_t cgc_rec_alloc(struct cgc *c, uint32_t size, uint32_t align);

/* cg_ustack.c: ustack()/jstack() and uaddr()/usym()/ufunc()/umod(). */
struct agg_keydesc;
struct dck_agg;
void cgc_ustack_action(struct cgc *c, struct dnode *call);       /* as a statement */
/* As aggregation key #idx of @a: its descriptor (false: that key is no such call; a compile
 * error when the updates disagree), and its bytes written at scratch offset off. */
bool cgc_ustack_key_desc(struct cgc *c, const struct dck_agg *a, int idx, struct agg_keydesc *kd);
void cgc_ustack_key(struct cgc *c, struct dnode *call, uint32_t off, const struct agg_keydesc *kd);
/* Walk the current thread's user stack into nframes (1..127) 8-byte frames at scratch offset
 * off (a record offset when rec), zero past the stack's end; R0 = the number of frames. */
void cgc_ustack_walk(struct cgc *c, uint32_t off, uint32_t nframes, bool rec);
/* The kernel stack where the probe fired, the tracer's own frames left out (the provider's
 * kstack_own): up to bytes / 8 frames into scratch[off..], zero-filled past the last; R0 = the
 * bytes of frames written, 0 or negative for none. rec: off lies in the record. */
void cgc_kstack_get(struct cgc *c, uint32_t off, uint32_t bytes, bool rec);

/* cg_pcap.c: pcap(skb, linktype) as a statement: records the time, the bytes captured, the
 * link type and the packet's linear data (dobj.h's DOBJ_ACT_PCAP). */
void cgc_pcap_action(struct cgc *c, struct dnode *call);

/* Types. */
enum cgc_vclass { CGC_VINT, CGC_VSTR, CGC_VBYTES, CGC_VVOID };
enum cgc_vclass cgc_vclass(struct dtype *t);
bool cgc_is_signed(struct dtype *t);
uint32_t cgc_round8(uint64_t n);

/* Shared by cg_expr.c, cg_subr.c and cg_var.c (cg_expr.c). */
bool cgc_is_str(const struct dnode *n);
int cgc_bpf_size(int64_t size);                                /* BPF_B .. BPF_DW */
void cgc_norm(struct cgc *c, int reg, struct dtype *t);        /* truncate + extend to t */
/* Evaluate an integer argument into a new stack slot (the caller pops it); 0, evaluating
 * nothing, for an absent optional one (a is NULL). The slot holds the uncut 64-bit value
 * (cgc_eval_raw), which is what dtrace hands a subroutine. */
int16_t cgc_int_arg(struct cgc *c, struct dnode *a);
/* R1 = the address in slot `as` minus the scratch base (unsigned), R2 = the scratch size. */
void cgc_scratch_off(struct cgc *c, int16_t as);
/* R3 = the address in slot `slot` as D sees a pointer into alloca() memory, for a fault's
 * message: its offset in the clause's memory counted from 8 (dtrace's offsets, as trace()
 * records them: x[16] of x = alloca(16) is "invalid address (0x18)", x[-100] 0xff..a4)
 * wherever it has been moved from there, or, below the kernel's addresses, the value itself
 * (s[50] of an s set to NULL after an alloca() is "invalid address (0x32)"). Clobbers R2. */
void cgc_alloca_fault_addr(struct cgc *c, int16_t slot);
/* R0, a pointer into alloca() memory (dtrace's taint), as dtrace holds one: its offset in the
 * clause's memory counted from 8, wherever it has been moved; a value below the kernel's
 * addresses (NULL, or NULL moved) is its own. Clobbers R1. */
void cgc_alloca_to_offset(struct cgc *c);
/* R1 = R7 + (the tracer-memory address in slot - scratch base), checked to leave room for
 * `room` bytes; faults (bad address) otherwise. */
void cgc_scratch_ptr_from_addr(struct cgc *c, int16_t slot, uint32_t room);

/* Variables and built-ins (cg_var.c). A dynamic variable's element is reached through a key
 * built once per access (cgc_var_key: 0 for globals and this->), so a compound assignment
 * evaluates its keys once. */
struct cgc_varinfo *cgc_vinfo(struct cgc *c, struct dck_var *v);
struct dck_var *cgc_node_var(struct dnode *n);                 /* the variable n names, or NULL */
uint32_t cgc_build_key(struct cgc *c, struct dck_var *v, struct dnode *keys);
uint32_t cgc_var_key(struct cgc *c, struct dnode *n, struct dck_var *v);
void cgc_dyn_lookup(struct cgc *c, struct dck_var *v, uint32_t key);  /* R0 = value ptr or 0 */
void cgc_dyn_store(struct cgc *c, struct dck_var *v, uint32_t key, uint32_t val, bool is_int);
void cgc_var_load_int(struct cgc *c, struct dck_var *v, uint32_t key);
void cgc_var_store_int(struct cgc *c, struct dck_var *v, uint32_t key);   /* of R0 */
/* A string read leaves the variable's NULL flag in the slot (cg_impl.h: a missing dynamic
 * element is NULL). A store of the string at src: nullable when src's NULL flag is written
 * (cgc_str_nullable), and then a NULL value is stored as NULL; otherwise it is not NULL. */
uint32_t cgc_var_load_str(struct cgc *c, struct dck_var *v, uint32_t key);
void cgc_var_store_str(struct cgc *c, struct dck_var *v, uint32_t key, uint32_t src,
		       bool nullable);
void cgc_var_store_null_str(struct cgc *c, struct dck_var *v, uint32_t key);  /* v = NULL */
void cgc_builtin_int(struct cgc *c, struct dnode *n);
void cgc_need_btf(struct cgc *c, struct dnode *n, bool sched);
void cgc_kread(struct cgc *c, uint32_t tmp, int off, int size);  /* R0 = *(R0 + off) */
void cgc_need_fsbase(struct cgc *c);                           /* sets off_fsbase or fails */
/* The thread the probe describes (provider.h cg_task): the current one, or one the provider
 * names (sched's on-cpu: the thread coming on). cgc_subject_task emits R0 = its task and
 * returns true when it is not the current thread, else emits nothing and returns false;
 * cgc_task emits R0 = the task either way. cgc_task_read: R0 = `size` bytes at R0 + off read
 * from kernel memory through a stack slot (usable in the prologue, before scratch); 0 when
 * unreadable. cgc_task_comm: the task's comm (n bytes at most, NUL-terminated, zero-padded to
 * n) at scratch dst. The offsets come from cgc_need_task (fails without the kernel's BTF). */
bool cgc_subject_task(struct cgc *c);
void cgc_task(struct cgc *c);
void cgc_need_task(struct cgc *c, struct dnode *n);
void cgc_task_read(struct cgc *c, int off, int size);
void cgc_task_comm(struct cgc *c, uint32_t dst, uint32_t n);
/* d_path(): the path name of the kernel struct path whose address is in slot path_slot, a
 * string at scratch dst (cg_kpath.c). */
void cgc_d_path(struct cgc *c, uint32_t dst, int16_t path_slot);
/* d_path(struct vfsmount *): the path of the mount's root as d_path() names it, which is
 * where the mount is mounted ("/" for the root mount); the mount's address in slot mnt_slot
 * (NULL or unreadable: a fault, as d_path's). */
void cgc_d_path_mount(struct cgc *c, uint32_t dst, int16_t mnt_slot);
/* Scratch that D code may read through a pointer for the rest of the clause (as copyin's):
 * what a provider hands out as a struct argument (psinfo_t *...). (cg_subr.c) */
uint32_t cgc_persist_alloc(struct cgc *c, uint32_t size);

/* USDT programs (src/prov/uprobe/cg_uprobe.c; dobj.h says how they work). */
void uprobe_add_maps(struct cgc *c);                           /* if any probe is a uprobe class */

/* For providers' cg hooks (provider.h). */
static inline unsigned cgc_probe_flags(const struct cgc *c)
{
	return c->probe->prov->flags(c->probe);
}
/* Whether the program being built reads its probe's epids, id and names at run time, through
 * the provider's cg_epid, cg_probe_id and cg_probe_name hooks: a class program (PROV_F_SHARED)
 * or a multi-probe program. Otherwise they are the dobj_probe's constants and those hooks are
 * not called. */
static inline bool cgc_probe_at_run_time(const struct cgc *c)
{
	return c->multi || (cgc_probe_flags(c) & PROV_F_SHARED);
}
/* One program for probe probe_idx: every clause enabling it, in program order. */
void cgc_compile_program(struct cgc *c, int probe_idx, enum cgc_usdt_mode mode);
/* Whether probes a and b (indexes in dobj->probes) are enabled by the same clauses. */
bool cgc_same_clauses(struct cgc *c, int a, int b);
/* Probe probe_idx's program built as a multi-probe program (cgc.multi set: the provider's
 * hooks read what depends on the probe at run time). When its code is that of an earlier
 * multi-probe program of the same provider enabled by the same clauses, that program serves
 * probe_idx too (dobj_prog.also, with the epids of the probe's own ecbs, which stay) and the
 * new one is dropped: a clause on hundreds of probes is loaded and verified once. */
void cgc_compile_multi(struct cgc *c, int probe_idx);
bool cgc_program_speculates(struct cgc *c, int probe_idx);
/* Test the clauses' predicates before the prologue when every one needs nothing the prologue
 * sets up (integer constants and arithmetic, comparisons, logic, conditionals and casts of
 * them and of the identifiers and indexes, DN_IDENT or DN_INDEX, that `leaf` accepts): none
 * holds, jump to out_label. */
void cgc_emit_prefilter(struct cgc *c, int out_label,
			bool (*leaf)(struct cgc *c, const struct dnode *n));

/* Expressions (cg_expr.c). */
/* Integer values as dtrace computes them (docs/arithmetic.md): an operator's result is the
 * 64-bit register value, not cut to its type, until a store, a cast or a record cuts it.
 * cgc_eval_int gives the value as its type holds it (what a record, a key, an argument or a
 * store takes); cgc_eval_raw gives the uncut register value (what an operator, a predicate, a
 * condition or an aggregating function computes with). Both in R0. */
void cgc_eval_int(struct cgc *c, struct dnode *n);
void cgc_eval_raw(struct cgc *c, struct dnode *n);
/* Integer n converted to type t as dtrace converts a key or a stored value (its 64 bits cut to
 * t's size): an associative array's key of t. */
void cgc_eval_as(struct cgc *c, struct dnode *n, struct dtype *t);
/* Jump to label when integer expression n is true (nonzero) if when is true, when it is false
 * (zero) otherwise; fall through else. A comparison of integers jumps on the comparison
 * itself rather than making a 0/1 first. */
void cgc_branch(struct cgc *c, struct dnode *n, int label, bool when);
/* String values (cg_impl.h): the scratch offset of a slot. D's NULL string is a slot holding
 * "" whose NULL flag, the byte at g->strsize, is 1. Only expressions that may be NULL
 * (cgc_str_nullable: variables, NULL and pointers made strings, strstr/strchr/strrchr/strtok,
 * conditionals, assignments and commas of those) have code that writes the flag, so ordinary
 * strings cost nothing. cgc_eval_str is for uses where NULL is an error (printing, subroutine
 * arguments, keys): a NULL value faults (address 0) as in dtrace. cgc_eval_str_null keeps it:
 * the flag is written when cgc_str_nullable(n), and is garbage otherwise. */
bool cgc_str_nullable(const struct dnode *n);
uint32_t cgc_eval_str(struct cgc *c, struct dnode *n);
uint32_t cgc_eval_str_null(struct cgc *c, struct dnode *n);
/* A string as component pos (from 0) of an associative or aggregation key: a NULL value
 * faults at address 0x80 + pos, as dtrace reports a key string it could not copy. */
uint32_t cgc_eval_str_key(struct cgc *c, struct dnode *n, int pos);
uint32_t cgc_eval_bytes(struct cgc *c, struct dnode *n, uint32_t *size); /* scratch copy */
void cgc_eval_effect(struct cgc *c, struct dnode *n);          /* for side effects only */
/* Whether a pointer of type t may hold a kernel address (a kernel type's: curthread, fbt
 * arguments), so that reads through it take kernel memory there (cgs_load_ptr_as). */
bool cgc_kernel_ptr(struct dtype *t);
void cgc_vars_layout(struct cgc *c);                           /* maps and offsets (cg_var.c) */

/* String literals stored into pointers (cg_lit.c): each gets bytes of its own after the global
 * variables, which live for the whole run as dtrace's string table does. cgc_lits_layout
 * (after cgc_vars_layout) finds them; cgc_lit_addr sets R0 = the address of n's bytes, false
 * (nothing emitted) for a node that is not such a literal; cgc_lits_init writes them into the
 * globals map's initial value. */
void cgc_lits_layout(struct cgc *c);
bool cgc_lit_addr(struct cgc *c, const struct dnode *n);
void cgc_lits_init(struct cgc *c, uint8_t *globals);
void cgc_lits_free(struct cgc *c);

/* Speculations (cg_spec.c). */
void cgc_spec_setup(struct cgc *c);                  /* maps, if the program uses speculations */
void cgc_spec_clause_begin(struct cgc *c, struct dnode *cl);
bool cgc_spec_clause_speculates(const struct dnode *cl);   /* its body calls speculate() */
void cgc_spec_clause_end(struct cgc *c);
uint32_t cgc_spec_rec_extra(const struct cgc *c);    /* bytes a held record carries after it */
/* In a speculating clause, before the record at scratch record offset 0 (header filled in) is
 * sent normally: emit the held path; returns the label to place after the normal send. */
int cgc_spec_send(struct cgc *c, uint32_t epid, uint32_t size);
void cgc_spec_new(struct cgc *c);                    /* R0 = a new speculation id or 0 */
void cgc_spec_speculate(struct cgc *c, struct dnode *call);
void cgc_spec_commit(struct cgc *c, struct dnode *call, bool discard);
/* Aggregations (cg_agg.c): the maps and dobj->aggs (after cgc_vars_layout), the update of
 * `@a[keys] = f(args)` (the DN_ASSIGN), and printa/trunc/clear/normalize/denormalize/setopt. */
void cgc_agg_layout(struct cgc *c);
void cgc_agg_update(struct cgc *c, struct dnode *assign);
/* Whether n is an update of @a; if so, *key is its key #idx (NULL when it has fewer keys). */
bool cgc_agg_update_key(const struct dnode *n, const struct dck_agg *a, int idx,
			struct dnode **key);
void cgc_agg_action(struct cgc *c, struct dnode *call);
#endif
