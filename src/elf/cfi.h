/* cfi.h — call frame information (.eh_frame, .debug_frame) turned into unwind rows for x86-64:
 * for each address range of an object, how to find the caller's frame (the CFA, the saved
 * return address, the saved %rbp). The rows are what the BPF stack walk searches (cg_ustack.c);
 * this header is the contract between the two: struct cfi_row is one element of the
 * "ustack_rows" array map. Design and limits: docs/unwind.md.
 *
 * Contract.
 *  - cfi_parse reads one section's bytes as hostile input: every length, offset, LEB128 and
 *    pointer encoding is checked against the section's end; an entry that does not parse is
 *    skipped (counted in bad) and the walk over entries stops only when an entry's length
 *    cannot be trusted. It never reads outside buf and runs in time linear in len (each CFA
 *    instruction is read once; remember_state nests at most CFI_STATE_DEPTH deep).
 *  - Rows are appended to *rows (addresses as the object's virtual addresses), one per range
 *    where the rule changes, and a CFI_CFA_NONE row at each FDE's end, so an address between
 *    FDEs has no rule. cfi_rows_compact sorts them, lets a rule win over an end marker at the
 *    same address and drops rows equal to the row before them.
 *  - Rules the walk cannot follow (a CFA or return address by DWARF expression, a CFA on a
 *    register other than %rsp/%rbp) become CFI_CFA_EXPR rows, where the walk stops cleanly;
 *    st->expr_rows counts them. Two expressions real code uses are recognised: the PLT's
 *    (CFI_CFA_PLT) and glibc's signal trampoline in a CIE with the "S" augmentation
 *    (CFI_CFA_SIGNAL: registers saved in the ucontext at %rsp).
 *  - The return address with an undefined rule (_start, clone's child) ends the stack:
 *    CFI_CFA_END. */
#ifndef USDTRACE_CFI_H
#define USDTRACE_CFI_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CFI_STATE_DEPTH 16

/* How the CFA (the caller's %rsp) is found at an address. */
enum cfi_cfa_kind {
	CFI_CFA_NONE = 0,    /* no CFI covers the address: the walk falls back to frame pointers */
	CFI_CFA_RSP = 1,     /* CFA = %rsp + cfa_off */
	CFI_CFA_RBP = 2,     /* CFA = %rbp + cfa_off */
	CFI_CFA_PLT = 3,     /* CFA = %rsp + 8, + 8 more when (pc & 15) >= cfa_off (lazy PLT) */
	CFI_CFA_SIGNAL = 4,  /* a signal frame: %rsp = *(%rsp + cfa_off), %rip = *(%rsp + ra_off),
	                      * %rbp = *(%rsp + rbp_off) */
	CFI_CFA_END = 5,     /* the outermost frame: no caller */
	CFI_CFA_EXPR = 6,    /* a rule the walk cannot follow: the stack ends here */
};

/* Where the caller's %rbp is. */
enum cfi_rbp_kind {
	CFI_RBP_SAME = 0,    /* unchanged */
	CFI_RBP_CFA = 1,     /* saved at CFA + rbp_off */
	CFI_RBP_RSP = 2,     /* saved at %rsp + rbp_off (signal frames) */
	CFI_RBP_LOST = 3,    /* not recoverable: a later %rbp-based CFA ends the stack */
};

/* One row of the BPF table: from pc (object-relative: the object's virtual address) to the next
 * row's pc. 16 bytes; the layout is shared with the generated code (cg_ustack.c). */
struct cfi_row {
	uint32_t pc;
	int32_t cfa_off;
	int16_t rbp_off;
	int16_t ra_off;          /* return address at CFA + ra_off (at %rsp + ra_off: signal) */
	uint8_t cfa;             /* enum cfi_cfa_kind */
	uint8_t rbp;             /* enum cfi_rbp_kind */
	uint16_t pad;
};

/* The BPF maps the walk reads (names as dobj.h lists them):
 *  "ustack_rows"   array, u32 index -> struct cfi_row: every object's rows, object after object
 *  "ustack_procs"  hash, u32 pid -> struct cfi_proc: the executable mappings of a process,
 *                  sorted by start, each with its object's rows [row_lo, row_hi) (row_lo ==
 *                  row_hi: no CFI, frame pointers) and load bias (address - object vaddr)
 *  "ustack_pages"  array, u32 index -> u32: per object, for each 1 KB page its code spans, the
 *                  row (relative to the object's first) covering the page's first byte, shifted
 *                  left by CFI_PAGE_SPAN_BITS, or-ed with how many rows follow it up to the row
 *                  covering the next page's first byte: the row of a pc in the page lies in that
 *                  span, so the walk's binary search starts from a few rows, not thousands, and
 *                  reads one entry per frame
 *  "ustack_want"   hash, u32 pid -> u64 0: processes the walk met without a table, or with a
 *                  pc outside every mapping it knows; the tracer builds or refreshes them */
/* The rows map is sized when tracing starts (ustack_tables_size): CFI_ROWS_DEFAULT rows at
 * least, more when the -p/-c targets' objects need them (their rows plus CFI_ROWS_SPARE for
 * libraries loaded later and other processes), at most CFI_ROWS_CEIL; -x ustackrows=N sets it. */
