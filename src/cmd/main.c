/* main.c — the usdtrace command line: dtrace's options, parsed in order, dispatched to one
 * command. Messages carry the name the binary was invoked by, so a `dtrace` link behaves like
 * dtrace. Besides dtrace's letters, `--help` (the usage, on stdout) and `--version`. Exit
 * status: 0 ok, 1 error, 2 usage error. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "dopt.h"
#include "opts.h"
#include "util.h"

/* dtrace's options as its usage lists them, in its order and words (dtrace(8); the text is
 * what `dtrace` with no arguments prints), so scripts and people see the same help. */
static const struct {
	const char *opt, *what;
} option_help[] = {
	{ "-32", "generate 32-bit D programs and ELF files" },
	{ "-64", "generate 64-bit D programs and ELF files" },
	{ NULL, NULL },
	{ "-b", "set trace buffer size" },
	{ "-c", "run specified command and exit upon its completion" },
	{ "-C", "run cpp(1) preprocessor on script files" },
	{ "-D", "define symbol when invoking preprocessor" },
	{ "-e", "exit after compiling request but prior to enabling probes" },
	{ "-f", "enable or list probes matching the specified function name" },
	{ "-F", "coalesce trace output by function" },
	{ "-G", "generate an ELF file containing embedded dtrace program" },
	{ "-h", "generate a header file with definitions for static probes" },
	{ "-H", "print included files when invoking preprocessor" },
	{ "-i", "enable or list probes matching the specified probe id" },
	{ "-I", "add include directory to preprocessor search path" },
	{ "-l", "list probes matching specified criteria" },
	{ "-L", "add library directory to library search path" },
	{ "-m", "enable or list probes matching the specified module name" },
	{ "-n", "enable or list probes matching the specified probe name" },
	{ "-o", "set output file" },
	{ "-p", "grab specified process-ID and cache its symbol tables" },
	{ "-P", "enable or list probes matching the specified provider name" },
	{ "-q", "set quiet mode (only output explicitly traced data)" },
	{ "-s", "enable or list probes according to the specified D script" },
	{ "-S", "print D compiler intermediate code" },
	{ "-U", "undefine symbol when invoking preprocessor" },
	{ "-v", "set verbose mode (report stability attributes, arguments)" },
	{ "-V", "report DTrace API version" },
	{ "-w", "permit destructive actions" },
	{ "-x", "enable or modify compiler and tracing options" },
	{ "-X", "specify ISO C conformance settings for preprocessor" },
	{ "-Z", "permit probe descriptions that match zero probes" },
};

/* The usage as dtrace prints it on a usage error (to stderr, exit 2: no arguments, an unknown
 * option, a missing argument); `--help` prints it to stdout followed by usdtrace's own long
 * options, which dtrace has not. */
static void usage(FILE *f, bool long_options)
{
	fprintf(f,
		"Usage: %s [-32|-64] [-CeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
		"\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n"
		"\t[-x opt[=val]] [-X a|c|s|t]\n\n"
		"\t[-P provider [[ predicate ] action ]]\n"
		"\t[-m [ provider: ] module [[ predicate ] action ]]\n"
		"\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
		"\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
		"\t[-i probe-id [[ predicate ] action ]] [ args ... ]\n\n"
		"\tpredicate -> '/' D-expression '/'\n"
		"\t   action -> '{' D-statements '}'\n\n",
		util_progname);
	for (size_t i = 0; i < sizeof(option_help) / sizeof(option_help[0]); i++)
		if (option_help[i].opt)
			fprintf(f, "\t%-3s %s\n", option_help[i].opt, option_help[i].what);
		else
			fputc('\n', f);
	if (long_options)
		fprintf(f, "\n"
			"\t--help     print this message and exit\n"
			"\t--version  print usdtrace's version and exit\n\n"
			"See usdtrace(1) for the options, the -x options and the providers.\n");
}

/* `--help` or `--version` where an option may start: dtrace has no long options (its getopt
 * would refuse both as "-" with "invalid option -- '-'"), so these two words can mean nothing
 * else. 0: it was one (and was answered); -1: it was not. */
static int long_option(const char *arg)
{
	if (strcmp(arg, "--help") == 0) {
		usage(stdout, true);
		return 0;
	}
	if (strcmp(arg, "--version") == 0) {
		printf("usdtrace %s\n", USDTRACE_VERSION);
		return 0;
	}
	return -1;
}

static void push(const char ***arr, int *n, const char *s)
{
	*arr = xrealloc(*arr, sizeof(**arr) * (size_t)(*n + 1));
	(*arr)[(*n)++] = s;
}

