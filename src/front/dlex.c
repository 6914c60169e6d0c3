/* dlex.c — see dlex.h. One pass over the buffer; the position (file, line, col) is tracked
 * as we go so every token and every message knows where it came from. */
#include "dlex.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derr.h"
#include "dkeywords.h"
#include "util.h"

static const char *const keywords[] = { D_KEYWORDS };

/* Longest first, so the first match is the longest. */
static const char *const puncts[] = {
	"<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"^^", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
	"+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "<", ">", "=", "?", ":", ";", ",",
	".", "(", ")", "[", "]", "{", "}", "`",
};

struct lexer {
	struct dtoklist *out;
	const char *p, *end;
	const char *file;
	int line;
	const char *line_start;  /* for columns */
	struct derr *err;        /* never NULL */
	enum dlex_mode mode;
	int braces;              /* { } depth, for where clauses may start */
	bool record_body;        /* the outermost { } open is a struct, union or enum's body */
	bool record_closed;      /* the last } closed such a body: declarators follow, not a
	                          * clause (struct s { int a; } x, y;) */
	int parens, brackets;    /* ( ) and [ ] depth (D programs) */
	bool pspec;              /* the pspec option is on (dlex_tokenize_pspec) */
};

bool dlex_is_keyword(const char *s, size_t len)
{
	for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (strlen(keywords[i]) == len && memcmp(keywords[i], s, len) == 0)
			return true;
	return false;
}

bool dtok_is(const struct dtok *t, const char *s)
{
	if (t->kind != DTOK_PUNCT && t->kind != DTOK_KEYWORD && t->kind != DTOK_IDENT)
		return false;
	return strlen(s) == t->len && memcmp(t->text, s, t->len) == 0;
}

char *dtok_str(const struct dtok *t)
{
	if (t->kind == DTOK_EOF)
		return xstrdup("end of input");
	return xstrndup(t->text, t->len);
}

static int col_of(struct lexer *lx, const char *at)
{
	return (int)(at - lx->line_start) + 1;
}

