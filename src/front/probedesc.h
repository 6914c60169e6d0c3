/* probedesc.h — probe descriptions "provider:module:function:name" and matching them.
 *
 * Contract: a description has up to four fields; fewer fields fill from the right (as dtrace:
 * "name", "func:name", "mod:func:name"); an empty field matches anything. Fields may use the
 * globs * ? [...] (with ! or ^ negation and ranges). In names, "__" and "-" are the same.
 * A provider field of the form "prov$PID" or "provPID" (digits at the end) is split by the matcher
 * into provider and pid when matched against a process's probes (see probedesc_match_provider). */
#ifndef USDTRACE_PROBEDESC_H
#define USDTRACE_PROBEDESC_H
#include <stdbool.h>
#include <sys/types.h>

#include "derr.h"

struct probedesc {
	char *prov, *mod, *func, *name; /* never NULL; "" matches anything */
};

/* which: 'n' (-n: fill from the right), 'P' (provider), 'm' (module, optionally prov:mod),
 * 'f' (function, optionally prov:mod:func). Fields are taken from the right; a leading ':'
 * closes the description without adding an empty field (dtrace: -f ::read: is :read::).
 * Returns 0, or -1 with the error in *err (derr.h: D_PDESC_INVAL, no position), dtrace's
 * message 'invalid probe description "TEXT": WHY'. */
int probedesc_parse(const char *text, int which, struct probedesc *out, struct derr *err);
void probedesc_free(struct probedesc *d);

/* Glob match with dtrace's rules; `dashes` treats "__" in `s` and "-" in the pattern as equal. */
bool probedesc_glob(const char *pattern, const char *s, bool dashes);
/* Whether s has a glob character (* ? [ or \): a pattern, not a name. */
bool probedesc_is_glob(const char *s);

/* Does the provider pattern match provider `prov` of process `pid` (pid 0: a file, no process)?
 * "python" matches python in any process, "python123" and "python$123"-expanded forms only pid
 * 123, "py*" globs over the plain name and over the name with the pid appended. */
bool probedesc_match_provider(const char *pattern, const char *prov, pid_t pid);

/* Full match of one probe tuple. */
bool probedesc_match(const struct probedesc *d, const char *prov, pid_t pid, const char *mod,
		     const char *func, const char *name);

/* dtrace shows "__" as "-" in probe names. Returns a malloc'd copy. */
char *probedesc_display_name(const char *name);
#endif