/* -x define=, incdir=, undef= and cppargs= reach cpp the way -D, -I and -U do, in order;
 * cpphdrs is -H (cpp lists the headers it includes), cpppath names the cpp to run. */
static void push_cpp_xopt(struct opts *o, const char *xarg)
{
	if (strcmp(xarg, "cpphdrs") == 0 || strncmp(xarg, "cpphdrs=", 8) == 0)
		push(&o->cppargs, &o->ncppargs, "-H");
	if (strncmp(xarg, "cpppath=", 8) == 0)  /* "" too: no preprocessor to run */
		o->cpppath = xarg + 8;
	static const struct { const char *name, *flag; } map[] = {
		{ "define=", "-D" }, { "incdir=", "-I" }, { "undef=", "-U" },
	};
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strncmp(xarg, map[i].name, strlen(map[i].name)) == 0)
			push(&o->cppargs, &o->ncppargs,
			     xasprintf("%s%s", map[i].flag, xarg + strlen(map[i].name)));
	if (strncmp(xarg, "cppargs=", 8) != 0)
		return;
	/* each blank-separated word is one argument, as dtrace splits it */
	char *words = xstrdup(xarg + 8);
	for (char *save = NULL, *w = strtok_r(words, " \t\n\r\f\v", &save); w;
	     w = strtok_r(NULL, " \t\n\r\f\v", &save))
		push(&o->cppargs, &o->ncppargs, w);
}

/* What a "name=value" option does besides setting struct dopts: the cpp arguments, the D
 * library directories and the stash directory main.c hands to the commands. */
static void xopt_side_effects(struct opts *o, const char *xarg)
{
	push_cpp_xopt(o, xarg);
	if (strncmp(xarg, "libdir=", 7) == 0)
		push(&o->libdirs, &o->nlibdirs, xarg + 7);
	if (strncmp(xarg, "syslibdir=", 10) == 0)
		o->syslibdir = xarg + 10;
	if (strncmp(xarg, "stash=", 6) == 0)
		o->stash = xarg + 6;
}

/* dtrace reads an environment variable DTRACE_OPT_NAME (the option's name in capitals) for
 * every option before its command line, which may then override it (dtrace(1)'s call of
 * dtrace_setoptenv). The variable's value is the option's value, always given (an empty one
 * included), so a compiler switch such as zdefs cannot be set this way; a value the option
 * refuses is ignored without a word, as dtrace ignores it. Returns the "name=value" strings
 * found, in table order (*n of them), after their side effects (cpp arguments, libraries). */
static const char **env_dopts(struct opts *o, int *n)
{
	const char **found = NULL;
	*n = 0;
	for (int i = 0; dopt_name_at(i) != NULL; i++) {
		const char *name = dopt_name_at(i);
		char var[64] = "DTRACE_OPT_";
		size_t len = strlen(var);
		for (const char *c = name; *c != '\0' && len + 1 < sizeof(var); c++)
			var[len++] = (char)toupper((unsigned char)*c);
		var[len] = '\0';
		const char *value = getenv(var);
		if (value == NULL)
			continue;
		char *xarg = xasprintf("%s=%s", name, value);
		struct dopts probe;
		struct derr err;
		dopts_init(&probe);
		if (dopt_set_arg(&probe, xarg, &err) != 0) {
			free(xarg);
			continue;
		}
		xopt_side_effects(o, xarg);
		push(&found, n, xarg);
	}
	return found;
}

static void push_prog(struct opts *o, char kind, const char *text)
{
	o->progs = xrealloc(o->progs, sizeof(*o->progs) * (size_t)(o->nprogs + 1));
	o->progs[o->nprogs].kind = kind;
	o->progs[o->nprogs++].text = text;
}

static int parse_pid(const char *s, pid_t *out)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || v <= 0 || v > 0x7fffffff)
		return -1;
	*out = (pid_t)v;
	return 0;
}

/* One -p operand into o->pids; on failure prints dtrace's message and returns -1: a number
 * that is no process's (0, negative, above the largest pid) is dtrace's "No such process";
 * anything else, a number strtol cannot hold included, is not a pid. */
static int add_pid(struct opts *o, const char *arg)
{
	pid_t pid;
	if (parse_pid(arg, &pid) != 0) {
		char *end;
		errno = 0;
		(void)strtol(arg, &end, 10);
		if (*arg && !*end && errno == 0)
			util_warn("No such process");
		else
			util_warn("invalid pid: %s", arg);
		return -1;
	}
	o->pids = xrealloc(o->pids, sizeof(*o->pids) * (size_t)(o->npids + 1));
	o->pids[o->npids++] = pid;
	return 0;
}

