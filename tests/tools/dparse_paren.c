/* dparse_paren — reads one D expression per line, parses each as the action of a clause and
 * prints it back as C with every operation parenthesised, one per line, so a C compiler can
 * check the parser's precedence and associativity (tests/sh/dparse_gcc.sh).
 * Exit 1 with the message on the first expression that does not parse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dparse.h"
#include "util.h"

static void emit(struct strbuf *b, const struct dnode *n)
{
	char *ty;
	switch (n->kind) {
	case DN_INT:
		strbuf_printf(b, "%llu%s", (unsigned long long)n->ival, n->is_unsigned ? "u" : "");
		return;
	case DN_IDENT:
		strbuf_puts(b, n->name);
		return;
	case DN_UNARY:
		strbuf_printf(b, "(%s", dop_name(n->op));
		emit(b, n->lhs);
		strbuf_putc(b, ')');
		return;
	case DN_BINARY:
	case DN_COMMA:
		strbuf_putc(b, '(');
		emit(b, n->lhs);
		strbuf_printf(b, " %s ", n->kind == DN_COMMA ? "," : dop_name(n->op));
		emit(b, n->rhs);
		strbuf_putc(b, ')');
		return;
	case DN_COND:
		strbuf_putc(b, '(');
		emit(b, n->cond);
		strbuf_puts(b, " ? ");
		emit(b, n->lhs);
		strbuf_puts(b, " : ");
		emit(b, n->rhs);
		strbuf_putc(b, ')');
		return;
	case DN_CAST:
		ty = dtype_spell(n->ctype, NULL, true);
		strbuf_printf(b, "((%s)", ty);
		free(ty);
		emit(b, n->lhs);
		strbuf_putc(b, ')');
		return;
	default:
		fprintf(stderr, "dparse_paren: node kind %d has no C form here\n", (int)n->kind);
		exit(1);
	}
}

int main(void)
{
	char line[8192];
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		char *src = xasprintf("BEGIN { %s; }", line);
		struct derr err;
		char text[DERR_TEXT_MAX];
		struct dprog *g = dprog_new();
		if (dparse_script(g, "expr", src, strlen(src), &err) != 0) {
			fprintf(stderr, "dparse_paren: %s: %s\n", line,
				derr_format(&err, true, text, sizeof(text)));
			return 1;
		}
		struct strbuf b = {0};
		emit(&b, g->items->body->args->lhs);
		printf("%s\n", b.s);
		strbuf_free(&b);
		dprog_free(g);
		free(src);
	}
	return 0;
}
