/* dmacro.h — macro variable expansion: the pass that turns `$1`, `$$1`, `$target`, `$pid`, ...
 * in a parsed D program into constants, as dtrace's lexer does while it reads the script.
 *
 * Rules (dtrace's, from libdtrace's lexer and probe-description reader):
 *   $N    the Nth argument (argv[0] is $0, the script name) as a D token: an integer constant
 *         if it is one in D syntax (42, 0x2a, 052, 10ul; a leading - or + makes (- 42)),
 *         an identifier if it is one (letters, digits, _ and `, not starting with a digit),
 *         a type name if one of that name exists (int, uint64_t: dparse turns that token
 *         into the name before this pass, unless ++ -- = [ ; follows), else a string
 *         constant (surrounding double quotes dropped, escapes decoded as dtrace decodes
 *         them: dmacro.c unescape). After -> or . an argument must be an identifier.
 *         A digit-led word that is no valid integer ("12ab") is an error, by the Guide ("Macro
 *         Arguments": an argument must match the form of an integer, identifier or string);
 *         DTrace for Linux instead reads its leading digits (12) and ignores the rest.
 *   $$N   the Nth argument as a string constant, escapes decoded, quotes kept.
 *   An argument beyond argc is "macro argument $N is not defined", unless defaultargs: then
 *   $N is 0 and $$N is "".
 *   $pid $ppid $uid $gid $euid $egid $pgid $sid $target: int constants (not Solaris's $projid
 *   and $taskid: DTrace for Linux leaves them undefined)
 *   ($$name: their decimal text as a string). Any other name: "macro variable $x is not
 *   defined". $target is 0 when there is no -c/-p process, as in dtrace.
 *   Probe descriptions: each ':' field may hold one macro variable, substituted as text
 *   (`pid$1::malloc:entry` -> `pid1234::malloc:entry`, `$$1` the same as `$1`); a digit run is
 *   an argument index and text after it is kept; a name runs to the field's end. An unknown
 *   name or an index beyond argc (even with defaultargs) is `invalid probe description
 *   "pid$3::malloc:entry": Undefined macro variable in probe description`.
 *
 * Contract: dmacro_expand rewrites every DN_MACRO node of prog->items in place into DN_INT,
 * DN_STRING, DN_IDENT (or a DN_UNARY DOP_NEG over a DN_INT), and substitutes the name and pd[]
 * fields of every DN_PDESC; returns 0, or -1 with the error in *err (derr.h), at its line
 * (none in a -n/-P/... argument) (the first error in source order; the program may then only
 * be freed). It records in env->referenced (if
 * not NULL, argc entries) which arguments were used. dmacro_check_unused then applies dtrace's
 * rule for unused arguments: only the last argument is checked, and option argref turns the
 * check off. */
#ifndef USDTRACE_DMACRO_H
#define USDTRACE_DMACRO_H
#include <stdbool.h>
#include <stddef.h>

#include "dparse.h"

struct dmacro_env {
	char *const *argv;   /* argv[0] = $0 (the script name), argv[1..argc-1] = $1.. */
	int argc;
	bool *referenced;    /* NULL, or argc flags that dmacro_expand sets */
	bool defaultargs;    /* -x defaultargs: missing arguments are 0 / "" */
	int defaultargs_line; /* > 0: `#pragma D option defaultargs` on this line of the source
			       * being expanded: from there on (dtrace's lexer reads $N after
			       * the pragma with it, before it without), missing arguments are
			       * 0 / "" */
	bool argref;         /* -x argref: unreferenced arguments are no error */
	int target;          /* the -c/-p process, 0 if none */
	/* The tracer's own process, as dtrace defines $pid, $ppid, ...: */
	int pid, ppid, uid, gid, euid, egid, pgid, sid;
};

/* Fill env with argv/argc and this process's own ids;
 * everything else zero/false. */
void dmacro_env_init(struct dmacro_env *env, int argc, char *const *argv);

int dmacro_expand(struct dprog *prog, const struct dmacro_env *env, struct derr *err);

/* After dmacro_expand: "line N: extraneous argument 'x' ($K is not referenced)" when the last
 * of two or more arguments was never used; `line` is where the program ended (dtrace reports
 * the end of the input). It reads env->referenced, so that must have been set for the
 * expansion (NULL counts as nothing referenced). Returns 0 or -1. */
int dmacro_check_unused(const struct dmacro_env *env, int line, struct derr *err);

/* Whether $name (name without the `$`) is one of the macro variables above ($pid, $target,
 * ...): the parser's test for dtrace's "macro variable $x is not defined", which dtrace's
 * lexer reports as it meets the name, before any later syntax error. */
bool dmacro_variable_known(const char *name);
#endif
