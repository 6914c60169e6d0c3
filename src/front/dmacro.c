/* dmacro.c — macro variable expansion over a parsed D program (contract in dmacro.h). */
#include "dmacro.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlex.h"
#include "derr.h"
#include "util.h"
#include "bigstack.h"

void dmacro_env_init(struct dmacro_env *env, int argc, char *const *argv)
{
	memset(env, 0, sizeof(*env));
	env->argv = argv;
	env->argc = argc;
	env->pid = (int)getpid();
	env->ppid = (int)getppid();
	env->uid = (int)getuid();
	env->gid = (int)getgid();
	env->euid = (int)geteuid();
	env->egid = (int)getegid();
	env->pgid = (int)getpgid(0);
	env->sid = (int)getsid(0);
}

struct expander {
	const struct dmacro_env *env;
	struct dast_pool *pool;
	struct derr *err;
	int failed;
};

static int fail(struct expander *x, const struct dnode *n, enum dtag tag, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(struct expander *x, const struct dnode *n, enum dtag tag, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	derr_vset(x->err, tag, fmt, ap);
	va_end(ap);
	/* dtrace numbers the lines of files, not of the -n/-P/... text */
	if (!n->pos.file || strcmp(n->pos.file, DPARSE_ARG_FILE) != 0)
		derr_locate(x->err, DERR_AT_LINE, NULL, n->pos.line, 0);
	x->failed = 1;
	return -1;
}

/* The value of a named macro variable ("pid" for $pid); false if there is none. $target is
 * 0 when there is no -c/-p process, as dtrace predefines it. */
static bool named_value(const struct dmacro_env *env, const char *name, int *out);

bool dmacro_variable_known(const char *name)
{
	struct dmacro_env none = { 0 };
	int v;
	return named_value(&none, name, &v);
}

static bool named_value(const struct dmacro_env *env, const char *name, int *out)
{
	static const struct { const char *name; size_t off; } vars[] = {
		{ "pid", offsetof(struct dmacro_env, pid) },
		{ "ppid", offsetof(struct dmacro_env, ppid) },
		{ "uid", offsetof(struct dmacro_env, uid) },
		{ "gid", offsetof(struct dmacro_env, gid) },
		{ "euid", offsetof(struct dmacro_env, euid) },
		{ "egid", offsetof(struct dmacro_env, egid) },
		{ "pgid", offsetof(struct dmacro_env, pgid) },
		{ "sid", offsetof(struct dmacro_env, sid) },
	};
	if (strcmp(name, "target") == 0) {
		*out = env->target;
		return true;
	}
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		if (strcmp(name, vars[i].name) == 0) {
			memcpy(out, (const char *)env + vars[i].off, sizeof(int));
			return true;
		}
	}
	return false;
}

/* The argument index a digit run names, saturated at INT_MAX: a huge index is simply not
 * supplied, never an overflow. */
static int arg_index(const char *digits, size_t n)
{
	long long i = 0;
	for (size_t k = 0; k < n; k++) {
		i = i * 10 + (digits[k] - '0');
		if (i > INT_MAX)
			return INT_MAX;
	}
	return (int)i;
}

/* The argument $i, marking it used; NULL if not supplied. */
static const char *arg_text(struct expander *x, int i)
{
	if (i < 0 || i >= x->env->argc)
		return NULL;
	if (x->env->referenced)
		x->env->referenced[i] = true;
	return x->env->argv[i];
}

/* Escapes decoded as dtrace decodes macro text (libdtrace's stresc2chr, observed with
 * dtrace -n 'BEGIN { printf("%s|", $$1); }' ARG): \a \b \f \n \r \t \v, up to three octal
 * digits, \x with every hex digit that follows (the value cut to a byte; none is a NUL),
 * \" and \\ the character itself; any other escape keeps its backslash, and a backslash
 * that ends the text is dropped. The result stops at an encoded NUL, as a C string would. */
