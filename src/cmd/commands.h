/* commands.h — the commands main.c dispatches to. Each takes the parsed command line and returns
 * the process exit status (0 success, 1 error, 2 usage error), having printed its own messages
 * with the util_progname prefix. */
#ifndef USDTRACE_COMMANDS_H
#define USDTRACE_COMMANDS_H
#include "opts.h"

/* -h / -G: compile provider definitions (prov_cmd.c). */
int prov_cmd_run(const struct opts *o);
/* -l: list probes (list_cmd.c). */
int list_cmd_run(const struct opts *o);
/* Everything else: compile the D program and trace (trace_cmd.c). */
int trace_cmd_run(const struct opts *o);
/* The stash directory -l and tracing read when usdtraced owns it: -x stash=DIR, else
 * STASH_DEFAULT_DIR; NULL for -x stash= (empty: never use one). (list_cmd.c) */
const char *stash_dir_of(const struct opts *o);
/* What dtrace says of a -s script that opens but cannot be read (a directory), after
 * "failed to compile script X: " (list_cmd.c) */
extern const char DREAD_ERROR[];
#endif
