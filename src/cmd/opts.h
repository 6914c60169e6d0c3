/* opts.h — the parsed dtrace-style command line, handed from main.c to the command that runs.
 *
 * Contract: main.c fills this from argv (getopt, dtrace's option letters and order) and calls
 * exactly one command: prov_cmd_run (-h / -G), list_cmd_run (-l), or trace_cmd_run.
 * Lists keep command-line order; strings point into argv or are malloc'd (never freed: the
 * process exits after the command). */
#ifndef USDTRACE_OPTS_H
#define USDTRACE_OPTS_H
#include <stdbool.h>
#include <sys/types.h>

#include "dopt.h"

struct opt_desc {
	char kind;            /* 'n', 'P', 'm', 'f', 'i'; in progs also 's' (text = file name) */
	const char *text;     /* as given */
};

struct opts {
	const char *argv0;    /* how the command was invoked: $0 of -n, -P... programs (dtrace) */
	bool header;          /* -h */
	bool object;          /* -G */
	bool list;            /* -l */
	bool verbose;         /* -v */
	bool cpp;             /* -C */
	const char *cpppath;  /* -x cpppath=: the preprocessor to run (NULL: cpp from PATH) */
	bool quiet;           /* -q */
	bool compile_only;    /* -e */
	bool ilp32;           /* -32 (the last of -32 and -64 wins): D's ILP32 data model */
	bool zflag;           /* -Z itself: dtrace(1)'s own flag, which alone lets a trace start
			       * with no probe matched (-x zdefs only lets descriptions match
			       * nothing) */
	const char *output;   /* -o FILE */
	int nscripts;         /* -s FILE ... */
	const char **scripts;
	int ndescs;
	struct opt_desc *descs;
	int nprogs;           /* every -s script and -n/-P/-m/-f/-i description, in order */
	struct opt_desc *progs;
	bool disasm;          /* -S */
	int ncppargs;         /* -D -U -I, as "-Dname=val", "-Uname", "-Idir" */
	const char **cppargs;
	int npids;            /* -p PID */
	pid_t *pids;
	const char *cmd;      /* the first -c 'cmd args' ($target's), or NULL */
	int ncmds;            /* every -c, in order: all run, and the trace ends when all exit */
	const char **cmds;
	int nlibdirs;         /* -L DIR and -x libdir=DIR, in order: D libraries loaded after the
			       * system directory, before the program (dlib.h) */
	const char **libdirs;
	const char *syslibdir; /* -x syslibdir=DIR: replaces the system library directory */
	const char *stash;    /* -x stash=DIR: usdtraced's stash (default /run/usdtrace; "" none) */
	int nxopts;           /* -x opt[=val] */
	const char **xopts;
	struct dopts dopts;   /* -x, -b, -q, -w, -F, -Z, -C parsed (validated before any command) */
	int nargs;            /* remaining operands: macro arguments, or -G object files */
	char **args;
};
#endif
