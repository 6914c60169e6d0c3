/* dparse.c — see dparse.h. Recursive descent over the token array, one function per grammar
 * rule. A syntax or semantic error longjmps back to dparse_program with the message already
 * written, so rules read straight through; nothing malloc'd is held across a call that can
 * fail except what the dprog owns (and frees). */
#include "dparse.h"

#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "derr.h"
#include "dfold.h"
#include "dmacro.h"
#include "dopt.h"
#include "dversion.h"
#include "dtag.h"
#include "probedesc.h"
#include "util.h"
#include "bigstack.h"

struct parser {
	const struct dtoklist *tl;
	size_t pos;
	struct dprog *prog;
	struct dtype_ctx *ctx;
	struct derr *err;     /* the caller's (may be NULL) */
	int depth;            /* nesting of recursive rules, bounded so input cannot exhaust the stack */
	int ystack;           /* entries dtrace's (bison) parser stack would hold at this point */
	int items;            /* clauses and declarations this parse has added */
	bool script;          /* a D program: dtrace-style messages, clauses, statements */
	bool in_pred;         /* at the top level of a predicate: `/` may close it */
	bool in_clause;       /* D programs: past a clause's descriptions (dtrace's lexer in S0) */
	const struct dtok *decl_item;  /* D programs: the first word of the top-level declaration,
				       * inline, translator or provider being read (dtrace's lexer
				       * in S0 after it, up to the item's `;`), or NULL */
	bool in_guard;        /* in a formula's guard (in_pred too): a `/` before `:` closes it */
	bool clause_arg;      /* a -n/-P/... argument: a description alone is a whole clause */
	bool later_dim;       /* type_suffix_rule: a dimension follows another (`[4][...]`) */
	const struct dtok *undef_call;  /* D programs: the name of the first call nothing defines */
	const struct dtok *undef_close; /* and its closing `)`, where dtrace reports it */
	size_t next_pragma;   /* D programs: the first of tl->pragmas not yet applied */
	size_t file_base;     /* index in prog->files of this token list's first file */
	/* D programs: `#pragma D binding` and `#pragma D attributes` waiting for their identifier
	 * (dtrace's pcb_pragmas), and the global identifiers this parse has defined (inlines,
	 * variables, enumerators) */
	struct dtok *bindings;
	uint32_t *binding_vers;  /* the version each of bindings[] names */
	bool *binding_attr;      /* bindings[i] is an attributes pragma's (it sets no version) */
	struct dattr *binding_at;  /* ...and then the attributes it gives */
	int nbindings;
	char **defined;
	int ndefined;
	/* D programs: the error of the constant expression being read (an array's dimension,
	 * a bit-field's width) when it names something known that has no constant value; 0 /
	 * NULL where the caller words it itself */
	enum dtag nonconst_tag;
	const char *nonconst_msg;
	jmp_buf fail;
};

/* What a declaration's specifiers said. */
struct declspec {
	struct dtype *type;
	enum dsclass storage; /* the storage class written, DSC_NONE if none */
	bool defined_tag;     /* a struct/union/enum body was part of the specifiers */
};

static int64_t const_expr(struct parser *p);
static struct dtype *type_name(struct parser *p);
static bool is_typename(struct parser *p, const struct dtok *t);

/* --- tokens and errors -------------------------------------------------------------------- */

static void pragma_d(struct parser *p, const struct dpragma *pr);
static void binding_define(struct parser *p, const char *name);
static void binding_record(struct parser *p, const char *name, uint32_t v, const struct dnode *item);
static void pragma_pending(struct parser *p, struct dtok hash, const char *name, uint32_t v, bool attr);
static void ident_attr_record(struct parser *p, const char *name, struct dattr at, bool before);

/* In a D program each `#pragma D` line takes effect where dtrace's lexer meets it: when the
 * parser first looks at the token after it (so its errors come in source order). */
static void pragmas_before(struct parser *p, size_t pos)
{
	while (p->script && p->next_pragma < p->tl->npragmas && p->tl->pragmas[p->next_pragma].before <= pos) {
		const struct dpragma *pr = &p->tl->pragmas[p->next_pragma++];
		if (pr->text[0] == 'D' && (pr->text[1] == ' ' || pr->text[1] == '\t' || !pr->text[1]))
			pragma_d(p, pr);
	}
}

static void vset_error(struct parser *p, enum dtag tag, const char *file, int line, int col,
		       const char *fmt, va_list ap);