static char *unescape(const char *s, size_t n, size_t *lenp)
{
	struct strbuf b = {0};
	strbuf_puts(&b, "");
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c != '\\') {
			strbuf_putc(&b, c);
			continue;
		}
		if (++i >= n)
			break;
		c = s[i];
		switch (c) {
		case 'a': strbuf_putc(&b, '\a'); break;
		case 'b': strbuf_putc(&b, '\b'); break;
		case 'f': strbuf_putc(&b, '\f'); break;
		case 'n': strbuf_putc(&b, '\n'); break;
		case 'r': strbuf_putc(&b, '\r'); break;
		case 't': strbuf_putc(&b, '\t'); break;
		case 'v': strbuf_putc(&b, '\v'); break;
		case '"':
		case '\\':
			strbuf_putc(&b, c);
			break;
		case 'x': {
			unsigned v = 0;
			while (i + 1 < n && isxdigit((unsigned char)s[i + 1])) {
				char h = (char)tolower((unsigned char)s[++i]);
				v = v * 16 + (unsigned)(isdigit((unsigned char)h) ? h - '0' : h - 'a' + 10);
			}
			strbuf_putc(&b, (char)v);
			break;
		}
		default:
			if (c >= '0' && c <= '7') {
				int v = c - '0', k = 1;
				while (k < 3 && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7') {
					v = v * 8 + (s[++i] - '0');
					k++;
				}
				strbuf_putc(&b, (char)v);
			} else {
				strbuf_putc(&b, '\\');
				strbuf_putc(&b, c);
			}
		}
	}
	*lenp = strlen(b.s);
	return strbuf_take(&b);
}

static void set_string(struct dnode *n, const char *s, size_t len)
{
	free(n->name);
	n->name = NULL;
	n->kind = DN_STRING;
	n->str = unescape(s, len, &n->slen);
}

static void set_int(struct dnode *n, uint64_t v, bool is_unsigned, int longness)
{
	free(n->name);
	n->name = NULL;
	n->kind = DN_INT;
	n->ival = v;
	n->is_unsigned = is_unsigned;
	n->longness = longness;
}

/* n becomes (- v): the tree form the parser gives a negative constant. */
static void set_negated_int(struct expander *x, struct dnode *n, uint64_t v, bool is_unsigned,
			    int longness)
{
	struct dnode *k = dnode_new(x->pool, DN_INT, n->pos);
	set_int(k, v, is_unsigned, longness);
	free(n->name);
	n->name = NULL;
	n->kind = DN_UNARY;
	n->op = DOP_NEG;
	n->lhs = k;
}

/* `text` (NUL-terminated) as exactly one D integer token: 1 yes, 0 not an integer, -1 the
 * lexer's complaint in err (a digit-led word that is no valid integer). */
static int lex_int(const char *text, struct dtok *out, struct derr *err)
{
	struct dtoklist tl = {0};
	size_t len = strlen(text);
	if (dlex_tokenize_mode("", text, len, DLEX_DECLS, &tl, err) != 0)
		return -1;
	int ok = tl.ntoks == 2 && tl.toks[0].kind == DTOK_INT && tl.toks[0].len == len;
	if (ok)
		*out = tl.toks[0];
	dtoklist_free(&tl);
	return ok;
}

static bool is_ident_text(const char *v)
{
	if (!*v)
		return false;
	for (const char *p = v; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '`')
			return false;
	return true;
}

/* $N (not $$N) with argument text v: integer, identifier or string, as the header says. */
static int expand_arg_token(struct expander *x, struct dnode *n, const char *v)
{
	struct derr err;
	struct dtok t;
	const char *digits = v;
	if (*v == '-' || *v == '+')
		digits = v + 1;
	if (isdigit((unsigned char)*digits)) {
		int r = lex_int(digits, &t, &err);
		if (r == 1) {
			if (*v == '-')
				set_negated_int(x, n, t.ival, t.is_unsigned, t.longness);
			else
				set_int(n, t.ival, t.is_unsigned, t.longness);
			return 0;
		}
		if (r == -1 && err.tag == D_INT_OFLOW && is_ident_text(digits)) {
			/* dtrace reads the digits as an unsigned 64-bit number: past that they overflow;
			 * within it, a decimal constant without 'u' beyond the signed types has no type
			 * (the message D gives that constant in a program, value in hex), signed or not */
			errno = 0;
			unsigned long long big = strtoull(digits, NULL, 0);
			bool erange = errno == ERANGE;
			if (erange && digits != v)
				goto as_string;  /* a signed text that is no number: a string, below */
			if (erange)
				return fail(x, n, D_MACRO_OFLOW, "macro argument %s constant %s results in integer overflow",
					    n->name, digits);
			return fail(x, n, D_INT_OFLOW, "integer constant 0x%llx cannot be represented in any built-in "
				    "integral type", big);
		}
		if (digits == v && is_ident_text(v)) {
			return fail(x, n, D_MACRO_OFLOW, "macro argument %s constant %s is not a valid integer%s%s",
				    n->name, v, r == -1 ? ": " : "", r == -1 ? err.msg : "");
		}
	} else if (is_ident_text(v)) {
		free(n->name);
		n->kind = DN_IDENT;
		n->name = xstrdup(v);
		return 0;
	}
as_string:;
	size_t len = strlen(v);
	if (len >= 2 && v[0] == '"' && v[len - 1] == '"')
		set_string(n, v + 1, len - 2);
	else
		set_string(n, v, len);
	return 0;
}