#define CFI_ROWS_DEFAULT (1u << 20)  /* 16 MB of rows */
#define CFI_ROWS_SPARE (1u << 18)    /* 4 MB */
#define CFI_ROWS_CEIL (1u << 24)     /* 256 MB */
#define CFI_ROWS_MIN 2               /* -x ustackrows: one row and the stop row */
#define CFI_ROW_SEARCH 20            /* binary search steps over one object's rows */
/* An object's rows are found by its page index (a few rows per page), else by a search of all
 * of them: one without an index may have at most this many (cfi_proc.c refuses more) */
#define CFI_OBJ_ROWS_MAX (1u << CFI_ROW_SEARCH)
#define CFI_PAGE_SHIFT 10            /* index pages of 1 KB: about 25 rows each in python3.11,
                                      * so the row search takes about 5 steps (4 KB: 7) */
#define CFI_PAGES_MAX (1u << 19)     /* 512 MB of code (the rows fill first: python3.11 has
                                      * 25 rows per KB), 4 MB (values are 8-byte aligned) */
#define CFI_PAGE_SPAN_BITS 11        /* rows after a page's first: at most 1 << CFI_PAGE_SHIFT */
#define CFI_PAGE_SPAN_MASK ((1u << CFI_PAGE_SPAN_BITS) - 1)
#define CFI_MAPS_MAX 256             /* executable mappings per process */
#define CFI_MAPS_SEARCH 8            /* log2(CFI_MAPS_MAX) */
#define CFI_PROCS_MAX 1024
#define CFI_WANT_MAX 1024
/* The walk's per-CPU cache of rows found ("ustack_cache": one value of CFI_CACHE_SLOTS
 * entries of struct cfi_cache_slot), direct-mapped by object and object-relative pc: a frame
 * met again skips the page index and the row search. A slot's tag is ((row_lo + 1) << 32) |
 * pc, 0 while it is written; a range of rows is rewritten only after the tracer released it,
 * and the tracer empties the cache then (ustack_tables.c), so a tag that matches gives the row
 * the search would find. */
#define CFI_CACHE_SLOTS 256
#define CFI_STACK_COPY 1024           /* bytes of the user stack the walk copies at once */
#define CFI_BLOCK_FRAMES 32          /* the deepest walk that copies blocks (verifier cost) */
struct cfi_cache_slot {
	uint64_t tag;
	struct cfi_row row;
};

struct cfi_mapping {
	uint64_t start, end;
	uint64_t bias;
	uint32_t row_lo, row_hi;
	uint32_t page_lo;        /* the object's first entry in ustack_pages */
	uint32_t npages;         /* pages it spans (0: no index, search all its rows) */
	uint32_t page_first;     /* the first page's number (object-relative pc >> CFI_PAGE_SHIFT) */
	uint32_t flags;          /* CFI_MAP_EXE; not read by the walk */
};
#define CFI_MAP_EXE 1u       /* a mapping of the process's executable: kept over libraries when
                              * a process has more than CFI_MAPS_MAX (cfi_proc.h) */

struct cfi_proc {
	uint32_t n;
	uint32_t pad;
	struct cfi_mapping m[CFI_MAPS_MAX];
};

/* A row as the parser makes it, with the full address. */
struct cfi_prow {
	uint64_t pc;
	struct cfi_row r;        /* r.pc unused */
	uint32_t seq;            /* order of emission (a rule after an end marker at one pc wins) */
};

struct cfi_rows {
	struct cfi_prow *v;
	size_t n, cap;
	/* function bounds from the FDEs: [start, end) pairs (symbols where there are none) */
	uint64_t (*fdes)[2];
	size_t nfdes, fdecap;
	/* set by the caller before cfi_parse: */
	bool bounds_only;                /* only the FDEs' bounds, no rows (cheap: no CFA program
	                                  * is run) */
	const uint64_t (*skip)[2];       /* FDEs starting inside one of these ranges (sorted by
	                                  * start, not overlapping) are left out: .debug_frame's
	                                  * beside .eh_frame's */
	size_t nskip;
};

struct cfi_stats {
	size_t cies, fdes, rows;
	size_t expr_rows;        /* CFI_CFA_EXPR rows made (before compaction) */
	size_t plt_fdes, signal_fdes;
	size_t bad;              /* entries skipped as malformed */
};

enum cfi_section { CFI_EH_FRAME, CFI_DEBUG_FRAME };

/* Parse one .eh_frame (vaddr: the section's address, for pc-relative pointers) or .debug_frame
 * section's bytes, appending rows and FDE bounds to *rows and adding to *st. Returns 0, or -1
 * with a message in err when the section could not be walked at all (what was read before
 * stays appended). */
int cfi_parse(const uint8_t *buf, size_t len, uint64_t vaddr, enum cfi_section kind,
	      struct cfi_rows *rows, struct cfi_stats *st, char *err, size_t errlen);
/* Sort, resolve ties, drop redundant rows (see above). */
void cfi_rows_compact(struct cfi_rows *rows);
/* The row covering pc in compacted rows, or NULL (before the first row). */
const struct cfi_prow *cfi_rows_find(const struct cfi_rows *rows, uint64_t pc);
void cfi_rows_free(struct cfi_rows *rows);
/* A row as readelf -wF would show its CFA and ra columns ("rsp+8", "c-8"; "exp" for
 * expressions), for tests. */
void cfi_row_str(const struct cfi_row *r, char *cfa, size_t cfalen, char *ra, size_t ralen,
		 char *rbp, size_t rbplen);
#endif
