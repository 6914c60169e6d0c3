/* dlex.h — the D lexer: turns D source text (or cpp output) into a token array.
 *
 * Contract: dlex_tokenize reads the whole buffer and either returns 0 with every token, ending
 * with one DTOK_EOF, or -1 with the error in *err (derr.h: at "file:line:col", may be NULL)
 * and nothing to free (dlex_tokenize_mode: the same, in the modes below, except that D
 * programs never fail here: a lexical error becomes a DTOK_ERROR token, then DTOK_EOF, with
 * the error in the list's `err`, so that the parser reports whichever error comes first in
 * the text, as dtrace's on-demand lexer does).
 * Token text points into a private copy of the source owned by the list; file names come from
 * the caller or from cpp line markers (`# 12 "file"`, `#line 12 "file"`), which re-base the
 * positions of the tokens after them so messages point into the original file.
 * `#pragma` lines are not tokens: they are collected in order in `pragmas`. Any other
 * directive is an error (dtrace's "invalid control directive: #define"), as are stray characters,
 * bad escapes, unterminated constants and out-of-range integers. A first line starting with
 * `#!` is ignored (interpreter line). Columns count bytes from 1. The lexer knows nothing of
 * types: telling `/` apart as a predicate delimiter or a division is the parser's job. */
#ifndef USDTRACE_DLEX_H
#define USDTRACE_DLEX_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "derr.h"

enum dtok_kind {
	DTOK_EOF,
	DTOK_IDENT,     /* foo, int8_t (typedef names are identifiers) */
	DTOK_KEYWORD,   /* struct, provider, probe, sizeof, ... */
	DTOK_INT,       /* 42, 0x2au, 017L: ival, is_unsigned, longness */
	DTOK_FLOAT,     /* 1.5, 2e10f: text only */
	DTOK_CHAR,      /* 'a', '\n': ival, longness (D: up to 8 bytes, big-endian, a long past
			 * INT_MAX, as dtrace types it), str/slen the bytes */
	DTOK_STRING,    /* "a\tb": str/slen decoded, NUL-terminated */
	DTOK_PUNCT,     /* -> ++ <<= ... { } and the rest */
	DTOK_AGG,       /* @name or a bare @ */
	DTOK_MACRO,     /* $1 $$1 $target $pid */
	DTOK_PDESC,     /* a probe description, DLEX_SCRIPT/DLEX_CLAUSE only: text as written */
	DTOK_ERROR,     /* DLEX_SCRIPT/DLEX_CLAUSE: a lexical error, the list's `err` */
};

/* DLEX_DECLS: provider and declaration files (-h/-G), errors at "file:line:col: " (derr.h).
 * DLEX_SCRIPT: D programs; where a clause may start (top level, at the start or after `}`,
 * `;`, or a `,` after a description) a run of probe-description characters
 * (letters, digits, _ $ : * ? ! [ ] \ . -) is one DTOK_PDESC token when its first word is not
 * a keyword and what follows it (past blanks and comments) is `{`, `/`, `,` or the end, or
 * whatever follows when it holds one of `:-.?!` or is BEGIN, END or ERROR (no declaration
 * can start so): `tick-1s`, `pid$1::malloc:entry`, `BEGIN`. Errors are at a line
 * (DERR_AT_LINE: "line N: message", which a command prefixes with "PROG: failed to compile
 * script FILE: "; DLEX_CLAUSE: no position, just "message").
 * D programs lex as dtrace does where C differs: an integer constant ends after
 * its digits and u/l suffix ("10ms" is 10 then ms), escapes are dtrace's (an unknown one
 * keeps its backslash), a string may not span lines, one ) or ] too many is an error. 
 * DLEX_CLAUSE: as DLEX_SCRIPT, but the input's first token is a description whatever follows
 * it (the -n/-P/-m/-f/-i arguments). */
enum dlex_mode { DLEX_DECLS, DLEX_SCRIPT, DLEX_CLAUSE };

struct dtok {
	enum dtok_kind kind;
	const char *text;     /* the spelling, not NUL-terminated: use len */
	size_t len;
	uint64_t ival;        /* DTOK_INT, DTOK_CHAR */
	bool is_unsigned;     /* DTOK_INT: resulting C type after suffix and value rules */
	int longness;         /* DTOK_INT, DTOK_CHAR: 0 int, 1 long, 2 long long */
	char *str;            /* DTOK_STRING, DTOK_CHAR: decoded bytes (malloc'd) */
	size_t slen;
	const char *file;     /* owned by the list */
	int line, col;
	const char *macro;    /* a type name read from a macro argument (dparse): where its `$N`
			       * was written, what a syntax error there quotes; else NULL */
};

struct dpragma {
	char *text;           /* after "#pragma", trimmed: "D attributes Evolving/... provider x" */
	const char *file;
	int line, col;        /* of the '#' */
	size_t before;        /* index of the first token after it */
};

struct dtoklist {
	struct dtok *toks;
	size_t ntoks, cap;
	struct dpragma *pragmas;
	size_t npragmas, pcap;
	char *src;            /* private copy of the input */
	char **files;         /* interned file names */
	size_t nfiles, fcap;
	struct derr *err;     /* the error at the DTOK_ERROR token, NULL if none (malloc'd) */
};

int dlex_tokenize(const char *file, const char *src, size_t len, struct dtoklist *out,
		  struct derr *err);
int dlex_tokenize_mode(const char *file, const char *src, size_t len, enum dlex_mode mode,
		       struct dtoklist *out, struct derr *err);
/* DLEX_SCRIPT with the pspec option (-x pspec, or from a `#pragma D option pspec` line on):
 * where a clause may start, a run of probe-description characters is a description whatever
 * follows it unless it is exactly a keyword ("int*x" is a description, "int" a type), as
 * dtrace's lexer then reads its outer scope. */
int dlex_tokenize_pspec(const char *file, const char *src, size_t len, bool pspec,
			struct dtoklist *out, struct derr *err);
void dtoklist_free(struct dtoklist *l);

/* True if t is the punctuator or keyword or identifier spelled s. */
bool dtok_is(const struct dtok *t, const char *s);
/* The token's spelling as a malloc'd string (for messages). */
char *dtok_str(const struct dtok *t);
/* True if s is a D keyword. */
bool dlex_is_keyword(const char *s, size_t len);
/* The end of the longest D integer constant at p (before end): decimal or octal digits, or 0x
 * and hex digits, then an optional u and up to two l's. NULL if there is none, or if a
 * floating-point constant starts there ("1f", "1.5", "1e5"). */
const char *dlex_int_end(const char *p, const char *end);
#endif
