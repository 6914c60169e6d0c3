/* dast.c — see dast.h. */
#include "dast.h"

#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "util.h"

struct dnode *dnode_new(struct dast_pool *pool, enum dnode_kind kind, struct dsrcpos pos)
{
	struct dnode *n = xcalloc(1, sizeof(*n));
	n->kind = kind;
	n->pos = pos;
	n->pool_next = pool->all;
	pool->all = n;
	return n;
}

struct dnode *dnode_copy_tree(struct dast_pool *pool, const struct dnode *n)
{
	if (!n)
		return NULL;
	struct dnode *m = dnode_new(pool, n->kind, n->pos);
	struct dnode *keep = m->pool_next;
	*m = *n;
	m->pool_next = keep;
	m->next = NULL;
	m->name = n->name ? xstrdup(n->name) : NULL;
	if (n->str) {
		m->str = xmalloc(n->slen + 1);
		memcpy(m->str, n->str, n->slen + 1);
	}
	for (int i = 0; i < 4; i++)
		m->pd[i] = n->pd[i] ? xstrdup(n->pd[i]) : NULL;
	m->lhs = dnode_copy_tree(pool, n->lhs);
	m->rhs = dnode_copy_tree(pool, n->rhs);
	m->cond = dnode_copy_tree(pool, n->cond);
	m->body = dnode_copy_tree(pool, n->body);
	struct dnode head = { 0 }, *last = &head;
	for (const struct dnode *a = n->args; a; a = a->next)
		last = last->next = dnode_copy_tree(pool, a);
	m->args = head.next;
	m->fmt = NULL;
	return m;
}

void dast_pool_free(struct dast_pool *pool)
{
	struct dnode *n = pool->all;
	while (n) {
		struct dnode *nx = n->pool_next;
		free(n->name);
		free(n->str);
		for (int i = 0; i < 4; i++)
			free(n->pd[i]);
		free(n);
		n = nx;
	}
	pool->all = NULL;
}

const char *dvar_storage_name(enum dvar_storage s)
{
	static const char *const names[] = {
		[DVAR_NONE] = "", [DVAR_GLOBAL] = "global", [DVAR_SELF] = "self",
		[DVAR_THIS] = "this",
	};
	return names[s];
}

const char *dsclass_name(enum dsclass sc)
{
	static const char *const names[] = {
		[DSC_NONE] = "", [DSC_TYPEDEF] = "typedef", [DSC_EXTERN] = "extern",
		[DSC_STATIC] = "static", [DSC_REGISTER] = "register", [DSC_AUTO] = "auto",
	};
	return names[sc];
}

static void put_quoted(struct strbuf *b, const char *s, size_t n)
{
	strbuf_putc(b, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			strbuf_printf(b, "\\%c", c);
		else if (c == '\n')
			strbuf_puts(b, "\\n");
		else if (c == '\t')
			strbuf_puts(b, "\\t");
		else if (c < 0x20 || c >= 0x7f)
			strbuf_printf(b, "\\x%02x", c);
		else
			strbuf_putc(b, (char)c);
	}
	strbuf_putc(b, '"');
}

static void put_type(struct strbuf *b, struct dtype *t)
{
	char *s = dtype_spell(t, NULL, false);
	put_quoted(b, s, strlen(s));
	free(s);
}

static void put(struct strbuf *b, const struct dnode *n);

static void put_list(struct strbuf *b, const struct dnode *n)
{
	for (; n; n = n->next) {
		strbuf_putc(b, ' ');
		put(b, n);
	}
}