static int expand_macro(struct expander *x, struct dnode *n)
{
	const char *name = n->name;
	bool as_string = name[0] == '$' && name[1] == '$';
	const char *body = name + (as_string ? 2 : 1);
	if (name[0] != '$' || !*body)
		return fail(x, n, D_SYNTAX, "invalid macro variable '%s'", name);

	if (isdigit((unsigned char)*body)) {
		size_t nd = strspn(body, "0123456789");
		if (body[nd] && strchr(body, '`'))  /* "$1`x": a name (dlex), never defined */
			return fail(x, n, D_MACRO_UNDEF, "macro variable %s is not defined", name);
		if (body[nd])
			return fail(x, n, D_SYNTAX, "invalid macro variable '%s'", name);
		const char *v = arg_text(x, arg_index(body, nd));
		if (!v) {
			bool dflt = x->env->defaultargs || (x->env->defaultargs_line > 0 &&
							     n->pos.line >= x->env->defaultargs_line);
			if (!dflt)
				return fail(x, n, D_MACRO_UNDEF, "macro argument %s is not defined", name);
			if (as_string)
				set_string(n, "", 0);
			else
				set_int(n, 0, false, 0);
			return 0;
		}
		if (as_string) {
			set_string(n, v, strlen(v));
			return 0;
		}
		return expand_arg_token(x, n, v);
	}

	if (!isalpha((unsigned char)*body) && *body != '_')
		return fail(x, n, D_SYNTAX, "invalid macro variable '%s'", name);
	for (const char *p = body; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return fail(x, n, D_SYNTAX, "invalid macro variable '%s'", name);
	int v;
	if (!named_value(x->env, body, &v))
		return fail(x, n, D_MACRO_UNDEF, "macro variable %s is not defined", name);
	if (as_string) {
		char buf[16];
		snprintf(buf, sizeof(buf), "%u", (unsigned)v);
		set_string(n, buf, strlen(buf));
	} else {
		/* Negative ids (never, in practice) keep their int value, as dtrace's (int) cast. */
		if (v < 0)
			set_negated_int(x, n, (uint64_t)-(long long)v, false, 0);
		else
			set_int(n, (uint64_t)v, false, 0);
	}
	return 0;
}

/* A member name `$N` (self->$1, this->$1, x->$1, x.$1; dparse allows only an argument
 * number there): the argument, which must be an identifier; anything else (an integer, a
 * string, a default 0) is the syntax error dtrace's parser reports at that token. */
static int expand_member_name(struct expander *x, struct dnode *n)
{
	int i = arg_index(n->name + 1, strlen(n->name + 1));
	const char *v = arg_text(x, i);
	bool dflt = x->env->defaultargs ||
		    (x->env->defaultargs_line > 0 && n->pos.line >= x->env->defaultargs_line);
	if (!v && !dflt)
		return fail(x, n, D_MACRO_UNDEF, "macro argument %s is not defined", n->name);
	if (!v || !is_ident_text(v) || isdigit((unsigned char)*v))
		return fail(x, n, D_SYNTAX, "syntax error near \"%s\"", n->name);
	free(n->name);
	n->name = xstrdup(v);
	return 0;
}

/* One ':'-separated field of a probe description with its first macro variable replaced
 * (dtrace allows one per field); false if the variable is undefined. */
static bool pdesc_field(struct expander *x, const char *f, size_t len, struct strbuf *out)
{
	const char *v = memchr(f, '$', len);
	if (!v) {
		strbuf_add(out, f, len);
		return true;
	}
	const char *end = f + len;
	strbuf_add(out, f, (size_t)(v - f));
	const char *name = v + 1;
	if (end - name > 1 && *name == '$')
		name++;
	if (name < end && isdigit((unsigned char)*name)) {
		const char *d = name;
		while (d < end && isdigit((unsigned char)*d))
			d++;
		const char *a = arg_text(x, arg_index(name, (size_t)(d - name)));
		if (!a)
			return false;
		strbuf_puts(out, a);
		strbuf_add(out, d, (size_t)(end - d));
		return true;
	}
	if (name >= end)
		return false;
	char *var = xstrndup(name, (size_t)(end - name));
	int val;
	bool ok = named_value(x->env, var, &val);
	free(var);
	if (ok)
		strbuf_printf(out, "%d", val);
	return ok;
}

/* Every field of `s` (split at ':') through pdesc_field. Malloc'd, or NULL if undefined. */
static char *pdesc_text(struct expander *x, const char *s)
{
	struct strbuf b = {0};
	strbuf_puts(&b, "");
	for (;;) {
		const char *c = strchr(s, ':');
		size_t len = c ? (size_t)(c - s) : strlen(s);
		if (!pdesc_field(x, s, len, &b)) {
			strbuf_free(&b);
			return NULL;
		}
		if (!c)
			return strbuf_take(&b);
		strbuf_putc(&b, ':');
		s = c + 1;
	}
}

static int expand_pdesc(struct expander *x, struct dnode *n)
{
	if (n->spec == DPD_ID || !strchr(n->name, '$'))
		return 0;
	char *text = pdesc_text(x, n->name);
	char *pd[4] = {0};
	bool ok = text != NULL;
	for (int i = 0; ok && i < 4; i++)
		ok = n->pd[i] && (pd[i] = pdesc_text(x, n->pd[i])) != NULL;
	if (!ok) {
		free(text);
		for (int i = 0; i < 4; i++)
			free(pd[i]);
		return fail(x, n, D_PDESC_INVAL, "invalid probe description \"%s\": "
			    "Undefined macro variable in probe description", n->name);
	}
	free(n->name);
	n->name = text;
	for (int i = 0; i < 4; i++) {
		free(n->pd[i]);
		n->pd[i] = pd[i];
	}
	return 0;
}

/* Children first in source order, so the first error reported is the first written. The
 * parser bounds nesting; `next` chains are walked by the loop, not by recursion. */
static void walk(struct expander *x, struct dnode *n)
{
	for (; n && !x->failed; n = n->next) {
		switch (n->kind) {
		case DN_MACRO:
			expand_macro(x, n);
			continue;
		case DN_PDESC:
			expand_pdesc(x, n);
			continue;
		case DN_SELF:
		case DN_THIS:
			if (n->name && n->name[0] == '$' && expand_member_name(x, n) != 0)
				continue;
			walk(x, n->lhs);
			walk(x, n->args);
			continue;
		case DN_MEMBER:
			walk(x, n->lhs);
			if (!x->failed && n->name && n->name[0] == '$')
				expand_member_name(x, n);
			continue;
		case DN_CLAUSE:
			walk(x, n->args);
			walk(x, n->cond);
			walk(x, n->body);
			continue;
		case DN_COND:
		case DN_IF:
			walk(x, n->cond);
			walk(x, n->lhs);
			walk(x, n->rhs);
			continue;
		default:
			walk(x, n->lhs);
			walk(x, n->args);
			walk(x, n->cond);
			walk(x, n->rhs);
			walk(x, n->body);
		}
	}
}

struct expand_call {
	struct expander *x;
	struct dnode *items;
};

static void expand_call_run(void *arg)
{
	struct expand_call *c = arg;
	walk(c->x, c->items);
}

int dmacro_expand(struct dprog *prog, const struct dmacro_env *env, struct derr *err)
{
	struct expander x = { env, &prog->pool, err, 0 };
	/* the walk is as deep as the program's tree (bigstack.h) */
	struct expand_call c = { &x, prog->items };
	bigstack_run(expand_call_run, &c);
	return x.failed ? -1 : 0;
}

int dmacro_check_unused(const struct dmacro_env *env, int line, struct derr *err)
{
	if (env->argc < 2 || env->argref)
		return 0;
	int last = env->argc - 1;
	if (env->referenced && env->referenced[last])
		return 0;
	return derr_set_line(err, D_MACRO_UNUSED, line, "extraneous argument '%s' ($%d is not referenced)",
			     env->argv[last], last);
}