/* One option letter that is a dtrace option (-x, -b, -q, -w, -F, -Z, -C, -X), kept in command-line
 * order and applied after getopt: dtrace reports a usage error before any option error. */
struct dopt_ev {
	char letter;
	const char *arg;
};

/* Apply one option event; on failure prints dtrace's "failed to set ..." message. */
static int apply_dopt(struct dopts *d, const struct dopt_ev *ev)
{
	struct derr err;
	char text[DERR_TEXT_MAX];
	const char *name;
	switch (ev->letter) {
	case 'x':
		if (dopt_set_arg(d, ev->arg, &err) == 0)
			return 0;
		/* dtrace names the option without its "=value" */
		util_warn("failed to set -x %.*s: %s", (int)strcspn(ev->arg, "="), ev->arg,
			  derr_format(&err, d->errtags, text, sizeof(text)));
		return -1;
	case 'b':
	case 'X': /* -X a|c|s|t is the stdc option */
		if (dopt_set(d, ev->letter == 'b' ? "bufsize" : "stdc", ev->arg, &err) == 0)
			return 0;
		util_warn("failed to set -%c %s: %s", ev->letter, ev->arg,
			  derr_format(&err, d->errtags, text, sizeof(text)));
		return -1;
	case 'q': name = "quiet"; break;
	case 'w': name = "destructive"; break;
	case 'F': name = "flowindent"; break;
	case 'Z': name = "zdefs"; break;
	default: name = "cpp"; break; /* -C */
	}
	if (dopt_set(d, name, NULL, &err) == 0)
		return 0;
	util_warn("failed to set -%c: %s", ev->letter,
		  derr_format(&err, d->errtags, text, sizeof(text)));
	return -1;
}