/* Recursion follows the tree, whose depth the parser bounds. */
static void put(struct strbuf *b, const struct dnode *n)
{
	switch (n->kind) {
	case DN_INT:
		strbuf_printf(b, "(int %llu)", (unsigned long long)n->ival);
		return;
	case DN_STRING:
		strbuf_puts(b, "(string ");
		put_quoted(b, n->str, n->slen);
		strbuf_putc(b, ')');
		return;
	case DN_IDENT:
		strbuf_printf(b, "(var %s)", n->name);
		return;
	case DN_MACRO:
		strbuf_puts(b, n->name);
		return;
	case DN_SELF:
	case DN_THIS:
		strbuf_printf(b, "(%s %s)", n->kind == DN_SELF ? "self" : "this", n->name);
		return;
	case DN_AGG:
		strbuf_printf(b, "@%s", n->name);
		if (n->args) {
			strbuf_putc(b, '[');
			for (const struct dnode *k = n->args; k; k = k->next) {
				put(b, k);
				if (k->next)
					strbuf_putc(b, ' ');
			}
			strbuf_putc(b, ']');
		}
		return;
	case DN_UNARY:
		strbuf_printf(b, "(%s ", dop_name(n->op));
		put(b, n->lhs);
		strbuf_putc(b, ')');
		return;
	case DN_BINARY:
	case DN_ASSIGN:
	case DN_COMMA:
		strbuf_printf(b, "(%s ", n->kind == DN_COMMA ? "," :
			      n->op == DOP_ASSIGN ? "assign" : dop_name(n->op));
		put(b, n->lhs);
		strbuf_putc(b, ' ');
		put(b, n->rhs);
		strbuf_putc(b, ')');
		return;
	case DN_COND:
		strbuf_puts(b, "(? ");
		put(b, n->cond);
		strbuf_putc(b, ' ');
		put(b, n->lhs);
		strbuf_putc(b, ' ');
		put(b, n->rhs);
		strbuf_putc(b, ')');
		return;
	case DN_CAST:
		strbuf_puts(b, "(cast ");
		put_type(b, n->ctype);
		strbuf_putc(b, ' ');
		put(b, n->lhs);
		strbuf_putc(b, ')');
		return;
	case DN_SIZEOF_TYPE:
		strbuf_puts(b, "(sizeof ");
		put_type(b, n->ctype);
		strbuf_putc(b, ')');
		return;
	case DN_OFFSETOF:
		strbuf_puts(b, "(offsetof ");
		put_type(b, n->ctype);
		strbuf_printf(b, " %s)", n->name);
		return;
	case DN_CALL:
		strbuf_printf(b, "(call %s", n->name);
		put_list(b, n->args);
		strbuf_putc(b, ')');
		return;
	case DN_INDEX:
		strbuf_puts(b, "(index ");
		put(b, n->lhs);
		put_list(b, n->args);
		strbuf_putc(b, ')');
		return;
	case DN_MEMBER:
		strbuf_printf(b, "(%s ", dop_name(n->op));
		put(b, n->lhs);
		strbuf_printf(b, " %s)", n->name);
		return;
	case DN_EXPR_STMT:
		strbuf_puts(b, "(stmt ");
		put(b, n->lhs);
		strbuf_putc(b, ')');
		return;
	case DN_IF:
		strbuf_puts(b, "(if ");
		put(b, n->cond);
		strbuf_putc(b, ' ');
		put(b, n->lhs);
		if (n->rhs) {
			strbuf_putc(b, ' ');
			put(b, n->rhs);
		}
		strbuf_putc(b, ')');
		return;
	case DN_BLOCK:
		strbuf_puts(b, "(block");
		put_list(b, n->args);
		strbuf_putc(b, ')');
		return;
	case DN_EMPTY:
		strbuf_puts(b, "(empty)");
		return;
	case DN_CLAUSE:
		strbuf_puts(b, "(clause (probes");
		put_list(b, n->args);
		strbuf_putc(b, ')');
		if (n->cond) {
			strbuf_puts(b, " (pred ");
			put(b, n->cond);
			strbuf_putc(b, ')');
		}
		if (n->body)
			put_list(b, n->body->args);
		else
			strbuf_puts(b, " noaction");
		strbuf_putc(b, ')');
		return;
	case DN_PDESC:
		put_quoted(b, n->name, strlen(n->name));
		return;
	case DN_INLINE:
		strbuf_puts(b, "(inline ");
		put_type(b, n->ctype);
		strbuf_printf(b, " %s ", n->name);
		put(b, n->lhs);
		strbuf_putc(b, ')');
		return;
	case DN_VARDECL:
		strbuf_printf(b, "(decl %s%s%s ", dvar_storage_name(n->storage),
			      n->sclass != DSC_NONE ? " " : "", dsclass_name(n->sclass));
		put_type(b, n->ctype);
		strbuf_printf(b, " %s", n->name);
		if (n->args) {
			strbuf_puts(b, " [");
			for (const struct dnode *k = n->args; k; k = k->next) {
				put(b, k);
				if (k->next)
					strbuf_putc(b, ' ');
			}
			strbuf_putc(b, ']');
		}
		strbuf_putc(b, ')');
		return;
	case DN_TYPE:
		put_type(b, n->ctype);
		return;
	case DN_TRANSLATOR:
		strbuf_puts(b, "(translator ");
		put_type(b, n->ctype);
		strbuf_puts(b, " (in ");
		put_type(b, n->lhs->ctype);
		strbuf_printf(b, " %s)", n->name);
		put_list(b, n->args);
		strbuf_putc(b, ')');
		return;
	case DN_XLMEMBER:
		strbuf_printf(b, "(member %s ", n->name);
		put(b, n->lhs);
		strbuf_putc(b, ')');
		return;
	case DN_XLATE:
		strbuf_puts(b, "(xlate ");
		put_type(b, n->ctype);
		strbuf_putc(b, ' ');
		put(b, n->lhs);
		strbuf_putc(b, ')');
		return;
	}
	strbuf_puts(b, "(?node)");
}

char *dnode_sexpr(const struct dnode *n)
{
	struct strbuf b = {0};
	strbuf_puts(&b, "");
	put(&b, n);
	return strbuf_take(&b);
}
