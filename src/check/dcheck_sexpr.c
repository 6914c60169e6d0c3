/* dcheck_sexpr.c — dck_sexpr (dcheck.h): a checked tree as text with every expression's type,
 * for tests and debugging. */
#include "dcheck.h"

#include <stdlib.h>

#include "dtype.h"
#include "util.h"

static void sx(struct strbuf *b, const struct dnode *n);

static void sx_type(struct strbuf *b, const struct dnode *n)
{
	if (!n->type)
		return;
	char *s = dtype_spell(n->type, NULL, false);
	strbuf_printf(b, ":%s", s);
	free(s);
}

/* An operator's name and its type: "+:int". */
static void sx_head(struct strbuf *b, const struct dnode *n, const char *name)
{
	strbuf_puts(b, name);
	sx_type(b, n);
}

/* " operand", or nothing for an absent one (a unary operator's rhs, an if without else). */
static void sx_operand(struct strbuf *b, const struct dnode *n)
{
	if (!n)
		return;
	strbuf_putc(b, ' ');
	sx(b, n);
}

static void sx_list(struct strbuf *b, const struct dnode *n)
{
	for (; n; n = n->next) {
		strbuf_putc(b, ' ');
		sx(b, n);
	}
}

/* Depth bounded by the parser. */
static void sx(struct strbuf *b, const struct dnode *n)
{
	switch (n->kind) {
	case DN_INT:
		strbuf_printf(b, "%lld", (long long)n->cval);
		sx_type(b, n);
		return;
	case DN_STRING: {
		char *s = dnode_sexpr(n);
		strbuf_puts(b, s + 8);  /* skip "(string " */
		b->len--;               /* and the ")" */
		b->s[b->len] = '\0';
		free(s);
		sx_type(b, n);
		return;
	}
	case DN_IDENT:
		strbuf_puts(b, n->builtin ? dbuiltin_name(n->builtin) : n->name ? n->name : "?");
		sx_type(b, n);
		return;
	case DN_SELF: case DN_THIS:
		strbuf_printf(b, "%s->%s", n->kind == DN_SELF ? "self" : "this", n->name);
		sx_type(b, n);
		return;
	case DN_INLINE: case DN_VARDECL: case DN_TYPE: case DN_PDESC: case DN_MACRO: case DN_AGG:
	case DN_TRANSLATOR: case DN_XLATE: {
		char *s = dnode_sexpr(n);
		strbuf_puts(b, s);
		free(s);
		return;
	}
	default:
		break;
	}
	if (n->isconst && n->type && n->kind != DN_CALL) {
		strbuf_printf(b, "%lld", (long long)n->cval);
		sx_type(b, n);
		return;
	}
	strbuf_putc(b, '(');
	switch (n->kind) {
	case DN_UNARY: case DN_BINARY: case DN_ASSIGN:
		sx_head(b, n, dop_name(n->op));
		sx_operand(b, n->lhs);
		sx_operand(b, n->rhs);
		break;
	case DN_COMMA:
		sx_head(b, n, ",");
		sx_operand(b, n->lhs);
		sx_operand(b, n->rhs);
		break;
	case DN_COND:
		sx_head(b, n, "?");
		sx_operand(b, n->cond);
		sx_operand(b, n->lhs);
		sx_operand(b, n->rhs);
		break;
	case DN_CAST:
		sx_head(b, n, "cast");
		sx_operand(b, n->lhs);
		break;
	case DN_CALL:
		sx_head(b, n, n->name);
		sx_list(b, n->args);
		break;
	case DN_INDEX:
		sx_head(b, n, "[]");
		sx_operand(b, n->lhs);
		sx_list(b, n->args);
		break;
	case DN_MEMBER:
		sx_head(b, n, dop_name(n->op));
		sx_operand(b, n->lhs);
		strbuf_printf(b, " %s", n->name);
		break;
	case DN_SIZEOF_TYPE: case DN_OFFSETOF:
		sx_head(b, n, n->kind == DN_SIZEOF_TYPE ? "sizeof" : "offsetof");
		break;
	case DN_EXPR_STMT:
		strbuf_printf(b, "stmt#%d ", n->action);
		sx(b, n->lhs);
		break;
	case DN_IF:
		strbuf_printf(b, "if#%d ", n->action);
		sx(b, n->cond);
		sx_operand(b, n->lhs);
		sx_operand(b, n->rhs);
		break;
	case DN_BLOCK:
		strbuf_puts(b, "block");
		sx_list(b, n->args);
		break;
	case DN_EMPTY:
		strbuf_puts(b, "empty");
		break;
	case DN_CLAUSE:
		strbuf_puts(b, "clause");
		if (n->cond) {
			strbuf_puts(b, " (pred ");
			sx(b, n->cond);
			strbuf_putc(b, ')');
		}
		if (n->body)
			sx_list(b, n->body->args);
		break;
	default:
		strbuf_puts(b, "?");
	}
	strbuf_putc(b, ')');
}

char *dck_sexpr(const struct dnode *n)
{
	struct strbuf b = {0};
	strbuf_puts(&b, "");
	sx(&b, n);
	return strbuf_take(&b);
}
