/* commands.h — the commands main.c dispatches to. Each takes the parsed command line and returns
 * the process exit status (0 success, 1 error, 2 usage error), having printed its own messages
 * with the util_progname prefix. */
#ifndef USDTRACE_COMMANDS_H
#define USDTRACE_COMMANDS_H
#include <stddef.h>
#include <stdint.h>

#include "opts.h"

struct derr;
struct dprog;
struct dck_prog;

/* -h / -G: compile provider definitions (prov_cmd.c). */
int prov_cmd_run(const struct opts *o);
/* -l: list probes (list_cmd.c). */
int list_cmd_run(const struct opts *o);
/* Everything else: compile the D program and trace (trace_cmd.c). */
int trace_cmd_run(const struct opts *o);
/* -l of a D program: compile it as tracing would up to type checking, with target as $target
 * (the -c child or -p process the listing grabbed; 0: none), and report its errors as
 * tracing does (dtrace -l -s FILE compiles FILE: an undefined variable is an error, exit 1).
 * A description that matches nothing is no error here. 0, or 1 after an error. */
int trace_cmd_check(const struct opts *o, pid_t target);
/* What tracing does up to running: the D program of o's -s scripts and descriptions parsed,
 * type-checked and compiled as tracing compiles it (o->compile_only must be set; -Z as the
 * caller set it), its errors reported as tracing reports them. 0 with *out the program and *ck
 * its checked form (the caller frees both), or the exit status with both NULL. -h and -G compile their files so (prov_cmd.c).
 * (trace_cmd.c) */
int trace_cmd_compile(const struct opts *o, struct dprog **out, struct dck_prog **ck);
/* The stash directory -l and tracing read when usdtraced owns it: -x stash=DIR, else
 * STASH_DEFAULT_DIR; NULL for -x stash= (empty: never use one). (list_cmd.c) */
const char *stash_dir_of(const struct opts *o);
/* The text of -s script `file` (malloc'd, its length in *n): through cpp when cpp is set
 * (-C), else as read. NULL with *err set: cpp's error, dtrace's read error for a directory
 * (reported after "failed to compile script X: "), or "failed to open X: ..." (DERR_ALONE).
 * version is the D version cpp is told of (list_cmd.c). */
char *script_text(const struct opts *o, bool cpp, uint32_t version, const char *file, size_t *n,
		  struct derr *err);
#endif