static void set_error(struct parser *p, const struct dtok *t, enum dtag tag, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Whether macro token t ($1, $$2, $pid, $x) names nothing here: dmacro expands the macros
 * after the parse, but dtrace's lexer refuses an undefined one as it reads it, so that error
 * comes before any later syntax or lexical error. Only when the caller gave the macro
 * arguments (a traced program: g->macro_argc > 0). */
static bool macro_undefined(struct parser *p, size_t at)
{
	const struct dtok *t = &p->tl->toks[at];
	const char *body = t->text + 1, *end = t->text + t->len;
	if (t->kind != DTOK_MACRO || p->prog->macro_argc <= 0)
		return false;
	if (body < end && *body == '$')
		body++;
	size_t n = (size_t)(end - body);
	if (n == 0)
		return false;
	if (isdigit((unsigned char)*body)) {
		if (memchr(body, '`', n))
			return true;  /* "$1`x": a name no macro variable has (dlex) */
		if (p->prog->macro_defaultargs)
			return false;
		/* a `#pragma D option defaultargs` before it makes it 0 or "" */
		for (size_t i = 0; i < p->tl->npragmas && p->tl->pragmas[i].before <= at; i++)
			if (strstr(p->tl->pragmas[i].text, "defaultargs"))
				return false;
		long i = 0;
		for (const char *c = body; c < end && i <= INT32_MAX; c++)
			i = i * 10 + (*c - '0');
		return i >= p->prog->macro_argc;
	}
	char name[64];
	if (n >= sizeof(name))
		return true;
	memcpy(name, body, n);
	name[n] = '\0';
	return !dmacro_variable_known(name);
}

/* An error is about to be reported with the lexer at token `upto`: an undefined macro variable
 * the lexer met before (or at) it is reported instead, as dtrace's lexer reports it first. */
static void macro_undefined_first(struct parser *p, size_t upto)
{
	for (size_t i = 0; i <= upto && i < p->tl->ntoks; i++) {
		if (!macro_undefined(p, i))
			continue;
		const struct dtok *t = &p->tl->toks[i];
		bool arg = isdigit((unsigned char)t->text[t->text[1] == '$' ? 2 : 1]) &&
			   !memchr(t->text, '`', t->len);
		set_error(p, t, D_MACRO_UNDEF, "macro %s %.*s is not defined",
			  arg ? "argument" : "variable", (int)t->len, t->text);
		longjmp(p->fail, 1);
	}
}

static const struct dtok *peek(struct parser *p)
{
	pragmas_before(p, p->pos);
	const struct dtok *t = &p->tl->toks[p->pos];
	if (t->kind == DTOK_ERROR) {
		/* the lexer stopped here: its error is the program's first, after an undefined
		 * macro variable before it */
		macro_undefined_first(p, p->pos);
		if (p->err)
			*p->err = *p->tl->err;
		longjmp(p->fail, 1);
	}
	return t;
}

static const struct dtok *peek_at(struct parser *p, size_t ahead)
{
	size_t i = p->pos + ahead;
	if (i >= p->tl->ntoks)
		i = p->tl->ntoks - 1;
	return &p->tl->toks[i];
}

static const struct dtok *next(struct parser *p)
{
	const struct dtok *t = peek(p);
	if (t->kind != DTOK_EOF)
		p->pos++;
	return t;
}

static const char *prog_file(struct parser *p, const char *tokfile)
{
	for (size_t i = 0; i < p->tl->nfiles; i++)
		if (p->tl->files[i] == tokfile)
			return p->prog->files[p->file_base + i];
	return p->prog->files[p->file_base];
}

static struct dsrcpos pos_of(struct parser *p, const struct dtok *t)
{
	struct dsrcpos s = { prog_file(p, t->file), t->line, t->col,
			     p->script && p->tl->nfiles > 0 && t->file != p->tl->files[0] };
	return s;
}

/* Every parse error ends here: D programs are reported as dtrace does ("line N: ..."), provider
 * files as compilers do ("file:line:col: ..."). */
static void vset_error(struct parser *p, enum dtag tag, const char *file, int line, int col,
		       const char *fmt, va_list ap)
{
	derr_vset(p->err, tag, fmt, ap);
	/* dtrace numbers the lines of files, not of -n text */
	enum derr_at how = !p->script ? DERR_AT_FILE : !p->clause_arg ? DERR_AT_LINE : DERR_AT_NONE;
	if (how != DERR_AT_FILE && p->tl->nfiles > 0 && file && file != p->tl->files[0]) {
		if (how == DERR_AT_NONE)
			line = 0;  /* a -n argument's #line names a file, no line (dlex.c new_tok) */
		how = DERR_AT_FILETAG;  /* a line of another file: dtrace's pcb_filetag */
	}
	derr_locate(p->err, how, file, line, col);
}

static _Noreturn void error_at(struct parser *p, const struct dtok *t, enum dtag tag,
				const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static _Noreturn void error_at(struct parser *p, const struct dtok *t, enum dtag tag,
				const char *fmt, ...)
{
	macro_undefined_first(p, p->pos);
	va_list ap;
	va_start(ap, fmt);
	vset_error(p, tag, t->file, t->line, t->col, fmt, ap);
	va_end(ap);
	longjmp(p->fail, 1);
}

static void set_error(struct parser *p, const struct dtok *t, enum dtag tag, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vset_error(p, tag, t->file, t->line, t->col, fmt, ap);
	va_end(ap);
}

/* Whether the lexer of dtrace knows name t without reading ahead: one right after `.`, `->`,
 * struct, union, enum or a translator's `< type name >` always; else a name the parser knows
 * (a type, a declared variable, an enumerator), or with types_only a type alone. */
static bool defined_outside(struct parser *p, const char *name);
static bool in_main_source(struct parser *p, const struct dtok *t);

/* A type name scoped to a module, M`N, as dtrace's type lookup reads one: the C container
 * ("C") has C's one-word base types; "D" has those, string, and every typedef D knows (the
 * built-in ones, pid_t..., and the program's); the kernel's ("vmlinux", or "genunix" as
 * dtrace also calls it) are asked of the context's typedef hook under their scoped name, so
 * only the kernel answers them. NULL when the module has no type N (dtrace then reads M`N as
 * a kernel symbol): C`pid_t and `pid_t are not types, D`pid_t and vmlinux`u64 are. */
static struct dtype *scoped_typename(struct parser *p, const char *name)
{
	const char *bq = strchr(name, '`');
	if (!bq || bq == name || strchr(bq + 1, '`'))
		return NULL;
	const char *n = bq + 1;
	size_t mlen = (size_t)(bq - name);
	struct dtype_ctx *c = p->ctx;
	bool is_c = mlen == 1 && name[0] == 'C', is_d = mlen == 1 && name[0] == 'D';
	if (is_c || is_d) {
		const struct { const char *word; struct dtype *t; } base[] = {
			{"void", c->t_void}, {"char", c->t_char}, {"short", c->t_short}, {"int", c->t_int},
			{"long", c->t_long}, {"float", c->t_float}, {"double", c->t_double},
			{"signed", c->t_signed}, {"unsigned", c->t_unsigned}, {"_Bool", c->t_bool},
		};
		for (size_t i = 0; i < sizeof(base) / sizeof(base[0]); i++)
			if (strcmp(n, base[i].word) == 0)
				return base[i].t;
		if (is_c)
			return NULL;
		if (strcmp(n, "string") == 0)
			return c->t_string;
		/* D's own typedefs only: not the kernel's the hook would add */
		for (struct dscope *s = c->scope; s; s = s->parent)
			for (size_t i = s->nents; i-- > 0;)
				if (strcmp(s->ents[i].name, n) == 0 && s->ents[i].kind != DSYM_TAG)
					return s->ents[i].kind == DSYM_TYPEDEF ? s->ents[i].type : NULL;
		return NULL;
	}
	if (!(mlen == 7 && strncmp(name, "vmlinux", 7) == 0) &&
	    !(mlen == 7 && strncmp(name, "genunix", 7) == 0))
		return NULL;
	char key[256];
	snprintf(key, sizeof(key), "vmlinux`%s", n);
	struct dscope_ent *e = dscope_find(c, key, DSYM_TYPEDEF, false);
	return e && e->kind == DSYM_TYPEDEF ? e->type : NULL;
}

/* The type typedef name `name` (plain or module-scoped) stands for; NULL if it is none. */
static struct dtype *typedef_named(struct parser *p, const char *name)
{
	if (p->script && strchr(name, '`'))
		return scoped_typename(p, name);
	struct dscope_ent *e = dscope_find(p->ctx, name, DSYM_TYPEDEF, false);
	return e && e->kind == DSYM_TYPEDEF ? e->type : NULL;
}

/* Whether dtrace's lexer knows name t without reading ahead (dt_lex.l id_or_type): one right
 * after `.`, `->`, struct, union, enum or a translator's `< type name >` always; else a name it
 * has among its globals or remembered idents. It reads ahead before it looks for a type of
 * that name, so a typedef's name is not known there. */
/* Whether the name text[0..len) read at token i is one dtrace's lexer knows (see below). */
static bool name_known_at(struct parser *p, size_t i, const char *text, size_t len)
{
	if (i > 0) {
		const struct dtok *prev = &p->tl->toks[i - 1];
		if (dtok_is(prev, ".") || dtok_is(prev, "->") || dtok_is(prev, "struct") ||
		    dtok_is(prev, "union") || dtok_is(prev, "enum") || dtok_is(prev, ">"))
			return true;
	}
	char n[256];
	snprintf(n, sizeof(n), "%.*s", (int)(len < 255 ? len : 255), text);
	if (!(p->script && strchr(n, '`'))) {
		const struct dscope_ent *e = dscope_find(p->ctx, n, DSYM_TYPEDEF, false);
		if (e && e->kind != DSYM_TYPEDEF)
			return true;
	}
	/* dtrace's lexer looks up its globals first (pcb_globals: the built-in variables,
	 * subroutines, actions and aggregating functions, and what declarations made) */
	if (defined_outside(p, n))
		return true;
	/* dtrace's lexer also remembers (pcb_idents) each name it met before followed by
	 * =, ++, --, [ or ; (a variable being assigned): it does not read ahead past those */
	for (size_t j = 0; j + 1 < i; j++) {
		const struct dtok *u = &p->tl->toks[j], *after = u + 1;
		if (u->kind != DTOK_IDENT || u->len != len || memcmp(u->text, text, len) != 0)
			continue;
		if (j > 0 && (dtok_is(u - 1, ".") || dtok_is(u - 1, "->") || dtok_is(u - 1, "struct") ||
			      dtok_is(u - 1, "union") || dtok_is(u - 1, "enum")))
			continue;
		/* a declarator ("typedef int t;"): a declared global is known as such, and a
		 * typedef's name is not remembered */
		if (j > 0 && (dtok_is(u - 1, "*") || is_typename(p, u - 1)))
			continue;
		if (dtok_is(after, "=") || dtok_is(after, "++") || dtok_is(after, "--") ||
		    dtok_is(after, "[") || dtok_is(after, ";"))
			return true;
	}
	return false;
}

static bool ident_known(struct parser *p, const struct dtok *t)
{
	return name_known_at(p, (size_t)(t - p->tl->toks), t->text, t->len);
}

static bool known_ident(struct parser *p, const struct dtok *t)
{
	return ident_known(p, t);
}

/* Whether dtrace's lexer met the end of the input reading ahead, and put a NUL back that it
 * then refuses in its own words ("syntax error near end-of-input", dt_lex.l id_or_type): after
 * a name it does not know (neither a global, a type, nor a name seen assigned before) it skips
 * the blanks after it; in a clause, when those are followed by a lone `=`, `+` or `-`, it also
 * reads the character after that, which may be the end. eof is the end token. */
static bool eof_read_ahead(struct parser *p, const struct dtok *eof)
{
	const struct dtok *first = p->tl->toks;
	const struct dtok *prev = eof > first ? eof - 1 : NULL;
	if (!p->script || !prev)
		return false;
	if (prev->kind == DTOK_PUNCT && p->in_clause && prev > first && prev[-1].kind == DTOK_IDENT &&
	    (dtok_is(prev, "=") || dtok_is(prev, "+") || dtok_is(prev, "-")) &&
	    prev->text[prev->len] == '\0')
		prev--;
	if (prev->kind != DTOK_IDENT)
		return false;
	/* a name a declaration at the end declares ("int x", "char *x", "int a, x",
	 * "struct s x", "struct s { ... } x") was not known yet when the lexer met it */
	const struct dtok *before = prev > first ? prev - 1 : NULL;
	bool tagged = before && before > first && before->kind == DTOK_IDENT &&
		      (dtok_is(before - 1, "struct") || dtok_is(before - 1, "union") ||
		       dtok_is(before - 1, "enum"));
	if (!p->in_clause && before && !dtok_is(before, "struct") && !dtok_is(before, "union") &&
	    !dtok_is(before, "enum") &&
	    (dtok_is(before, "*") || dtok_is(before, ",") || dtok_is(before, "}") ||
	     is_typename(p, before) || tagged))
		return true;
	return !known_ident(p, prev);
}

/* The call of a name nothing defines, if the text has one: dtrace refuses it as it builds
 * the call (dt_node_func), so before any later error, at the call's `)`. */
static void undef_call_error(struct parser *p)
{
	if (p->undef_call)
		error_at(p, p->undef_close, D_FUNC_UNDEF, "undefined function name: %.*s",
			 (int)p->undef_call->len, p->undef_call->text);
}

static const char *macro_arg_of(const struct dprog *g, const struct dtok *t, int *index);

/* A syntax error at a name dtrace's lexer does not know: it reads ahead past the name (is it a
 * variable or a type?) over the blanks to the next character, then puts the blanks back as
 * spaces first and the newlines after them; its message quotes from the name to the first
 * newline of what is then there ("u\t); }" is near "u ); }", "u\n ," near "u "). */
static _Noreturn void unknown_name_error(struct parser *p, const struct dtok *t)
{
	const char *e = t->text + t->len, *rest;
	size_t blanks = 0;
	bool newline = false;
	for (rest = e; *rest && strchr("\f\n\r\t\v ", *rest); rest++) {
		if (*rest == '\n')
			newline = true;
		else
			blanks++;
	}
	const char *eol = rest;
	while (!newline && *eol && *eol != '\n')
		eol++;
	error_at(p, t, D_SYNTAX, "syntax error near \"%.*s%*s%.*s\"", (int)t->len, t->text,
		 (int)blanks, "", newline ? 0 : (int)(eol - rest), rest);
}

static _Noreturn void syntax_error(struct parser *p, const struct dtok *t)
{
	struct dtok slash;
	if (p->script && t->kind == DTOK_PUNCT && dtok_is(t, "/") && t > p->tl->toks &&
	    t[-1].kind != DTOK_PDESC) {
		/* dtrace's lexer reads the blanks after a `/` (does it end a predicate?) and
		 * counts their newlines before the parser sees the `/` */
		slash = *t;
		for (const char *q = t->text + 1; *q && strchr("\f\n\r\t\v ", *q); q++)
			slash.line += *q == '\n';
		t = &slash;
	}
	undef_call_error(p);
	if (p->script && t->kind == DTOK_FLOAT) {
		/* dtrace's lexer refuses a floating-point constant wherever it meets one, before
		 * its parser could find it misplaced ("x.1": the name x, then ".1") */
		error_at(p, t, D_SYNTAX, "floating-point constants are not permitted");
	}
	if (p->script && t->macro) {
		/* dtrace's lexer read ahead after the macro argument (type or identifier?) and its
		 * message then quotes the rest of the line from the `$N` */
		const char *e = t->macro;
		while (*e && *e != '\n')
			e++;
		error_at(p, t, D_SYNTAX, "syntax error near \"%.*s\"", (int)(e - t->macro), t->macro);
	}
	if (t->kind == DTOK_EOF) {
		/* after a name it does not know, dtrace's lexer has read ahead to the end and
		 * put a NUL back, which its lexer then rejects in its own words */
		if (eof_read_ahead(p, t))
			error_at(p, t, D_SYNTAX, "syntax error near end-of-input");
		error_at(p, t, D_SYNTAX, "syntax error near end of input");
	}
	if (p->script && t->kind == DTOK_IDENT && !known_ident(p, t))
		unknown_name_error(p, t);
	/* a macro argument's value is read as the name it is, too */
	int arg;
	const char *v = p->script && t->kind == DTOK_MACRO ? macro_arg_of(p->prog, t, &arg) : NULL;
	if (v && (isalpha((unsigned char)v[0]) || v[0] == '_') && v[strspn(v,
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")] == '\0' &&
	    !name_known_at(p, (size_t)(t - p->tl->toks), v, strlen(v)))
		unknown_name_error(p, t);
	if (p->script && (p->in_clause || (p->decl_item && t->text > p->decl_item->text)) &&
	    dtok_is(t, "/") &&
	    t->kind == DTOK_PUNCT && t->text[1] && !strchr("\f\n\r\t\v ", t->text[1])) {
		/* in a clause, and in a top-level declaration (`int x /y;`), dtrace's lexer looks
		 * past a `/` for what follows (does it close a predicate?) and puts back only that
		 * character: the message then quotes the rest of the line, as after an unknown
		 * name ("// note") */
		const char *e = t->text;
		while (*e && *e != '\n')
			e++;
		error_at(p, t, D_SYNTAX, "syntax error near \"%.*s\"", (int)(e - t->text), t->text);
	}
	if (p->script && t->kind == DTOK_CHAR) {
		/* dtrace's lexer decodes a character constant in place, over its spelling less the
		 * closing quote, and the message quotes what is left: the opening quote, then the
		 * decoded bytes up to the first NUL ('\x41\102' is near "'AB", '\0' near "'") */
		error_at(p, t, D_SYNTAX, "syntax error near \"'%.*s\"",
			 (int)strnlen(t->str, t->slen), t->str);
	}
	if (p->script)
		error_at(p, t, D_SYNTAX, "syntax error near \"%.*s\"", (int)t->len, t->text);
	error_at(p, t, D_SYNTAX, "syntax error near '%.*s'", (int)t->len, t->text);
}

#define DPARSE_MAX_TYPE_DEPTH 4096  /* pointer/array/function/typedef levels, through typedefs */

static void enter(struct parser *p)
{
	/* on a big stack (bigstack.h) the bound is what that stack holds for the later walks
	 * too; the D-level bound is dtrace's parser stack (ypush) */
	int max = bigstack_active() ? DPARSE_MAX_TREE_DEPTH : DPARSE_MAX_DEPTH;
	if (++p->depth > max)
		error_at(p, peek(p), D_UNKNOWN, "declaration or expression is nested too deeply");
}

/* dtrace's parser is bison's with a stack of YYMAXDEPTH (10,000) entries: a symbol that would
 * fill it is refused with "memory exhausted near TOKEN". The recursive descent here keeps the
 * count of entries that stack would hold: ypush(n) when a rule leaves n symbols pending on it
 * while it parses a nested part (the next token then needs one more), yclose before the token
 * that closes a nested part (it lands on top of the part's one reduced entry). */
#define DPARSE_YACC_DEPTH 10000
static _Noreturn void yexhausted(struct parser *p)
{
	const struct dtok *t = peek(p);
	if (t->kind == DTOK_EOF)
		error_at(p, t, D_SYNTAX, "memory exhausted near end of input");
	error_at(p, t, D_SYNTAX, "memory exhausted near \"%.*s\"", (int)t->len, t->text);
}

static void ypush(struct parser *p, int n)
{
	p->ystack += n;
	if (p->ystack + 1 >= DPARSE_YACC_DEPTH)
		yexhausted(p);
}

static void ypop(struct parser *p, int n)
{
	p->ystack -= n;
}

static void yclose(struct parser *p)
{
	if (p->ystack + 2 >= DPARSE_YACC_DEPTH)
		yexhausted(p);
}

static void leave(struct parser *p)
{
	p->depth--;
}

static bool consume(struct parser *p, const char *s)
{
	if (dtok_is(peek(p), s) && peek(p)->kind != DTOK_IDENT) {
		p->pos++;
		return true;
	}
	return false;
}

static void expect(struct parser *p, const char *s)
{
	if (!consume(p, s))
		syntax_error(p, peek(p));
}

static const struct dtok *expect_ident(struct parser *p)
{
	const struct dtok *t = peek(p);
	if (t->kind != DTOK_IDENT)
		syntax_error(p, t);
	return next(p);
}

/* The name after `.`, `->`, `self->` or `this->`: dtrace's lexer reads any word there as a
 * name, keywords included, so kernel members such as `probe` or `string` can be reached. */
/* A member name after '.' or '->'. A macro argument `$N` is one too, as the Guide's
 * `trace(x->$1)` shows ("with an identifier macro argument"): its name stays "$N" and dmacro
 * replaces it by the argument, which must be an identifier. */
static bool member_macro(const struct dtok *t)
{
	if (t->kind != DTOK_MACRO || t->len < 2)
		return false;
	for (size_t i = 1; i < t->len; i++)
		if (!isdigit((unsigned char)t->text[i]))
			return false;
	return true;
}

static const struct dtok *expect_member(struct parser *p)
{
	const struct dtok *t = peek(p);
	if (t->kind != DTOK_IDENT && t->kind != DTOK_KEYWORD && !member_macro(t))
		syntax_error(p, t);
	return next(p);
}

/* A token's spelling in a fixed buffer, for names and lookups. */
struct name { char s[256]; };
static struct name tok_name(struct parser *p, const struct dtok *t)
{
	struct name n;
	if (t->len >= sizeof(n.s))
		error_at(p, t, D_ID_OFLOW, "identifier '%.*s...' is too long", 32, t->text);
	memcpy(n.s, t->text, t->len);
	n.s[t->len] = '\0';
	return n;
}

/* A type's spelling in a fixed buffer, for messages (nothing to free before a longjmp). */
static struct name spell_tmp(struct dtype *t)
{
	struct name n;
	char *s = dtype_spell(t, NULL, false);
	snprintf(n.s, sizeof(n.s), "%s", s);
	free(s);
	return n;
}

static void add_decl(struct parser *p, enum ddecl_kind kind, const char *name, struct dtype *type,
		     enum dsclass storage, const struct dtok *at)
{
	struct dprog *g = p->prog;
	g->decls = xrealloc(g->decls, sizeof(*g->decls) * (size_t)(g->ndecls + 1));
	struct ddecl *d = &g->decls[g->ndecls++];
	d->kind = kind;
	d->name = name ? xstrdup(name) : NULL;
	d->type = type;
	d->storage = storage;
	d->pos = pos_of(p, at);
}

/* Evaluated as we parse (dfold.h), in 64 bits with an unsigned flag (the usual arithmetic
 * conversions at the widths D allows here). Growing the full expression grammar will turn
 * these into AST builders; the precedence ladder stays the same. */
struct cval {
	int64_t v;
	bool uns;
};

/* --- depth-bounded entries to the recursive rules ---------------------------------------- */

static struct cval unary_rule(struct parser *p);
static struct cval cond_expr_rule(struct parser *p);
static struct dtype *type_suffix_rule(struct parser *p, struct dtype *ty);
static struct dtype *declarator_rule(struct parser *p, struct dtype *ty, const struct dtok **name,
				     bool allow_name, bool allow_abstract);
static struct dtype *record_spec_rule(struct parser *p, enum dtype_kind kind, bool *defined);

static struct cval unary(struct parser *p)
{
	enter(p);
	struct cval r = unary_rule(p);
	leave(p);
	return r;
}

static struct cval cond_expr(struct parser *p)
{
	enter(p);
	struct cval r = cond_expr_rule(p);
	leave(p);
	return r;
}

static struct dtype *type_suffix(struct parser *p, struct dtype *ty)
{
	enter(p);
	struct dtype *r = type_suffix_rule(p, ty);
	leave(p);
	return r;
}

static struct dtype *declarator(struct parser *p, struct dtype *ty, const struct dtok **name,
				bool allow_name, bool allow_abstract)
{
	const struct dtok *at = peek(p);
	enter(p);
	struct dtype *r = declarator_rule(p, ty, name, allow_name, allow_abstract);
	leave(p);
	if (r->depth > DPARSE_MAX_TYPE_DEPTH)
		error_at(p, at, D_UNKNOWN, "type is nested too deeply");
	return r;
}

static struct dtype *record_spec(struct parser *p, enum dtype_kind kind, bool *defined)
{
	enter(p);
	struct dtype *r = record_spec_rule(p, kind, defined);
	leave(p);
	return r;
}

/* --- constant expressions -------------------------------------------------------------- */

static struct cval mk(int64_t v, bool uns)
{
	struct cval c = { v, uns };
	return c;
}

static struct cval cast_to(struct parser *p, const struct dtok *at, struct dtype *t, struct cval c)
{
	if (!dtype_is_integer(t) && dtype_resolve(t)->kind != DTY_PTR)
		error_at(p, at, D_CAST_INVAL, "constant expression cast to a non-integer type");
	bool is_bool = dtype_resolve(t)->kind == DTY_BOOL;
	bool uns = is_bool || dtype_resolve(t)->is_unsigned;
	return mk(dfold_convert((uint64_t)c.v, dtype_sizeof(t), uns, is_bool), uns);
}

/* op over c (dfold.h): - and ~ keep the operand's signedness, ! gives an int. */
static struct cval fold_unary(enum dop op, struct cval c)
{
	uint64_t v = 0;
	(void)dfold_unary(op, (uint64_t)c.v, &v);
	return mk((int64_t)v, op == DOP_LNOT ? false : c.uns);
}

/* D programs: the value of inline `name` when its expression folds to an integer constant
 * (Guide, "Inlines": such an inline may stand where a constant expression is required, as a
 * scalar array's dimension), as the inline's type holds it; false when no inline of an
 * integer type has that name or its expression is not constant. The inlines are the
 * program's so far (the D libraries' and earlier sources' included); one may name another,
 * so the walk is bounded (an inline cannot name itself: the checker says so). */
static bool inline_value(struct parser *p, const struct dnode *x, int depth, struct cval *out);

static bool inline_const(struct parser *p, const char *name, int depth, struct cval *out)
{
	if (depth > 32)
		return false;
	const struct dnode *def = NULL;
	for (const struct dnode *it = p->prog->items; it; it = it->next)
		if (it->kind == DN_INLINE && !it->args && it->name && strcmp(it->name, name) == 0)
			def = it;
	if (!def || !dtype_is_integer(def->ctype))
		return false;
	struct cval v;
	if (!inline_value(p, def->lhs, depth + 1, &v))
		return false;
	bool uns = dtype_resolve(def->ctype)->is_unsigned;
	*out = mk(dfold_convert((uint64_t)v.v, dtype_sizeof(def->ctype), uns, false), uns);
	return true;
}

static bool inline_value(struct parser *p, const struct dnode *x, int depth, struct cval *out)
{
	struct cval a, b;
	uint64_t v = 0;
	switch (x->kind) {
	case DN_INT:
		*out = mk((int64_t)x->ival, x->is_unsigned);
		return true;
	case DN_IDENT: {
		struct dscope_ent *e = dscope_find(p->ctx, x->name, DSYM_ENUMCONST, false);
		if (e && e->kind == DSYM_ENUMCONST) {
			*out = mk(e->value, false);
			return true;
		}
		return !e && inline_const(p, x->name, depth, out);
	}
	case DN_SIZEOF_TYPE: {
		int64_t sz = dtype_sizeof(x->ctype);
		if (sz <= 0)
			return false;
		*out = mk(sz, true);
		return true;
	}
	case DN_CAST:
		if (!dtype_is_integer(x->ctype) || !inline_value(p, x->lhs, depth, &a))
			return false;
		*out = mk(dfold_convert((uint64_t)a.v, dtype_sizeof(x->ctype),
					dtype_resolve(x->ctype)->is_unsigned, false),
			  dtype_resolve(x->ctype)->is_unsigned);
		return true;
	case DN_COND:
		if (!inline_value(p, x->cond, depth, &a))
			return false;
		return inline_value(p, a.v ? x->lhs : x->rhs, depth, out);
	case DN_UNARY:
		if ((x->op != DOP_NEG && x->op != DOP_PLUS && x->op != DOP_BNOT && x->op != DOP_LNOT) ||
		    !inline_value(p, x->lhs, depth, &a))
			return false;
		*out = fold_unary(x->op, a);
		return true;
	case DN_BINARY:
		if (!inline_value(p, x->lhs, depth, &a) || !inline_value(p, x->rhs, depth, &b) ||
		    dfold_binary(x->op, (uint64_t)a.v, (uint64_t)b.v, a.uns || b.uns, a.uns, &v) != DFOLD_OK)
			return false;
		switch (x->op) {
		case DOP_BOR: case DOP_XOR: case DOP_BAND: case DOP_ADD: case DOP_SUB: case DOP_MUL:
		case DOP_DIV: case DOP_MOD:
			*out = mk((int64_t)v, a.uns || b.uns);
			return true;
		case DOP_SHL: case DOP_SHR:
			*out = mk((int64_t)v, a.uns);
			return true;
		default:
			*out = mk((int64_t)v, false);
			return true;
		}
	default:
		return false;
	}
}

static struct cval primary(struct parser *p)
{
	const struct dtok *t = peek(p);
	if (consume(p, "(")) {
		struct cval c = cond_expr(p);
		expect(p, ")");
		return c;
	}
	if (t->kind == DTOK_INT || t->kind == DTOK_CHAR) {
		next(p);
		return mk((int64_t)t->ival, t->kind == DTOK_INT && t->is_unsigned);
	}
	if (t->kind == DTOK_IDENT) {
		next(p);
		struct name n = tok_name(p, t);
		struct dscope_ent *e = dscope_find(p->ctx, n.s, DSYM_ENUMCONST, false);
		struct cval ic;
		if (!e && p->script && inline_const(p, n.s, 0, &ic))
			return ic;
		/* libdtrace cooks the expression first: an unknown name is that name's error; a
		 * known one with no constant value (pid, a variable, an inline of one) is the
		 * constant expression's, which the caller words (D_DECL_ARRSUB, D_DECL_ENCONST...) */
		if (!e && p->script && !defined_outside(p, n.s))
			error_at(p, t, D_IDENT_UNDEF, "failed to resolve %s: Unknown variable name", n.s);
		if ((!e || e->kind != DSYM_ENUMCONST) && p->script && p->nonconst_msg)
			error_at(p, t, p->nonconst_tag, "%s", p->nonconst_msg);
		if (!e || e->kind != DSYM_ENUMCONST)
			error_at(p, t, D_UNKNOWN, "'%s' is not a constant", n.s);
		return mk(e->value, false);
	}
	if (t->kind == DTOK_FLOAT && p->script)  /* D has no floating-point constants */
		error_at(p, t, D_SYNTAX, "floating-point constants are not permitted");
	if (t->kind == DTOK_STRING || t->kind == DTOK_FLOAT)
		error_at(p, t, D_UNKNOWN, "integer constant expression expected near '%.*s'", (int)t->len, t->text);
	syntax_error(p, t);
}

static struct cval unary_rule(struct parser *p)
{
	const struct dtok *t = peek(p);
	if (consume(p, "+"))
		return unary(p);
	if (consume(p, "-"))
		return fold_unary(DOP_NEG, unary(p));
	if (consume(p, "~"))
		return fold_unary(DOP_BNOT, unary(p));
	if (consume(p, "!"))
		return fold_unary(DOP_LNOT, unary(p));
	if (consume(p, "sizeof")) {
		const struct dtok *at = peek(p);
		if (dtok_is(at, "(") && is_typename(p, peek_at(p, 1))) {
			next(p);
			struct dtype *ty = type_name(p);
			expect(p, ")");
			int64_t sz = dtype_sizeof(ty);
			if (sz < 0)
				error_at(p, at, D_SIZEOF_TYPE, "sizeof applied to an incomplete type");
			return mk(sz, true);
		}
		error_at(p, at, D_UNKNOWN, "sizeof in a constant expression needs a type name");
	}
	if (consume(p, "offsetof")) {
		expect(p, "(");
		const struct dtok *at = peek(p);
		struct dtype *ty = type_name(p);
		expect(p, ",");
		const struct dtok *mt = expect_ident(p);
		expect(p, ")");
		struct dtype *r = dtype_resolve(ty);
		if ((r->kind != DTY_STRUCT && r->kind != DTY_UNION) || !r->complete)
			error_at(p, at, D_OFFSETOF_TYPE, "offsetof needs a complete struct or union type");
		struct name mn = tok_name(p, mt);
		int64_t off = 0;
		const struct dmember *m;
		/* Walk through anonymous members to the named one. */
		while ((m = dtype_find_member(r, mn.s)) && !m->name) {
			off += m->offset;
			r = dtype_resolve(m->type);
		}
		if (!m)
			error_at(p, mt, D_UNKNOWN, "%s has no member named '%s'", spell_tmp(r).s, mn.s);
		if (m->bit_width >= 0)
			error_at(p, mt, D_OFFSETOF_BITFIELD, "offsetof applied to bit-field '%s'", mn.s);
		return mk(off + m->offset, true);
	}
	/* A cast: '(' type-name ')' unary */
	if (dtok_is(t, "(") && is_typename(p, peek_at(p, 1))) {
		next(p);
		struct dtype *ty = type_name(p);
		expect(p, ")");
		return cast_to(p, t, ty, unary(p));
	}
	return primary(p);
}

static struct cval binary(struct parser *p, int level);

/* The binary operator t is if it binds at precedence `level` (0, the loosest, is ||: dop.h's
 * precedence level - 1), else DOP_NONE. */
static enum dop binop_at(const struct dtok *t, int level)
{
	enum dop op = t->kind == DTOK_PUNCT ? dop_lookup(DOPC_BINARY, t->text, t->len) : DOP_NONE;
	return op != DOP_NONE && dop_table[op].prec == level + 1 ? op : DOP_NONE;
}
#define NLEVELS DOP_NPREC

/* a op b (dfold.h) over 64-bit operands: the usual arithmetic conversions make the operation
 * unsigned when either operand is, a shift has its left operand's signedness, comparisons and
 * the logical operators give an int. */
static struct cval apply(struct parser *p, const struct dtok *at, enum dop op, struct cval a,
			 struct cval b)
{
	bool uns = a.uns || b.uns;
	uint64_t v = 0;
	switch (dfold_binary(op, (uint64_t)a.v, (uint64_t)b.v, uns, a.uns, &v)) {
	case DFOLD_SHIFT_RANGE:
		error_at(p, at, D_UNKNOWN, "shift count out of range in constant expression");
	case DFOLD_DIV_ZERO:
		if (p->script)  /* dtrace's words (observed: enum e { A = 10 / 0 }, int a[1 % 0]) */
			error_at(p, at, D_DIV_ZERO, "expression contains division by zero");
		error_at(p, at, D_DIV_ZERO, "division by zero in constant expression");
	case DFOLD_OK: case DFOLD_NONE:
		break;
	}
	switch (op) {
	case DOP_BOR: case DOP_XOR: case DOP_BAND: case DOP_ADD: case DOP_SUB: case DOP_MUL:
	case DOP_DIV: case DOP_MOD:
		return mk((int64_t)v, uns);
	case DOP_SHL: case DOP_SHR:
		return mk((int64_t)v, a.uns);
	default:
		return mk((int64_t)v, false);
	}
}

static struct cval binary(struct parser *p, int level)
{
	if (level == NLEVELS)
		return unary(p);
	struct cval a = binary(p, level + 1);
	for (;;) {
		const struct dtok *at = peek(p);
		enum dop op = binop_at(at, level);
		if (op == DOP_NONE)
			return a;
		next(p);
		struct cval b = binary(p, level + 1);
		a = apply(p, at, op, a, b);
	}
}

static struct cval cond_expr_rule(struct parser *p)
{
	struct cval c = binary(p, 0);
	if (!consume(p, "?"))
		return c;
	struct cval x = cond_expr(p);
	expect(p, ":");
	struct cval y = cond_expr(p);
	return c.v ? x : y;
}

static int64_t const_expr(struct parser *p)
{
	return cond_expr(p).v;
}

/* --- declaration specifiers ------------------------------------------------------------ */

static bool is_typename(struct parser *p, const struct dtok *t)
{
	static const char *const kw[] = {
		"void", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
		"_Bool", "struct", "union", "enum", "const", "volatile", "restrict", "string",
		"userland",
	};
	if (t->kind == DTOK_KEYWORD) {
		for (size_t i = 0; i < sizeof(kw) / sizeof(kw[0]); i++)
			if (dtok_is(t, kw[i]))
				return true;
		return false;
	}
	if (t->kind != DTOK_IDENT)
		return false;
	struct name n = tok_name(p, t);
	return typedef_named(p, n.s) != NULL;
}

/* The storage class keyword t is, DSC_NONE if none. */
static enum dsclass storage_class(const struct dtok *t)
{
	if (t->kind != DTOK_KEYWORD)
		return DSC_NONE;
	for (enum dsclass sc = DSC_TYPEDEF; sc <= DSC_AUTO; sc++)
		if (dtok_is(t, dsclass_name(sc)))
			return sc;
	return DSC_NONE;
}

static bool is_storage(const struct dtok *t)
{
	return storage_class(t) != DSC_NONE;
}

static struct dtype *declarator(struct parser *p, struct dtype *ty, const struct dtok **name,
				bool allow_name, bool allow_abstract);
static struct dtype *record_spec(struct parser *p, enum dtype_kind kind, bool *defined);
static struct dtype *enum_spec(struct parser *p, bool *defined);

enum {
	SPEC_VOID = 1 << 0, SPEC_BOOL = 1 << 2, SPEC_CHAR = 1 << 4, SPEC_SHORT = 1 << 6, SPEC_INT = 1 << 8,
	SPEC_LONG = 1 << 10, SPEC_FLOAT = 1 << 12, SPEC_DOUBLE = 1 << 14, SPEC_OTHER = 1 << 16,
	SPEC_SIGNED = 1 << 17, SPEC_UNSIGNED = 1 << 18,
};

/* A D program's bad run of type specifiers, reported as libdtrace's declaration checks do:
 * `counter` holds the specifiers so far, `add` the one that broke it (already added unless
 * it is a second base type), `at` where yacc would stand (the token after it). short, long,
 * signed and unsigned are attributes of a base type there, so "short long" is no combination
 * error but a type name nothing defines. */
/* libdtrace's checks of a D program's specifiers `all` so far, which it makes as each is
 * read once there is a base type: the attributes char, void, a non-integer or a non-number
 * type cannot have. */
static void script_attr_check(struct parser *p, int all, const struct dtok *at)
{
	int nlong = (all / SPEC_LONG) & 3;
	bool sign = all & (SPEC_SIGNED | SPEC_UNSIGNED);
	if ((all & SPEC_CHAR) && (all & SPEC_SHORT || nlong))
		error_at(p, at, D_DECL_CHARATTR, "invalid type declaration: short and long may not be used with char type");
	if ((all & SPEC_VOID) && (all & (SPEC_SHORT | SPEC_SIGNED | SPEC_UNSIGNED) || nlong))
		error_at(p, at, D_DECL_VOIDATTR, "invalid type declaration: attributes may not be used with void type");
	if (sign && (all & (SPEC_OTHER | SPEC_FLOAT | SPEC_DOUBLE | SPEC_BOOL)))
		error_at(p, at, D_DECL_SIGNINT, "invalid type declaration: signed and unsigned may only be used with integer type");
	if (nlong && (all & (SPEC_OTHER | SPEC_BOOL)))
		error_at(p, at, D_DECL_LONGINT, "invalid type declaration: long and long long may only be used with "
			 "integer or floating-point type");
}

static _Noreturn void script_spec_error(struct parser *p, int counter, int add, const struct dtok *at)
{
	int bases = SPEC_VOID | SPEC_BOOL | SPEC_CHAR | SPEC_INT | SPEC_FLOAT | SPEC_DOUBLE | SPEC_OTHER;
	int all = counter | add;
	int nlong = ((counter | add) / SPEC_LONG) & 3;
	if ((counter & bases) && (add & bases))
		error_at(p, at, D_DECL_COMBO, "invalid type combination");
	script_attr_check(p, all, at);
	/* libdtrace names the type from its attributes and fails to find it. */
	struct strbuf b = {0};
	const char *words[] = { "signed ", "unsigned ", "short ",
				nlong > 2 ? "long long long " : nlong > 1 ? "long long " : "long " };
	bool has[] = { all & SPEC_SIGNED, all & SPEC_UNSIGNED, all & SPEC_SHORT, nlong > 0 };
	for (int i = 0; i < 4; i++)
		if (has[i])
			strbuf_puts(&b, words[i]);
	if (all & SPEC_FLOAT)
		strbuf_puts(&b, "float");
	else if (all & SPEC_DOUBLE)
		strbuf_puts(&b, "double");
	else if (all & SPEC_CHAR)
		strbuf_puts(&b, "char");
	else if ((all & SPEC_INT) && !nlong && !(all & SPEC_SHORT))
		strbuf_puts(&b, "int");  /* libdtrace drops int after short or long */
	char msg[128];
	snprintf(msg, sizeof(msg), "%s", b.s ? b.s : "");
	strbuf_free(&b);
	error_at(p, at, D_UNKNOWN, "failed to resolve type %s: Unknown type name", msg);
}

/* Whether the specifiers starting at t are a function parameter's (after `(` or `,`). */
static bool starts_parameter(struct parser *p, const struct dtok *t)
{
	size_t i = (size_t)(t - p->tl->toks);
	return i > 0 && (dtok_is(t - 1, "(") || dtok_is(t - 1, ","));
}

/* A D program's specifiers that name no type so far (counter holds those before, add the
 * one just read: short long, a third long): libdtrace keeps reading specifiers, as short and
 * long are attributes to it (a second long makes long long, a third long long long), and
 * reports what the first base type after them breaks (char, void: their attribute errors; a
 * second base: the combination) or else the type its name does not find ("short long long ",
 * "long long long double"). A fourth long ends the run here: libdtrace would take the four
 * as long long, which no C or D type is. */
static _Noreturn void script_run_error(struct parser *p, int counter, int add)
{
	static const struct { const char *word; int spec; } specs[] = {
		{"char", SPEC_CHAR}, {"void", SPEC_VOID}, {"int", SPEC_INT}, {"float", SPEC_FLOAT},
		{"double", SPEC_DOUBLE}, {"short", SPEC_SHORT}, {"signed", SPEC_SIGNED},
		{"unsigned", SPEC_UNSIGNED}, {"long", SPEC_LONG}, {"const", 0}, {"volatile", 0},
		{"restrict", 0},
	};
	int bases = SPEC_VOID | SPEC_CHAR | SPEC_INT | SPEC_FLOAT | SPEC_DOUBLE;
	int longs = 3 * SPEC_LONG;  /* how many longs: 1, 2 (long long) or 3 */
	if ((counter & bases) && (add & bases))
		script_spec_error(p, counter, add, peek(p));  /* int char */
	int spec = counter + add;  /* the longs counted in their two bits */
	if (spec & bases)
		script_attr_check(p, spec, peek(p));  /* void unsigned */
	for (const struct dtok *k = peek(p); k->kind == DTOK_KEYWORD; k = peek(p)) {
		size_t i = 0, n = sizeof(specs) / sizeof(specs[0]);
		while (i < n && !dtok_is(k, specs[i].word))
			i++;
		if (i == n || (specs[i].spec == SPEC_LONG && (spec & longs) == longs))
			break;
		next(p);
		int b = specs[i].spec;
		if (b == SPEC_LONG)
			spec = (spec & ~longs) | ((spec & longs) + SPEC_LONG);
		else if ((b & bases) && (spec & bases))
			script_spec_error(p, spec, b, peek(p));
		spec |= b == SPEC_LONG ? 0 : b;
		if (spec & bases)
			script_attr_check(p, spec, peek(p));  /* char long long int long */
	}
	script_spec_error(p, spec, 0, peek(p));
}

static void declspec(struct parser *p, struct declspec *ds, bool allow_storage)
{
	enum {
		VOID = SPEC_VOID, BOOL = SPEC_BOOL, CHAR = SPEC_CHAR, SHORT = SPEC_SHORT, INT = SPEC_INT,
		LONG = SPEC_LONG, FLOAT = SPEC_FLOAT, DOUBLE = SPEC_DOUBLE, OTHER = SPEC_OTHER,
		SIGNED = SPEC_SIGNED, UNSIGNED = SPEC_UNSIGNED,
	};
	struct dtype_ctx *c = p->ctx;
	int counter = 0;
	unsigned quals = 0;
	struct dtype *ty = NULL;
	const struct dtok *first = peek(p);
	memset(ds, 0, sizeof(*ds));

	for (;;) {
		const struct dtok *t = peek(p);
		if (is_storage(t)) {
			if (!allow_storage && p->script)  /* D's grammar has no storage class there */
				syntax_error(p, t);
			if (!allow_storage)
				error_at(p, t, D_DECL_BADCLASS, "storage class '%.*s' is not allowed here", (int)t->len, t->text);
			if (ds->storage != DSC_NONE && p->script)
				error_at(p, peek_at(p, 1), D_DECL_CLASS, "only one storage class allowed in a declaration");
			if (p->script && (dtok_is(peek_at(p, 1), "self") || dtok_is(peek_at(p, 1), "this")))
				error_at(p, peek_at(p, 1), D_DECL_CLASS, "only one storage class allowed in a declaration");
			if (ds->storage != DSC_NONE)
				error_at(p, t, D_DECL_CLASS, "multiple storage classes in declaration");
			next(p);
			ds->storage = storage_class(t);
			continue;
		}
		if (t->kind == DTOK_KEYWORD && (dtok_is(t, "const") || dtok_is(t, "volatile") ||
						dtok_is(t, "restrict"))) {
			next(p);
			quals |= dtok_is(t, "const") ? DQ_CONST : dtok_is(t, "volatile") ? DQ_VOLATILE : DQ_RESTRICT;
			continue;
		}
		/* D's `userland` marks a type as living in the traced process (dt_grammar.y: a
		 * type specifier, DT_DA_USER). Our loads already pick the user or tracer address
		 * space by the address itself (cg_impl.h), so the mark changes nothing here. */
		if (t->kind == DTOK_KEYWORD && dtok_is(t, "userland")) {
			next(p);
			continue;
		}
		/* D programs: inline starts an item of its own, after no other word */
		if (p->script && t->kind == DTOK_KEYWORD && dtok_is(t, "inline"))
			syntax_error(p, t);
		if (t->kind == DTOK_KEYWORD && (dtok_is(t, "inline") || dtok_is(t, "translator")))
			error_at(p, t, D_UNKNOWN, "%.*s definitions are not supported in provider definitions",
				 (int)t->len, t->text);
		if (t->kind == DTOK_IDENT && counter == 0 && is_typename(p, t)) {
			next(p);
			struct name n = tok_name(p, t);
			ty = typedef_named(p, n.s);
			counter |= OTHER;
			continue;
		}
		/* D programs: a typedef name after signed, unsigned, short or long and before a
		 * declarator, abstract or not (`unsigned myint x;`, `long myint *p;`, `(short
		 * int32_t)x`), is a base type those attributes are applied to, as libdtrace does:
		 * signed, unsigned and long are refused for a type it does not know as an integer,
		 * short is ignored (observed: sizeof (short uint64_t) is 8); before `;` it is the
		 * declarator's name (`typedef long t;` redeclares t) */
		if (p->script && t->kind == DTOK_IDENT && counter != 0 &&
		    !(counter & (VOID | BOOL | CHAR | INT | FLOAT | DOUBLE | OTHER)) && is_typename(p, t) &&
		    (peek_at(p, 1)->kind == DTOK_IDENT || dtok_is(peek_at(p, 1), "*") ||
		     dtok_is(peek_at(p, 1), ")") || dtok_is(peek_at(p, 1), "["))) {
			next(p);
			if (counter & (SIGNED | UNSIGNED | LONG))
				script_spec_error(p, counter, OTHER, peek(p));
			struct name n = tok_name(p, t);
			ty = typedef_named(p, n.s);
			counter = OTHER;
			continue;
		}
		if (t->kind != DTOK_KEYWORD || !is_typename(p, t))
			break;
		if (dtok_is(t, "struct") || dtok_is(t, "union") || dtok_is(t, "enum") || dtok_is(t, "string")) {
			if (counter && !p->script)
				error_at(p, t, D_DECL_COMBO, "invalid combination of type specifiers near '%.*s'",
					 (int)t->len, t->text);
			next(p);
			/* D programs: string after a base type is the declarator's name to libdtrace
			 * (dt_decl_spec), one it then refuses: as a typedef's name, or as a variable's
			 * since it is a type's (observed with dtrace -n 'typedef char string;' and
			 * 'char string;') */
			if (p->script && dtok_is(t, "string") &&
			    (counter & (VOID | BOOL | CHAR | INT | FLOAT | DOUBLE | OTHER))) {
				if (ds->storage == DSC_TYPEDEF)
					error_at(p, peek(p), D_DECL_IDRED, "identifier redeclared: string");
				error_at(p, peek(p), D_DECL_IDRED, "typedef identifier redeclared: string");
			}
			/* short alone is ignored before a struct, union, enum or string, as before a
			 * typedef name (observed: sizeof (short struct foo) is struct foo's) */
			if (p->script && counter == SHORT)
				counter = 0;
			if (counter && p->script) {
				/* libdtrace checks once the tag is named: at the token after it */
				if (peek(p)->kind == DTOK_IDENT && !dtok_is(t, "string"))
					next(p);
				script_spec_error(p, counter, OTHER, peek(p));
			}
			bool def = false;
			if (dtok_is(t, "struct"))
				ty = record_spec(p, DTY_STRUCT, &def);
			else if (dtok_is(t, "union"))
				ty = record_spec(p, DTY_UNION, &def);
			else if (dtok_is(t, "enum"))
				ty = enum_spec(p, &def);
			else
				ty = c->t_string;
			ds->defined_tag |= def;
			counter |= OTHER;
			continue;
		}
		next(p);
		int add = dtok_is(t, "void") ? VOID : dtok_is(t, "_Bool") ? BOOL : dtok_is(t, "char") ? CHAR :
			  dtok_is(t, "short") ? SHORT : dtok_is(t, "int") ? INT : dtok_is(t, "long") ? LONG :
			  dtok_is(t, "float") ? FLOAT : dtok_is(t, "double") ? DOUBLE :
			  dtok_is(t, "signed") ? SIGNED : UNSIGNED;
		/* D's signed, unsigned and short are attributes (libdtrace's dt_decl_attr ORs them
		 * in): repeating one is no error (`short short` is a short) */
		if (p->script && (add == SIGNED || add == UNSIGNED || add == SHORT) && (counter & add))
			continue;
		if ((counter & OTHER) || ((add == SIGNED || add == UNSIGNED) && (counter & (SIGNED | UNSIGNED)))) {
			if (p->script && !(counter & OTHER)) {
				/* libdtrace names the type once it has read every specifier */
				int rest = add;
				for (const struct dtok *k = peek(p); k->kind == DTOK_KEYWORD; k = peek(p)) {
					int b = dtok_is(k, "int") ? INT : dtok_is(k, "char") ? CHAR :
						dtok_is(k, "short") ? SHORT : dtok_is(k, "long") ? LONG : 0;
					if (!b)
						break;
					rest += b;
					next(p);
				}
				script_spec_error(p, counter, rest, peek(p));
			}
			if (p->script)
				script_spec_error(p, counter, add, peek(p));
			error_at(p, t, D_DECL_COMBO, "invalid combination of type specifiers near '%.*s'", (int)t->len, t->text);
		}
		counter += add;
		switch (counter) {
		case VOID: ty = c->t_void; break;
		case BOOL: ty = c->t_bool; break;
		case CHAR: ty = c->t_char; break;
		case SIGNED + CHAR: ty = c->t_schar; break;
		case UNSIGNED + CHAR: ty = c->t_uchar; break;
		case SHORT: case SHORT + INT: ty = c->t_short; break;
		case SIGNED + SHORT: case SIGNED + SHORT + INT: ty = p->script ? c->t_sshort : c->t_short; break;
		case UNSIGNED + SHORT: case UNSIGNED + SHORT + INT: ty = c->t_ushort; break;
		case INT: ty = c->t_int; break;
		/* D programs: an explicit signed, or a bare unsigned, names one of dtrace's
		 * intrinsic types of its own ("signed long", "unsigned": t_slong, t_unsigned) */
		case SIGNED: ty = p->script ? c->t_signed : c->t_int; break;
		case SIGNED + INT: ty = p->script ? c->t_sint : c->t_int; break;
		case UNSIGNED: ty = p->script ? c->t_unsigned : c->t_uint; break;
		case UNSIGNED + INT: ty = c->t_uint; break;
		case LONG: case LONG + INT: ty = c->t_long; break;
		case SIGNED + LONG: case SIGNED + LONG + INT: ty = p->script ? c->t_slong : c->t_long; break;
		case UNSIGNED + LONG: case UNSIGNED + LONG + INT: ty = c->t_ulong; break;
		case LONG + LONG: case LONG + LONG + INT: ty = c->t_llong; break;
		case SIGNED + LONG + LONG: case SIGNED + LONG + LONG + INT:
			ty = p->script ? c->t_sllong : c->t_llong;
			break;
		case UNSIGNED + LONG + LONG: case UNSIGNED + LONG + LONG + INT: ty = c->t_ullong; break;
		case FLOAT: ty = c->t_float; break;
		case DOUBLE: ty = c->t_double; break;
		case LONG + DOUBLE: ty = c->t_ldouble; break;
		default:
			if (p->script)
				script_run_error(p, counter - add, add);
			error_at(p, t, D_DECL_COMBO, "invalid combination of type specifiers near '%.*s'", (int)t->len, t->text);
		}
	}
	/* `typedef x;`, `extern y;`: D's declarations default to int, when no qualifier came
	 * either (a qualifier alone names a type, one dtrace does not find, below) */
	if (!ty && p->script && ds->storage != DSC_NONE && !quals && peek(p)->kind == DTOK_IDENT)
		ty = c->t_int;
	if (!ty) {
		const struct dtok *t = peek(p);
		/* D programs: qualifiers with no type before a declarator are a type dtrace cannot
		 * look up (`const;`, `volatile *p;`, `const x;`, `typedef const t;`, `const x[2];`,
		 * `sizeof (volatile)`, `(const)1`, `sizeof (const [2])`; observed: each is the
		 * unknown type, before the name's own lookup: `int f(const x);`); `const [` begins
		 * no declaration's declarator. Any other token after specifiers with no type
		 * (`static {`) is a syntax error at that token, as in dtrace's grammar. */
		if (p->script && quals && (dtok_is(t, ";") || dtok_is(t, "*") || t->kind == DTOK_IDENT ||
					   dtok_is(t, "(") || dtok_is(t, ")") || dtok_is(t, ",") ||
					   (dtok_is(t, "[") && (!allow_storage || starts_parameter(p, first)))))
			error_at(p, t, D_UNKNOWN, "failed to resolve type : Unknown type name");
		if (t->kind == DTOK_IDENT && (dtok_is(peek_at(p, 1), "*") || peek_at(p, 1)->kind == DTOK_IDENT ||
					      dtok_is(peek_at(p, 1), ")") || dtok_is(peek_at(p, 1), ",")))
			error_at(p, t, D_UNKNOWN, "undefined type '%.*s'", (int)t->len, t->text);
		if (first != t && !(p->script && !dtok_is(t, ";") && !dtok_is(t, "*") && !dtok_is(t, "(")))
			error_at(p, t, D_UNKNOWN, "missing type specifier near '%.*s'", (int)t->len, t->text);
		syntax_error(p, t);
	}
	ds->type = dtype_qualify_d(c, ty, quals);
}

/* Specifiers and qualifiers only (type names in casts, sizeof, offsetof). */
static struct dtype *type_name(struct parser *p)
{
	struct declspec ds;
	declspec(p, &ds, false);
	const struct dtok *name = NULL;
	return declarator(p, ds.type, &name, false, true);
}

/* The type of a translator or an xlate: a name that is not a type is a syntax error there,
 * as in dtrace's grammar. */
static struct dtype *xlate_type(struct parser *p)
{
	if (!is_typename(p, peek(p)))
		syntax_error(p, peek(p));
	return type_name(p);
}

/* --- struct, union, enum ----------------------------------------------------------------- */

static const char *kind_word(enum dtype_kind k)
{
	return k == DTY_STRUCT ? "struct" : k == DTY_UNION ? "union" : "enum";
}

/* A member's struct, union or enum type the program names but does not define (a kernel
 * type: `union sigval u;`), completed through the context's hook now, as the layout of the
 * struct being declared (or of an array of it) needs it. */
static void complete_member_type(struct parser *p, struct dtype *ty)
{
	if (!p->ctx->complete)
		return;
	struct dtype *t = dtype_resolve(ty);
	while (t->kind == DTY_ARRAY)
		t = dtype_resolve(t->base);
	t = dtype_unqual(t);
	if ((t->kind == DTY_STRUCT || t->kind == DTY_UNION || t->kind == DTY_ENUM) && !t->complete &&
	    t->name)
		p->ctx->complete(p->ctx->complete_arg, t);
}

/* A tag scoped to a module (struct M`N), as dtrace's type lookup reads one: D's is the
 * program's tag N, else the kernel's (dtrace: sizeof(struct D`task_struct) is the kernel's
 * size); the kernel's (vmlinux, or genunix) is tag N as the kernel's types are
 * found by name (the node the scopes hold, which kbtf shares, or a new one in the outermost
 * scope, completed from BTF as any kernel type is), so xlate<psinfo_t>((struct
 * vmlinux`task_struct *)p) finds the translator from struct task_struct *. NULL for any
 * other (C has no tags, an unknown module none): the caller's tag named M`N then stays
 * incomplete, a forward declaration, as in dtrace. */
static struct dtype *scoped_tag(struct parser *p, const char *name, enum dtype_kind kind)
{
	const char *bq = strchr(name, '`');
	if (!bq || bq == name || strchr(bq + 1, '`') || !bq[1])
		return NULL;
	const char *n = bq + 1;
	size_t mlen = (size_t)(bq - name);
	struct dtype_ctx *c = p->ctx;
	bool is_d = mlen == 1 && name[0] == 'D';
	bool is_kernel = mlen == 7 && (strncmp(name, "vmlinux", 7) == 0 || strncmp(name, "genunix", 7) == 0);
	if (!is_d && !is_kernel)
		return NULL;
	for (struct dscope *s = c->scope; s; s = s->parent)
		for (size_t i = s->nents; i-- > 0;)
			if (s->ents[i].kind == DSYM_TAG && s->ents[i].type->kind == kind &&
			    strcmp(s->ents[i].name, n) == 0)
				return s->ents[i].type;
	if (!c->builtins)
		return NULL;
	struct dtype *t = dtype_tagged(c, kind, n);
	struct dscope *cur = c->scope;
	c->scope = c->builtins;
	dscope_add(c, n, DSYM_TAG, t, 0);
	c->scope = cur;
	return t;
}

/* The tag type named `tag` for a reference or a definition; creates it in the current scope
 * when absent (or when `here` is asked and it exists only outside). */
static struct dtype *tag_lookup(struct parser *p, const struct dtok *tt, enum dtype_kind kind, bool here)
{
	struct name n = tok_name(p, tt);
	if (p->script && !here) {
		struct dtype *t = scoped_tag(p, n.s, kind);
		if (t)
			return t;
	}
	struct dscope_ent *e = dscope_find(p->ctx, n.s, DSYM_TAG, here);
	if (e && e->type->kind != kind && p->script) {
		/* D (CTF) names a tag with its kind: struct x and union x are two types */
		e = NULL;
		for (struct dscope *sc = p->ctx->scope; sc && !e; sc = here ? NULL : sc->parent)
			for (size_t i = sc->nents; i-- > 0 && !e;)
				if (sc->ents[i].kind == DSYM_TAG && sc->ents[i].type->kind == kind &&
				    strcmp(sc->ents[i].name, n.s) == 0)
					e = &sc->ents[i];
	}
	if (e) {
		if (e->type->kind != kind)
			error_at(p, tt, D_DECL_TYPERED, "'%s' defined as wrong kind of tag (it is %s %s)", n.s,
				 kind_word(e->type->kind), n.s);
		return e->type;
	}
	struct dtype *t = dtype_tagged(p->ctx, kind, n.s);
	dscope_add(p->ctx, n.s, DSYM_TAG, t, 0);
	return t;
}

/* A D program's bit-field has, as in libdtrace, an integer type of the declared kind and
 * name but just wide enough for its bits (1, 2, 4 or 8 bytes), whose encoding is the
 * field's width (enc_bits): with int a:5 and uint8_t b:1, a + b has a's type (rank 5 over
 * 2) and sizeof (a + b) is refused, as in dtrace. */
static struct dtype *bitfield_type(struct parser *p, struct dtype *ty, int width)
{
	struct dtype *r = dtype_resolve(ty);
	int size = width <= 8 ? 1 : width <= 16 ? 2 : width <= 32 ? 4 : 8;
	if (size == r->size && width == size * 8)
		return ty;
	struct dtype *t = dtype_new(p->ctx, r->kind, size, size);
	t->is_unsigned = r->is_unsigned;
	t->char_signedness = r->char_signedness;
	t->int_name = r->int_name;
	t->enc_bits = width == size * 8 ? 0 : width;
	/* a field of its type's size keeps the type's spelling (uint8_t b:1 is "uint8_t" in
	 * messages, as in dtrace's) */
	struct dtype *u = dtype_unqual(ty);
	if (size == r->size && u->kind == DTY_TYPEDEF)
		return dtype_typedef(p->ctx, u->name, t);
	return t;
}

static void member_decls(struct parser *p, struct dtype *rec)
{
	if (p->script && dtok_is(peek(p), "}"))  /* D's grammar wants one member at least */
		syntax_error(p, peek(p));
	while (!consume(p, "}")) {
		struct declspec ds;
		const struct dtok *start = peek(p);
		declspec(p, &ds, false);
		struct dtype *base = ds.type;
		struct dtype *rb = dtype_resolve(base);
		if (consume(p, ";")) {
			/* C11 anonymous struct/union member (not in D's grammar: a member needs a
			 * declarator there) */
			if ((rb->kind == DTY_STRUCT || rb->kind == DTY_UNION) && !dtype_unqual(base)->name &&
			    !p->script) {
				for (int i = 0; i < rb->nmembers; i++)
					if (rb->members[i].name && dtype_find_member(rec, rb->members[i].name))
						error_at(p, start, D_UNKNOWN, "duplicate member '%s'", rb->members[i].name);
				dtype_add_member(rec, NULL, base, -1);
			} else if (p->script) {
				syntax_error(p, p->tl->toks + p->pos - 1);  /* D's grammar wants a member name */
			} else if (!ds.defined_tag) {
				error_at(p, start, D_DECL_USELESS, "declaration does not declare anything");
			}
			continue;
		}
		do {
			const struct dtok *name = NULL;
			const struct dtok *at = peek(p);
			/* `int a[int];`: an associative array, which only D variables can be */
			if (p->script && at->kind == DTOK_IDENT && dtok_is(peek_at(p, 1), "[") &&
			    is_typename(p, peek_at(p, 2)))
				error_at(p, at, D_DECL_DYNOBJ, "cannot have dynamic member: %.*s",
					 (int)at->len, at->text);
			struct dtype *ty = dtok_is(at, ":") ? base : declarator(p, base, &name, true, false);
			int width = -1;
			if (consume(p, ":")) {
				const struct dtok *wt = peek(p);
				p->nonconst_tag = D_DECL_BFCONST;
				p->nonconst_msg = "positive integral constant expression expected as bit-field size";
				int64_t w = const_expr(p);
				p->nonconst_msg = NULL;
				/* D: a positive width, or 0 for an unnamed field (which ends the unit) */
				if (p->script && (w < 0 || (w == 0 && name)))
					error_at(p, peek(p), D_DECL_BFCONST,
						 "positive integral constant expression expected as bit-field size");
				/* wider than any integer type; a type that is no integer at all is
				 * reported first, as dtrace checks the type before the width */
				if (p->script && w > 64 &&
				    (!dtype_is_integer(ty) || dtype_resolve(ty)->kind == DTY_ENUM))
					error_at(p, peek(p), D_DECL_BFTYPE, "invalid type for bit-field: %s",
						 name ? tok_name(p, name).s : "(anon)");
				if (p->script && w > 64)
					error_at(p, peek(p), D_DECL_BFSIZE, "bit-field too big for type: %s",
						 name ? tok_name(p, name).s : "(anon)");
				if (w < 0 || w > 64)
					error_at(p, wt, D_DECL_BFCONST, "invalid bit-field width %lld", (long long)w);
				width = (int)w;
			}
			if (!name && width < 0)
				syntax_error(p, peek(p));
			/* libdtrace checks a member once yacc has read the token after it */
			const struct dtok *after = peek(p);
			struct name n;
			if (name) {
				n = tok_name(p, name);
				if (p->script && memchr(name->text, '`', name->len))
					error_at(p, after, D_DECL_SCOPE, "D scoping operator may not be used "
						 "in a member name (%s)", n.s);
				if (dtype_find_member(rec, n.s)) {
					if (p->script)
						error_at(p, after, D_UNKNOWN, "failed to define member '%s': "
							 "Duplicate member or variable name.", n.s);
					error_at(p, name, D_UNKNOWN, "duplicate member '%s'", n.s);
				}
			}
			complete_member_type(p, ty);
			/* the record being defined, as a member of itself (or an array of it): still
			 * incomplete, as CTF has it */
			struct dtype *inner = dtype_resolve(ty);
			while (inner->kind == DTY_ARRAY)
				inner = dtype_resolve(inner->base);
			if (p->script && dtype_unqual(inner) == rec) {
				char *tn = dtype_spell(ty, NULL, false);
				char m[DERR_MSG_MAX];
				snprintf(m, sizeof(m), "incomplete struct/union/enum %.400s: %.200s", tn,
					 name ? n.s : "(null)");
				free(tn);
				error_at(p, after, D_DECL_INCOMPLETE, "%s", m);
			}
			dtype_add_member(rec, name ? n.s : NULL, ty, width);
			struct derr err;
			/* Check each member as it comes, so the message points at it. */
			struct dtype probe = *rec;
			if (dtype_finish_record(&probe, &err) != 0 && (p->script ||
			    !(dtype_resolve(ty)->kind == DTY_ARRAY && dtype_resolve(ty)->array_len < 0)))
				error_at(p, p->script ? after : name ? name : at, err.tag, "%s", err.msg);
			/* libdtrace's bit-fields, unless the declarations are a C program's, kept
			 * as written (c_layout: -h/-G record them for the tracer) */
			bool d_bits = p->script && !p->prog->c_layout;
			if (d_bits && width == 0)
				rec->nmembers--;  /* libdtrace ignores `int : 0` */
			else if (d_bits && width > 0) {
				struct dmember *bm = &rec->members[rec->nmembers - 1];
				bm->type = bitfield_type(p, ty, width);
				/* a field as wide as that integer is an ordinary member to libctf
				 * (its encoding's bits fill the type): offsetof, sizeof and & apply */
				if ((int64_t)width == dtype_sizeof(bm->type) * 8)
					bm->bit_width = -1;
			}
		} while (consume(p, ","));
		expect(p, ";");
	}
}

static struct dtype *record_spec_rule(struct parser *p, enum dtype_kind kind, bool *defined)
{
	const struct dtok *tt = NULL;
	if (peek(p)->kind == DTOK_IDENT)
		tt = next(p);
	if (!dtok_is(peek(p), "{")) {
		if (!tt)
			syntax_error(p, peek(p));
		/* `struct x;` alone declares x in this scope; otherwise refer to any visible x. */
		bool alone = dtok_is(peek(p), ";");
		return tag_lookup(p, tt, kind, alone);
	}
	const struct dtok *brace = next(p);
	struct dtype *rec;
	if (tt) {
		rec = tag_lookup(p, tt, kind, true);
		if (rec->complete && p->script)
			error_at(p, tt, D_DECL_TYPERED, "type redeclared: %s %.*s", kind_word(kind),
				 (int)tt->len, tt->text);
		if (rec->complete)
			error_at(p, tt, D_DECL_TYPERED, "redefinition of %s %.*s", kind_word(kind), (int)tt->len, tt->text);
		if (rec->nmembers)  /* being defined: struct a { struct a { ... } } */
			error_at(p, tt, D_DECL_TYPERED, "nested redefinition of %s %.*s", kind_word(kind), (int)tt->len, tt->text);
	} else {
		rec = dtype_tagged(p->ctx, kind, NULL);
	}
	rec->d_rules = p->script;
	member_decls(p, rec);
	struct derr err;
	if (dtype_finish_record(rec, &err) != 0)
		error_at(p, tt ? tt : brace, err.tag, "%s", err.msg);
	/* D programs: one whose members are all unnamed zero-width bit-fields is a record of
	 * size 0, which dtrace accepts here and finds incomplete where it is used (observed) */
	if (rec->nmembers == 0 && !p->script)
		error_at(p, tt ? tt : brace, D_UNKNOWN, "%s has no members", kind_word(kind));
	if (tt)
		add_decl(p, DDECL_TAG, NULL, rec, DSC_NONE, tt);
	*defined = true;
	return rec;
}

/* A D program's enumerator after its name: its value, checked as libdtrace does once yacc
 * has read the token after it (that token's line is the message's). */
static int64_t script_enumerator(struct parser *p, struct dtype *e, const char *name, int64_t val)
{
	if (consume(p, "=")) {
		jmp_buf outer;
		memcpy(&outer, &p->fail, sizeof(outer));
		int depth = p->depth;
		if (setjmp(p->fail) == 0) {
			val = const_expr(p);
			memcpy(&p->fail, &outer, sizeof(outer));
		} else {
			memcpy(&p->fail, &outer, sizeof(outer));
			/* the lexer's errors (a floating-point constant) come before any check, and
			 * libdtrace cooks the expression before it asks for a constant: an unknown
			 * name is that name's error, a division by zero the division's */
			if (p->err->tag == D_SYNTAX || p->err->tag == D_IDENT_UNDEF || p->err->tag == D_DIV_ZERO)
				longjmp(p->fail, 1);
			/* not an integer constant: skip the expression, as yacc had read it */
			p->depth = depth;
			for (int nest = 0; peek(p)->kind != DTOK_EOF; next(p)) {
				const struct dtok *t = peek(p);
				if (nest == 0 && (dtok_is(t, ",") || dtok_is(t, "}")))
					break;
				nest += dtok_is(t, "(") || dtok_is(t, "[") ? 1 : dtok_is(t, ")") || dtok_is(t, "]") ? -1 : 0;
			}
			error_at(p, peek(p), D_DECL_ENCONST, "enumerator '%s' must be assigned to an integral "
				 "constant expression", name);
		}
		if (val > INT32_MAX || val < INT32_MIN)
			error_at(p, peek(p), D_DECL_ENOFLOW, "enumerator '%s' value overflows INT_MAX (%d)",
				 name, INT32_MAX);
	}
	for (int i = 0; i < e->nenums; i++)
		if (strcmp(e->enums[i].name, name) == 0)
			error_at(p, peek(p), D_UNKNOWN, "failed to define enumerator '%s': Duplicate member "
				 "or variable name.", name);
	/* an enumerator is a global identifier of D's: one may not take the name of another,
	 * an earlier enumerator, a variable or inline the program declared, nor a built-in
	 * variable, subroutine, action or aggregating function (observed with dtrace -n
	 * 'enum e { count }; BEGIN { }' and 'inline int v = 1; enum e { v };': identifier
	 * redeclared) */
	if (defined_outside(p, name) && in_main_source(p, peek(p)))
		error_at(p, peek(p), D_DECL_IDRED, "identifier redeclared: %s", name);
	return val;
}

static struct dtype *enum_spec(struct parser *p, bool *defined)
{
	const struct dtok *tt = NULL;
	if (peek(p)->kind == DTOK_IDENT)
		tt = next(p);
	if (!dtok_is(peek(p), "{")) {
		if (!tt)
			syntax_error(p, peek(p));
		return tag_lookup(p, tt, DTY_ENUM, dtok_is(peek(p), ";"));
	}
	const struct dtok *brace = next(p);
	struct dtype *e;
	if (tt) {
		e = tag_lookup(p, tt, DTY_ENUM, true);
		if ((e->complete || e->nenums) && p->script)
			error_at(p, tt, D_DECL_TYPERED, "type redeclared: enum %.*s", (int)tt->len, tt->text);
		if (e->complete || e->nenums)
			error_at(p, tt, D_DECL_TYPERED, "redefinition of enum %.*s", (int)tt->len, tt->text);
	} else {
		e = dtype_tagged(p->ctx, DTY_ENUM, NULL);
	}
	int64_t val = 0;
	if (p->script && dtok_is(peek(p), "}"))
		syntax_error(p, peek(p));  /* D's grammar wants an enumerator */
	do {
		if (dtok_is(peek(p), "}") && !p->script)
			break;  /* trailing comma: C allows it, D's grammar does not */
		const struct dtok *nt = expect_ident(p);
		struct name n = tok_name(p, nt);
		if (p->script && memchr(nt->text, '`', nt->len))
			error_at(p, peek(p), D_DECL_SCOPE, "D scoping operator may not be used in an "
				 "enumerator name (%s)", n.s);
		if (p->script) {
			val = script_enumerator(p, e, n.s, val);
		} else {
			if (dscope_find(p->ctx, n.s, DSYM_ENUMCONST, true))
				error_at(p, nt, D_DECL_IDRED, "redefinition of '%s'", n.s);
			if (consume(p, "="))
				val = const_expr(p);
		}
		dtype_add_enumerator(e, n.s, val);
		/* Visible at once: later enumerators may use it. */
		dscope_add(p->ctx, n.s, DSYM_ENUMCONST, p->ctx->t_int, val);
		binding_define(p, n.s);
		val = (int64_t)((uint64_t)val + 1);
	} while (consume(p, ","));
	expect(p, "}");
	if (e->nenums == 0)
		error_at(p, tt ? tt : brace, D_UNKNOWN, "enum has no enumerators");
	dtype_finish_enum(e);
	if (tt)  /* anonymous ones are spelled where they are used */
		add_decl(p, DDECL_TAG, NULL, e, DSC_NONE, tt);
	*defined = true;
	return e;
}

/* --- declarators ------------------------------------------------------------------------ */

/* Parameter list of a function declarator, after '('. */
static struct dtype *func_params(struct parser *p, struct dtype *ret)
{
	struct dtype *f = dtype_func(p->ctx, ret);
	if (consume(p, ")")) {
		f->oldstyle = true;
		return f;
	}
	if (dtok_is(peek(p), "void") && dtok_is(peek_at(p, 1), ")")) {
		p->pos += 2;
		return f;
	}
	bool had_void = false;
	for (;;) {
		if (consume(p, "...")) {
			/* D takes `int f(...)` (the Guide's varargs prototypes); C wants a
			 * parameter before the ellipsis */
			if (f->nparams == 0 && !p->script)
				syntax_error(p, peek(p));
			if (had_void)
				error_at(p, peek(p), D_DECL_PROTO_VOID, "void must be sole parameter");
			f->variadic = true;
			expect(p, ")");
			return f;
		}
		/* K&R's `int f(a, b)`: D's grammar has no identifier lists */
		if (p->script && peek(p)->kind == DTOK_IDENT && !is_typename(p, peek(p)))
			syntax_error(p, peek(p));
		struct declspec ds;
		/* a parameter may be `register` (as in C); any other storage class is an error */
		declspec(p, &ds, p->script);
		if (ds.storage != DSC_NONE && ds.storage != DSC_REGISTER)
			error_at(p, peek(p), D_DECL_PARMCLASS,
				 "inappropriate storage class for function or associative array parameter");
		const struct dtok *name = NULL;
		const struct dtok *at = peek(p);
		/* `int a[int]`: an associative array, which only D variables can be */
		size_t k = at->kind == DTOK_IDENT ? 1 : 0;
		if (p->script && dtok_is(peek_at(p, k), "[") && is_typename(p, peek_at(p, k + 1)))
			error_at(p, at, D_DECL_PROTO_TYPE, "function prototype may not use parameter of type "
				 "dynamic variable: %s, parameter #%d",
				 k ? tok_name(p, at).s : "(anonymous)", f->nparams + 1);
		struct dtype *pt = declarator(p, ds.type, &name, true, true);
		struct dtype *r = dtype_resolve(pt);
		if (r->kind == DTY_ARRAY)
			pt = dtype_ptr(p->ctx, r->base);
		else if (r->kind == DTY_FUNC)
			pt = dtype_ptr(p->ctx, pt);
		else if (r->kind == DTY_VOID && p->script && name)
			error_at(p, peek(p), D_DECL_PROTO_NAME, "void parameter may not have a name: %.*s",
				 (int)name->len, name->text);
		else if (r->kind == DTY_VOID && p->script)
			had_void = true;  /* an error once another parameter comes */
		else if (r->kind == DTY_VOID)
			error_at(p, at, D_DECL_PROTO_VOID, "parameter has type void");
		if (had_void && f->nparams > 0)
			error_at(p, peek(p), D_DECL_PROTO_VOID, "void must be sole parameter");
		for (int i = 0; p->script && name && i < f->nparams; i++)
			if (f->param_names[i] && strlen(f->param_names[i]) == name->len &&
			    memcmp(f->param_names[i], name->text, name->len) == 0)
				error_at(p, peek(p), D_DECL_PROTO_FORM, "parameter is already declared in "
					 "function prototype: %.*s, parameter #%d", (int)name->len,
					 name->text, f->nparams + 1);
		f->params = xrealloc(f->params, sizeof(*f->params) * (size_t)(f->nparams + 1));
		f->param_names = xrealloc(f->param_names, sizeof(*f->param_names) * (size_t)(f->nparams + 1));
		f->params[f->nparams] = pt;
		f->param_names[f->nparams++] = name ? xstrndup(name->text, name->len) : NULL;
		if (consume(p, ")"))
			return f;
		expect(p, ",");
	}
}

/* D programs: the brackets of an array declarator holding `...` (at t, the `[` consumed):
 * dtrace reads them as a prototype (dt_decl_array) and refuses one that follows another
 * dimension (D_DECL_DYNOBJ, where its parser stood: the `]`), or else the variable-length
 * argument list (D_DECL_PROTO_VARARGS, at the `...`). Never returns. */
static _Noreturn void varargs_dim(struct parser *p, const struct dtok *t, bool later)
{
	const struct dtok *close = peek_at(p, 1);
	expect(p, "...");
	expect(p, "]");
	if (later)
		error_at(p, close, D_DECL_DYNOBJ, "cannot declare array of associative arrays");
	error_at(p, t, D_DECL_PROTO_VARARGS, "array prototype may not use a variable-length "
		 "argument list");
}

/* D programs: a prototype in an array declarator's brackets after another dimension (`[2][int]`,
 * `[int][char, ...]`; the `[` consumed): dtrace parses it whole, then refuses it where its
 * parser stands, at the `]` (D_DECL_DYNOBJ). Never returns. */
static _Noreturn void dynobj_dim(struct parser *p)
{
	while (!dtok_is(peek(p), "...")) {
		if (!is_typename(p, peek(p)))
			syntax_error(p, peek(p));
		type_name(p);
		if (peek(p)->kind == DTOK_IDENT)
			next(p);  /* a parameter's name */
		if (!consume(p, ","))
			break;
	}
	consume(p, "...");
	const struct dtok *close = peek(p);
	expect(p, "]");
	error_at(p, close, D_DECL_DYNOBJ, "cannot declare array of associative arrays");
}

static struct dtype *type_suffix_rule(struct parser *p, struct dtype *ty)
{
	const struct dtok *t = peek(p);
	bool later = p->later_dim;
	p->later_dim = false;
	if (consume(p, "[")) {
		int64_t len = -1;
		if (p->script && dtok_is(peek(p), "..."))
			varargs_dim(p, peek(p), later);
		if (!dtok_is(peek(p), "]")) {
			const struct dtok *at = peek(p);
			/* `int a[2][int]`: key types after an array dimension */
			if (p->script && is_typename(p, at))
				dynobj_dim(p);
			/* D: a positive integer constant (an associative array's key types
			 * are parsed by the declaration itself), at most UINT32_MAX */
			if (p->script && at->kind == DTOK_STRING)
				error_at(p, at, D_DECL_ARRSUB, "positive integral constant expression or "
					 "tuple signature expected as array declaration subscript");
			p->nonconst_tag = D_DECL_ARRSUB;
			p->nonconst_msg = "positive integral constant expression or tuple signature "
					  "expected as array declaration subscript";
			len = const_expr(p);
			p->nonconst_msg = NULL;
			/* an enumerator alone: libdtrace's enum types carry no sign, so a negative
			 * one is a huge dimension, not a negative one (observed with dtrace -n
			 * 'enum e { A = -1 }; int x[A]; BEGIN { }': array dimension too big) */
			const struct dscope_ent *en = NULL;
			if (p->script && at->kind == DTOK_IDENT && dtok_is(at + 1, "]")) {
				struct name n = tok_name(p, at);
				en = dscope_find(p->ctx, n.s, DSYM_ENUMCONST, false);
			}
			if (en && en->kind == DSYM_ENUMCONST && len < 0)
				error_at(p, at, D_DECL_ARRBIG, "array dimension too big");
			if (p->script && len <= 0)
				error_at(p, at, D_DECL_ARRSUB, "positive integral constant expression or "
					 "tuple signature expected as array declaration subscript");
			if (p->script && len > (int64_t)UINT32_MAX)
				error_at(p, at, D_DECL_ARRBIG, "array dimension too big");
			if (len < 0)
				error_at(p, at, D_DECL_ARRSUB, "size of array is negative");
			if (len > (INT64_C(1) << 40))
				error_at(p, at, D_DECL_ARRBIG, "size of array is too large");
		}
		expect(p, "]");
		p->later_dim = true;
		ty = type_suffix(p, ty);
		p->later_dim = false;
		struct dtype *r = dtype_resolve(ty);
		/* libdtrace takes `int a[3](int);` as a prototype that declares nothing */
		if (r->kind == DTY_FUNC && !p->script)
			error_at(p, t, D_UNKNOWN, "declaration of an array of functions");
		if (r->kind == DTY_FUNC)
			return dtype_array(p->ctx, ty, len);
		if (dtype_sizeof(ty) < 0)
			complete_member_type(p, ty);  /* an array of a kernel struct */
		if (r->kind == DTY_VOID && p->script)
			error_at(p, t, D_DECL_VOIDOBJ, "cannot declare array of void");
		if (r->kind == DTY_VOID || dtype_sizeof(ty) < 0)
			error_at(p, t, D_DECL_INCOMPLETE, "array has incomplete element type");
		return dtype_array(p->ctx, ty, len);
	}
	if (consume(p, "(")) {
		struct dtype *f = func_params(p, NULL);
		struct dtype *ret = type_suffix(p, ty);
		struct dtype *r = dtype_resolve(ret);
		/* libdtrace does not check what a prototype returns (it declares nothing) */
		if ((r->kind == DTY_ARRAY || r->kind == DTY_FUNC) && !p->script)
			error_at(p, t, D_UNKNOWN, "function cannot return %s", r->kind == DTY_ARRAY ? "an array" : "a function");
		f->base = ret;
		f->depth = ret->depth + 1;
		return f;
	}
	return ty;
}

static void skip_balanced(struct parser *p)
{
	int depth = 0;
	do {
		const struct dtok *t = peek(p);
		if (t->kind == DTOK_EOF)
			syntax_error(p, t);
		if (dtok_is(t, "("))
			depth++;
		else if (dtok_is(t, ")"))
			depth--;
		next(p);
	} while (depth > 0);
}

/* The `*`s of a declarator and each one's qualifiers, applied to ty: the pointer type they
 * declare (also an associative array's value before its name: `int *a[int]` maps ints to int
 * pointers). */
static struct dtype *pointer_stars(struct parser *p, struct dtype *ty)
{
	int stars = 0;
	while (consume(p, "*")) {
		if (++stars > DPARSE_MAX_DEPTH)
			error_at(p, peek(p), D_UNKNOWN, "too many levels of pointers");
		ty = dtype_ptr(p->ctx, ty);
		unsigned q = 0;
		for (;;) {
			if (consume(p, "const")) q |= DQ_CONST;
			else if (consume(p, "volatile")) q |= DQ_VOLATILE;
			else if (consume(p, "restrict")) q |= DQ_RESTRICT;
			else break;
		}
		ty = dtype_qualify_d(p->ctx, ty, q);
	}
	return ty;
}

/* declarator = "*" qualifiers* declarator | ("(" declarator ")" | ident)? type-suffix
 * A nested declarator binds tighter than the suffixes after it, so it is parsed after them
 * (on the type they produce), as chibicc does. */
static struct dtype *declarator_rule(struct parser *p, struct dtype *ty, const struct dtok **name,
				bool allow_name, bool allow_abstract)
{
	ty = pointer_stars(p, ty);
	const struct dtok *t = peek(p);
	const struct dtok *t1 = peek_at(p, 1);
	bool nested = dtok_is(t, "(") && (dtok_is(t1, "*") || dtok_is(t1, "(") || dtok_is(t1, "[") ||
					  (t1->kind == DTOK_IDENT && !is_typename(p, t1)));
	if (nested) {
		size_t start = p->pos;
		skip_balanced(p);
		ty = type_suffix(p, ty);
		size_t end = p->pos;
		p->pos = start + 1;
		ty = declarator(p, ty, name, allow_name, allow_abstract);
		expect(p, ")");
		p->pos = end;
		return ty;
	}
	if (t->kind == DTOK_IDENT && !(allow_abstract && is_typename(p, t) && !allow_name)) {
		if (!allow_name)
			syntax_error(p, t);
		*name = next(p);
	} else if (!allow_abstract) {
		/* dtrace's grammar has no rule for a keyword there: a member, variable or typedef
		 * named `probe` or `sizeof` is a plain syntax error at that word */
		syntax_error(p, t);
	}
	return type_suffix(p, ty);
}

/* --- declarations and providers ----------------------------------------------------------- */

/* --- AST helpers ------------------------------------------------------------------------- */

static struct dnode *new_node(struct parser *p, enum dnode_kind kind, const struct dtok *at)
{
	return dnode_new(&p->prog->pool, kind, pos_of(p, at));
}

static void add_item(struct parser *p, struct dnode *n)
{
	struct dprog *g = p->prog;
	p->items++;
	n->library = g->library;
	if (g->items_last)
		g->items_last->next = n;
	else
		g->items = n;
	g->items_last = n;
}

/* `[type, ...]` after an associative array's name: the key types as DN_TYPE nodes. */
static struct dnode *assoc_keys(struct parser *p)
{
	struct dnode head = {0}, *last = &head;
	int nkeys = 0;
	expect(p, "[");
	do {
		const struct dtok *at = peek(p);
		if (p->script && dtok_is(at, "...")) {
			/* the last of a prototype's parameters: dtrace refuses it in an array's */
			next(p);
			expect(p, "]");
			error_at(p, at, D_DECL_PROTO_VARARGS, "array prototype may not use a "
				 "variable-length argument list");
		}
		if (!is_typename(p, at))
			syntax_error(p, at);
		struct dnode *k = new_node(p, DN_TYPE, at);
		k->ctype = type_name(p);
		/* the key list is a prototype's parameter list to libdtrace */
		if (dtype_resolve(k->ctype)->kind == DTY_VOID)
			error_at(p, peek(p), D_DECL_PROTO_TYPE, "array prototype may not use parameter of "
				 "type void: (anonymous), parameter #%d", nkeys + 1);
		nkeys++;
		last = last->next = k;
	} while (consume(p, ","));
	expect(p, "]");
	return head.next;
}

/* How many tokens ahead the name of an associative array's declarator stands, past the
 * pointer declarators of its value type (`int **a[int]`, `char * const a[string]`). */
static size_t assoc_name_at(struct parser *p)
{
	size_t k = 0;
	while (dtok_is(peek_at(p, k), "*") || (k > 0 && (dtok_is(peek_at(p, k), "const") ||
	       dtok_is(peek_at(p, k), "volatile") || dtok_is(peek_at(p, k), "restrict"))))
		k++;
	return k;
}

/* The enum type enumerator `name` (scope entry e) belongs to (e's int if none is found). */
static struct dtype *enum_with(struct parser *p, const char *name, const struct dscope_ent *e)
{
	for (struct dtype *t = p->ctx->all; t; t = t->next)
		for (int i = 0; t->kind == DTY_ENUM && !t->origin && i < t->nenums; i++)
			if (strcmp(t->enums[i].name, name) == 0 && t->enums[i].value == e->value)
				return t;
	return e->type;
}

/* Whether token t is the program's own text, not a C header's it #includes (-C): dtrace puts
 * a header's declarations among its C types, where D's typedefs and identifiers do not
 * conflict with them (cpp_system_header: <stdint.h> declares int8_t again). */
static bool in_main_source(struct parser *p, const struct dtok *t)
{
	return p->tl->nfiles == 0 || t->file == p->tl->files[0];
}

/* Whether typedef name `name` is one D knows already: D's own (uint64_t, pid_t, size_t) or
 * one a D library or the program declared. A D program may not name one again, even as the
 * same type (dtrace -n 'typedef int size_t; BEGIN { }': typedef redeclared: size_t). dtrace
 * looks in its D types and in the kernel types it keeps shared, not in the rest of the
 * kernel's, and BTF does not tell which kernel type is where: so the kernel's are not asked
 * (dtrace refuses u32, not handle_t), and of our built-in names those dtrace has only from
 * the rest of the kernel's types are not either (observed: typedef int off_t; is accepted). */
static bool d_typedef_named(struct parser *p, const char *name)
{
	static const char *const kernel_only[] = {
		"intmax_t", "uintmax_t", "off_t", "off64_t", "mode_t", "ino_t", "ino64_t", "clock_t",
		"suseconds_t", "useconds_t", "blksize_t", "key_t", "socklen_t", "wchar_t", "u_char",
		"u_short", "u_int", "u_long", "longlong_t",
	};
	struct dtype_ctx *c = p->ctx;
	for (struct dscope *s = c->scope; s; s = s->parent) {
		size_t n = s == c->builtins ? c->nbuiltin_ents : s->nents;
		for (size_t i = 0; i < n; i++) {
			if (s->ents[i].kind != DSYM_TYPEDEF || strcmp(s->ents[i].name, name) != 0)
				continue;
			for (size_t k = 0; s == c->builtins && k < sizeof(kernel_only) / sizeof(kernel_only[0]); k++)
				if (strcmp(kernel_only[k], name) == 0)
					return false;
			return true;
		}
	}
	return false;
}

/* A declaration. `dstorage` is DVAR_NONE for declarations files; in a D program it is
 * DVAR_GLOBAL, DVAR_SELF or DVAR_THIS, and each variable also becomes a DN_VARDECL item
 * (associative arrays `string names[int, string];` included). */
static void declaration(struct parser *p, enum dvar_storage dstorage)
{
	struct declspec ds;
	const struct dtok *start = peek(p);
	bool dvars = dstorage != DVAR_NONE;  /* a D program's: it declares D variables */
	bool global = !dvars || dstorage == DVAR_GLOBAL;
	if (dvars && !global && peek(p)->kind == DTOK_IDENT && !is_typename(p, peek(p))) {
		/* `self x;`: self and this are storage classes, and D's default type is int */
		memset(&ds, 0, sizeof(ds));
		ds.type = p->ctx->t_int;
	} else {
		declspec(p, &ds, global);
	}
	const struct dtok *sc = peek(p);
	if (p->script && global && (dtok_is(sc, "self") || dtok_is(sc, "this")) &&
	    dtok_is(peek_at(p, 1), ";")) {
		/* `int self;`, `typedef int this;`: dtrace's grammar reads self and this after the
		 * type as storage classes, so nothing is declared (or two classes are given) */
		if (ds.storage != DSC_NONE)
			error_at(p, sc, D_DECL_CLASS, "only one storage class allowed in a declaration");
		next(p);
	}
	if (consume(p, ";")) {
		struct dtype *u = dtype_unqual(ds.type);
		bool is_tag = u->kind == DTY_STRUCT || u->kind == DTY_UNION || u->kind == DTY_ENUM;
		/* `self int;`, `typedef int;`: libdtrace has one message for all of them. A typedef
		 * of a struct, union or enum with no name declares the tag alone (`typedef struct
		 * foo { int a; };`: dt_node_decl accepts any nameless declaration of those kinds). */
		if (!global || (ds.storage == DSC_TYPEDEF && p->script && !is_tag))
			error_at(p, start, D_DECL_USELESS, "useless declaration");
		if (ds.storage == DSC_TYPEDEF && !p->script)
			error_at(p, start, D_DECL_USELESS, "typedef declares no name");
		if (is_tag && !ds.defined_tag && u->name)
			add_decl(p, DDECL_FORWARD, NULL, u, DSC_NONE, start);
		else if (u->kind == DTY_ENUM && ds.defined_tag && !u->name)
			add_decl(p, DDECL_TAG, NULL, u, DSC_NONE, start);  /* enum { A, B }; */
		else if (!ds.defined_tag && p->script)
			error_at(p, start, D_DECL_USELESS, "useless declaration");
		else if (!ds.defined_tag)
			error_at(p, start, D_DECL_USELESS, "declaration does not declare anything");
		return;
	}
	do {
		const struct dtok *nt = NULL;
		struct dtype *ty;
		struct dnode *keys = NULL;
		bool is_typedef = ds.storage == DSC_TYPEDEF;
		size_t k = assoc_name_at(p);
		if (dvars && !is_typedef && peek_at(p, k)->kind == DTOK_IDENT && dtok_is(peek_at(p, k + 1), "[") &&
		    is_typename(p, peek_at(p, k + 2))) {
			ty = pointer_stars(p, ds.type);
			nt = next(p);
			keys = assoc_keys(p);
			/* `int a[int][char]`: a second key list is an array of associative arrays */
			if (p->script && dtok_is(peek(p), "[") && is_typename(p, peek_at(p, 1))) {
				next(p);
				dynobj_dim(p);
			}
			/* `int a[int][2]`: dimensions after the keys make the element an array */
			p->later_dim = true;
			if (p->script && dtok_is(peek(p), "["))
				ty = type_suffix(p, ty);
			p->later_dim = false;
		} else if (p->script && is_typedef && peek_at(p, k)->kind == DTOK_IDENT &&
			   dtok_is(peek_at(p, k + 1), "[") && is_typename(p, peek_at(p, k + 2))) {
			/* `typedef int t[int];`: the Guide has no associative array type, yet dtrace
			 * accepts the declaration and gives the name a type it knows nothing of, used
			 * as it uses void (observed: `t x;` is a void object, sizeof(t) has no size,
			 * sizeof(t *) is a pointer's) */
			(void)pointer_stars(p, ds.type);
			nt = next(p);
			(void)assoc_keys(p);
			ty = p->ctx->t_void;
		} else {
			ty = declarator(p, ds.type, &nt, true, false);
		}
		struct name n = tok_name(p, nt);
		if (p->script && memchr(nt->text, '`', nt->len))
			error_at(p, nt, D_DECL_SCOPE, "D scoping operator may not be used in a declaration "
				 "name (%s)", n.s);
		struct dtype *rt = dtype_resolve(ty);
		if (dvars && !is_typedef && (rt->kind == DTY_FUNC || (rt->kind == DTY_ARRAY &&
		    dtype_resolve(rt->base)->kind == DTY_FUNC))) {
			/* A function prototype declares an external symbol to libdtrace (a kernel
			 * one, there); nothing in a user-space trace can refer to it. */
			if (ds.storage != DSC_NONE && ds.storage != DSC_EXTERN &&
			    ds.storage != DSC_STATIC)
				error_at(p, peek(p), D_DECL_BADCLASS, "specified storage class not appropriate in D");
			continue;
		}
		if (is_typedef) {
			struct dscope_ent *e = dscope_find(p->ctx, n.s, DSYM_TYPEDEF, true);
			/* a name a D variable, an inline or an enumerator has, or a built-in
			 * variable's, subroutine's, action's (typedef int args;): libdtrace finds it
			 * among the global identifiers */
			if (p->script && ((e && e->kind != DSYM_TYPEDEF) || defined_outside(p, n.s)))
				error_at(p, peek(p), D_DECL_IDRED, "global variable identifier redeclared: %s", n.s);
			if (p->script && !p->prog->library && in_main_source(p, nt) && d_typedef_named(p, n.s))
				error_at(p, peek(p), D_DECL_IDRED, "typedef redeclared: %s", n.s);
			if (e && e->kind != DSYM_TYPEDEF)
				error_at(p, nt, D_DECL_IDRED, "redefinition of '%s' as a different kind of symbol", n.s);
			if (e && !dtype_same(e->type->base, ty))
				error_at(p, nt, D_DECL_IDRED, "conflicting types for typedef '%s'", n.s);
			if (!e) {
				dscope_add(p->ctx, n.s, DSYM_TYPEDEF, dtype_typedef(p->ctx, n.s, ty), 0);
				add_decl(p, DDECL_TYPEDEF, n.s, ty, DSC_NONE, nt);
			}
		} else {
			struct dscope_ent *prev = p->script ? dscope_find(p->ctx, n.s, DSYM_TYPEDEF, false) : NULL;
			if (prev && prev->kind == DSYM_TYPEDEF)
				error_at(p, peek(p), D_DECL_IDRED, "typedef identifier redeclared: %s", n.s);
			if (prev && prev->kind == DSYM_ENUMCONST && global && !keys) {
				struct name cur = spell_tmp(ty), was = spell_tmp(enum_with(p, n.s, prev));
				error_at(p, peek(p), D_DECL_IDRED, "identifier redeclared: %s\n\t current: scalar "
					 "%s\n\tprevious: enumerator %s", n.s, cur.s, was.s);
			}
			/* a storage class comes before a void scalar: dtrace refuses auto/register/
			 * static before it looks at the type, and takes `extern void x;` as a kernel
			 * symbol's declaration (dtrace -n 'static void x; BEGIN { }': specified
			 * storage class not appropriate in D); the checker says both. A void array's
			 * keys are refused first still. */
			bool sclass = dvars && ds.storage != DSC_NONE;
			if (dtype_resolve(ty)->kind == DTY_VOID && p->script && keys)
				error_at(p, nt, D_DECL_VOIDOBJ, "cannot declare array of void");
			if (dtype_resolve(ty)->kind == DTY_VOID && p->script && !sclass)
				error_at(p, nt, D_DECL_VOIDOBJ, "cannot have void object: %s", n.s);
			if (dtype_resolve(ty)->kind == DTY_VOID && !(p->script && sclass))
				error_at(p, nt, D_DECL_VOIDOBJ, "variable '%s' declared void", n.s);
			if (global && !keys) {
				struct dscope_ent *e = dscope_find(p->ctx, n.s, DSYM_TYPEDEF, true);
				if (e && e->kind != DSYM_VAR)
					error_at(p, nt, D_DECL_IDRED, "redefinition of '%s' as a different kind of symbol", n.s);
				/* a D variable declared again: the checker compares the two
				 * declarations and says how they differ, as dtrace does */
				if (e && !dtype_same(e->type, ty) && !dvars)
					error_at(p, nt, D_DECL_IDRED, "conflicting types for '%s'", n.s);
				if (!e) {
					dscope_add(p->ctx, n.s, DSYM_VAR, ty, 0);
					add_decl(p, DDECL_VAR, n.s, ty, ds.storage, nt);
				}
			}
			if (dvars) {
				struct dnode *d = new_node(p, DN_VARDECL, nt);
				d->storage = dstorage;
				d->sclass = ds.storage;
				d->ctype = ty;
				d->name = xstrdup(n.s);
				d->args = keys;
				add_item(p, d);
				if (dstorage == DVAR_GLOBAL)
					binding_define(p, d->name);
			}
		}
		if (dtok_is(peek(p), "=") && p->script)
			syntax_error(p, peek(p));  /* D has no initializers */
		if (dtok_is(peek(p), "="))
			error_at(p, peek(p), D_SYNTAX, "initializers are not supported in D declarations");
	} while (consume(p, ","));
	expect(p, ";");
}

/* One probe argument list after its `(`, through its `)`: types (arrays and functions
 * decayed, top-level qualifiers dropped, as for C parameters) and the names written. */
static int probe_arglist(struct parser *p, const char *probe, bool native,
			 struct dprobe_arg *args, const struct dtok **argname)
{
	int nargs = 0;
	bool empty = consume(p, ")");
	if (!empty && dtok_is(peek(p), "void") && dtok_is(peek_at(p, 1), ")")) {
		p->pos += 2;
		empty = true;
	}
	while (!empty) {
		const struct dtok *at = peek(p);
		/* dtrace -G: "provider p { probe a(int, ...); };" */
		if (dtok_is(at, "..."))
			error_at(p, at, D_DECL_PROTO_VARARGS, "probe %s prototype may not use a "
				 "variable-length argument list", native ? "input" : "output");
		/* A word that names no type: dtrace's lexer, in a provider's argument list, takes
		 * the rest of the line with it ("probe a(intt); };" -> near "intt); };") */
		if (p->script && at->kind == DTOK_IDENT && !is_typename(p, at)) {
			size_t n = strcspn(at->text, "\n");
			error_at(p, at, D_SYNTAX, "syntax error near \"%.*s\"", (int)n, at->text);
		}
		if (nargs == DPROBE_MAX_ARGS)
			error_at(p, at, D_PROV_PRARGLEN, "probe '%s' has more than %d arguments", probe, DPROBE_MAX_ARGS);
		struct declspec ds;
		declspec(p, &ds, false);
		const struct dtok *an = NULL;
		struct dtype *ty = declarator(p, ds.type, &an, true, true);
		struct dtype *r = dtype_resolve(ty);
		if (r->kind == DTY_ARRAY)
			ty = dtype_ptr(p->ctx, r->base);
		else if (r->kind == DTY_FUNC)
			ty = dtype_ptr(p->ctx, ty);
		r = dtype_resolve(ty);
		if (r->kind == DTY_VOID)
			error_at(p, at, D_DECL_PROTO_VOID, "void must be sole parameter");
		if (r->kind == DTY_STRUCT || r->kind == DTY_UNION) {
			struct name ts = spell_tmp(ty);
			error_at(p, at, D_UNKNOWN, "argument %d of probe '%s' has type '%s': probe arguments must be "
				 "integers, pointers or strings (pass a pointer)", nargs + 1, probe, ts.s);
		}
		if (ty->quals)
			ty = ty->origin;
		args[nargs].type = ty;
		args[nargs].name = NULL;
		argname[nargs++] = an;
		if (consume(p, ")"))
			break;
		expect(p, ",");
	}
	return nargs;
}

/* `probe name(native) : (translated)`: each translated argument names the native argument it
 * is made from (dtrace's dt_probe_argmap: by name), so it may reorder, repeat or drop them. */
static void probe_mapping(struct parser *p, struct dprobe *pr, const char *probe,
			  const struct dtok *const *nname)
{
	struct dprobe_arg xargs[DPROBE_MAX_ARGS];
	const struct dtok *xname[DPROBE_MAX_ARGS];
	const struct dtok *open = peek(p);
	expect(p, "(");
	int nx = probe_arglist(p, probe, false, xargs, xname);
	pr->nxargs = nx;
	pr->xargs = xcalloc((size_t)nx + 1, sizeof(*pr->xargs));
	pr->map = xcalloc((size_t)nx + 1, sizeof(*pr->map));
	for (int i = 0; i < nx; i++) {
		pr->xargs[i].type = xargs[i].type;
		const struct dtok *xn = xname[i];
		if (!xn)
			error_at(p, open, D_DECL_PROTO_NAME, "parameter declaration requires a name: "
				 "parameter #%d", i + 1);
		pr->xargs[i].name = xstrndup(xn->text, xn->len);
		int k = 0;
		while (k < pr->nargs && !(nname[k] && nname[k]->len == xn->len &&
					  memcmp(nname[k]->text, xn->text, xn->len) == 0))
			k++;
		if (k == pr->nargs)
			error_at(p, xn, D_DECL_PROTO_FORM, "parameter is not declared in probe output "
				 "prototype: %s, parameter #%d", pr->xargs[i].name, i + 1);
		pr->map[i] = k;
	}
}

static struct dnode *e_list(struct parser *p, const char *close);
static struct dnode *e_binary(struct parser *p, int level);
static struct dnode *e_expr(struct parser *p);
static struct dnode *block(struct parser *p, const struct dtok *brace);
static int clause_ybase(const struct parser *p);

/* Replaces, in tree n, each identifier naming one of the parameters by `(TYPE)argK`, K its
 * position: the underlying probe's argument read as the parameter's type. Member names and
 * called functions' names are not identifiers of the tree (DN_MEMBER and DN_CALL keep them in
 * `name`), so `rq->q` with a parameter `q` is left alone. */
static void formula_subst(struct parser *p, struct dnode *n, const struct dprobe_arg *prm, int nprm)
{
	for (; n; n = n->next) {
		if (n->kind == DN_IDENT) {
			for (int k = 0; k < nprm; k++) {
				if (!prm[k].name || strcmp(prm[k].name, n->name) != 0)
					continue;
				struct dnode *arg = dnode_new(&p->prog->pool, DN_IDENT, n->pos);
				arg->name = xasprintf("arg%d", k);
				free(n->name);
				n->name = NULL;
				n->kind = DN_CAST;
				n->ctype = prm[k].type;
				n->lhs = arg;
				break;
			}
			continue;
		}
		formula_subst(p, n->lhs, prm, nprm);
		formula_subst(p, n->rhs, prm, nprm);
		formula_subst(p, n->cond, prm, nprm);
		formula_subst(p, n->body, prm, nprm);
		formula_subst(p, n->args, prm, nprm);
	}
}

bool dformula_alt_user(const struct dformula_alt *a)
{
	return strncmp(a->desc, "pid", 3) == 0 &&
	       (a->desc[3] == '$' || a->desc[3] == ':' || isdigit((unsigned char)a->desc[3]));
}

/* A formula probe's alternatives after its `=` (docs/formula-providers.md):
 * `DESC(PARAMS) [/ member(TYPE, NAME) && ... /] : (EXPRS)`, separated by `else`. */
static void formula_def(struct parser *p, struct dprobe *pr)
{
	do {
		const struct dtok *first = peek(p), *last = NULL;
		while (!dtok_is(peek(p), "(")) {
			const struct dtok *t = peek(p);
			if (t->kind == DTOK_EOF || dtok_is(t, ";") || dtok_is(t, "{") || dtok_is(t, "}"))
				error_at(p, t, D_SYNTAX, "formula probe '%s': expected a probe description "
					 "followed by its parameters in '( )'", pr->name);
			last = next(p);
		}
		if (!last)
			error_at(p, first, D_SYNTAX, "formula probe '%s': expected a probe description "
				 "before '('", pr->name);
		if (last->text < first->text || last->file != first->file)
			error_at(p, first, D_SYNTAX, "formula probe '%s': the probe description cannot "
				 "be read", pr->name);
		size_t len = (size_t)(last->text + last->len - first->text);
		for (size_t i = 0; i < len; i++)
			if (isspace((unsigned char)first->text[i]))
				error_at(p, first, D_SYNTAX, "formula probe '%s': the probe description "
					 "'%.*s' has blanks in it", pr->name, (int)len, first->text);
		struct dformula_alt alt = { .desc = xstrndup(first->text, len), .pos = pos_of(p, first) };
		pr->alts = xrealloc(pr->alts, sizeof(*pr->alts) * (size_t)(pr->nalts + 1));
		struct dformula_alt *a = &pr->alts[pr->nalts++];
		*a = alt;
		expect(p, "(");
		struct dprobe_arg prm[DPROBE_MAX_ARGS];
		const struct dtok *pname[DPROBE_MAX_ARGS];
		a->nparams = probe_arglist(p, pr->name, true, prm, pname);
		a->params = xcalloc((size_t)a->nparams + 1, sizeof(*a->params));
		for (int i = 0; i < a->nparams; i++) {
			a->params[i].type = prm[i].type;
			a->params[i].name = pname[i] ? xstrndup(pname[i]->text, pname[i]->len) : NULL;
		}
		if (consume(p, "/")) {
			/* member(TYPE, NAME) tests joined by &&, then, optionally, a value test (a
			 * `/` before the `:` closes the guard, as one before `{` a predicate) */
			bool was = p->in_pred, was_guard = p->in_guard;
			p->in_pred = p->in_guard = true;
			do {
				const struct dtok *m = peek(p);
				if (!dtok_is(m, "member") || !dtok_is(peek_at(p, 1), "(")) {
					const struct dtok *at = peek(p);
					/* the rest of the guard: member tests come first */
					struct dnode *t = e_binary(p, 0);
					if (!t)
						error_at(p, at, D_SYNTAX, "formula probe '%s': expected a "
							 "guard: member(TYPE, NAME) or a test of a value",
							 pr->name);
					formula_subst(p, t, a->params, a->nparams);
					if (a->cond) {
						struct dnode *both = new_node(p, DN_BINARY, at);
						both->op = DOP_LAND;
						both->lhs = a->cond;
						both->rhs = t;
						t = both;
					}
					a->cond = t;
					continue;
				}
				next(p);
				expect(p, "(");
				struct dtype *ty = type_name(p);
				expect(p, ",");
				const struct dtok *mn = expect_ident(p);
				expect(p, ")");
				a->guards = xrealloc(a->guards, sizeof(*a->guards) * (size_t)(a->nguards + 1));
				a->guards[a->nguards].type = ty;
				a->guards[a->nguards++].member = xstrndup(mn->text, mn->len);
			} while (consume(p, "&&"));
			p->in_pred = was;
			p->in_guard = was_guard;
			expect(p, "/");
		}
		const struct dtok *colon = peek(p);
		expect(p, ":");
		expect(p, "(");
		struct dnode *list = e_list(p, ")");
		int n = 0;
		for (struct dnode *e = list; e; e = e->next)
			n++;
		if (n != pr->nargs)
			error_at(p, colon, D_PROV_INCOMPAT, "formula probe '%s': %s gives %d argument "
				 "expression%s for %d declared argument%s", pr->name, a->desc, n,
				 n == 1 ? "" : "s", pr->nargs, pr->nargs == 1 ? "" : "s");
		a->exprs = xcalloc((size_t)n + 1, sizeof(*a->exprs));
		for (struct dnode *e = list, *nx; e; e = nx) {
			nx = e->next;
			e->next = NULL;
			formula_subst(p, e, a->params, a->nparams);
			a->exprs[a->nexprs++] = e;
		}
	} while (consume(p, "else"));
}

static void probe_def(struct parser *p, struct dprovider *pv)
{
	const struct dtok *nt = expect_ident(p);
	struct name n = tok_name(p, nt);
	const struct dprobe *dup = dprovider_find_probe(pv, n.s);
	expect(p, "(");
	struct dprobe pr = { .pos = pos_of(p, nt) };
	struct dprobe_arg args[DPROBE_MAX_ARGS];
	const struct dtok *argname[DPROBE_MAX_ARGS];
	int nargs = probe_arglist(p, n.s, true, args, argname);
	if (dup) {
		/* The same probe again, with the same native arguments and no mapping of its own,
		 * is the same interface (dtrace -G accepts "provider p { probe a(int); };
		 * provider p { probe a(int); };"); anything else redefines it. */
		bool same = p->script && !dup->nalts && !dup->none && dup->nargs == nargs &&
			    dtok_is(peek(p), ";");
		for (int i = 0; same && i < nargs; i++) {
			char *a = dtype_spell(dup->args[i].type, NULL, false);
			char *b = dtype_spell(args[i].type, NULL, false);
			same = strcmp(a, b) == 0;
			free(a);
			free(b);
		}
		if (!same)
			error_at(p, nt, D_PROV_PRDUP, "redefinition of probe '%s' in provider '%s'", n.s, pv->name);
		expect(p, ";");
		return;
	}
	pr.name = xstrdup(n.s);
	pr.nargs = nargs;
	pr.args = xcalloc((size_t)nargs + 1, sizeof(*pr.args));
	for (int i = 0; i < nargs; i++) {
		pr.args[i].type = args[i].type;
		pr.args[i].name = argname[i] ? xstrndup(argname[i]->text, argname[i]->len) : NULL;
	}
	/* the probe is in the provider before the mapping is read, so that an error there
	 * leaves nothing unowned */
	pv->probes = xrealloc(pv->probes, sizeof(*pv->probes) * (size_t)(pv->nprobes + 1));
	pv->probes[pv->nprobes++] = pr;
	if (consume(p, ":"))
		probe_mapping(p, &pv->probes[pv->nprobes - 1], n.s, argname);
	else if (p->script && consume(p, "=")) {
		if (dtok_is(peek(p), "none") && dtok_is(peek_at(p, 1), "(")) {
			/* none("WHY"): the probe exists for -l, and no probe here makes it */
			next(p);
			next(p);
			const struct dtok *why = peek(p);
			if (why->kind != DTOK_STRING)
				error_at(p, why, D_SYNTAX, "probe '%s': none( ) takes a string that "
					 "says why no probe makes it", n.s);
			next(p);
			pv->probes[pv->nprobes - 1].none = xstrndup(why->str, why->slen);
			expect(p, ")");
		} else {
			formula_def(p, &pv->probes[pv->nprobes - 1]);
		}
	}
	expect(p, ";");
}

/* A companion of a formula provider (dparse.h dcompanion): `DESC(PARAMS) [/ PRED /] {
 * ACTIONS }` in the provider block, the parameters read as a formula's. */
static void companion_def(struct parser *p, struct dprovider *pv)
{
	const struct dtok *first = peek(p), *last = NULL;
	while (!dtok_is(peek(p), "(")) {
		const struct dtok *t = peek(p);
		if (t->kind == DTOK_EOF || dtok_is(t, ";") || dtok_is(t, "{") || dtok_is(t, "}") ||
		    dtok_is(t, "/"))
			error_at(p, t, D_SYNTAX, "provider '%s': expected 'probe' or a companion: a "
				 "probe description, its parameters in '( )' and actions in '{ }'",
				 pv->name);
		last = next(p);
	}
	if (!last)
		error_at(p, first, D_SYNTAX, "provider '%s': a companion needs a probe description "
			 "before '('", pv->name);
	size_t len = (size_t)(last->text + last->len - first->text);
	if (last->text < first->text || last->file != first->file)
		error_at(p, first, D_SYNTAX, "provider '%s': the companion's probe description "
			 "cannot be read", pv->name);
	for (size_t i = 0; i < len; i++)
		if (isspace((unsigned char)first->text[i]))
			error_at(p, first, D_SYNTAX, "provider '%s': the companion's probe description "
				 "'%.*s' has blanks in it", pv->name, (int)len, first->text);
	pv->companions = xrealloc(pv->companions, sizeof(*pv->companions) *
				  (size_t)(pv->ncompanions + 1));
	struct dcompanion *c = &pv->companions[pv->ncompanions++];
	*c = (struct dcompanion){ .desc = xstrndup(first->text, len), .pos = pos_of(p, first) };
	expect(p, "(");
	struct dprobe_arg prm[DPROBE_MAX_ARGS];
	const struct dtok *pname[DPROBE_MAX_ARGS];
	int nprm = probe_arglist(p, "companion", true, prm, pname);
	for (int i = 0; i < nprm; i++)
		prm[i].name = pname[i] ? xstrndup(pname[i]->text, pname[i]->len) : NULL;
	const struct dtok *t = peek(p);
	if (dtok_is(t, "/") && t->kind == DTOK_PUNCT) {
		next(p);
		p->in_pred = true;
		p->ystack = clause_ybase(p);
		c->cond = e_expr(p);
		p->in_pred = false;
		expect(p, "/");
		formula_subst(p, c->cond, prm, nprm);
	}
	t = peek(p);
	p->ystack = clause_ybase(p);
	expect(p, "{");
	c->body = block(p, t);
	formula_subst(p, c->body, prm, nprm);
	for (int i = 0; i < nprm; i++)
		free(prm[i].name);
	consume(p, ";");
}

static void provider_def(struct parser *p)
{
	const struct dtok *nt = peek(p);
	if (nt->kind != DTOK_IDENT) {
		if (nt->kind == DTOK_KEYWORD)
			error_at(p, nt, D_PROV_BADNAME, "'%.*s' is a reserved word and cannot be used as a provider name",
				 (int)nt->len, nt->text);
		syntax_error(p, nt);
	}
	next(p);
	struct name n = tok_name(p, nt);
	struct dprog *g = p->prog;
	/* a USDT provider's name gets the process id appended (dtrace -G: "provider p1234") */
	if (p->script && n.s[0] && isdigit((unsigned char)n.s[strlen(n.s) - 1]))
		error_at(p, nt, D_PROV_BADNAME, "provider name may not end with a digit: %s", n.s);
	/* Several blocks for one provider add to it, as more probes for the same provider. */
	struct dprovider *pv = dprog_find_provider(g, n.s);
	g->nprov_blocks++;
	/* A provider the system has (built in, or a D library's) gains no probes from a program:
	 * dtrace's "provider interface mismatch" (dtrace -G -s of "provider fbt { probe a(); };") */
	bool system = p->script && !g->library && g->depends_met &&
		      (pv ? pv - g->provs < g->provs_from : g->depends_met(g, "provider", n.s));
	if (!pv) {
		g->provs = xrealloc(g->provs, sizeof(*g->provs) * (size_t)(g->nprovs + 1));
		pv = &g->provs[g->nprovs++];
		memset(pv, 0, sizeof(*pv));
		pv->name = xstrdup(n.s);
		pv->pos = pos_of(p, nt);
	}
	expect(p, "{");
	while (!consume(p, "}")) {
		const struct dtok *t = peek(p);
		if (!dtok_is(t, "probe") || t->kind != DTOK_KEYWORD) {
			if (p->script && t->kind != DTOK_PUNCT && t->kind != DTOK_KEYWORD &&
			    t->kind != DTOK_EOF) {
				companion_def(p, pv);
				continue;
			}
			syntax_error(p, t);
		}
		next(p);
		const struct dtok *pt = peek(p);
		int had = pv->nprobes;
		probe_def(p, pv);
		if (system && pv->nprobes > had) {
			/* named as the probe is published: each "__" of the D name a "-" */
			char pn[DERR_MSG_MAX / 4];
			size_t k = 0;
			for (const char *c = pv->probes[pv->nprobes - 1].name; *c && k + 1 < sizeof(pn); c++) {
				pn[k++] = c[0] == '_' && c[1] == '_' ? '-' : *c;
				c += c[0] == '_' && c[1] == '_';
			}
			pn[k] = 0;
			error_at(p, pt, D_PROV_INCOMPAT, "provider interface mismatch: %s\n\t current: "
				 "probe %s:::%s defined\n\tprevious: probe %s:::%s not defined", pv->name,
				 pv->name, pn, pv->name, pn);
		}
	}
	expect(p, ";");
}

/* --- pragmas ---------------------------------------------------------------------------- */

static const char *const stabilities[] = {
	"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard",
};
static const char *const classes[] = {
	"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
};
static const char *const attr_kinds[DATTR_NKINDS] = {
	"provider", "module", "function", "name", "args",
};

static const char *match_word(const char *w, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcasecmp(w, list[i]) == 0)
			return list[i];
	return NULL;
}

/* Where error_at reports pragma pr's errors: a token of the pragma's position (its '#'). */
static struct dtok pragma_at(const struct dpragma *pr)
{
	return (struct dtok){ .file = pr->file, .line = pr->line, .col = pr->col };
}

/* The words of a pragma's text as dtrace's lexer reads a control line: a string in double
 * quotes (kept with its quotes), a word that is one D integer constant, or any other run of
 * non-blanks (a name; a quote ends it). The lexer's own errors come first: a string not
 * closed on its line (reported at the next line, where the lexer stands), an integer word
 * with a bad digit or past 64 bits. Words past PW_MAX are counted but not kept. */
enum { PW_MAX = 8 };
enum pword_kind { PW_NAME, PW_INT, PW_STRING };
struct pwords {
	int n;
	char w[PW_MAX][64];
	enum pword_kind k[PW_MAX];
};

static bool pword_is_int(const char *s, const char *e)
{
	return dlex_int_end(s, e) == e;  /* a word that is one whole integer constant */
}

static void pragma_words(struct parser *p, const struct dpragma *pr, struct pwords *out)
{
	const struct dtok hash = pragma_at(pr);
	out->n = 0;
	for (const char *s = pr->text; *s;) {
		if (strchr(" \t\f\v\r", *s)) {
			s++;
			continue;
		}
		const char *e = s;
		enum pword_kind k;
		if (*s == '"') {
			for (e = s + 1; *e && *e != '"'; e += (*e == '\\' && e[1]) ? 2 : 1)
				;
			if (!*e) {
				struct dtok next_line = hash;
				next_line.line++;
				error_at(p, &next_line, D_STR_NL, "newline encountered in string literal");
			}
			e++;
			k = PW_STRING;
		} else {
			while (*e && !strchr(" \t\f\v\r\"", *e))
				e++;
			k = pword_is_int(s, e) ? PW_INT : PW_NAME;
		}
		char word[64];
		snprintf(word, sizeof(word), "%.*s", (int)(e - s), s);
		if (k == PW_INT) {
			char *end;
			errno = 0;
			strtoull(word, &end, 0);
			if (errno == ERANGE)
				error_at(p, &hash, D_INT_OFLOW, "constant %s results in integer overflow", word);
			if (*end && !strchr("uUlL", *end))
				error_at(p, &hash, D_INT_DIGIT, "constant %s contains invalid digit %c", word, *end);
		}
		if (out->n < PW_MAX) {
			memcpy(out->w[out->n], word, sizeof(word));
			out->k[out->n] = k;
		}
		out->n++;
		s = e;
	}
}

/* `#pragma D option name[=value]`: the word after "option". */
static void pragma_option(struct parser *p, const struct dpragma *pr)
{
	const struct dtok hash = pragma_at(pr);
	/* The pragma's own tokens, from the text after "option" (dtrace's lexer in a control
	 * line, dt_lex.l): a run of characters other than blanks and '"' is a word; '"' starts a
	 * string, which is no option (malformed first, superfluous after a word), and one not
	 * closed on the line runs into the newline */
	const char *word = strstr(pr->text, "option") + strlen("option");
	const char *blanks = " \t\f\v";
	size_t ntok = 0, wlen = 0;
	bool first_string = false;
	for (const char *c = word; *c;) {
		if (strchr(blanks, *c)) {
			c++;
			continue;
		}
		if (*c == '"') {
			const char *close = strchr(c + 1, '"');
			if (!close) {
				struct dtok nl = hash;
				nl.line++;
				nl.col = 0;
				error_at(p, &nl, D_STR_NL, "newline encountered in string literal");
			}
			first_string |= ntok == 0;
			ntok++;
			c = close + 1;
			continue;
		}
		size_t n = strcspn(c, " \t\f\v\"");
		if (ntok == 0) {
			word = c;
			wlen = n;
		}
		ntok++;
		c += n;
	}
	if (ntok == 0 || first_string)
		error_at(p, &hash, D_PRAGMA_MALFORM, "malformed #pragma option <option>=<val>");
	if (ntok > 1)
		error_at(p, &hash, D_PRAGMA_MALFORM, "superfluous arguments specified for #pragma option");
	const char *eq = memchr(word, '=', wlen);
	size_t nlen = eq ? (size_t)(eq - word) : wlen;
	if (nlen == 0)  /* no option has an empty name */
		error_at(p, &hash, D_PRAGMA_OPTSET, "failed to set option '' to '%.*s': Invalid option name",
			 (int)(wlen - 1), word + 1);
	struct dprog *g = p->prog;
	g->options = xrealloc(g->options, sizeof(*g->options) * (size_t)(g->noptions + 1));
	struct doption *o = &g->options[g->noptions++];
	o->name = xstrndup(word, nlen);
	o->value = eq ? xstrndup(eq + 1, wlen - nlen - 1) : NULL;
	o->pos.file = prog_file(p, pr->file);
	o->pos.line = pr->line;
	o->pos.col = pr->col;
	/* dtrace sets the option where its lexer meets the pragma: a bad name or value stops
	 * the compilation there, before any later syntax error, and strsize lays out the strings
	 * of the structs, unions and arrays declared after the pragma (those before keep theirs) */
	struct dopts scratch;
	struct derr why;
	dopts_init(&scratch);
	int rc = dopt_set_pragma(&scratch, o->name, o->value, &why);
	if (rc != 0 && o->value)
		error_at(p, &hash, D_PRAGMA_OPTSET, "failed to set option '%s' to '%s': %s", o->name,
			 o->value, why.msg);
	if (rc != 0)
		error_at(p, &hash, D_PRAGMA_OPTSET, "failed to set option '%s': %s", o->name, why.msg);
	if (strcmp(o->name, "strsize") == 0)
		dtype_set_strsize(p->ctx, (int64_t)scratch.strsize);
}

/* Whether "name/data/class" is a stability attribute triple, as dtrace_str2attr reads one:
 * the parts a shorter text (or one with an empty part) leaves out keep the highest values
 * (Standard/Standard/Common); a fourth part or an unknown word is invalid. Splits a in place. */
static bool parse_attr(char *a, struct dattr *at)
{
	const char *part[3] = { NULL, NULL, NULL };
	for (int i = 0; i < 4 && *a; i++) {
		char *slash = strchr(a, '/');
		if (i == 3)
			return false;
		part[i] = a;
		if (slash) {
			*slash = '\0';
			a = slash + 1;
		} else {
			a += strlen(a);
		}
	}
	struct dattr r = { true, part[0] ? match_word(part[0], stabilities, 8) : "Standard",
			   part[1] ? match_word(part[1], stabilities, 8) : "Standard",
			   part[2] ? match_word(part[2], classes, 6) : "Common" };
	*at = r;
	return r.name_stability && r.data_stability && r.dep_class;
}

/* A D program's `#pragma D attributes A/B/C provider P part` or `... A/B/C ident`: checked
 * with libdtrace's rules and words. Attributes of a provider not (yet) defined, or of an
 * identifier, change nothing we report. */
static void script_pragma_attributes(struct parser *p, const struct dpragma *pr, char words[][64], int nw)
{
	const struct dtok hash = pragma_at(pr);
	if (nw < 4)
		error_at(p, &hash, D_PRAGMA_MALFORM, "malformed #pragma attributes <attributes> <ident>");
	struct dattr at;
	if (!parse_attr(words[2], &at))
		error_at(p, &hash, D_PRAGMA_INVAL, "invalid attributes specified by #pragma attributes");
	if (strcmp(words[3], "provider") != 0) {
		/* an identifier: this program's (defined here, or later: it waits), never a
		 * built-in's or a library's; one never defined is an error at the end */
		for (int i = 0; i < p->ndefined; i++)
			if (strcmp(p->defined[i], words[3]) == 0) {
				ident_attr_record(p, words[3], at, false);
				return;
			}
		if (defined_outside(p, words[3]))
			error_at(p, &hash, D_PRAGMA_SCOPE, "#pragma attributes cannot modify entity "
				 "defined outside program scope");
		pragma_pending(p, hash, words[3], 0, true);
		p->binding_at[p->nbindings - 1] = at;
		return;
	}
	if (nw < 6)
		return;
	struct dprovider *pv = dprog_find_provider(p->prog, words[4]);
	bool known = pv || (p->prog->depends_met && p->prog->depends_met(p->prog, "provider", words[4]));
	if (!known)
		error_at(p, &hash, D_PRAGMA_UNUSED, "unused #pragma attributes");
	int k;
	for (k = 0; k < DATTR_NKINDS; k++)
		if (strcmp(words[5], attr_kinds[k]) == 0)
			break;
	if (k == DATTR_NKINDS)  /* (dtrace names the provider first, then the part) */
		error_at(p, &hash, D_PRAGMA_INVAL, "invalid component \"%s\" in attribute #pragma for provider %s",
			 words[4], words[5]);
	if (pv)
		pv->attrs[k] = at;
}

/* `#pragma D depends_on class name` in a D program: only a D library (-L) may name another
 * library. */
static void pragma_depends(struct parser *p, const struct dpragma *pr, char words[][64], int nw)
{
	const struct dtok hash = pragma_at(pr);
	if (nw < 4)
		error_at(p, &hash, D_PRAGMA_MALFORM, "malformed #pragma depends_on <class> <name>");
	if (strcmp(words[2], "library") == 0) {
		if (!p->prog->library)  /* libraries (-L) may depend on each other */
			error_at(p, &hash, D_PRAGMA_DEPEND, "main program may not explicitly depend on a library");
		return;
	}
	/* a provider the program or a library declared, or one the command knows; a kernel
	 * module loaded with its types (dt_pragma_depends) */
	if (strcmp(words[2], "provider") == 0 || strcmp(words[2], "module") == 0) {
		bool met = (words[2][0] == 'p' && dprog_find_provider(p->prog, words[3])) ||
			   !p->prog->depends_met || p->prog->depends_met(p->prog, words[2], words[3]);
		if (!met)
			error_at(p, &hash, D_PRAGMA_DEPEND, "program requires %s %s", words[2], words[3]);
		return;
	}
	error_at(p, &hash, D_PRAGMA_INVAL, "invalid class %s specified by #pragma depends_on", words[2]);
}

/* Whether word w (of a pragma) is an identifier as D's lexer reads one. */
static bool pragma_word_ident(const char *w)
{
	if (!(isalpha((unsigned char)*w) || *w == '_'))
		return false;
	while (*++w)
		if (!(isalnum((unsigned char)*w) || *w == '_'))
			return false;
	return true;
}

/* Whether global identifier `name` exists but was not defined by this parse: a built-in, or
 * an inline, variable or enumerator of a library or an earlier source of the program. */
static bool defined_outside(struct parser *p, const char *name)
{
	if (p->prog->predefined_ident && p->prog->predefined_ident(name))
		return true;
	struct dscope_ent *e = dscope_find(p->ctx, name, DSYM_ENUMCONST, false);
	if (e && (e->kind == DSYM_ENUMCONST || e->kind == DSYM_VAR))
		return true;
	for (struct dnode *n = p->prog->items; n; n = n->next)
		if (((n->kind == DN_VARDECL && n->storage == DVAR_GLOBAL) || n->kind == DN_INLINE) &&
		    strcmp(n->name, name) == 0)
			return true;
	return false;
}

/* `#pragma D binding "VERSION" NAME` (dt_pragma_binding): binds global identifier NAME to a
 * D version. One this parse defined takes it at once; one defined elsewhere (a built-in, a
 * library's) may not be changed; any other waits for its definition, and one never defined
 * is an error at the end of the source ("unused #pragma binding"). A binding changes what a
 * later `version` option hides, which for a program's own identifiers (dtrace's dt_reduce
 * runs when the option is set, before they exist) is nothing. */
static void pragma_binding(struct parser *p, const struct dpragma *pr, char words[][64], int nw)
{
	struct dtok hash = pragma_at(pr);
	size_t wl = nw > 2 ? strlen(words[2]) : 0;
	if (nw < 4 || wl < 2 || words[2][0] != '"' || words[2][wl - 1] != '"' ||
	    !pragma_word_ident(words[3]))
		error_at(p, &hash, D_PRAGMA_MALFORM, "malformed #pragma binding \"version\" <ident>");
	char vers[64];
	snprintf(vers, sizeof(vers), "%.*s", (int)(wl - 2), words[2] + 1);
	uint32_t v;
	if (dversion_parse(vers, &v) != 0)
		error_at(p, &hash, D_PRAGMA_INVAL, "invalid version string specified by #pragma binding");
	for (int i = 0; i < p->ndefined; i++)
		if (strcmp(p->defined[i], words[3]) == 0) {
			binding_record(p, words[3], v, NULL);
			return;
		}
	if (defined_outside(p, words[3]))
		error_at(p, &hash, D_PRAGMA_SCOPE, "#pragma binding cannot modify entity defined "
			 "outside program scope");
	pragma_pending(p, hash, words[3], v, false);
}

/* A binding or attributes pragma (attr) of the word `name`, at hash, waits for its
 * definition. */
static void pragma_pending(struct parser *p, struct dtok hash, const char *name, uint32_t v, bool attr)
{
	hash.text = xstrdup(name);
	hash.len = strlen(name);
	p->bindings = xrealloc(p->bindings, sizeof(*p->bindings) * (size_t)(p->nbindings + 1));
	p->binding_vers = xrealloc(p->binding_vers, sizeof(*p->binding_vers) * (size_t)(p->nbindings + 1));
	p->binding_attr = xrealloc(p->binding_attr, sizeof(*p->binding_attr) * (size_t)(p->nbindings + 1));
	p->binding_at = xrealloc(p->binding_at, sizeof(*p->binding_at) * (size_t)(p->nbindings + 1));
	p->binding_vers[p->nbindings] = v;
	p->binding_attr[p->nbindings] = attr;
	p->binding_at[p->nbindings] = (struct dattr){ 0 };
	p->bindings[p->nbindings++] = hash;
}

/* An attributes pragma applies to global identifier `name` (dprog.ident_attrs). */
static void ident_attr_record(struct parser *p, const char *name, struct dattr at, bool before)
{
	struct dprog *g = p->prog;
	g->ident_attrs = xrealloc(g->ident_attrs, sizeof(*g->ident_attrs) * (size_t)(g->nident_attrs + 1));
	g->ident_attrs[g->nident_attrs++] = (struct dident_attr){ xstrdup(name), at, before };
}

/* A binding of a D library takes effect on what it names (a translator: item): programs
 * below its version do not see it (dprog_bound_version). A program's own bindings change
 * nothing it can observe: dtrace applies the version option to what exists when the option
 * is set, before the program's identifiers do. */
static void binding_record(struct parser *p, const char *name, uint32_t v, const struct dnode *item)
{
	if (!p->prog->library)
		return;
	struct dprog *g = p->prog;
	g->bound = xrealloc(g->bound, sizeof(*g->bound) * (size_t)(g->nbound + 1));
	g->bound[g->nbound].name = xstrdup(name);
	g->bound[g->nbound].item = item;
	g->bound[g->nbound++].version = v;
}

uint32_t dprog_bound_version(const struct dprog *g, const char *name, const struct dnode *item)
{
	uint32_t v = 0;
	for (int i = 0; i < g->nbound; i++)  /* the last binding applied wins */
		if (g->bound[i].item == item && (item || strcmp(g->bound[i].name, name) == 0))
			v = g->bound[i].version;
	return v;
}

/* A translator this parse defined (item): the first binding waiting for the word
 * "translator" is its (dtrace's dt_xlator_create applies one pending pragma). */
static void binding_translator(struct parser *p, const struct dnode *item)
{
	for (int i = 0; p->script && i < p->nbindings; i++)
		if (p->bindings[i].text && !p->binding_attr[i] &&
		    strcmp(p->bindings[i].text, "translator") == 0) {
			binding_record(p, "translator", p->binding_vers[i], item);
			free((char *)p->bindings[i].text);
			p->bindings[i].text = NULL;
			return;
		}
}

/* Global identifier `name` is defined by this parse: the bindings waiting for it apply. */
static void binding_define(struct parser *p, const char *name)
{
	if (!p->script)
		return;
	p->defined = xrealloc(p->defined, sizeof(*p->defined) * (size_t)(p->ndefined + 1));
	p->defined[p->ndefined++] = xstrdup(name);
	for (int i = 0; i < p->nbindings; i++)
		if (p->bindings[i].text && strcmp(p->bindings[i].text, name) == 0) {
			if (!p->binding_attr[i])
				binding_record(p, name, p->binding_vers[i], NULL);
			else
				ident_attr_record(p, name, p->binding_at[i], true);
			free((char *)p->bindings[i].text);
			p->bindings[i].text = NULL;
		}
}

/* The end of a source: a binding or attributes pragma whose identifier never came is an error
 * (dt_idpragma), even in a program that is otherwise empty. */
static void bindings_end(struct parser *p)
{
	for (int i = 0; i < p->nbindings; i++)
		if (p->bindings[i].text)
			error_at(p, &p->bindings[i], D_PRAGMA_UNUSED, "unused #pragma %s",
				 p->binding_attr[i] ? "attributes" : "binding");
}

static void parser_free_bindings(struct parser *p)
{
	for (int i = 0; i < p->nbindings; i++)
		free((char *)p->bindings[i].text);
	free(p->bindings);
	free(p->binding_vers);
	free(p->binding_attr);
	free(p->binding_at);
	for (int i = 0; i < p->ndefined; i++)
		free(p->defined[i]);
	free(p->defined);
}

static void pragma_d(struct parser *p, const struct dpragma *pr)
{
	const struct dtok hash = pragma_at(pr);
	struct pwords pw;
	pragma_words(p, pr, &pw);
	if (pw.n > 6 && !p->script)  /* (a program's pragma leaves the rest to the directive) */
		error_at(p, &hash, D_PRAGMA_MALFORM, "too many words in #pragma D attributes");
	char (*words)[64] = pw.w;
	int nw = pw.n < PW_MAX ? pw.n : PW_MAX;
	if (nw < 2 && p->script)  /* dtrace ignores "#pragma D" alone in a program */
		return;
	if (nw < 2)
		error_at(p, &hash, D_PRAGMA_MALFORM, "#pragma D requires a directive");
	if (p->script && pw.k[1] != PW_NAME) {
		/* dtrace's lexer dispatches a control line by names only; it meets the word at the
		 * line's end, a line below the pragma */
		struct dtok next_line = hash;
		next_line.line++;
		error_at(p, &next_line, D_PRAGCTL_INVAL, "invalid control directive");
	}
	static const char *const known[] = {
		"attributes", "binding", "depends_on", "error", "ident", "line", "option",
	};
	bool is_known = false;  /* directive names are case-sensitive (dt_pragma's strcmp) */
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		is_known |= strcmp(words[1], known[i]) == 0;
	if (!is_known && p->script)
		error_at(p, &hash, D_PRAGMA_INVAL, "invalid D pragma: %s", words[1]);
	if (!is_known)
		error_at(p, &hash, D_PRAGMA_INVAL, "unknown #pragma D directive '%s'", words[1]);
	/* the directives' operands are names, or a string for binding's version */
	bool ops_named = nw >= 4 && pw.k[2] == PW_NAME && pw.k[3] == PW_NAME;
	if (p->script && strcmp(words[1], "option") == 0 && (nw < 3 || pw.k[2] != PW_NAME))
		error_at(p, &hash, D_PRAGMA_MALFORM, "malformed #pragma option <option>=<val>");
	if (p->script && strcmp(words[1], "option") == 0 && pw.n > 3)
		error_at(p, &hash, D_PRAGMA_MALFORM, "superfluous arguments specified for #pragma option");
	if (p->script && strcmp(words[1], "attributes") == 0 && !ops_named)
		error_at(p, &hash, D_PRAGMA_MALFORM, "malformed #pragma attributes <attributes> <ident>");
	if (p->script && strcmp(words[1], "depends_on") == 0 && !ops_named)
		error_at(p, &hash, D_PRAGMA_MALFORM, "malformed #pragma depends_on <class> <name>");
	if (p->script && strcmp(words[1], "binding") == 0 &&
	    (nw < 4 || pw.k[2] != PW_STRING || pw.k[3] != PW_NAME))
		error_at(p, &hash, D_PRAGMA_MALFORM, "malformed #pragma binding \"version\" <ident>");
	if (p->script && strcmp(words[1], "depends_on") == 0)
		pragma_depends(p, pr, words, nw);
	if (p->script && strcmp(words[1], "binding") == 0)
		pragma_binding(p, pr, words, nw);
	if (p->script && strcmp(words[1], "attributes") == 0) {
		script_pragma_attributes(p, pr, words, nw);
		return;
	}
	if (p->script && strcmp(words[1], "option") == 0)
		pragma_option(p, pr);
	if (strcmp(words[1], "attributes") != 0) {
		p->prog->pragmas = xrealloc(p->prog->pragmas, sizeof(char *) * (size_t)(p->prog->npragmas + 1));
		p->prog->pragmas[p->prog->npragmas++] = xstrdup(pr->text);
		return;
	}
	/* attributes NAME/DATA/CLASS provider PROV KIND */
	if (nw != 6 || strcmp(words[3], "provider") != 0)
		error_at(p, &hash, D_PRAGMA_MALFORM, "#pragma D attributes: expected 'attributes name/data/class provider NAME "
			 "provider|module|function|name|args'");
	char *a = words[2];
	char *s1 = strchr(a, '/'), *s2 = s1 ? strchr(s1 + 1, '/') : NULL;
	if (!s1 || !s2 || strchr(s2 + 1, '/'))
		error_at(p, &hash, D_PRAGMA_MALFORM, "#pragma D attributes: invalid attributes '%s' (expected name/data/class)", a);
	*s1 = *s2 = '\0';
	struct dattr at = { true, match_word(a, stabilities, 8), match_word(s1 + 1, stabilities, 8),
			    match_word(s2 + 1, classes, 6) };
	if (!at.name_stability)
		error_at(p, &hash, D_PRAGMA_MALFORM, "#pragma D attributes: invalid stability '%s'", a);
	if (!at.data_stability)
		error_at(p, &hash, D_PRAGMA_MALFORM, "#pragma D attributes: invalid stability '%s'", s1 + 1);
	if (!at.dep_class)
		error_at(p, &hash, D_PRAGMA_MALFORM, "#pragma D attributes: invalid dependency class '%s'", s2 + 1);
	struct dprovider *pv = dprog_find_provider(p->prog, words[4]);
	if (!pv)
		error_at(p, &hash, D_PRAGMA_SCOPE, "#pragma D attributes: provider '%s' is not defined", words[4]);
	int k;
	for (k = 0; k < DATTR_NKINDS; k++)
		if (strcmp(words[5], attr_kinds[k]) == 0)
			break;
	if (k == DATTR_NKINDS)
		error_at(p, &hash, D_PRAGMA_MALFORM, "#pragma D attributes: invalid attribute kind '%s'", words[5]);
	pv->attrs[k] = at;
}

/* --- D programs: expressions ----------------------------------------------------------- */

static struct dnode *e_assign(struct parser *p);
static struct dnode *e_unary_rule(struct parser *p);
static struct dnode *statement_rule(struct parser *p);

static struct dnode *e_expr(struct parser *p)
{
	int saved = p->depth;
	enter(p);
	struct dnode *e = e_assign(p);
	while (dtok_is(peek(p), ",") && peek(p)->kind == DTOK_PUNCT) {
		enter(p);  /* each operator deepens the tree, which later passes walk recursively */
		struct dnode *c = new_node(p, DN_COMMA, next(p));
		c->lhs = e;
		ypush(p, 2);
		c->rhs = e_assign(p);
		ypop(p, 2);
		e = c;
	}
	p->depth = saved;
	return e;
}

static struct dnode *e_unary(struct parser *p)
{
	enter(p);
	struct dnode *e = e_unary_rule(p);
	leave(p);
	return e;
}

/* An expression inside ( ) or [ ]: a `/` there never closes a predicate. */
static struct dnode *e_nested(struct parser *p, bool comma)
{
	bool saved = p->in_pred;
	p->in_pred = false;
	struct dnode *e = comma ? e_expr(p) : e_assign(p);
	p->in_pred = saved;
	return e;
}

/* Comma-separated assignment expressions up to `close`, as a list. */
static struct dnode *e_list(struct parser *p, const char *close)
{
	struct dnode head = {0}, *last = &head;
	if (consume(p, close))
		return NULL;
	int y = p->ystack;
	do {
		last = last->next = e_nested(p, false);
		p->ystack = y + 2;  /* dtrace's stack: argument_expression_list ',' */
	} while (consume(p, ","));
	p->ystack = y;
	expect(p, close);
	return head.next;
}

static char *tok_dup(const struct dtok *t, size_t skip)
{
	return xstrndup(t->text + skip, t->len - skip);
}

static struct dnode *e_primary(struct parser *p)
{
	const struct dtok *t = peek(p);
	struct dnode *n;
	switch (t->kind) {
	case DTOK_INT:
	case DTOK_CHAR:
		next(p);
		n = new_node(p, DN_INT, t);
		n->ival = t->ival;
		n->is_unsigned = t->kind == DTOK_INT && t->is_unsigned;
		n->longness = t->longness;
		n->is_char = t->kind == DTOK_CHAR;
		return n;
	case DTOK_STRING:
		next(p);
		n = new_node(p, DN_STRING, t);
		n->str = xmalloc(t->slen + 1);
		memcpy(n->str, t->str, t->slen + 1);
		n->slen = t->slen;
		return n;
	case DTOK_FLOAT:
		error_at(p, t, D_SYNTAX, "floating-point constants are not permitted");
	case DTOK_IDENT:
		/* a typedef name in an expression (`myint x;`, `int16_t(1)` in a clause): dtrace's
		 * lexer gives a type name there, which no expression starts with, so the error is
		 * at the type; having read ahead past the name, its message quotes the rest of the
		 * line. Unless what follows is =, ++, --, [ or ; (dt_lex.l id_or_type reads an
		 * assigned variable there) or the name is one it knows as a variable. */
		const struct dtok *after = peek_at(p, 1);
		if (p->script && is_typename(p, t) &&
		    (after->kind == DTOK_IDENT ||
		     (!known_ident(p, t) && !dtok_is(after, "=") && !dtok_is(after, "++") &&
		      !dtok_is(after, "--") && !dtok_is(after, "[") && !dtok_is(after, ";") &&
		      !dtok_is(after, ",")))) {
			if (t->macro)
				syntax_error(p, t);
			const char *e = t->text;
			while (*e && *e != '\n')
				e++;
			error_at(p, t, D_SYNTAX, "syntax error near \"%.*s\"", (int)(e - t->text), t->text);
		}
		next(p);
		n = new_node(p, DN_IDENT, t);
		n->name = tok_dup(t, 0);
		return n;
	case DTOK_MACRO:
		next(p);
		n = new_node(p, DN_MACRO, t);
		n->name = tok_dup(t, 0);
		return n;
	case DTOK_AGG:
		next(p);
		n = new_node(p, DN_AGG, t);
		n->name = tok_dup(t, 1);
		if (consume(p, "[")) {
			ypush(p, 2);
			n->args = e_list(p, "]");
			ypop(p, 2);
			if (!n->args)
				syntax_error(p, &p->tl->toks[p->pos - 1]);
		}
		return n;
	case DTOK_KEYWORD:
		if ((dtok_is(t, "self") || dtok_is(t, "this")) && !dtok_is(peek_at(p, 1), "->")) {
			/* self or this alone: dtrace's identifier of a pointer, which the checker
			 * refuses as a value (dtrace -n 'BEGIN { trace(self); }': "pointer 'self'
			 * may not be referenced as scalar") */
			next(p);
			n = new_node(p, DN_IDENT, t);
			n->name = tok_dup(t, 0);
			return n;
		}
		if (dtok_is(t, "self") || dtok_is(t, "this")) {
			next(p);
			expect(p, "->");
			const struct dtok *m = expect_member(p);
			n = new_node(p, dtok_is(t, "self") ? DN_SELF : DN_THIS, t);
			n->name = tok_dup(m, 0);
			return n;
		}
		if (dtok_is(t, "xlate")) {
			/* xlate < type-name > ( expression ) */
			next(p);
			n = new_node(p, DN_XLATE, t);
			expect(p, "<");
			n->ctype = xlate_type(p);
			expect(p, ">");
			expect(p, "(");
			ypush(p, 5);
			n->lhs = e_nested(p, true);
			yclose(p);
			expect(p, ")");
			ypop(p, 5);
			n->pos = pos_of(p, peek(p));  /* dtrace's line: its parser's lookahead */
			return n;
		}
		syntax_error(p, t);
	case DTOK_PUNCT:
		if (consume(p, "(")) {
			ypush(p, 1);
			n = e_nested(p, true);
			yclose(p);
			expect(p, ")");
			ypop(p, 1);
			return n;
		}
		syntax_error(p, t);
	default:
		syntax_error(p, t);
	}
}

/* Only named functions (actions and subroutines) can be called in D, but dtrace's grammar
 * calls any postfix expression (`this->f(1)`, `"a"(1)`, `x++(1)`) and refuses the designator
 * only once the call is built (dt_node_func), after its arguments are read: their syntax
 * errors, and a call of an undefined name before it, come first. An aggregation is a name
 * there, looked up as a function like any other. Called with the `(` consumed. */
static _Noreturn void call_of_nonname(struct parser *p, const struct dnode *e)
{
	ypush(p, 2);
	e_list(p, ")");
	const struct dtok *close = &p->tl->toks[p->pos - 1];
	undef_call_error(p);
	if (e->kind == DN_AGG && !e->args)
		error_at(p, close, D_FUNC_UNDEF, "undefined function name: @%s", e->name ? e->name : "");
	error_at(p, close, D_FUNC_IDENT, "function designator is not of function type");
}

static struct dnode *e_postfix(struct parser *p)
{
	int saved = p->depth;
	struct dnode *e = e_primary(p);
	for (;; enter(p)) {  /* each operator deepens the tree */
		const struct dtok *t = peek(p);
		struct dnode *n;
		if (t->kind != DTOK_PUNCT)
			break;
		if (consume(p, "[")) {
			n = new_node(p, DN_INDEX, t);
			n->lhs = e;
			ypush(p, 2);
			n->args = e_list(p, "]");
			ypop(p, 2);
			if (!n->args)
				syntax_error(p, &p->tl->toks[p->pos - 1]);
		} else if (dtok_is(t, "(")) {
			next(p);
			if (e->kind != DN_IDENT)
				call_of_nonname(p, e);
			n = new_node(p, DN_CALL, t);
			n->pos = e->pos;
			n->name = e->name;
			e->name = NULL;
			ypush(p, 2);
			n->args = e_list(p, ")");
			ypop(p, 2);
			/* dtrace's parser looks the callee up as it builds the call (dt_node_func):
			 * a name nothing defines is its error, at the call's `)`, before anything
			 * found later; the name may be in parentheses, `(f)(1)` */
			const struct dtok *nt = t - 1;
			while (nt > p->tl->toks && dtok_is(nt, ")"))
				nt--;
			if (p->script && p->prog->predefined_ident && !p->undef_call &&
			    nt >= p->tl->toks && nt->kind == DTOK_IDENT &&
			    !defined_outside(p, n->name)) {
				p->undef_call = nt;
				p->undef_close = &p->tl->toks[p->pos - 1];
			}
		} else if (dtok_is(t, ".") || dtok_is(t, "->")) {
			next(p);
			const struct dtok *m = expect_member(p);
			n = new_node(p, DN_MEMBER, t);
			n->op = dtok_is(t, ".") ? DOP_DOT : DOP_ARROW;
			n->lhs = e;
			n->name = tok_dup(m, 0);
		} else if (dtok_is(t, "++") || dtok_is(t, "--")) {
			next(p);
			n = new_node(p, DN_UNARY, t);
			n->op = dtok_is(t, "++") ? DOP_POSTINC : DOP_POSTDEC;
			n->lhs = e;
		} else {
			break;
		}
		e = n;
	}
	p->depth = saved;
	return e;
}

static struct dnode *e_unary_rule(struct parser *p)
{
	const struct dtok *t = peek(p);
	struct dnode *n;
	if (t->kind == DTOK_PUNCT) {
		/* - + ! ~ * & ++ -- */
		enum dop op = dop_lookup(DOPC_UNARY, t->text, t->len);
		if (op != DOP_NONE) {
			next(p);
			n = new_node(p, DN_UNARY, t);
			n->op = op;
			ypush(p, 1);
			n->lhs = e_unary(p);
			ypop(p, 1);
			return n;
		}
		/* A cast: '(' type-name ')' unary */
		if (dtok_is(t, "(") && is_typename(p, peek_at(p, 1))) {
			next(p);
			n = new_node(p, DN_CAST, t);
			n->ctype = type_name(p);
			expect(p, ")");
			ypush(p, 3);
			n->lhs = e_unary(p);
			ypop(p, 3);
			return n;
		}
		return e_postfix(p);
	}
	if (t->kind != DTOK_KEYWORD)
		return e_postfix(p);
	if (dtok_is(t, "sizeof")) {
		next(p);
		if (dtok_is(peek(p), "(") && is_typename(p, peek_at(p, 1))) {
			next(p);
			n = new_node(p, DN_SIZEOF_TYPE, t);
			n->ctype = type_name(p);
			const struct dtok *close = peek(p);
			expect(p, ")");
			/* sizeof (void): dtrace sizes a type as it builds the node (dt_node_op1), so
			 * this comes before what its checker would find earlier (dtrace -n 'BEGIN {
			 * trace(u); } BEGIN { trace(sizeof (void)); }'); other types of no size may
			 * be completed from the kernel's, for the checker to see */
			if (p->script && dtype_resolve(n->ctype)->kind == DTY_VOID) {
				undef_call_error(p);
				error_at(p, close, D_SIZEOF_TYPE, "cannot apply sizeof to an operand of unknown size");
			}
			return n;
		}
		n = new_node(p, DN_UNARY, t);
		n->op = DOP_SIZEOF;
		ypush(p, 1);
		n->lhs = e_unary(p);
		ypop(p, 1);
		return n;
	}
	if (dtok_is(t, "stringof")) {
		next(p);
		n = new_node(p, DN_UNARY, t);
		n->op = DOP_STRINGOF;
		ypush(p, 1);
		n->lhs = e_unary(p);
		ypop(p, 1);
		return n;
	}
	if (dtok_is(t, "offsetof")) {
		next(p);
		expect(p, "(");
		n = new_node(p, DN_OFFSETOF, t);
		if (peek(p)->kind == DTOK_IDENT && !is_typename(p, peek(p)))
			syntax_error(p, peek(p));  /* dtrace's lexer made it no type name */
		n->ctype = type_name(p);
		expect(p, ",");
		n->name = tok_dup(expect_ident(p), 0);
		expect(p, ")");
		return n;
	}
	return e_postfix(p);
}

/* In a predicate, dtrace's rule: a `/` followed by `{`, `;`, `/` or the end closes it. Its
 * lexer applies the rule in a clause's body too, where such a `/` is then no division but a
 * syntax error ("x = 4 // 2;"). */
static bool closes_predicate(struct parser *p, const struct dtok *op)
{
	if (!(p->in_pred || (p->script && p->in_clause)) || !dtok_is(op, "/"))
		return false;
	const struct dtok *t = peek_at(p, 1);
	return t->kind == DTOK_EOF || dtok_is(t, "{") || dtok_is(t, ";") || dtok_is(t, "/") ||
	       (p->in_guard && dtok_is(t, ":"));
}

/* The line dtrace gives an operator's node: its lexer's line when yacc reduces the operator,
 * which is that of the token after the right operand, or, when that token is a predicate's
 * closing `/`, of the next character that is not blank (the lexer looked past the `/` to
 * tell it apart from a division). */
static int reduce_line(struct parser *p)
{
	const struct dtok *t = peek(p);
	if (!closes_predicate(p, t))
		return t->line;
	/* the next character that is not blank, a comment's '/' included */
	int line = t->line;
	for (const char *c = t->text + 1; *c && strchr(" \t\r\f\v\n", *c); c++)
		line += *c == '\n';
	return line;
}

/* Whether dtrace's parser holds n as an integer constant (DT_NODE_INT): a literal, or an
 * operator it folds as it builds the node (dt_node_op1, dt_node_op2) over such; *v its value.
 * Casts, names and sizeof are left to the checker. */
static bool parse_time_int(const struct dnode *n, uint64_t *v)
{
	uint64_t a, b;
	switch (n->kind) {
	case DN_INT:
		*v = n->ival;
		return true;
	case DN_UNARY:
		return (n->op == DOP_NEG || n->op == DOP_PLUS || n->op == DOP_BNOT ||
			n->op == DOP_LNOT) && parse_time_int(n->lhs, &a) &&
		       dfold_unary(n->op, a, v) == DFOLD_OK;
	case DN_BINARY:
		return parse_time_int(n->lhs, &a) && parse_time_int(n->rhs, &b) &&
		       dfold_binary(n->op, a, b, n->lhs->is_unsigned || n->rhs->is_unsigned,
				    n->lhs->is_unsigned, v) == DFOLD_OK;
	default:
		return false;
	}
}

/* a / 0, a % 0 (and /=, %=) with a divisor dtrace's parser has folded to 0: it refuses them
 * as it builds the node (dt_node_op2), before anything found later and after an earlier
 * undefined call (dtrace -n 'BEGIN { trace(1 / 0 + nofn()); }': expression contains
 * division by zero) */
static void parse_time_div_zero(struct parser *p, const struct dnode *n)
{
	uint64_t v;
	if (!p->script || (n->op != DOP_DIV && n->op != DOP_MOD && n->op != DOP_DIV_ASSIGN &&
			   n->op != DOP_MOD_ASSIGN) || !parse_time_int(n->rhs, &v) || v != 0)
		return;
	undef_call_error(p);
	/* the line of the token that made yacc reduce the operator (the divisor's end) */
	struct dtok at = *peek(p);
	at.line = reduce_line(p);
	error_at(p, &at, D_DIV_ZERO, "expression contains division by zero");
}

static struct dnode *e_binary(struct parser *p, int level)
{
	if (level == NLEVELS)
		return e_unary(p);
	int saved = p->depth;
	struct dnode *a = e_binary(p, level + 1);
	for (;;) {
		const struct dtok *at = peek(p);
		enum dop op = binop_at(at, level);
		if (op == DOP_NONE || closes_predicate(p, at)) {
			p->depth = saved;
			return a;
		}
		enter(p);  /* each operator deepens the (left-leaning) tree */
		next(p);
		struct dnode *n = new_node(p, DN_BINARY, at);
		n->op = op;
		n->lhs = a;
		ypush(p, 2);
		n->rhs = e_binary(p, level + 1);
		ypop(p, 2);
		if (p->script)
			n->pos.line = reduce_line(p);
		parse_time_div_zero(p, n);
		a = n;
	}
}

static struct dnode *e_cond(struct parser *p)
{
	struct dnode *c = e_binary(p, 0);
	const struct dtok *q = peek(p);
	if (!consume(p, "?"))
		return c;
	struct dnode *n = new_node(p, DN_COND, q);
	n->cond = c;
	ypush(p, 2);
	n->lhs = e_nested(p, true);
	yclose(p);
	expect(p, ":");
	ypush(p, 2);
	enter(p);
	n->rhs = e_cond(p);
	leave(p);
	ypop(p, 4);
	return n;
}

/* Whether the tokens from `first` up to just before `end` are one parenthesized group. */
static bool one_paren_group(const struct dtok *first, const struct dtok *end)
{
	if (first >= end || first->kind != DTOK_PUNCT || !dtok_is(first, "("))
		return false;
	int depth = 0;
	for (const struct dtok *q = first; q < end; q++) {
		if (q->kind == DTOK_PUNCT && dtok_is(q, "("))
			depth++;
		else if (q->kind == DTOK_PUNCT && dtok_is(q, ")") && --depth == 0)
			return q + 1 == end;
	}
	return false;
}

static struct dnode *e_assign(struct parser *p)
{
	const struct dtok *first = peek(p);
	struct dnode *lhs = e_cond(p);
	const struct dtok *t = peek(p);
	if (t->kind != DTOK_PUNCT)
		return lhs;
	enum dop op = dop_lookup(DOPC_ASSIGN, t->text, t->len);
	if (op == DOP_NONE)
		return lhs;
	/* D's grammar (C's) puts a unary expression left of an assignment: a binary or
	 * conditional expression or a cast there is a syntax error at the operator, not a
	 * bad lvalue (dtrace: "x + 1 = 2" is 'syntax error near "="'); parenthesized, it
	 * is a primary expression, which the checker refuses as no lvalue */
	if ((lhs->kind == DN_BINARY || lhs->kind == DN_COND || lhs->kind == DN_CAST) &&
	    !one_paren_group(first, t))
		syntax_error(p, t);
	next(p);
	struct dnode *n = new_node(p, DN_ASSIGN, t);
	n->op = op;
	n->lhs = lhs;
	enter(p);
	ypush(p, 2);
	n->rhs = e_assign(p);
	ypop(p, 2);
	leave(p);
	parse_time_div_zero(p, n);
	return n;
}

/* --- D programs: statements and clauses ---------------------------------------------------- */

static struct dnode *statement(struct parser *p)
{
	enter(p);
	struct dnode *s = statement_rule(p);
	leave(p);
	return s;
}

/* Statements up to and including the closing `}`, as a DN_BLOCK. */
static struct dnode *block(struct parser *p, const struct dtok *brace)
{
	struct dnode *b = new_node(p, DN_BLOCK, brace);
	struct dnode head = {0}, *last = &head;
	int y = p->ystack;
	while (!consume(p, "}")) {
		if (peek(p)->kind == DTOK_EOF)
			syntax_error(p, peek(p));
		/* after the first, dtrace's stack also holds `statement_list ;` */
		p->ystack = y + (last == &head ? 0 : 2);
		last = last->next = statement(p);
	}
	p->ystack = y;
	b->end_line = p->tl->toks[p->pos - 1].line;
	b->args = head.next;
	return b;
}

static struct dnode *statement_rule(struct parser *p)
{
	const struct dtok *t = peek(p);
	struct dnode *n;
	if (consume(p, ";"))
		return new_node(p, DN_EMPTY, t);
	/* blocks and if are not in DTrace for Linux's grammar: their parts count as the
	 * symbols a grammar with them would keep pending */
	if (consume(p, "{")) {
		ypush(p, 1);
		n = block(p, t);
		ypop(p, 1);
		return n;
	}
	if (t->kind == DTOK_KEYWORD && dtok_is(t, "if")) {
		next(p);
		n = new_node(p, DN_IF, t);
		expect(p, "(");
		ypush(p, 2);
		n->cond = e_nested(p, true);
		yclose(p);
		expect(p, ")");
		ypush(p, 2);
		n->lhs = statement(p);
		if (consume(p, "else")) {
			ypush(p, 2);
			n->rhs = statement(p);
			ypop(p, 2);
		}
		ypop(p, 4);
		return n;
	}
	if (t->kind == DTOK_KEYWORD && (dtok_is(t, "for") || dtok_is(t, "while") || dtok_is(t, "do") ||
					dtok_is(t, "switch") || dtok_is(t, "return") || dtok_is(t, "goto")))
		syntax_error(p, t);  /* reserved words D's grammar has no statement for */
	n = new_node(p, DN_EXPR_STMT, t);
	n->lhs = e_expr(p);
	/* The last statement of a block needs no ';'. */
	if (!dtok_is(peek(p), "}"))
		expect(p, ";");
	return n;
}

/* Whether a description is an integer constant (a probe id): digits, or 0x and hex digits,
 * then u/l suffixes, as the lexer cuts one from a description argument. */
static bool id_constant(const char *s)
{
	if (!isdigit((unsigned char)s[0]))
		return false;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2 + strspn(s + 2, "0123456789abcdefABCDEF");
	else
		s += strspn(s, "0123456789");
	return s[strspn(s, "uUlL")] == '\0';
}

/* A description that is a number names a probe by id, as dtrace's lexer reads it. -i compiles
 * with the name rules (so -i BEGIN works); -P, -m and -f refuse ids. */
static void pdesc_id(struct parser *p, const struct dtok *t, struct dnode *n, enum dpdesc_spec spec)
{
	static const char *const what[] = { [DPD_PROVIDER] = "providers", [DPD_MODULE] = "modules",
					    [DPD_FUNCTION] = "functions" };
	/* the lexer's integer constant (dlex.c pdesc_end): 0x hexadecimal, 0 octal, suffixes */
	const char *s = n->name;
	int base = s[0] != '0' ? 10 : s[1] == 'x' || s[1] == 'X' ? 16 : 8;
	char *end;
	errno = 0;
	unsigned long long id = strtoull(s, &end, base);
	if (base == 8 && isdigit((unsigned char)*end))
		error_at(p, t, D_INT_DIGIT, "constant %s contains invalid digit %c", s, *end);
	if (errno != 0 || id > UINT32_MAX)
		error_at(p, t, D_PDESC_INVAL, "identifier %s exceeds maximum probe id", n->name);
	if (spec != DPD_NAME && spec != DPD_ID)
		error_at(p, t, D_PDESC_INVAL, "probe identifier %llu not permitted when specifying %s", id, what[spec]);
	if (id == 0)
		error_at(p, t, D_PDESC_INVAL, "invalid probe identifier %llu: Unknown probe identifier", id);
	n->spec = DPD_ID;
	n->ival = id;
	for (int i = 0; i < 4; i++)
		n->pd[i] = xstrdup("");
}

static struct dnode *pdesc(struct parser *p, enum dpdesc_spec spec)
{
	const struct dtok *t = peek(p);
	if (t->kind != DTOK_PDESC)
		syntax_error(p, t);
	next(p);
	struct dnode *n = new_node(p, DN_PDESC, t);
	n->name = tok_dup(t, 0);
	if (id_constant(n->name)) {
		pdesc_id(p, t, n, spec);
		return n;
	}
	if (spec == DPD_ID)
		spec = DPD_NAME;
	n->spec = spec;
	static const char which[] = { [DPD_NAME] = 'n', [DPD_PROVIDER] = 'P', [DPD_MODULE] = 'm',
				      [DPD_FUNCTION] = 'f' };
	struct derr err;
	struct probedesc d;
	if (probedesc_parse(n->name, which[spec], &d, &err) != 0)
		error_at(p, t, err.tag, "%s", err.msg);
	n->pd[0] = d.prov;
	n->pd[1] = d.mod;
	n->pd[2] = d.func;
	n->pd[3] = d.name;
	return n;
}

/* descriptions [/predicate/] [{ statements }] */
/* A description in a script must be followed by a predicate or an action block (dtrace
 * reports it at the description, whatever came after it). */
static _Noreturn void missing_body(struct parser *p, const struct dtok *desc)
{
	error_at(p, desc, D_SYNTAX, "expected predicate and/or actions following probe description");
}

/* What dtrace's parser stack holds under a predicate or a clause's first statement: 4
 * entries ([0] ... probe_specifiers '/' or '{'), one more after the first item of the text
 * (its translation_unit). */
static int clause_ybase(const struct parser *p)
{
	return p->items > 0 ? 5 : 4;
}

static void clause(struct parser *p, enum dpdesc_spec spec)
{
	struct dnode *c = new_node(p, DN_CLAUSE, peek(p));
	struct dnode head = {0}, *last = &head;
	/* dt_grammar.y reports a clause without predicate or actions at its first description */
	const struct dtok *first_desc = peek(p);
	last = last->next = pdesc(p, spec);
	while (consume(p, ","))
		last = last->next = pdesc(p, spec);
	c->args = head.next;
	const struct dtok *t = peek(p);
	if (dtok_is(t, "/") && t->kind == DTOK_PUNCT) {
		next(p);
		p->in_clause = true;
		p->in_pred = true;
		p->ystack = clause_ybase(p);
		c->cond = e_expr(p);
		p->in_pred = false;
		expect(p, "/");
		p->in_clause = false;  /* what stands between predicate and body: the parser's */
		/* (a description argument may end with a predicate: "-P 'syscall /pid == 1/'") */
		bool at_end = peek(p)->kind == DTOK_EOF;
		if (p->script && at_end && !p->clause_arg)  /* the `/` read the end ahead */
			error_at(p, peek(p), D_SYNTAX, "syntax error near end-of-input");
		if (p->script && !at_end && !dtok_is(peek(p), "{")) {
			/* dt_grammar.y's rule for a predicate without actions: its error is at the
			 * predicate's expression */
			struct dtok at = *peek(p);
			at.line = c->cond->pos.line;
			error_at(p, &at, D_SYNTAX, "expected actions { } following probe description "
				 "and predicate");
		}
	}
	t = peek(p);
	/* descriptions then `;` (`BEGIN;`): D's grammar has no clause ending so, in a script or
	 * a description argument, and dtrace's parser stops at the `;` (observed) */
	if (p->script && !c->cond && dtok_is(t, ";") && t->kind == DTOK_PUNCT)
		syntax_error(p, t);
	if (!c->cond && !dtok_is(t, "{") && !p->clause_arg)
		missing_body(p, first_desc);
	p->ystack = clause_ybase(p);
	if (consume(p, "{")) {
		p->in_clause = true;
		c->body = block(p, t);
	} else if (!consume(p, ";") && t->kind != DTOK_EOF && t->kind != DTOK_PDESC) {
		syntax_error(p, t); /* a description argument may list clauses without bodies */
	}
	p->in_clause = false;
	add_item(p, c);
}

/* The parameters of `inline TYPE NAME [ TYPE PARAM , ... ] = EXPR ;` (an inline indexed like
 * an associative array: dtrace's inline string tables), after the `[`, through the `]`: a
 * list of DN_TYPE nodes, ctype the parameter's type, name its name. */
static struct dnode *inline_params(struct parser *p)
{
	struct dnode *head = NULL, **tail = &head;
	do {
		const struct dtok *at = peek(p);
		if (!is_typename(p, at))
			syntax_error(p, at);
		struct declspec ds;
		declspec(p, &ds, false);
		const struct dtok *pn = NULL;
		struct dnode *prm = new_node(p, DN_TYPE, at);
		prm->ctype = declarator(p, ds.type, &pn, true, false);
		if (!pn)
			syntax_error(p, peek(p));
		prm->name = tok_dup(pn, 0);
		*tail = prm;
		tail = &prm->next;
	} while (consume(p, ","));
	expect(p, "]");
	return head;
}

/* inline TYPE NAME = EXPR ;   inline TYPE NAME [ TYPE PARAM, ... ] = EXPR ; */
static void inline_def(struct parser *p)
{
	const struct dtok *kw = next(p);
	struct declspec ds;
	/* a name that is no type where the inline's type belongs: dtrace's grammar has no
	 * declaration there (dtrace -n 'inline nosuch_t x = 3;': syntax error near "nosuch_t
	 * x = 3;", the rest of the line after a name its lexer does not know) */
	if (p->script && peek(p)->kind == DTOK_IDENT && !is_typename(p, peek(p)))
		syntax_error(p, peek(p));
	/* a storage class after inline: D's grammar reads it, libdtrace refuses it */
	declspec(p, &ds, p->script);
	const struct dtok *nt = NULL;
	struct dnode *n = new_node(p, DN_INLINE, kw);
	if (peek(p)->kind == DTOK_IDENT && dtok_is(peek_at(p, 1), "[") &&
	    is_typename(p, peek_at(p, 2))) {
		nt = next(p);
		next(p);
		n->ctype = ds.type;
		n->args = inline_params(p);
	} else {
		n->ctype = declarator(p, ds.type, &nt, true, false);
	}
	n->name = tok_dup(nt, 0);
	n->pos = pos_of(p, nt);
	if (p->script && ds.storage != DSC_NONE)
		error_at(p, peek(p), D_DECL_BADCLASS, "specified storage class not appropriate for "
			 "inline declaration");
	if (dtype_resolve(n->ctype)->kind == DTY_VOID && p->script)
		error_at(p, peek(p), D_DECL_VOIDOBJ, "cannot declare void inline: %s", n->name);
	if (dtype_resolve(n->ctype)->kind == DTY_VOID)
		error_at(p, nt, D_DECL_VOIDOBJ, "inline '%s' declared void", n->name);
	/* an inline stands for a value: an array has none (Guide, "Inlines": a scalar type) */
	if (p->script && dtype_resolve(n->ctype)->kind == DTY_ARRAY)
		error_at(p, peek(p), D_DECL_ARRNULL, "inline declaration cannot be of scalar array "
			 "type: %s", n->name);
	expect(p, "=");
	n->lhs = e_assign(p);
	expect(p, ";");
	add_item(p, n);
	binding_define(p, n->name);
}

/* translator OUT-TYPE < IN-TYPE IDENT > { MEMBER = EXPR ; ... } ;  (dt_grammar.y's
 * translator_definition; the braces are required, an empty body allowed). What the types
 * and members must be is the checker's business (dcheck_xlate.c). */
static void translator_def(struct parser *p)
{
	const struct dtok *kw = next(p);
	struct dnode *n = new_node(p, DN_TRANSLATOR, kw);
	n->ctype = xlate_type(p);
	/* dtrace checks a translator where it is parsed: a struct completed later is still
	 * incomplete for it */
	n->ival = !dtype_is_complete(n->ctype);
	expect(p, "<");
	const struct dtok *at = peek(p);
	if (!is_typename(p, at))
		syntax_error(p, at);
	struct declspec ds;
	declspec(p, &ds, false);
	const struct dtok *nt = NULL;
	struct dnode *in = new_node(p, DN_TYPE, at);
	in->ctype = declarator(p, ds.type, &nt, true, false);
	n->lhs = in;
	n->name = tok_dup(nt, 0);
	expect(p, ">");
	expect(p, "{");
	struct dnode head = {0}, *last = &head;
	while (!consume(p, "}")) {
		const struct dtok *mt = expect_ident(p);
		struct dnode *m = new_node(p, DN_XLMEMBER, mt);
		m->name = tok_dup(mt, 0);
		expect(p, "=");
		m->lhs = e_nested(p, true);
		expect(p, ";");
		last = last->next = m;
	}
	n->args = head.next;
	n->pos = pos_of(p, peek(p));
	expect(p, ";");
	add_item(p, n);
	binding_translator(p, n);
}

static void script_decl_item(struct parser *p, const struct dtok *t);

static void script_item(struct parser *p)
{
	const struct dtok *t = peek(p);
	if (dtok_is(t, ";") && t->kind == DTOK_PUNCT)
		syntax_error(p, t);  /* D's translation unit has no empty declaration */
	if (t->kind == DTOK_PDESC) {
		clause(p, DPD_NAME);
		return;
	}
	/* A word that names no type, followed by what starts another item (`define X 5`,
	 * `profile-1 int i;`): dtrace read it as a description without a body. */
	enum dtok_kind k = peek_at(p, 1)->kind;
	if (t->kind == DTOK_IDENT && !is_typename(p, t) &&
	    (k == DTOK_IDENT || k == DTOK_KEYWORD || k == DTOK_PDESC || k == DTOK_INT || k == DTOK_EOF ||
	     dtok_is(peek_at(p, 1), "*")))
		missing_body(p, t);
	p->decl_item = t;
	script_decl_item(p, t);
	p->decl_item = NULL;
}

/* A top-level item that is no clause: provider, inline, self/this or global declaration,
 * translator. */
static void script_decl_item(struct parser *p, const struct dtok *t)
{
	if (t->kind == DTOK_KEYWORD) {
		if (dtok_is(t, "provider")) {
			next(p);
			provider_def(p);
			return;
		}
		if (dtok_is(t, "inline")) {
			inline_def(p);
			return;
		}
		if (dtok_is(t, "self") || dtok_is(t, "this")) {
			next(p);
			const struct dtok *u = peek(p);
			if (dtok_is(u, "self") || dtok_is(u, "this") || is_storage(u))
				error_at(p, peek_at(p, 1), D_DECL_CLASS, "only one storage class allowed in a declaration");
			declaration(p, dtok_is(t, "self") ? DVAR_SELF : DVAR_THIS);
			return;
		}
		if (dtok_is(t, "translator")) {
			translator_def(p);
			return;
		}
	}
	declaration(p, DVAR_GLOBAL);
}

/* --- entry points ------------------------------------------------------------------------- */

/* A provider file's items and pragmas: declarations and `provider` blocks. */
static void decl_items(struct parser *p)
{
	while (peek(p)->kind != DTOK_EOF) {
		const struct dtok *t = peek(p);
		if (consume(p, ";"))
			continue;
		if (t->kind == DTOK_KEYWORD && dtok_is(t, "provider")) {
			next(p);
			provider_def(p);
			continue;
		}
		declaration(p, DVAR_NONE);
	}
	for (size_t i = 0; i < p->tl->npragmas; i++) {
		const struct dpragma *pr = &p->tl->pragmas[i];
		if (pr->text[0] == 'D' && (pr->text[1] == ' ' || pr->text[1] == '\t' || !pr->text[1]))
			pragma_d(p, pr);
		/* Other pragmas (once, GCC ...) are cpp's or a C compiler's business: ignored. */
	}
}

int dparse_program(const struct dtoklist *toks, struct dprog **out, struct derr *err)
{
	struct dprog *g = xcalloc(1, sizeof(*g));
	g->types = dtype_ctx_new();
	g->nfiles = toks->nfiles;
	g->files = xcalloc(toks->nfiles + 1, sizeof(char *));
	for (size_t i = 0; i < toks->nfiles; i++)
		g->files[i] = xstrdup(toks->files[i]);
	struct parser p = { .tl = toks, .prog = g, .ctx = g->types, .err = err };
	if (setjmp(p.fail)) {
		dprog_free(g);
		*out = NULL;
		return -1;
	}
	decl_items(&p);
	*out = g;
	return 0;
}

struct dprog *dprog_new(void)
{
	struct dprog *g = xcalloc(1, sizeof(*g));
	g->types = dtype_ctx_new();
	dtype_add_kernel_typedefs(g->types);
	g->files = xcalloc(1, sizeof(char *));
	return g;
}

/* Parses a script's tokens (clause_spec < 0) or one command-line clause into g. */
static int parse_into(struct dprog *g, const struct dtoklist *toks, int clause_spec,
		      struct derr *err)
{
	struct parser p = { .tl = toks, .prog = g, .ctx = g->types, .err = err,
			    .script = true, .file_base = g->nfiles };
	g->files = xrealloc(g->files, sizeof(char *) * (g->nfiles + toks->nfiles + 1));
	for (size_t i = 0; i < toks->nfiles; i++)
		g->files[g->nfiles++] = xstrdup(toks->files[i]);
	g->files[g->nfiles] = NULL;
	struct dnode *before = g->items_last;
	g->parse_failed_in_item = true;
	if (setjmp(p.fail)) {
		parser_free_bindings(&p);
		return -1;
	}
	if (clause_spec >= 0) {
		p.clause_arg = true;
		/* dtrace -n 'syscall:::entry { ... } tick-1s { exit(0); }': a description argument
		 * may hold several clauses, each description read the same way,
		 * and declarations as a script does (dtrace -n 'inline int A = 42; BEGIN {...}') */
		do
			if (peek(&p)->kind == DTOK_KEYWORD)
				script_item(&p);
			else
				clause(&p, (enum dpdesc_spec)clause_spec);
		while (peek(&p)->kind != DTOK_EOF);
	} else {
		while (peek(&p)->kind != DTOK_EOF)
			script_item(&p);
	}
	g->parse_failed_in_item = false;
	pragmas_before(&p, (size_t)-1);
	/* dtrace refuses the call of a name nothing defines as it builds the call (dt_node_func),
	 * so before anything its type checker would find anywhere in the program */
	undef_call_error(&p);
	bindings_end(&p);
	parser_free_bindings(&p);
	struct dsrcpos eof = pos_of(&p, &toks->toks[toks->ntoks - 1]);
	for (struct dnode *it = before ? before->next : g->items; it; it = it->next)
		if (it->kind == DN_CLAUSE)
			it->eof = eof;
	return 0;
}

struct parse_call {
	struct dprog *g;
	const struct dtoklist *tl;
	int spec;
	struct derr *err;
	int rc;
};

static void parse_call_run(void *arg)
{
	struct parse_call *c = arg;
	c->rc = parse_into(c->g, c->tl, c->spec, c->err);
}

/* parse_into on a stack deep enough for what dtrace's parser accepts (bigstack.h) */
static int parse_deep(struct dprog *g, const struct dtoklist *tl, int spec, struct derr *err)
{
	struct parse_call c = { g, tl, spec, err, -1 };
	bigstack_run(parse_call_run, &c);
	return c.rc;
}

/* The argument a token `$N` names (digits only), NULL if none or not supplied. */
static const char *macro_arg_of(const struct dprog *g, const struct dtok *t, int *index)
{
	if (t->kind != DTOK_MACRO || t->len < 2 || t->len > 10)
		return NULL;
	int i = 0;
	for (size_t k = 1; k < t->len; k++) {
		if (!isdigit((unsigned char)t->text[k]))
			return NULL;
		i = i * 10 + (t->text[k] - '0');
	}
	*index = i;
	return i < g->macro_argc ? g->macro_argv[i] : NULL;
}

/* dtrace's lexer (dt_lex.l id_or_type) reads an identifier-like macro argument as a type
 * name when one of that name exists, unless the next token is ++, --, =, [ or ; (then it is
 * an identifier, perhaps a variable being created). The C type words are types by name
 * there too. Such tokens become the type's name (keyword or identifier) here. */
static void macro_type_names(struct dprog *g, struct dtoklist *tl)
{
	static const char *const words[] = {
		"void", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
		"string",
	};
	for (size_t i = 0; g->macro_argc > 0 && i + 1 < tl->ntoks; i++) {
		struct dtok *t = &tl->toks[i];
		int index;
		const char *v = macro_arg_of(g, t, &index);
		if (!v || !*v || isdigit((unsigned char)*v))
			continue;
		const struct dtok *nt = &tl->toks[i + 1];
		if (dtok_is(nt, "++") || dtok_is(nt, "--") || dtok_is(nt, "=") || dtok_is(nt, "[") ||
		    dtok_is(nt, ";"))
			continue;
		enum dtok_kind kind = DTOK_EOF;
		for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++)
			if (strcmp(v, words[w]) == 0)
				kind = DTOK_KEYWORD;
		if (kind == DTOK_EOF) {
			bool ident = true;
			for (const char *c = v; *c; c++)
				ident = ident && (isalnum((unsigned char)*c) || *c == '_');
			const struct dscope_ent *e = ident ? dscope_find(g->types, v, DSYM_TYPEDEF, false) : NULL;
			if (e && e->kind == DSYM_TYPEDEF)
				kind = DTOK_IDENT;
		}
		if (kind == DTOK_EOF)
			continue;
		t->kind = kind;
		t->macro = t->text;
		t->text = v;
		t->len = strlen(v);
		if (g->macro_referenced)
			g->macro_referenced[index] = true;
	}
}

int dparse_script(struct dprog *g, const char *file, const char *src, size_t len,
		  struct derr *err)
{
	struct dtoklist tl;
	if (dlex_tokenize_pspec(file, src, len, g->pspec, &tl, err) != 0)
		return -1;
	macro_type_names(g, &tl);
	int r = parse_deep(g, &tl, -1, err);
	dtoklist_free(&tl);
	return r;
}

struct dtype *dparse_type_string(struct dtype_ctx *ctx, const char *text)
{
	struct dtoklist tl;
	/* lexed as declarations: a D program's lexer would take a lone word at the start
	 * ("uint32_t", "rxcall_t") for a probe description */
	if (dlex_tokenize_mode("type", text, strlen(text), DLEX_DECLS, &tl, NULL) != 0)
		return NULL;
	/* a scratch program: a type name declares nothing, but the parser wants one to hang
	 * file names on */
	struct dprog scratch = { .types = ctx };
	scratch.files = xcalloc(tl.nfiles + 1, sizeof(char *));
	struct parser p = { .tl = &tl, .prog = &scratch, .ctx = ctx, .script = true };
	struct dtype *t = NULL;
	if (!setjmp(p.fail) && is_typename(&p, peek(&p))) {
		struct dtype *r = type_name(&p);
		if (peek(&p)->kind == DTOK_EOF)
			t = r;
	}
	free(scratch.files);
	dtoklist_free(&tl);
	return t;
}

int dparse_clause_arg(struct dprog *g, enum dpdesc_spec spec, const char *arg,
		      struct derr *err)
{
	struct dtoklist tl;
	if (dlex_tokenize_mode(DPARSE_ARG_FILE, arg, strlen(arg), DLEX_CLAUSE, &tl, err) != 0)
		return -1;
	if (tl.ntoks == 1 && tl.toks[0].kind == DTOK_EOF) {
		/* nothing but blanks and comments: dtrace -n '' says so as it says of an empty
		 * script, not as a syntax error */
		dtoklist_free(&tl);
		derr_set(err, D_EMPTY, "empty D program translation unit");
		return -1;
	}
	macro_type_names(g, &tl);
	int r = parse_deep(g, &tl, (int)spec, err);
	dtoklist_free(&tl);
	return r;
}

int dparse_source(const char *file, const char *src, size_t len, struct dprog **out,
		  struct derr *err)
{
	struct dtoklist tl;
	if (dlex_tokenize(file, src, len, &tl, err) != 0) {
		*out = NULL;
		return -1;
	}
	int r = dparse_program(&tl, out, err);
	dtoklist_free(&tl);
	return r;
}

static void provider_free(struct dprovider *pv)
{
	for (int j = 0; j < pv->nprobes; j++) {
		for (int k = 0; k < pv->probes[j].nargs; k++)
			free(pv->probes[j].args[k].name);
		for (int k = 0; k < pv->probes[j].nxargs; k++)
			free(pv->probes[j].xargs[k].name);
		free(pv->probes[j].xargs);
		free(pv->probes[j].map);
		for (int k = 0; k < pv->probes[j].nalts; k++) {
			struct dformula_alt *a = &pv->probes[j].alts[k];
			free(a->desc);
			for (int m = 0; m < a->nparams; m++)
				free(a->params[m].name);
			free(a->params);
			for (int m = 0; m < a->nguards; m++)
				free(a->guards[m].member);
			free(a->guards);
			free(a->exprs);
		}
		free(pv->probes[j].alts);
		free(pv->probes[j].none);
		free(pv->probes[j].args);
		free(pv->probes[j].name);
	}
	free(pv->probes);
	for (int j = 0; j < pv->ncompanions; j++)
		free(pv->companions[j].desc);
	free(pv->companions);
	free(pv->name);
}

void dprog_drop_formula_providers(struct dprog *g)
{
	int k = 0;
	for (int i = 0; i < g->nprovs; i++) {
		struct dprovider *pv = &g->provs[i];
		bool formulas = pv->nprobes > 0;
		for (int j = 0; j < pv->nprobes && formulas; j++)
			formulas = dprobe_is_formula(&pv->probes[j]);
		if (formulas)
			provider_free(pv);
		else
			g->provs[k++] = *pv;
	}
	g->nprovs = k;
}

void dprog_drop_library_providers(struct dprog *g)
{
	int from = g->provs_from < g->nprovs ? g->provs_from : g->nprovs;
	for (int i = 0; i < from; i++)
		provider_free(&g->provs[i]);
	memmove(g->provs, g->provs + from, sizeof(*g->provs) * (size_t)(g->nprovs - from));
	g->nprovs -= from;
	g->provs_from = 0;
}

void dprog_free(struct dprog *g)
{
	if (!g)
		return;
	for (int i = 0; i < g->ndecls; i++)
		free(g->decls[i].name);
	free(g->decls);
	for (int i = 0; i < g->nprovs; i++)
		provider_free(&g->provs[i]);
	free(g->provs);
	for (int i = 0; i < g->npragmas; i++)
		free(g->pragmas[i]);
	free(g->pragmas);
	for (int i = 0; i < g->nbound; i++)
		free(g->bound[i].name);
	free(g->bound);
	for (int i = 0; i < g->nident_attrs; i++)
		free(g->ident_attrs[i].name);
	free(g->ident_attrs);
	for (size_t i = 0; i < g->nfiles; i++)
		free(g->files[i]);
	free(g->files);
	dast_pool_free(&g->pool);
	for (int i = 0; i < g->noptions; i++) {
		free(g->options[i].name);
		free(g->options[i].value);
	}
	free(g->options);
	dtype_ctx_free(g->types);
	free(g);
}

char *dprog_decls_text(const struct dprog *g)
{
	struct strbuf b = {0};
	strbuf_puts(&b, "");
	for (int i = g->decls_from; i < g->ndecls; i++) {
		const struct ddecl *d = &g->decls[i];
		char *s;
		switch (d->kind) {
		case DDECL_TAG:
			s = dtype_spell_body(d->type, false);
			strbuf_printf(&b, "%s;\n", s);
			free(s);
			break;
		case DDECL_FORWARD:
			s = dtype_spell(d->type, NULL, false);
			strbuf_printf(&b, "%s;\n", s);
			free(s);
			break;
		case DDECL_TYPEDEF:
			s = dtype_spell(d->type, d->name, false);
			strbuf_printf(&b, "typedef %s;\n", s);
			free(s);
			break;
		case DDECL_VAR:
			break;
		}
	}
	return strbuf_take(&b);
}

struct dprovider *dprog_find_provider(const struct dprog *g, const char *name)
{
	for (int i = 0; i < g->nprovs; i++)
		if (strcmp(g->provs[i].name, name) == 0)
			return &g->provs[i];
	return NULL;
}

struct dprobe *dprovider_find_probe(const struct dprovider *pv, const char *name)
{
	for (int i = 0; i < pv->nprobes; i++)
		if (strcmp(pv->probes[i].name, name) == 0)
			return &pv->probes[i];
	return NULL;
}
