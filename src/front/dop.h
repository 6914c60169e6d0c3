/* dop.h — the operators of D's syntax tree: one enum the parser sets (struct dnode's `op`) and
 * the checker and the code generator switch on, and one table saying what each operator is
 * (Lua's model: lparser sets the operator, lcode switches on it).
 *
 *   DN_UNARY   DOP_NEG .. DOP_STRINGOF     - + ! ~ * & ++ -- (prefix), x++ x--, sizeof, stringof
 *   DN_BINARY  DOP_LOR .. DOP_MOD          loosest first: || ^^ && | ^ & == != < > <= >= << >>
 *                                          + - * / %
 *   DN_ASSIGN  DOP_ASSIGN .. DOP_SHR_ASSIGN  = += -= *= /= %= &= |= ^= <<= >>=
 *   DN_MEMBER  DOP_DOT, DOP_ARROW          . ->
 * Every other node has DOP_NONE. */
#ifndef USDTRACE_DOP_H
#define USDTRACE_DOP_H
#include <stdbool.h>
#include <stddef.h>

enum dop {
	DOP_NONE,
	/* DN_UNARY */
	DOP_NEG, DOP_PLUS, DOP_LNOT, DOP_BNOT, DOP_DEREF, DOP_ADDROF,
	DOP_PREINC, DOP_PREDEC, DOP_POSTINC, DOP_POSTDEC, DOP_SIZEOF, DOP_STRINGOF,
	/* DN_BINARY */
	DOP_LOR, DOP_LXOR, DOP_LAND, DOP_BOR, DOP_XOR, DOP_BAND, DOP_EQ, DOP_NE,
	DOP_LT, DOP_GT, DOP_LE, DOP_GE, DOP_SHL, DOP_SHR, DOP_ADD, DOP_SUB,
	DOP_MUL, DOP_DIV, DOP_MOD,
	/* DN_ASSIGN */
	DOP_ASSIGN, DOP_ADD_ASSIGN, DOP_SUB_ASSIGN, DOP_MUL_ASSIGN, DOP_DIV_ASSIGN, DOP_MOD_ASSIGN,
	DOP_AND_ASSIGN, DOP_OR_ASSIGN, DOP_XOR_ASSIGN, DOP_SHL_ASSIGN, DOP_SHR_ASSIGN,
	/* DN_MEMBER */
	DOP_DOT, DOP_ARROW,
	DOP_COUNT
};

/* Which node kind an operator belongs to. */
enum dop_class { DOPC_NONE, DOPC_UNARY, DOPC_BINARY, DOPC_ASSIGN, DOPC_MEMBER };

#define DOP_NPREC 11   /* binary precedence levels: 1 (||) .. DOP_NPREC (* / %) */

struct dop_info {
	const char *text;      /* as written: "-", "++" (x++ too), "+=", "->", "sizeof"; what
	                        * dtrace's messages quote ("operator %s ...") */
	const char *name;      /* in the tree printers (dnode_sexpr, dck_sexpr): the text, except
	                        * "post++" and "post--" for the postfix forms */
	enum dop_class cls;
	int prec;              /* binary operators: 1 (||, loosest) .. DOP_NPREC (* / %); else 0 */
	enum dop arith;        /* the binary operator a compound assignment applies (DOP_ADD for
	                        * +=), DOP_ADD / DOP_SUB for ++ / -- (both forms); else DOP_NONE */
};

extern const struct dop_info dop_table[DOP_COUNT];

static inline const char *dop_text(enum dop op) { return dop_table[op].text; }
static inline const char *dop_name(enum dop op) { return dop_table[op].name; }
static inline enum dop dop_arith(enum dop op) { return dop_table[op].arith; }
static inline bool dop_is_incdec(enum dop op) { return op >= DOP_PREINC && op <= DOP_POSTDEC; }
static inline bool dop_is_postfix(enum dop op) { return op == DOP_POSTINC || op == DOP_POSTDEC; }

/* The operator of class cls written as the len bytes at text ("+=" as DOPC_ASSIGN is
 * DOP_ADD_ASSIGN; "-" as DOPC_UNARY is DOP_NEG, as DOPC_BINARY DOP_SUB), DOP_NONE if none.
 * Prefix forms only: "++" as DOPC_UNARY is DOP_PREINC. */
enum dop dop_lookup(enum dop_class cls, const char *text, size_t len);
#endif
