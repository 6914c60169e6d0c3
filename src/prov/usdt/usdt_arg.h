/* usdt_arg.h — one USDT probe argument: the stapsdt spec text ("-4@%edi", "8@16(%rbx,%rcx,8)",
 * "8@counter(%rip)", "4@%fs:tlsvar@tpoff", "8f@%xmm0", "$42") decoded into a location.
 *
 * Contract: usdt_arg_parse never fails hard. An operand it cannot decode yields
 * kind == USDT_LOC_INVALID with a human-readable `error`; the caller still lists the probe.
 * Symbols are not resolved here (no ELF context): `sym` is filled and `sym_resolved` stays false;
 * the ELF reader (usdt_note) resolves them. Register numbering follows the kernel's x86-64
 * struct pt_regs, which is also the order of the first 21 words of ptrace's user_regs_struct, so
 * the BPF code generator and a ptrace reader share usdt_reg_ptregs_offset(). */
#ifndef USDTRACE_USDT_ARG_H
#define USDTRACE_USDT_ARG_H
#include <stdbool.h>
#include <stdint.h>

enum usdt_reg {
	USDT_REG_NONE = 0,
	USDT_REG_RAX, USDT_REG_RBX, USDT_REG_RCX, USDT_REG_RDX,
	USDT_REG_RSI, USDT_REG_RDI, USDT_REG_RBP, USDT_REG_RSP,
	USDT_REG_R8, USDT_REG_R9, USDT_REG_R10, USDT_REG_R11,
	USDT_REG_R12, USDT_REG_R13, USDT_REG_R14, USDT_REG_R15,
	USDT_REG_RIP,
	USDT_REG_XMM0, /* ... USDT_REG_XMM0 + 15 */
	USDT_REG_XMM15 = USDT_REG_XMM0 + 15,
	USDT_REG_COUNT
};

enum usdt_loc_kind {
	USDT_LOC_INVALID = 0, /* could not decode: see usdt_arg.error */
	USDT_LOC_REG,         /* value is (part of) a register */
	USDT_LOC_IMM,         /* value is the constant `disp` */
	USDT_LOC_MEM,         /* value is in memory at disp + sym + base + index*scale */
	USDT_LOC_TLS,         /* value is in memory at %fs base + disp (+ TLS offset of sym) */
};

struct usdt_arg {
	char *spec;           /* the original text of this argument, e.g. "-4@%edi" */
	int size;             /* bytes: 1, 2, 4 or 8 */
	bool is_signed;
	bool is_float;        /* the 'f' suffix: "8f@..." */
	enum usdt_loc_kind kind;

	/* USDT_LOC_REG: the value is bits [shift, shift + width*8) of `reg`. */
	enum usdt_reg reg;
	uint8_t reg_width;    /* 1, 2, 4, 8 (16 for xmm) */
	uint8_t reg_shift;    /* 8 for %ah %bh %ch %dh, else 0 */

	/* USDT_LOC_IMM: `disp` is the value. "$sym+8" (an address constant, non-PIC code only)
	 *   parses with sym set; usdt_note folds the symbol's address into disp for executables
	 *   (sym_resolved true) and makes it INVALID where a load bias would be needed.
	 * USDT_LOC_MEM: address = disp + (sym ? sym_addr + load bias : 0)
	 *                         + (base ? reg[base] : 0) + (index ? reg[index] * scale : 0).
	 *   base == USDT_REG_RIP only appears with a symbol ("sym+8(%rip)"): the address is that of
	 *   the symbol (+ disp), not an offset from the probe's pc.
	 * USDT_LOC_TLS: address = %fs base + disp + (sym ? sym_addr : 0) where sym_addr is the
	 *   symbol's thread-pointer offset (tpoff, negative on x86-64) once resolved. */
	int64_t disp;
	enum usdt_reg base, index;
	uint8_t scale;        /* 1, 2, 4, 8 when index is set */
	char *sym;            /* NULL if no symbol */
	bool sym_resolved;
	int64_t sym_addr;     /* link-time address (MEM) or tpoff (TLS) */

	char *error;          /* USDT_LOC_INVALID: why, e.g. "unknown register %foo". Also set, with
	                       * kind kept, when usdt_note could not resolve `sym` (sym_resolved
	                       * false): e.g. a TLS symbol of a shared object, whose offset from %fs
	                       * is only known at run time. */
};

/* Decode one argument (text of length len, no surrounding blanks). Always fills *out. Returns 0
 * if decoded, -1 if out->kind == USDT_LOC_INVALID. */
int usdt_arg_parse(const char *text, size_t len, struct usdt_arg *out);

/* Split a note's argument string on blanks and decode each argument. *args is malloc'd (NULL
 * when there are none). Returns the number of arguments; the count of undecodable ones goes to
 * *nbad when nbad is not NULL. */
int usdt_args_parse(const char *argstr, struct usdt_arg **args, int *nbad);

void usdt_arg_free(struct usdt_arg *a); /* frees the members, not a itself */
void usdt_args_free(struct usdt_arg *args, int nargs);

/* Register facts. Name lookup takes "rax", "%eax", "r8d", "sil", "ah", "xmm3"...; returns
 * USDT_REG_NONE if unknown. */
enum usdt_reg usdt_reg_lookup(const char *name, size_t len, uint8_t *width, uint8_t *shift);
const char *usdt_reg_name(enum usdt_reg reg);      /* 64-bit name without '%', "xmm3" */
/* Byte offset of a general register in struct pt_regs (and user_regs_struct), or -1 for xmm. */
int usdt_reg_ptregs_offset(enum usdt_reg reg);

/* The native C type of a spec'd argument: "int32_t", "uint64_t", "double", ... */
const char *usdt_arg_native_type(const struct usdt_arg *a);

/* Format the decoded location back as text (for -v and debugging): "%edi", "16(%rbx,%rcx,8)". */
char *usdt_arg_describe(const struct usdt_arg *a);
#endif
