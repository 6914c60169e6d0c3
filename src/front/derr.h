/* derr.h — an error as data: what every stage of the D compiler (lexer, parser, macro
 * expander, type builder, format checker, type checker, code generator, provider compiler)
 * and what feeds it (options, cpp, the D libraries) reports to its caller, and the one
 * formatter that turns it into dtrace's text.
 *
 * A record holds the error's libdtrace tag (dtag.h; DTAG_NONE when the error is none of the
 * compiler's), its position and how dtrace shows that position, what the error is about (a
 * program source, a D library, nothing of the text, a refusal to enable), and the message
 * proper, in dtrace's words ("syntax error near 'x'"). Whoever prints it calls derr_format
 * once, with -x errtags deciding whether the "[D_TAG] " prefix is shown, and chooses the words
 * around it ("failed to compile script x.d: ", "invalid probe specifier ...: ") from kind.
 *
 * A function that can fail takes a `struct derr *err` (NULL: the caller does not want the
 * reason) and fills it when it fails; the setters return -1 so error paths can
 * `return derr_set(...)`. Messages longer than DERR_MSG_MAX - 1 bytes are truncated. */
#ifndef USDTRACE_DERR_H
#define USDTRACE_DERR_H
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "dtag.h"

/* How the position shows before the message. */
enum derr_at {
	DERR_AT_NONE,     /* not at all: a -n/-P/... argument (dtrace does not number its lines), or
			   * an error of no place in the text */
	DERR_AT_LINE,     /* "line N: ", as dtrace numbers a script's lines; line < 0: "line : "
			   * (dtrace's D_EMPTY under -x errtags knows no line) */
	DERR_AT_FILE,     /* "file:line:col: ", as a C compiler (provider and declaration files) */
	DERR_AT_FILETAG,  /* "\"file\", line N: ": a D program's line in another file than the
			   * program's own (a header cpp included, a #line naming a file) */
	DERR_AT_ACTIONS,  /* "in action list: ": dtrace's place for a whole-program error in a
			   * -n/-P/... argument */
	DERR_AT_PREDICATE, /* "in predicate: ": the same, for an error in a clause's predicate */
};

/* Where in a clause a type checker's error was found: dtrace labels the region it cooks
 * ("in action list: ", "in predicate: "); what it finds building the parse tree or generating
 * code (printf-style formats among them) names no region. */
enum derr_region { DERR_REGION_ACTIONS, DERR_REGION_PREDICATE, DERR_REGION_NONE };

/* What the error is about, for whoever reports it. */
enum derr_kind {
	DERR_SOURCE,   /* the text of a program source (the default): a command names the source */
	DERR_LIBRARY,  /* the text of the D library `file`, reported as the first program's error
			* ('invalid probe specifier DESC: "FILE", line N: ...', dlib.h) */
	DERR_ALONE,    /* nothing of the text (a file that cannot be read, cpp that cannot run):
			* printed as it stands */
	DERR_ENABLE,   /* dtrace's refusal to enable a compiled program ("could not enable
			* tracing: ..."), reported after the "matched" notices */
};

#define DERR_FILE_MAX 1024
#define DERR_MSG_MAX 1024
/* Room for any derr_format text. */
#define DERR_TEXT_MAX (DERR_FILE_MAX + DERR_MSG_MAX + 64)

struct derr {
	enum dtag tag;        /* DTAG_NONE: no tag (options, cpp, I/O, the code generator's own) */
	enum derr_kind kind;
	enum derr_at at;
	enum derr_region region; /* the part of a clause it was found in: how a -n program's
				  * error names its place (dtrace's labels) */
	int clause;           /* the clause (numbered in program order) it is in; -1: none known */
	int line, col;        /* as `at` uses them (0 when unknown) */
	char file[DERR_FILE_MAX];  /* the position's file ("" if unknown); DERR_LIBRARY's library */
	char msg[DERR_MSG_MAX];    /* the message proper, dtrace's words, no position, no tag */
};

/* Sets *e (when e is not NULL) to an error of `tag` with the formatted message, no position,
 * kind DERR_SOURCE. Returns -1. */
int derr_set(struct derr *e, enum dtag tag, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int derr_vset(struct derr *e, enum dtag tag, const char *fmt, va_list ap);
/* derr_set, at script line `line` (DERR_AT_LINE). Returns -1. */
int derr_set_line(struct derr *e, enum dtag tag, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Gives an error already set its position: how it shows, file (NULL: none), line, column.
 * Returns -1. */
int derr_locate(struct derr *e, enum derr_at at, const char *file, int line, int col);

/* Says what an error already set is about (derr_set makes it DERR_SOURCE). Returns -1. */
int derr_set_kind(struct derr *e, enum derr_kind kind);

/* The error as dtrace prints it: "[D_TAG] " when errtags is on and the error has a tag, the
 * position as e->at says, the message. Written into buf (truncated to len bytes, NUL
 * included); returns buf. */
const char *derr_format(const struct derr *e, bool errtags, char *buf, size_t len);

#endif
