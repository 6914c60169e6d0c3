/* dlib.h — D libraries: the `.d` files of the system directory and of the -L directories,
 * compiled into a program before its own sources, as dtrace loads its libraries.
 *
 * Contract: dlib_load_all parses the `*.d` files of each directory (in the directories' order,
 * names sorted within one) into g with g->library set, in dependency order: a library's
 * `#pragma D depends_on library NAME` names another file of the same directory, which is
 * loaded first. Libraries may declare (inlines, types, variables, providers) but hold no probe
 * clauses. A directory that cannot be read is skipped, as dtrace skips it. It returns 0, or -1
 * with *err (kind DERR_LIBRARY) saying why: a library's error at its line ("FILE", line N, with
 * dlib_error_text), a missing dependency ("Invalid library dependency in DIR/liba.d:
 * DIR/libx.d"), a cycle. Nothing is printed: dtrace loads its libraries as it compiles the
 * first program, and reports their error as that program's ("invalid probe specifier DESC: ..."
 * or "failed to compile script FILE: ..."), which only the caller knows. */
#ifndef USDTRACE_DLIB_H
#define USDTRACE_DLIB_H
#include "dparse.h"

/* Whether `#pragma D depends_on CLS NAME` is met (struct dprog.depends_met): provider NAME is
 * one of the command's own (dtrace, profile, syscall, ..., usdt, pid) or declared in g; module
 * NAME is a kernel module loaded with its types (/sys/kernel/btf/NAME). A library whose
 * dependency is not met is left out without a word (as dtrace leaves it out: a library
 * directory may hold libraries for what this machine lacks), and so is any library depending
 * on it; a program's is dtrace's error "program requires CLS NAME". */
bool dlib_depends_met(const struct dprog *g, const char *cls, const char *name);

/* The text of an error in a D library (derr.h's DERR_LIBRARY, e->file the library) as dtrace
 * writes it after the program's words: "[D_TAG] " under errtags, '"FILE", line N: ' for a
 * line of the library (as for a line of a file cpp included), the message. Written into buf
 * (returned). */
const char *dlib_error_text(const struct derr *e, bool errtags, char *buf, size_t len);

/* Print library error e as dtrace reports it, as the first program's error: "failed to compile
 * script FILE: TEXT" when that is a -s script (kind 's'), "invalid probe specifier DESC: TEXT"
 * for a description, TEXT alone when there is no program (first_text NULL). */
void dlib_report(const struct derr *e, bool errtags, char first_kind, const char *first_text);

/* The system library directory, loaded before the -L and -x libdir= directories (dtrace's
 * /usr/lib/dtrace): -x syslibdir= when given; else <dir of the usdtrace executable>/../lib/usdtrace
 * when it exists, which is $(PREFIX)/lib/usdtrace for an installed usdtrace and the source
 * tree's lib/usdtrace for build/usdtrace, so a build runs with the libraries it ships; else
 * the directory compiled in (USDTRACE_LIBDIR, $(PREFIX)/lib/usdtrace). Malloc'd. */
char *dlib_system_dir(const char *syslibdir);

/* Everything before a program: the system directory then `dirs`, none under -x nolibs.
 * With texts (the program's sources as written), only the system libraries the program
 * needs are loaded, so that start-up does not pay for the others: one is needed when it
 * declares (as an inline, typedef, tag, member or enumerator) a word the texts use, or a word
 * a needed library uses, and with what it depends on. (A translated argument is reached
 * through a member name, `args[1]->ci_remote`, so the member words count.) Every library of
 * `dirs` (-L, -x libdir=) is loaded. texts NULL: all of them. kinds (NULL: none) gives each
 * text's kind, 's' a script's text, else the option letter of a description (-n -P -m -f -i):
 * a library defining a formula provider is needed too when a description of the texts may
 * select one of its probes without naming its provider (`:::start`, `*:::wait-done`, `-m
 * vmlinux`), as dtrace's descriptions match every provider's probes. types_only (provider files):
 * only the texts' words in a type's place count (before `*` or another word), so that an
 * argument named like a library's member does not pull the library in. */
int dlib_load_all(struct dprog *g, const char *syslibdir, const char *const *dirs, int ndirs,
		  bool nolibs, const char *const *texts, const char *kinds, int ntexts,
		  bool types_only, struct derr *err);
#endif