static int lex_error(struct lexer *lx, const char *at, enum dtag tag, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int lex_error(struct lexer *lx, const char *at, enum dtag tag, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	derr_vset(lx->err, tag, fmt, ap);
	va_end(ap);
	/* dtrace numbers the lines of files, not of -n text */
	enum derr_at how = lx->mode == DLEX_DECLS ? DERR_AT_FILE
			   : lx->mode == DLEX_SCRIPT ? DERR_AT_LINE : DERR_AT_NONE;
	int line = lx->line;
	if (how != DERR_AT_FILE && lx->out->nfiles > 0 && lx->file != lx->out->files[0]) {
		if (how == DERR_AT_NONE)
			line = 0;  /* a -n argument's #line: its file, no line (new_tok) */
		how = DERR_AT_FILETAG;  /* dtrace's pcb_filetag */
	}
	return derr_locate(lx->err, how, lx->file, line, col_of(lx, at));
}

static const char *intern_file(struct dtoklist *l, const char *name, size_t n)
{
	for (size_t i = 0; i < l->nfiles; i++)
		if (strlen(l->files[i]) == n && memcmp(l->files[i], name, n) == 0)
			return l->files[i];
	xgrow(&l->files, sizeof(*l->files), &l->fcap, l->nfiles + 1);
	l->files[l->nfiles] = xstrndup(name, n);
	return l->files[l->nfiles++];
}

static struct dtok *new_tok(struct lexer *lx, enum dtok_kind kind, const char *start, size_t len)
{
	struct dtoklist *l = lx->out;
	xgrow(&l->toks, sizeof(*l->toks), &l->cap, l->ntoks + 1);
	struct dtok *t = &l->toks[l->ntoks++];
	memset(t, 0, sizeof(*t));
	t->kind = kind;
	t->text = start;
	t->len = len;
	t->file = lx->file;
	t->line = lx->line;
	/* a -n argument's text after `#line N "FILE"`: dtrace names that file but, reading no
	 * file, numbers no line ("FILE", line 0) */
	if (lx->mode == DLEX_CLAUSE && l->nfiles > 0 && lx->file != l->files[0])
		t->line = 0;
	t->col = col_of(lx, start);
	return t;
}

static void newline(struct lexer *lx, const char *after)
{
	lx->line++;
	lx->line_start = after;
}

/* Skips a comment starting at lx->p ("/ *" or "//"); returns -1 if unterminated. */
static int skip_comment(struct lexer *lx)
{
	const char *start = lx->p;
	if (lx->p[1] == '/') {
		while (lx->p < lx->end && *lx->p != '\n')
			lx->p++;
		return 0;
	}
	int line0 = lx->line;
	const char *ls0 = lx->line_start;
	lx->p += 2;
	for (; lx->p + 1 < lx->end; lx->p++) {
		if (lx->p[0] == '*' && lx->p[1] == '/') {
			lx->p += 2;
			return 0;
		}
		/* D comments do not nest, and dtrace's lexer refuses an opener inside one */
		if (lx->p[0] == '/' && lx->p[1] == '*' && lx->mode != DLEX_DECLS)
			return lex_error(lx, lx->p, D_SYNTAX, "/* encountered inside a comment");
		if (*lx->p == '\n')
			newline(lx, lx->p + 1);
	}
	if (lx->mode != DLEX_DECLS) {
		/* dtrace's lexer is at the end of the input when it notices: that line; a file
		 * ending in a newline ends on the line after it */
		if (lx->p < lx->end && *lx->p == '\n')
			newline(lx, lx->p + 1);
		return lex_error(lx, lx->end, D_SYNTAX, "end-of-file encountered before matching */");
	}
	lx->line = line0;
	lx->line_start = ls0;
	return lex_error(lx, start, D_SYNTAX, "unterminated comment");
}

/* Reads one escape after the backslash at *pp; stores the byte value. */
static int read_escape(struct lexer *lx, const char **pp, unsigned *val)
{
	const char *p = *pp + 1;  /* past '\' */
	if (p >= lx->end)
		return lex_error(lx, *pp, D_SYNTAX, "unterminated escape sequence");
	char c = *p++;
	switch (c) {
	case 'n': *val = '\n'; break;
	case 't': *val = '\t'; break;
	case 'v': *val = '\v'; break;
	case 'b': *val = '\b'; break;
	case 'r': *val = '\r'; break;
	case 'f': *val = '\f'; break;
	case 'a': *val = '\a'; break;
	case '\\': case '\'': case '"': case '?': *val = (unsigned char)c; break;
	case 'x': {
		if (p >= lx->end || !isxdigit((unsigned char)*p))
			return lex_error(lx, *pp, D_UNKNOWN, "\\x used with no following hex digits");
		unsigned v = 0;
		while (p < lx->end && isxdigit((unsigned char)*p)) {
			int d = isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10;
			v = v * 16 + (unsigned)d;
			if (v > 0xff)
				return lex_error(lx, *pp, D_SYNTAX, "hex escape sequence out of range");
			p++;
		}
		*val = v;
		break;
	}
	default:
		if (c >= '0' && c <= '7') {
			unsigned v = (unsigned)(c - '0');
			for (int i = 0; i < 2 && p < lx->end && *p >= '0' && *p <= '7'; i++)
				v = v * 8 + (unsigned)(*p++ - '0');
			if (v > 0xff)
				return lex_error(lx, *pp, D_SYNTAX, "octal escape sequence out of range");
			*val = v;
			break;
		}
		if (isprint((unsigned char)c))
			return lex_error(lx, *pp, D_SYNTAX, "invalid escape sequence '\\%c'", c);
		return lex_error(lx, *pp, D_SYNTAX, "invalid escape sequence");
	}
	*pp = p;
	return 0;
}

/* One escape sequence of a D program's string or character constant, at p (the backslash),
 * decoded as dtrace decodes them: \a \b \f \n \r \t \v, \\ and \", up to three octal digits,
 * \x and any number of hex digits (the value cut to a byte), and any other character kept
 * with its backslash ("\?" stays two characters). Never an error. Returns the next p. */
static const char *d_escape(const char *p, const char *end, struct strbuf *b)
{
	p++;
	if (p >= end)
		return p;
	char c = *p++;
	const char *simple = strchr("abfnrtv", c);
	if (c && simple) {
		strbuf_putc(b, "\a\b\f\n\r\t\v"[simple - "abfnrtv"]);
	} else if (c == '\\' || c == '"') {
		strbuf_putc(b, c);
	} else if (c >= '0' && c <= '7') {
		unsigned v = (unsigned)(c - '0');
		for (int i = 0; i < 2 && p < end && *p >= '0' && *p <= '7'; i++)
			v = v * 8 + (unsigned)(*p++ - '0');
		strbuf_putc(b, (char)v);
	} else if (c == 'x') {
		unsigned v = 0;
		for (; p < end && isxdigit((unsigned char)*p); p++)
			v = v * 16 + (unsigned)(isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10);
		strbuf_putc(b, (char)v);
	} else {
		strbuf_putc(b, '\\');
		strbuf_putc(b, c);
	}
	return p;
}

/* In a string constant, the escapes dtrace leaves as they are: all but \a \b \f \n \r \t \v,
 * \" and \\, octal and \x. (Character constants follow C.) */
static bool keeps_backslash(char c)
{
	return !strchr("abfnrtv\"\\x01234567", c) && c != '\n';
}

/* String or character constant; quote is '"' or '\''. */
static int lex_quoted(struct lexer *lx, char quote)
{
	const char *start = lx->p;
	const char *p = start + 1;
	struct strbuf b = {0};
	for (;;) {
		if (p < lx->end && *p == '\n' && lx->mode != DLEX_DECLS) {
			/* dtrace's lexer has read the newline: the message has the next line */
			strbuf_free(&b);
			newline(lx, p + 1);
			if (quote == '"')
				return lex_error(lx, p, D_STR_NL, "newline encountered in string literal");
			return lex_error(lx, p, D_CHR_NL, "newline encountered in character constant");
		}
		if (p >= lx->end && lx->mode != DLEX_DECLS) {
			/* dtrace's lexer matches a constant only with its closing quote: at the
			 * end of the input the quote alone is the token its parser refuses */
			strbuf_free(&b);
			return lex_error(lx, start, D_SYNTAX, "syntax error near \"%c\"", quote);
		}
		if (p >= lx->end || *p == '\n') {
			strbuf_free(&b);
			return lex_error(lx, start, D_STR_NL, quote == '"' ? "unterminated string constant"
							    : "unterminated character constant");
		}
		if (*p == quote)
			break;
		if (*p == '\\' && p + 1 < lx->end && p[1] == '\n' && lx->mode != DLEX_DECLS) {
			/* dtrace's lexer has no rule for a backslash before a newline in a constant
			 * (RGX_STR, RGX_CHR): the quote alone is the token its parser refuses */
			strbuf_free(&b);
			return lex_error(lx, start, D_SYNTAX, "syntax error near \"%c\"", quote);
		}
		if (*p == '\\' && lx->mode != DLEX_DECLS) {
			p = d_escape(p, lx->end, &b);
			continue;
		}
		if (*p == '\\' && quote == '"' && p + 1 < lx->end && keeps_backslash(p[1])) {
			/* dtrace decodes only the escapes it knows in a string and keeps the
			 * backslash of any other ("\?" stays two characters) */
			strbuf_putc(&b, *p++);
			strbuf_putc(&b, *p++);
			continue;
		}
		if (*p == '\\') {
			unsigned v = 0;
			if (read_escape(lx, &p, &v) != 0) {
				strbuf_free(&b);
				return -1;
			}
			strbuf_putc(&b, (char)v);
			continue;
		}
		strbuf_putc(&b, *p++);
	}
	p++;
	size_t n = b.len;
	struct dtok *t = new_tok(lx, quote == '"' ? DTOK_STRING : DTOK_CHAR, start, (size_t)(p - start));
	t->slen = n;
	t->str = strbuf_take(&b);
	if (quote == '\'') {
		if (n == 0) {
			lx->out->ntoks--;
			free(t->str);
			return lex_error(lx, start, D_CHR_NULL, "empty character constant");
		}
		/* dtrace's lexer packs up to 8 bytes big-endian ('ab' is 0x6162), unsigned and
		 * extending none of them ('\377' is 255, '\377\377\377\377' is 4294967295),
		 * then types the value as a decimal constant: int, else long, else none */
		if (lx->mode == DLEX_DECLS && n > 4) {
			/* a provider file's C: gcc packs at most an int's worth */
			lx->out->ntoks--;
			free(t->str);
			return lex_error(lx, start, D_CHR_OFLOW, "character constant is too long");
		}
		if (n > 8) {
			lx->out->ntoks--;
			free(t->str);
			return lex_error(lx, start, D_CHR_OFLOW, "character constant is too long");
		}
		uint64_t v = 0;
		for (size_t i = 0; i < n; i++)
			v = (v << 8) | (unsigned char)t->str[i];
		if (v > 0x7fffffffffffffffull) {
			lx->out->ntoks--;
			free(t->str);
			return lex_error(lx, start, D_INT_OFLOW, "integer constant 0x%llx cannot be "
					 "represented in any built-in integral type", (unsigned long long)v);
		}
		if (lx->mode == DLEX_DECLS && n > 1)  /* C's multi-character constant: an int */
			v = (uint64_t)(int64_t)(int32_t)(uint32_t)v;
		t->ival = v;
		t->longness = lx->mode != DLEX_DECLS && v > 0x7fffffff;
	}
	lx->p = p;
	return 0;
}

/* dtrace's lexer's integer pattern (dlex.h) */
const char *dlex_int_end(const char *p, const char *end)
{
	const char *q = p;
	if (end - q > 2 && q[0] == '0' && (q[1] == 'x' || q[1] == 'X') && isxdigit((unsigned char)q[2])) {
		for (q += 2; q < end && isxdigit((unsigned char)*q); q++)
			;
	} else {
		while (q < end && isdigit((unsigned char)*q))
			q++;
		/* "1f" and "08F" are floating-point constants to dtrace's lexer (digits and a
		 * float suffix match its floating pattern, longer than the integer "1") */
		if (q == p || (q < end && (*q == '.' || *q == 'f' || *q == 'F')))
			return NULL;
		/* an exponent needs digits: "1e5" and "1e-5" are (refused) floating-point
		 * constants, while "1e" and "1e+" are the constant 1 and then "e" (dtrace's
		 * lexer takes the longest match, and a bare 'e' makes no floating constant) */
		if (q < end && (*q == 'e' || *q == 'E')) {
			const char *x = q + 1;
			if (x < end && (*x == '+' || *x == '-'))
				x++;
			if (x < end && isdigit((unsigned char)*x))
				return NULL;
			return q;
		}
	}
	if (q < end && (*q == 'u' || *q == 'U'))
		q++;
	for (int i = 0; i < 2 && q < end && (*q == 'l' || *q == 'L'); i++)
		q++;
	return q;
}

static int lex_number(struct lexer *lx)
{
	const char *start = lx->p, *p = start;
	const char *dend = lx->mode != DLEX_DECLS ? dlex_int_end(start, lx->end) : NULL;
	if (dend && dend < lx->end && (isalnum((unsigned char)*dend) || *dend == '_' || *dend == '.')) {
		/* "10ms", "0abc": the constant ends where dtrace's does; the letters after it are
		 * the next token (and usually a syntax error there). A hex constant ends before a
		 * `.` too: D has no hex floating constants ("0x1.p1" is 0x1, then the member p1) */
		const char *save = lx->end;
		lx->end = dend;
		int r = lex_number(lx);
		lx->end = save;
		return r;
	}
	/* A pp-number: digits, letters, '.', and exponent signs. */
	while (p < lx->end && (isalnum((unsigned char)*p) || *p == '.' || *p == '_' ||
			       ((*p == '+' || *p == '-') && strchr("eEpP", p[-1]) &&
				!(start[0] == '0' && (start[1] == 'x' || start[1] == 'X') && strchr("eE", p[-1])))))
		p++;
	size_t len = (size_t)(p - start);
	bool is_hex = len > 1 && start[0] == '0' && (start[1] == 'x' || start[1] == 'X');
	bool is_float = false;
	if (!is_hex && lx->mode != DLEX_DECLS) {  /* digits then f: see dlex_int_end */
		const char *q = start;
		while (q < p && isdigit((unsigned char)*q))
			q++;
		is_float = q < p && (*q == 'f' || *q == 'F');
	}
	for (const char *q = start; q < p; q++)
		if (*q == '.' || (!is_hex && (*q == 'e' || *q == 'E')) || (is_hex && (*q == 'p' || *q == 'P')))
			is_float = true;
	if (is_float) {
		char *tmp = xstrndup(start, len), *e;
		strtod(tmp, &e);
		if (*e && !(e[1] == '\0' && strchr("fFlL", *e))) {
			/* D has no floating-point constants: dtrace's lexer refuses any it sees,
			 * malformed or not, as a syntax error */
			int r = lx->mode != DLEX_DECLS
				? lex_error(lx, start, D_SYNTAX, "floating-point constants are not permitted")
				: lex_error(lx, start, D_UNKNOWN, "invalid floating constant '%s'", tmp);
			free(tmp);
			return r;
		}
		free(tmp);
		new_tok(lx, DTOK_FLOAT, start, len);
		lx->p = p;
		return 0;
	}

	int base = 10;
	const char *d = start;
	if (is_hex) {
		base = 16;
		d += 2;
	} else if (start[0] == '0') {
		base = 8;
	}
	uint64_t v = 0;
	bool overflow = false;
	const char *q = d;
	for (; q < p; q++) {
		int dig;
		if (isdigit((unsigned char)*q))
			dig = *q - '0';
		else if (base == 16 && isxdigit((unsigned char)*q))
			dig = tolower((unsigned char)*q) - 'a' + 10;
		else
			break;
		if (dig >= base) {
			/* dtrace (strtoull's stop, then its check) names the whole constant with
			 * its suffix; C files get gcc's words */
			if (lx->mode != DLEX_DECLS)
				return lex_error(lx, start, D_INT_DIGIT, "constant %.*s contains invalid digit %c",
						 (int)len, start, *q);
			return lex_error(lx, start, D_INT_DIGIT, "invalid digit '%c' in octal constant", *q);
		}
		if (v > (UINT64_MAX - (uint64_t)dig) / (uint64_t)base)
			overflow = true;
		v = v * (uint64_t)base + (uint64_t)dig;
	}
	if (is_hex && q == d)
		return lex_error(lx, start, D_INT_DIGIT, "invalid hexadecimal constant '%.*s'", (int)len, start);
	/* Suffix: u, l, ll in either order and case. In D two l's may differ in case ("1lL" is
	 * a long long for dtrace, whose lexer takes [uU]?[lL]?[lL]?); C files keep C's rule that
	 * "lL" is no "ll". */
	bool u = false;
	int l = 0;
	const char *s = q;
	while (s < p) {
		if ((*s == 'u' || *s == 'U') && !u) {
			u = true;
			s++;
		} else if ((*s == 'l' || *s == 'L') && l == 0) {
			if (s + 1 < p && (s[1] == s[0] ||
					  (lx->mode != DLEX_DECLS && (s[1] == 'l' || s[1] == 'L')))) {
				l = 2;
				s += 2;
			} else {
				l = 1;
				s++;
			}
		} else {
			return lex_error(lx, start, D_SYNTAX, "invalid suffix '%.*s' on integer constant",
					 (int)(p - q), q);
		}
	}
	if (overflow && lx->mode != DLEX_DECLS)
		return lex_error(lx, start, D_INT_OFLOW, "constant %.*s results in integer overflow", (int)len,
				 start);
	if (overflow)
		return lex_error(lx, start, D_INT_OFLOW, "integer constant '%.*s' is too large", (int)len, start);

	/* C's rule for the type of an integer constant on LP64: the first of the candidate
	 * types that holds the value; decimal constants only try signed types unless 'u'. */
	bool res_u = u;
	int res_l = l;
	if (l == 0 && !u && v <= 0x7fffffff) {
		res_l = 0;
	} else if (l == 0 && (u || base != 10) && v <= 0xffffffffu) {
		res_u = true;
	} else if (!u && v <= 0x7fffffffffffffffull) {
		res_l = l ? l : 1;
	} else if (u || base != 10) {
		res_u = true;
		res_l = l ? l : 1;
	} else {
		/* Decimal without 'u' beyond long: gcc makes it unsigned with a warning; we refuse,
		 * in D as dt_node_int does (no signed type holds it; the value in hex) */
		if (lx->mode != DLEX_DECLS)
			return lex_error(lx, start, D_INT_OFLOW, "integer constant 0x%llx cannot be represented "
					 "in any built-in integral type", (unsigned long long)v);
		return lex_error(lx, start, D_INT_OFLOW, "integer constant '%.*s' is too large for long", (int)len, start);
	}
	struct dtok *t = new_tok(lx, DTOK_INT, start, len);
	t->ival = v;
	t->is_unsigned = res_u;
	t->longness = res_l;
	lx->p = p;
	return 0;
}

/* D programs, a `/` at p: dtrace's lexer takes one that is followed (past blanks) by the end, `;`,
 * `{` or `/` as a predicate's end, and refuses it there inside parentheses or brackets, at the
 * line of what follows: `x = (1 // note` is "closing ) expected in predicate before /". The `/`
 * opening a predicate (right after the descriptions) is not read so. Returns whether it failed
 * (the error set). */
static bool epred_unclosed(struct lexer *lx, const char *p)
{
	const struct dtoklist *l = lx->out;
	if ((lx->parens == 0 && lx->brackets == 0) ||
	    (l->ntoks > 0 && l->toks[l->ntoks - 1].kind == DTOK_PDESC))
		return false;
	const char *q = p + 1;
	int lines = 0;
	while (q < lx->end && *q && strchr("\f\n\r\t\v ", *q)) {
		lines += *q == '\n';
		q++;
	}
	if (q < lx->end && *q && !strchr(";{/", *q))
		return false;
	lx->line += lines;
	lex_error(lx, p, D_SYNTAX, "closing %c expected in predicate before /", lx->parens ? ')' : ']');
	return true;
}

static bool at_line_start(struct lexer *lx, const char *at)
{
	for (const char *q = lx->line_start; q < at; q++)
		if (*q != ' ' && *q != '\t')
			return false;
	return true;
}

/* A '#' at the start of a line: a cpp line marker, #pragma, or an error. */
/* "D option pspec" (words separated by blanks). */
static bool pragma_sets_pspec(const char *text)
{
	static const char *const words[] = {"D", "option", "pspec"};
	const char *p = text;
	for (size_t i = 0; i < 3; i++) {
		while (*p == ' ' || *p == '\t')
			p++;
		size_t n = strlen(words[i]);
		if (strncmp(p, words[i], n) != 0)
			return false;
		p += n;
		if (*p && *p != ' ' && *p != '\t')
			return false;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	return *p == '\0';
}

/* Whether the control-line text at p (up to eol) starts with the word w; *after is past it. */
static bool directive_word(const char *p, const char *eol, const char *w, const char **after)
{
	while (p < eol && (*p == ' ' || *p == '\t'))
		p++;
	size_t n = strlen(w);
	if ((size_t)(eol - p) < n || memcmp(p, w, n) != 0 ||
	    (p + n < eol && (isalnum((unsigned char)p[n]) || p[n] == '_')))
		return false;
	*after = p + n;
	return true;
}

/* `#error ...` (or `#pragma [D] error ...`): dtrace's D_PRAGERR, whose message is the line's
 * names, operators and strings (without their quotes), each followed by a blank; numbers are
 * left out. */
static int directive_error(struct lexer *lx, const char *hash, const char *p, const char *eol)
{
	struct strbuf b = {0};
	while (p < eol) {
		if (isalpha((unsigned char)*p) || *p == '_') {
			const char *e = p;
			while (e < eol && (isalnum((unsigned char)*e) || *e == '_'))
				e++;
			strbuf_printf(&b, "%.*s ", (int)(e - p), p);
			p = e;
		} else if (*p == '"') {
			const char *e = p + 1;
			while (e < eol && *e != '"')
				e += (*e == '\\' && e + 1 < eol) ? 2 : 1;
			strbuf_printf(&b, "%.*s ", (int)(e - p - 1), p + 1);
			p = e < eol ? e + 1 : e;
		} else if (isdigit((unsigned char)*p)) {
			while (p < eol && (isalnum((unsigned char)*p) || *p == '.'))
				p++;
		} else if (isspace((unsigned char)*p)) {
			/* every blank, \v and \f included: the operator branch below stops at
			 * them, and would not move past one (fuzz_dprog: a #pragma error line
			 * with a \v looped for ever, the message growing) */
			p++;
		} else {
			/* operators: the control-line lexer returns them as names */
			const char *e = p;
			while (e < eol && !isalnum((unsigned char)*e) && !isspace((unsigned char)*e) &&
			       *e != '_' && *e != '"')
				e++;
			strbuf_printf(&b, "%.*s ", (int)(e - p), p);
			p = e;
		}
	}
	int r = lex_error(lx, hash, D_PRAGERR, "#error: %s", b.s ? b.s : "");
	strbuf_free(&b);
	return r;
}

/* A line marker: "# 12 "file" 1 3" from cpp (dtrace_own false), or dtrace's own "#line 12
 * "file"" and "#pragma [D] line 12 "file"" (dtrace_own true); n points at the line number.
 * Sets the line (and file) of what follows; returns 1, or lex_error's value. */
static int line_directive(struct lexer *lx, const char *hash, const char *n, const char *eol,
			  bool dtrace_own)
{
	while (n < eol && (*n == ' ' || *n == '\t'))
		n++;
	char *endn;
	long ln = strtol(n, &endn, 10);
	/* dtrace's words for a #line it cannot read (dt_pragma_line) */
	bool d = lx->mode != DLEX_DECLS;
	const char *bad = d ? "malformed #line <line> [ [\"file\"] state ]" : "invalid line marker";
	enum dtag badtag = d ? D_PRAGMA_MALFORM : D_UNKNOWN;
	if (d && isdigit((unsigned char)*n)) {  /* dtrace's lexer reads the number first */
		errno = 0;
		strtoull(n, NULL, 10);
		if (errno == ERANGE)
			return lex_error(lx, hash, D_INT_OFLOW, "constant %.*s results in integer overflow",
					 (int)strspn(n, "0123456789"), n);
	}
	if (endn == n || ln < 0 || ln > 0x7fffffff || (endn < eol && !isspace((unsigned char)*endn)))
		return lex_error(lx, hash, badtag, "%s", bad);
	const char *f = endn;
	while (f < eol && (*f == ' ' || *f == '\t'))
		f++;
	const char *fname = NULL;
	size_t flen = 0;
	if (f < eol && *f == '"') {
		const char *fe = f + 1;
		while (fe < eol && *fe != '"')
			fe += (*fe == '\\' && fe + 1 < eol) ? 2 : 1;
		if (fe >= eol)
			return lex_error(lx, hash, badtag, "%s", bad);
		fname = f + 1;
		flen = (size_t)(fe - fname);
	} else if (f < eol && !isspace((unsigned char)*f)) {
		return lex_error(lx, hash, badtag, "%s", bad);
	}
	/* after the file, cpp's flags: integers only. dtrace checks the first before it takes
	 * the file, the others after (the error then names the new file) */
	const char *st = fname ? fname + flen + 1 : f;
	for (int i = 0; d && st < eol; i++) {
		while (st < eol && strchr(" \t\f\v\r", *st))
			st++;
		const char *se = st;
		while (se < eol && !strchr(" \t\f\v\r", *se))
			se++;
		if (se == st)
			break;
		bool digits = true;
		for (const char *c = st; c < se; c++)
			digits &= isdigit((unsigned char)*c) != 0;
		if (!digits) {
			if (i > 0 && fname)
				lx->file = intern_file(lx->out, fname, flen);
			return lex_error(lx, hash, badtag, "%s", bad);
		}
		st = se;
	}
	/* "/dev/stdin" is dtrace's name for the program itself (dt_pragma_line) */
	if (fname && d && flen == 10 && memcmp(fname, "/dev/stdin", 10) == 0)
		lx->file = lx->out->files[0];
	else if (fname)
		lx->file = intern_file(lx->out, fname, flen);
	/* cpp's marker names the line that follows it; dtrace's own "#line N" makes it
	 * N + 1 (dt_pragma counts the directive's newline after dt_pragma_line) */
	lx->p = eol < lx->end ? eol + 1 : eol;
	lx->line = (int)ln + (dtrace_own && d ? 1 : 0);
	lx->line_start = lx->p;
	return 1;
}

/* A control line whose word is not a name: dtrace's lexer finds out at the line's end. */
static int bad_control_word(struct lexer *lx, const char *hash)
{
	lx->line++;
	return lex_error(lx, hash, D_PRAGCTL_INVAL, "invalid control directive");
}

static int lex_directive(struct lexer *lx)
{
	const char *hash = lx->p;
	const char *eol = memchr(hash, '\n', (size_t)(lx->end - hash));
	if (!eol)
		eol = lx->end;
	/* an interpreter line: dtrace's lexer discards "#!" lines wherever they start a line
	 * (blanks before them allowed), not only the first */
	if (lx->mode != DLEX_DECLS && hash + 1 < eol && hash[1] == '!')
		return lx->p = eol, 0;
	/* dtrace's lexer reads a control line up to its newline: the end of the text before it
	 * is a syntax error, however complete the directive */
	if (eol == lx->end && lx->mode != DLEX_DECLS)
		return lex_error(lx, hash, D_SYNTAX, "end-of-file encountered before end of control line");
	const char *p = hash + 1;
	while (p < eol && (*p == ' ' || *p == '\t'))
		p++;
	const char *w = p;
	/* dtrace dispatches a control line by its first word, a name: a string there is no
	 * directive (reported from the line's end, a line below) */
	if (lx->mode != DLEX_DECLS && w < eol && *w == '"')
		return bad_control_word(lx, hash);
	while (p < eol && isalnum((unsigned char)*p))
		p++;
	size_t wl = (size_t)(p - w);

	const char *after;
	if (lx->mode != DLEX_DECLS && wl == 5 && memcmp(w, "error", 5) == 0)
		return directive_error(lx, hash, p, eol);
	if (lx->mode != DLEX_DECLS && wl == 6 && memcmp(w, "pragma", 6) == 0 &&
	    (directive_word(p, eol, "error", &after) ||
	     (directive_word(p, eol, "D", &after) && directive_word(after, eol, "error", &after))))
		return directive_error(lx, hash, after, eol);
	if (lx->mode != DLEX_DECLS && wl == 5 && memcmp(w, "ident", 5) == 0)
		return lx->p = eol, 0;  /* dtrace ignores #ident's text */

	if (wl == 6 && memcmp(w, "pragma", 6) == 0) {
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (lx->mode != DLEX_DECLS && q > p && q < eol && *q == '"')
			return bad_control_word(lx, hash);
		/* "#pragma line N" and "#pragma D line N" are dtrace's #line (dt_pragma) */
		if (lx->mode != DLEX_DECLS &&
		    (directive_word(p, eol, "line", &after) ||
		     (directive_word(p, eol, "D", &after) && directive_word(after, eol, "line", &after))))
			return line_directive(lx, hash, after, eol, true);
		while (p < eol && (*p == ' ' || *p == '\t'))
			p++;
		const char *e = eol;
		while (e > p && isspace((unsigned char)e[-1]))
			e--;
		struct dtoklist *l = lx->out;
		xgrow(&l->pragmas, sizeof(*l->pragmas), &l->pcap, l->npragmas + 1);
		struct dpragma *pr = &l->pragmas[l->npragmas++];
		pr->text = xstrndup(p, (size_t)(e - p));
		pr->file = lx->file;
		pr->line = lx->line;
		pr->col = col_of(lx, hash);
		pr->before = l->ntoks;
		lx->p = eol;
		/* the option applies from here on, as dtrace sets it while it lexes */
		if (lx->mode == DLEX_SCRIPT && pragma_sets_pspec(pr->text))
			lx->pspec = true;
		return 0;
	}

	bool is_line = wl == 4 && memcmp(w, "line", 4) == 0;
	if (is_line || (wl > 0 && isdigit((unsigned char)*w)))
		return line_directive(lx, hash, is_line ? p : w, eol, is_line);
	if (wl == 0 && p == eol)
		return lx->p = eol, 0;  /* the null directive */
	if (lx->mode != DLEX_DECLS)  /* dtrace's name: the whole run of non-blanks */
		while (w + wl < eol && !strchr(" \t\f\v\r\"", w[wl]))
			wl++;
	return lex_error(lx, hash, D_PRAGCTL_INVAL, "invalid control directive: #%.*s", (int)wl, w);
}

static bool is_pdesc_char(char c)
{
	return c != '\0' && (isalnum((unsigned char)c) || strchr("_$:*?![]\\.-", c) != NULL);
}

/* Whether a `{` after tokens l opens a struct, union or enum body: `struct {`, `enum e {`. */
static bool opens_record_body(const struct dtoklist *l)
{
	for (size_t back = 1; back <= 2 && back <= l->ntoks; back++) {
		const struct dtok *t = &l->toks[l->ntoks - back];
		if (dtok_is(t, "struct") || dtok_is(t, "union") || dtok_is(t, "enum"))
			return true;
		if (t->kind != DTOK_IDENT)
			return false;
	}
	return false;
}

/* Where a clause may begin: top level, first token, or after `}` (not a struct's: a
 * declaration's declarators follow it), `;` or "description ,". */
static bool at_clause_start(struct lexer *lx)
{
	const struct dtoklist *l = lx->out;
	if (lx->mode == DLEX_DECLS || lx->braces != 0)
		return false;
	if (l->ntoks == 0)
		return true;
	const struct dtok *t = &l->toks[l->ntoks - 1];
	if (dtok_is(t, "}"))
		return !lx->record_closed;
	if (dtok_is(t, ";"))
		return true;
	/* In a description argument a description may follow another without a comma: the
	 * first is a clause without a body (dtrace -n 'BEGIN END { exit(0); }' enables BEGIN
	 * with the default action and END with the block; -ln 'BEGIN END' lists both), and "4-2"
	 * is probe id 4 then the description "-2" (dtrace's descriptions cannot start with a
	 * digit). */
	if (lx->mode == DLEX_CLAUSE && t->kind == DTOK_PDESC)
		return true;
	return dtok_is(t, ",") && l->ntoks >= 2 && l->toks[l->ntoks - 2].kind == DTOK_PDESC;
}

/* A character dtrace's lexer refuses where probe descriptions stand (its S2 state: at a
 * clause's start and right after a description), with its own "syntax error near "+"": it
 * takes there only description characters, digits (a probe id), `/`, `,`, `{`, blanks and
 * directives. At a clause's start `;` and `}` are left to the parser, whose message names
 * them alike, and a backquote too; after a description nothing else may follow. */
static bool s2_refuses(char c, bool after_desc)
{
	if (isspace((unsigned char)c) || is_pdesc_char(c) || strchr("/,{#", c))
		return false;
	return after_desc || !strchr(";}`", c);
}

/* Right after a description, outside braces (dtrace's lexer is still in its S2 state: the
 * next thing is a predicate, a body, a comma or a new clause). */
static bool after_desc(struct lexer *lx)
{
	const struct dtoklist *l = lx->out;
	return lx->mode != DLEX_DECLS && lx->braces == 0 && l->ntoks > 0 &&
	       l->toks[l->ntoks - 1].kind == DTOK_PDESC;
}

/* Only blanks between the start of at's line and at (a directive line, when at is '#'). */
static bool blanks_before(struct lexer *lx, const char *at)
{
	const char *q = at;
	while (q > lx->out->src && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	return q == lx->out->src || q[-1] == '\n';
}

/* Whether p..q is a keyword that starts a declaration (a type, a storage class, a qualifier,
 * struct/union/enum, inline, provider, translator, typedef...). */
static bool decl_keyword(const char *p, const char *q)
{
	static const char *const words[] = {
		"auto", "char", "const", "counter", "double", "enum", "extern", "float", "import",
		"inline", "int", "long", "provider", "register", "restrict", "self", "short",
		"signed", "static", "string", "struct", "this", "translator", "typedef", "union",
		"unsigned", "void", "volatile",
	};
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == (size_t)(q - p) && memcmp(words[i], p, (size_t)(q - p)) == 0)
			return true;
	return false;
}

/* The first word of a description argument, p..q, is a keyword that starts a declaration
 * (dtrace -n 'int;' is a useless declaration, -n 'struct { int a; } v; ...' declares v,
 * -n 'int { }' is a syntax error at the `{`: dtrace reads each of them so), or another keyword
 * followed by something else than what follows a description (`{`, `/`, `,`, `;` or the
 * end; dtrace -n 'sizeof { }' names a probe sizeof): a declaration. */
static bool keyword_not_pdesc(struct lexer *lx, const char *p, const char *q)
{
	if (decl_keyword(p, q))
		return true;
	if (!dlex_is_keyword(p, (size_t)(q - p)))
		return false;
	const char *r = q;
	while (r < lx->end && isspace((unsigned char)*r))
		r++;
	return r < lx->end && !strchr("{/,;", *r);
}

/* The end of a probe description starting at p, or NULL if the text there is not one. */
static const char *pdesc_end(struct lexer *lx, const char *p)
{
	const char *q = p;
	while (q < lx->end && is_pdesc_char(*q)) {
		if (*q == '\\' && q + 1 < lx->end)
			q++;
		q++;
	}
	if (q == p)
		return NULL;
	if (lx->mode == DLEX_CLAUSE && isdigit((unsigned char)*p)) {
		/* a leading number is a probe id on its own, read as dtrace's lexer reads an
		 * integer constant: 0x hexadecimal, 0 octal, u and l suffixes (-P 0x10 is id 16) */
		q = p;
		if (q + 1 < lx->end && q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
			q += 2;
			while (q < lx->end && isxdigit((unsigned char)*q))
				q++;
		} else {
			while (q < lx->end && isdigit((unsigned char)*q))
				q++;
		}
		while (q < lx->end && *q != '\0' && strchr("uUlL", *q))
			q++;
		return q;
	}
	/* A description argument starts with a description, unless it starts with a keyword
	 * that is not one (`inline int A = 42; BEGIN {...}`): dtrace reads declarations in -n
	 * text as in a script. */
	if (lx->mode == DLEX_CLAUSE && lx->out->ntoks == 0 && !keyword_not_pdesc(lx, p, q))
		return q;
	/* and any word after a description, keywords too (dtrace -n 'BEGIN x = 1' fails at the
	 * `=`, -n 'BEGIN int x;' at the x: the word is read as a second description) */
	if (lx->mode == DLEX_CLAUSE && lx->out->ntoks > 0 &&
	    lx->out->toks[lx->out->ntoks - 1].kind == DTOK_PDESC)
		return q;
	/* dtrace compiles a description argument with its pspec flag on (dtrace.c), so there
	 * a later item's first word is a description too unless it is a keyword, a type name
	 * included (dtrace -n 'typedef int t; t x; BEGIN { }' fails at the `;` after x) */
	if (lx->pspec || lx->mode == DLEX_CLAUSE)
		return dlex_is_keyword(p, (size_t)(q - p)) ? NULL : q;
	const char *w = p;
	while (w < q && (isalnum((unsigned char)*w) || *w == '_'))
		w++;
	if (w > p && dlex_is_keyword(p, (size_t)(w - p)))
		return NULL;
	/* What follows, past blanks, comments and line markers. */
	const char *r = q;
	for (;;) {
		while (r < lx->end && isspace((unsigned char)*r))
			r++;
		if (r + 1 < lx->end && r[0] == '/' && r[1] == '*') {
			const char *c = strstr(r + 2, "*" "/");
			if (!c)
				return q;  /* the comment's own error comes when it is reached */
			r = c + 2;
		} else if (r + 1 < lx->end && r[0] == '/' && r[1] == '/') {
			while (r < lx->end && *r != '\n')
				r++;
		} else if (r < lx->end && *r == '#' && blanks_before(lx, r)) {
			while (r < lx->end && *r != '\n')
				r++;
		} else {
			break;
		}
	}
	if (r == lx->end || *r == '{' || *r == '/' || *r == ',')
		return q;
	/* a word then what cannot follow one there (`tick+10ms`, `x = 1`): dtrace's lexer has
	 * read the word as a description (or a type name) and refuses the character */
	if (lx->mode != DLEX_DECLS && s2_refuses(*r, false))
		return q;
	/* Text no declaration can start with is a description whatever follows (dtrace's
	 * lexer decides so too), and the parser says what is missing after it. */
	size_t n = (size_t)(q - p);
	for (const char *c = p; c < q; c++)
		if (strchr(":-.?!", *c))
			return q;
	if ((n == 5 && !memcmp(p, "BEGIN", 5)) || (n == 3 && !memcmp(p, "END", 3)) ||
	    (n == 5 && !memcmp(p, "ERROR", 5)))
		return q;
	return NULL;
}

int dlex_tokenize(const char *file, const char *src, size_t len, struct dtoklist *out,
		  struct derr *err)
{
	return dlex_tokenize_mode(file, src, len, DLEX_DECLS, out, err);
}

static int tokenize(const char *file, const char *src, size_t len, enum dlex_mode mode,
		    bool pspec, struct dtoklist *out, struct derr *err);

int dlex_tokenize_mode(const char *file, const char *src, size_t len, enum dlex_mode mode,
		       struct dtoklist *out, struct derr *err)
{
	return tokenize(file, src, len, mode, false, out, err);
}

int dlex_tokenize_pspec(const char *file, const char *src, size_t len, bool pspec,
			struct dtoklist *out, struct derr *err)
{
	return tokenize(file, src, len, DLEX_SCRIPT, pspec, out, err);
}

static int tokenize(const char *file, const char *src, size_t len, enum dlex_mode mode,
		    bool pspec, struct dtoklist *out, struct derr *err)
{
	memset(out, 0, sizeof(*out));
	out->src = xstrndup(src, len);
	/* D programs keep their error in the list (below), declarations give it to the caller */
	struct derr local;
	struct lexer lx = {
		.out = out, .p = out->src, .end = out->src + len, .line = 1,
		.line_start = out->src, .err = mode == DLEX_DECLS && err ? err : &local, .mode = mode,
		.pspec = pspec && mode == DLEX_SCRIPT,
	};
	lx.file = intern_file(out, file, strlen(file));

	if (len >= 2 && lx.p[0] == '#' && lx.p[1] == '!')
		while (lx.p < lx.end && *lx.p != '\n')
			lx.p++;

	while (lx.p < lx.end) {
		const char *p = lx.p;
		char c = *p;
		if (c == '\n') {
			lx.p++;
			newline(&lx, lx.p);
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			lx.p++;
			continue;
		}
		/* a backslash before a newline joins the lines (dtrace's lexer takes it as blank) */
		if (c == '\\' && p + 1 < lx.end && p[1] == '\n') {
			lx.p += 2;
			newline(&lx, lx.p);
			continue;
		}
		if (c == '\0') {
			lex_error(&lx, p, D_SYNTAX, "invalid character (NUL byte) in input");
			goto fail;
		}
		/* a D program has no // comments (dtrace's lexer: "/" "/"), a provider file does */
		if (c == '/' && p + 1 < lx.end && (p[1] == '*' || (p[1] == '/' && lx.mode == DLEX_DECLS))) {
			if (skip_comment(&lx) != 0)
				goto fail;
			continue;
		}
		if (c == '#' && at_line_start(&lx, p)) {
			int r = lex_directive(&lx);
			if (r < 0)
				goto fail;
			continue;
		}
		/* (neither holds in a provider file: both know DLEX_DECLS) */
		if (after_desc(&lx) ? s2_refuses(c, true) : at_clause_start(&lx) && s2_refuses(c, false)) {
			lex_error(&lx, p, D_SYNTAX, "syntax error near \"%c\"", c);
			goto fail;
		}
		if (at_clause_start(&lx) && is_pdesc_char(c)) {
			const char *q = pdesc_end(&lx, p);
			if (q) {
				new_tok(&lx, DTOK_PDESC, p, (size_t)(q - p));
				lx.p = q;
				continue;
			}
		}
		/* After a description dtrace's lexer (its state S2) reads descriptions, keywords,
		 * `/` alone (`/=` there is the `/` opening a predicate, then `=`), `,` and `{`: any
		 * other character is its syntax error there, and one a description may hold begins
		 * another description, which the parser then refuses (dt_lex.l) */
		if (mode == DLEX_SCRIPT && after_desc(&lx)) {
			if (c == '/') {
				new_tok(&lx, DTOK_PUNCT, p, 1);
				lx.p = p + 1;
				continue;
			}
			/* (the characters it refuses there were refused above) */
			if (!isalnum((unsigned char)c) && c != '_' && is_pdesc_char(c)) {
				const char *q = p;
				while (q < lx.end && (is_pdesc_char(*q) || *q == '`'))
					q++;
				new_tok(&lx, DTOK_PDESC, p, (size_t)(q - p));
				lx.p = q;
				continue;
			}
		}
		/* D programs: a backtick scopes a name to a module (vmlinux`jiffies) and is part of
		 * the identifier, as in dtrace's lexer */
		bool tick = mode != DLEX_DECLS;
		if (isalpha((unsigned char)c) || c == '_' || (tick && c == '`')) {
			const char *q = p;
			while (q < lx.end && (isalnum((unsigned char)*q) || *q == '_' || (tick && *q == '`')))
				q++;
			size_t n = (size_t)(q - p);
			new_tok(&lx, dlex_is_keyword(p, n) ? DTOK_KEYWORD : DTOK_IDENT, p, n);
			lx.p = q;
			continue;
		}
		if (tick && isdigit((unsigned char)c)) {
			/* a module whose name starts with a digit (9pnet`sym, 8021q`sym): dtrace's
			 * identifiers include digits, letters and _ before a backtick */
			const char *q = p;
			while (q < lx.end && (isalnum((unsigned char)*q) || *q == '_'))
				q++;
			if (q < lx.end && *q == '`') {
				while (q < lx.end && (isalnum((unsigned char)*q) || *q == '_' || *q == '`'))
					q++;
				new_tok(&lx, DTOK_IDENT, p, (size_t)(q - p));
				lx.p = q;
				continue;
			}
		}
		if (isdigit((unsigned char)c) || (c == '.' && p + 1 < lx.end && isdigit((unsigned char)p[1]))) {
			if (lex_number(&lx) != 0)
				goto fail;
			continue;
		}
		if (c == '"' || c == '\'') {
			if (lex_quoted(&lx, c) != 0)
				goto fail;
			continue;
		}
		if (c == '@') {
			const char *q = p + 1;
			/* a name starts with a letter or _: "@1" is the anonymous aggregation and then
			 * the constant 1 (a syntax error there, as in dtrace; C files keep their word) */
			bool digit = q < lx.end && isdigit((unsigned char)*q);
			while (q < lx.end && !(digit && lx.mode != DLEX_DECLS) &&
			       (isalnum((unsigned char)*q) || *q == '_'))
				q++;
			if (q > p + 1 && digit) {
				lex_error(&lx, p, D_SYNTAX, "invalid aggregation name '%.*s'", (int)(q - p), p);
				goto fail;
			}
			new_tok(&lx, DTOK_AGG, p, (size_t)(q - p));
			lx.p = q;
			continue;
		}
		if (c == '$') {
			const char *q = p + 1;
			if (q < lx.end && *q == '$')
				q++;
			const char *body = q;
			if (q < lx.end && isdigit((unsigned char)*q)) {
				while (q < lx.end && isdigit((unsigned char)*q))
					q++;
				/* dtrace's identifiers include a digit-led scoped name ("1`x"), so
				 * `$1`x` is one macro variable name (which no macro variable has) */
				const char *r = q;
				while (r < lx.end && (isalnum((unsigned char)*r) || *r == '_'))
					r++;
				if (r < lx.end && *r == '`') {
					q = r;
					while (q < lx.end && (isalnum((unsigned char)*q) || *q == '_' || *q == '`'))
						q++;
				}
			} else if (q < lx.end && (isalpha((unsigned char)*q) || *q == '_')) {
				while (q < lx.end && (isalnum((unsigned char)*q) || *q == '_'))
					q++;
			}
			if (q == body && mode != DLEX_DECLS) {
				lex_error(&lx, p, D_SYNTAX, "syntax error near \"$\"");
				goto fail;
			}
			if (q == body) {
				lex_error(&lx, p, D_SYNTAX, "invalid macro variable '%.*s'", (int)(q - p), p);
				goto fail;
			}
			new_tok(&lx, DTOK_MACRO, p, (size_t)(q - p));
			lx.p = q;
			continue;
		}
		size_t i;
		for (i = 0; i < sizeof(puncts) / sizeof(puncts[0]); i++) {
			size_t n = strlen(puncts[i]);
			if ((size_t)(lx.end - p) >= n && memcmp(p, puncts[i], n) == 0) {
				if (n == 1 && mode != DLEX_DECLS && (*p == ')' || *p == ']') &&
				    --*(*p == ')' ? &lx.parens : &lx.brackets) < 0) {
					/* dtrace's lexer counts these and stops at one too many */
					lex_error(&lx, p, D_SYNTAX, "extra %c in input stream", *p);
					goto fail;
				}
				if (n == 1 && mode != DLEX_DECLS && (*p == '(' || *p == '['))
					(*(*p == '(' ? &lx.parens : &lx.brackets))++;
				if (n == 1 && *p == '/' && mode != DLEX_DECLS && epred_unclosed(&lx, p))
					goto fail;
				if (n == 1 && *p == '{' && lx.braces++ == 0)
					lx.record_body = opens_record_body(lx.out);
				else if (n == 1 && *p == '}' && lx.braces > 0 && --lx.braces == 0)
					lx.record_closed = lx.record_body;
				new_tok(&lx, DTOK_PUNCT, p, n);
				lx.p = p + n;
				break;
			}
		}
		if (i < sizeof(puncts) / sizeof(puncts[0]))
			continue;
		/* dtrace's lexer: any other byte is "syntax error near" it, raw */
		if (lx.mode != DLEX_DECLS)
			lex_error(&lx, p, D_SYNTAX, "syntax error near \"%c\"", c);
		else if (isprint((unsigned char)c))
			lex_error(&lx, p, D_SYNTAX, "invalid character '%c'", c);
		else
			lex_error(&lx, p, D_SYNTAX, "invalid character (byte 0x%02x)", (unsigned char)c);
		goto fail;
	}
	new_tok(&lx, DTOK_EOF, lx.p, 0);
	return 0;
fail:
	if (mode != DLEX_DECLS) {
		new_tok(&lx, DTOK_ERROR, lx.p < lx.end ? lx.p : lx.end, 0);
		new_tok(&lx, DTOK_EOF, lx.end, 0);
		out->err = xmalloc(sizeof(*out->err));
		*out->err = local;
		return 0;
	}
	dtoklist_free(out);
	return -1;
}

void dtoklist_free(struct dtoklist *l)
{
	for (size_t i = 0; i < l->ntoks; i++)
		free(l->toks[i].str);
	free(l->toks);
	for (size_t i = 0; i < l->npragmas; i++)
		free(l->pragmas[i].text);
	free(l->pragmas);
	for (size_t i = 0; i < l->nfiles; i++)
		free(l->files[i]);
	free(l->files);
	free(l->src);
	free(l->err);
	memset(l, 0, sizeof(*l));
}
