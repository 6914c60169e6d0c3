/* dop.c — see dop.h. */
#include "dop.h"

#include <string.h>

#define UN(t, n, a)   { t, n, DOPC_UNARY, 0, a }
#define BIN(t, p)     { t, t, DOPC_BINARY, p, DOP_NONE }
#define ASG(t, a)     { t, t, DOPC_ASSIGN, 0, a }

const struct dop_info dop_table[DOP_COUNT] = {
	[DOP_NONE]       = { "", "", DOPC_NONE, 0, DOP_NONE },
	[DOP_NEG]        = UN("-", "-", DOP_NONE),
	[DOP_PLUS]       = UN("+", "+", DOP_NONE),
	[DOP_LNOT]       = UN("!", "!", DOP_NONE),
	[DOP_BNOT]       = UN("~", "~", DOP_NONE),
	[DOP_DEREF]      = UN("*", "*", DOP_NONE),
	[DOP_ADDROF]     = UN("&", "&", DOP_NONE),
	[DOP_PREINC]     = UN("++", "++", DOP_ADD),
	[DOP_PREDEC]     = UN("--", "--", DOP_SUB),
	[DOP_POSTINC]    = UN("++", "post++", DOP_ADD),
	[DOP_POSTDEC]    = UN("--", "post--", DOP_SUB),
	[DOP_SIZEOF]     = UN("sizeof", "sizeof", DOP_NONE),
	[DOP_STRINGOF]   = UN("stringof", "stringof", DOP_NONE),
	[DOP_LOR]        = BIN("||", 1),
	[DOP_LXOR]       = BIN("^^", 2),
	[DOP_LAND]       = BIN("&&", 3),
	[DOP_BOR]        = BIN("|", 4),
	[DOP_XOR]        = BIN("^", 5),
	[DOP_BAND]       = BIN("&", 6),
	[DOP_EQ]         = BIN("==", 7),
	[DOP_NE]         = BIN("!=", 7),
	[DOP_LT]         = BIN("<", 8),
	[DOP_GT]         = BIN(">", 8),
	[DOP_LE]         = BIN("<=", 8),
	[DOP_GE]         = BIN(">=", 8),
	[DOP_SHL]        = BIN("<<", 9),
	[DOP_SHR]        = BIN(">>", 9),
	[DOP_ADD]        = BIN("+", 10),
	[DOP_SUB]        = BIN("-", 10),
	[DOP_MUL]        = BIN("*", 11),
	[DOP_DIV]        = BIN("/", 11),
	[DOP_MOD]        = BIN("%", 11),
	[DOP_ASSIGN]     = ASG("=", DOP_NONE),
	[DOP_ADD_ASSIGN] = ASG("+=", DOP_ADD),
	[DOP_SUB_ASSIGN] = ASG("-=", DOP_SUB),
	[DOP_MUL_ASSIGN] = ASG("*=", DOP_MUL),
	[DOP_DIV_ASSIGN] = ASG("/=", DOP_DIV),
	[DOP_MOD_ASSIGN] = ASG("%=", DOP_MOD),
	[DOP_AND_ASSIGN] = ASG("&=", DOP_BAND),
	[DOP_OR_ASSIGN]  = ASG("|=", DOP_BOR),
	[DOP_XOR_ASSIGN] = ASG("^=", DOP_XOR),
	[DOP_SHL_ASSIGN] = ASG("<<=", DOP_SHL),
	[DOP_SHR_ASSIGN] = ASG(">>=", DOP_SHR),
	[DOP_DOT]        = { ".", ".", DOPC_MEMBER, 0, DOP_NONE },
	[DOP_ARROW]      = { "->", "->", DOPC_MEMBER, 0, DOP_NONE },
};

enum dop dop_lookup(enum dop_class cls, const char *text, size_t len)
{
	for (int op = DOP_NONE + 1; op < DOP_COUNT; op++) {
		const struct dop_info *d = &dop_table[op];
		if (d->cls == cls && !dop_is_postfix((enum dop)op) && strlen(d->text) == len &&
		    memcmp(d->text, text, len) == 0)
			return (enum dop)op;
	}
	return DOP_NONE;
}