int main(int argc, char **argv)
{
	const char *slash = strrchr(argv[0], '/');
	util_progname = slash ? slash + 1 : argv[0];
	struct opts o = {0};
	o.argv0 = argv[0];  /* as invoked: $0 of a -n program */
	/* getopt names the program by argv[0] in its complaints; dtrace's say "dtrace: invalid
	 * option -- 'Y'" however it was run */
	argv[0] = (char *)util_progname;

	struct dopt_ev *evs = xmalloc(sizeof(*evs) * (size_t)argc);
	int nevs = 0;
	int c;
	char mode = 0;              /* the last of -G, -h, -l, -V given */
	int nmodes = 0;             /* how many of them: more than one is a usage error */
	const char **pid_args = NULL; /* -p operands, looked at after the options are set */
	int npid_args = 0;
	int nenv;
	const char **env = env_dopts(&o, &nenv);
	/* Options and operands (macro arguments, -G objects) may mix, as with dtrace: getopt stops
	 * at each operand ('+'), which is collected in order before parsing goes on; after "--"
	 * everything is an operand. */
	char **operands = xcalloc((size_t)argc + 1, sizeof(*operands));
	int noperands = 0;
	for (;;) {
		/* getopt stands at the start of argv[optind] here unless inside a group of letters
		 * ("-qZ"), which is never one of these words */
		if (optind < argc && long_option(argv[optind]) == 0) {
			free(evs);
			free(operands);
			return 0;
		}
		c = getopt(argc, argv, "+3:6:aAb:c:CD:eFf:GhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z");
		if (c == -1) {
			if (optind >= argc)
				break;
			if (strcmp(argv[optind - 1], "--") == 0) {
				while (optind < argc)
					operands[noperands++] = argv[optind++];
				break;
			}
			operands[noperands++] = argv[optind++];
			continue;
		}
		if (c != -1 && strchr("xbqwFZCX", c) != NULL)
			evs[nevs++] = (struct dopt_ev){(char)c, optarg};
		/* one mode per command line: dtrace refuses a second -G, -h, -l or -V, even the
		 * same letter again ("dtrace -l -l" exits 2), once every option has been read:
		 * an unknown option or a missing argument anywhere is the usage error instead */
		if (c != -1 && strchr("GhlV", c) != NULL) {
			nmodes++;
			mode = (char)c;
		}
		switch (c) {
		case 'h': o.header = true; break;
		case 'G': o.object = true; break;
		case 'l': o.list = true; break;
		case 'v': o.verbose = true; break;
		case 'C': o.cpp = true; break;
		case 'q': o.quiet = true; break;
		case 'e': o.compile_only = true; break;
		case 'o': o.output = optarg; break;
		case 's':
			push(&o.scripts, &o.nscripts, optarg);
			push_prog(&o, 's', optarg);
			break;
		case 'c':
			if (!o.cmd)
				o.cmd = optarg;
			push(&o.cmds, &o.ncmds, optarg);
			break;
		case 'D': push(&o.cppargs, &o.ncppargs, xasprintf("-D%s", optarg)); break;
		case 'U': push(&o.cppargs, &o.ncppargs, xasprintf("-U%s", optarg)); break;
		case 'I': push(&o.cppargs, &o.ncppargs, xasprintf("-I%s", optarg)); break;
		case 'x':
			push(&o.xopts, &o.nxopts, optarg);
			xopt_side_effects(&o, optarg);
			break;
		case '3':
		case '6':
			/* -32 / -64: the data model D programs are compiled in (dtype_set_ilp32) */
			if (strcmp(optarg, c == '3' ? "2" : "4") != 0) {
				util_warn("illegal option -- %c%s", c, optarg);
				usage(stderr, false);
				return 2;
			}
			o.ilp32 = c == '3';
			break;
		case 'p':
			push(&pid_args, &npid_args, optarg);
			break;
		case 'a':
		case 'A':
			/* in dtrace's option letters but without an effect in DTrace for Linux
			 * (Solaris's anonymous tracing, which Linux has not): accepted, ignored */
			break;
		case 'n': case 'P': case 'm': case 'f': case 'i':
			o.descs = xrealloc(o.descs, sizeof(*o.descs) * (size_t)(o.ndescs + 1));
			o.descs[o.ndescs].kind = (char)c;
			o.descs[o.ndescs++].text = optarg;
			push_prog(&o, (char)c, optarg);
			break;
		case 'V':
			break;  /* after the options: a usage error among them comes first */
		case 'S': o.disasm = true; break;
		case 'L': push(&o.libdirs, &o.nlibdirs, optarg); break;
		case 'H': push(&o.cppargs, &o.ncppargs, "-H"); break;  /* dtrace's cpphdrs */
		case 'Z': o.zflag = true; break;
		case 'w': case 'F': case 'b': case 'X':
			/* Accepted for command-line compatibility; they affect tracing only
			 * (-w -F -b -X are options, applied to o.dopts below, as -Z is too). */
			break;
		default:
			usage(stderr, false);
			return 2;
		}
	}
	o.nargs = noperands;
	o.args = operands;
	if (nmodes > 1) {
		util_warn("only one of the [-GhlV] options can be specified at a time");
		return 2;
	}
	if (mode == 'V') {
		/* DTrace for Linux's form ("dtrace -V" prints "Oracle D 2.0"), whose last word is the
		 * D version -x version accepts; nothing else on the line is looked at */
		printf("%s: Oracle D 2.0\n", util_progname);
		return 0;
	}

	/* As dtrace: an option that cannot be set is fatal (exit 1) in every mode, -h/-G/-l too. */
	dopts_init(&o.dopts);
	for (int i = 0; i < nenv; i++) {
		struct derr err;
		(void)dopt_set_arg(&o.dopts, env[i], &err); /* checked by env_dopts */
	}
	free(env);
	for (int i = 0; i < nevs; i++)
		if (apply_dopt(&o.dopts, &evs[i]) != 0) {
			free(evs);
			return 1;
		}
	free(evs);
	/* -p after the options, as dtrace grabs processes once its options are set: an option
	 * that cannot be set is reported before a pid that is not one */
	for (int i = 0; i < npid_args; i++)
		if (add_pid(&o, pid_args[i]) != 0)
			return 1;
	free(pid_args);
	/* -x stdc as dtrace runs cpp: s a pre-ANSI preprocessor, which leaves __STDC__ undefined;
	 * a (the default), c and t all strict ISO C99, which defines __STRICT_ANSI__ (so system
	 * headers leave out their GNU inline function bodies) and __STDC_VERSION__ 199901L.
	 * GNU cpp has no mode with the Guide's __STDC__ 0 for -Xa/-Xt; DTrace for Linux gives c
	 * and t a's mode (observed: dtrace -C -Xt defines __STRICT_ANSI__). */
	if (o.dopts.stdc == DOPT_STDC_S)
		push(&o.cppargs, &o.ncppargs, "-traditional-cpp");
	else
		push(&o.cppargs, &o.ncppargs, "-std=c99");

	int status;
	if (o.header || o.object) {
		status = prov_cmd_run(&o);
	} else if (o.list) {
		status = list_cmd_run(&o);
	} else if (argc == 1) {
		usage(stderr, false);
		status = 2;
	} else {
		status = trace_cmd_run(&o); /* without a program: "no probes specified" */
	}
	free(o.progs);
	free(o.descs);
	free(o.scripts);
	free(o.xopts);
	free(o.cppargs);
	free(o.libdirs);
	free(o.pids);
	free(o.args);
	return status;
}
