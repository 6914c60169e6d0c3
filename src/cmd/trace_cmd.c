/* trace_cmd.c — the tracer command: from the command line to an exit status. Steps, in order:
 * start the -c command held (so $target is known) or check the -p processes; parse every -s
 * script and -n/-P/-m/-f/-i description into one program, in command-line order, expanding
 * macro variables as each arrives; apply `#pragma D option`s; match every clause's probe
 * descriptions against every provider (pcat.h); type-check (dcheck.h); compile (cg.h);
 * -S and -e stop here; then print dtrace's "matched" notices and hand the dobj to trace_run. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "attach.h"
#include "bpf_dis.h"
#include "cg.h"
#include "childproc.h"
#include "commands.h"
#include "companion.h"
#include "stash.h"
#include "dcheck.h"
#include "dctf.h"
#include "dcpp.h"
#include "dlib.h"
#include "dmacro.h"
#include "dparse.h"
#include "elf_funcs.h"
#include "derr.h"
#include "kbtf.h"
#include "klib.h"
#include "ksym.h"
#include "pcat.h"
#include "probedesc.h"
#include "dstab.h"
#include "stability.h"
#include "trace_run.h"
#include "util.h"

/* One -s / -n / -P / -m / -f / -i argument and the clauses it contributed. */
struct source {
	char kind;              /* 's' for a script, else the option letter */
	const char *text;       /* file name or description text */
	int first_clause;       /* clause numbers [first_clause, end_clause) */
	int end_clause;
	int nmatched;           /* probes its clauses enable, counted per clause */
	int end_line;           /* scripts: the line the input ends on (for dmacro_check_unused) */
};

/* A clause's args[]: as its probes' provider gives them (provider.h args), and as the checker
 * takes them. */
struct clause_args {
	bool made;
	bool typed;
	struct prov_args pa;
	struct dck_probe_args ck;
};

struct tc {
	const struct opts *o;
	bool klib_loaded;           /* klib.h's library is in the program */
	bool listing;               /* compiled for -l's check (trace_cmd_check), not to trace */
	struct dopts d;             /* command-line options, then pragmas */
	struct source *srcs;
	int nsrcs;
	struct dprog *g;
	struct dmacro_env env;
	struct pcat cat;            /* every probe the clauses match, from every provider */
	struct clause_args *cargs;  /* per clause: its args[], made on first need */
	int nclauses;
	char **unmatched;           /* per clause: its first description matching no probe (-Z) */
	int nunmatched;
	struct stab_desc *sdescs;   /* every description as matched, in order, for -v's report */
	int nsdescs;
	struct dstab_clause *stab;  /* per clause: its statement attributes (-v), from the program
				     * as parsed */
	/* clauses companions_add appended (the last ones): they count for no source's
	 * matches, and their programs attach last (dobj_prog.late) */
	int ncompanions;
	struct childproc *children; /* -c: the commands, held until BEGIN has run; the first is
				     * $target */
	int nchildren;
	int target;
	struct dprog **keep;        /* trace_cmd_compile: where the compiled program goes */
	struct dck_prog **keep_ck;  /* and its type-checked form */
};

/* -x debug: "PROG DEBUG NANOSECONDS: message" on stderr at each step, in the form of
 * libdtrace's debug messages. */
static void debug_step(const struct tc *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void debug_step(const struct tc *t, const char *fmt, ...)
{
	if (!t->d.debug)
		return;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	fprintf(stderr, "%s DEBUG %llu: ", util_progname,
		(unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec);
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* An error of source s (or of a D library, or of no source), as dtrace reports it, by what
 * the error is about (derr.h): one in a source's text is "failed to compile script x.d: MSG"
 * or "invalid probe specifier DESC: MSG", MSG with the error's tag ("[D_SYNTAX] ") only under
 * -x errtags and without a line for a description (dtrace numbers the lines of files only);
 * one in a library is the first source's, since dtrace loads its libraries as it compiles
 * that one, and MSG names the library's file and line (dlib.h); any other is printed as it
 * stands. */
static void source_error(const struct tc *t, const struct source *s, const struct derr *e)
{
	char text[DERR_TEXT_MAX];
	switch (e->kind) {
	case DERR_LIBRARY:
		dlib_report(e, t->d.errtags, t->srcs[0].kind, t->srcs[0].text);
		return;
	case DERR_ALONE:
	case DERR_ENABLE:
		util_warn("%s", derr_format(e, t->d.errtags, text, sizeof(text)));
		return;
	case DERR_SOURCE:
		break;
	}
	if (s->kind == 's') {
		util_warn("failed to compile script %s: %s", s->text,
			  derr_format(e, t->d.errtags, text, sizeof(text)));
		return;
	}
	struct derr d = *e;
	if (d.at == DERR_AT_LINE)
		d.at = DERR_AT_NONE;
	util_warn("invalid probe specifier %s: %s", s->text,
		  derr_format(&d, t->d.errtags, text, sizeof(text)));
}

static enum dpdesc_spec spec_of(char kind)
{
	switch (kind) {
	case 'P': return DPD_PROVIDER;
	case 'm': return DPD_MODULE;
	case 'f': return DPD_FUNCTION;
	case 'i': return DPD_ID;
	default: return DPD_NAME;
	}
}

static int count_clauses(const struct dprog *g)
{
	int n = 0;
	for (const struct dnode *it = g->items; it; it = it->next)
		n += it->kind == DN_CLAUSE;
	return n;
}

/* What makes a script not empty for dtrace: its clauses, inlines, translators and providers
 * (the items of dtrace's parse tree). Declarations of types and variables are made as they are
 * parsed and add no item: a script of only those is an empty translation unit (dt_cc.c's
 * D_EMPTY; dtrace -e -s of "typedef int t;" or "int x;"). */
static int program_size(const struct dprog *g)
{
	int n = g->nprov_blocks;
	for (const struct dnode *it = g->items; it; it = it->next)
		n += it->kind != DN_VARDECL;
	return n;
}

/* The kernel-process library (klib.h) goes in before the first source that names it. Its
 * failure is no source's (printed as it stands). */
static int want_klib(struct tc *t, const char *text, size_t n, struct derr *err)
{
	if (t->klib_loaded || !klib_wanted(text, n))
		return 0;
	t->klib_loaded = true;
	if (klib_load(t->g, err) == 0)
		return 0;
	return derr_set_kind(err, DERR_ALONE);
}

/* The line a script's text ends on, as the lexer numbers lines: a cpp line marker
 * ("# N \"file\"", -C) makes the line after it line N, so an empty script run through cpp
 * ends on its line 1, as dtrace reports it, not past cpp's own markers. */
static int end_line(const char *text, size_t n)
{
	int line = 1;
	for (size_t i = 0; i < n;) {
		const char *nl = memchr(text + i, '\n', n - i);
		size_t len = nl ? (size_t)(nl - (text + i)) : n - i;
		if (!nl)
			break;
		if (len > 2 && text[i] == '#' && text[i + 1] == ' ' && isdigit((unsigned char)text[i + 2]))
			line = atoi(text + i + 2);
		else
			line++;
		i += len + 1;
	}
	return line;
}

/* Parses source s into the program; *before is then the program's size (program_size)
 * before s's own text: the kernel-process library s brings in is not s's. */
static int parse_source(struct tc *t, struct source *s, int *before, struct derr *err)
{
	if (s->kind != 's') {
		if (want_klib(t, s->text, strlen(s->text), err) != 0)
			return -1;
		*before = program_size(t->g);
		return dparse_clause_arg(t->g, spec_of(s->kind), s->text, err);
	}
	size_t n;
	char *text = script_text(t->o, t->d.cpp, t->d.version, s->text, &n, err);
	if (!text)
		return -1;
	s->end_line = end_line(text, n);
	int rc = want_klib(t, text, n, err);
	*before = program_size(t->g);
	t->g->pspec = t->d.pspec; /* the script's mode, not the library's */
	if (rc == 0)
		rc = dparse_script(t->g, s->text, text, n, err);
	free(text);
	return rc;
}

static struct dck_options check_options(struct tc *t, bool destructive, bool has_target);

/* dtrace acts on a declaration (an inline, a variable, a translator) as it parses it, and
 * cooks the clauses once the program is parsed: the error of a declaration before a parse
 * error is the program's (`inline int x = "a"; BEGIN { trace(1) +; }`: the inline's), and
 * so is a macro argument's there (its lexer's). *err, a parse error, becomes that error when
 * there is one; the program (parsed up to the error, its macros expanded for the check) may
 * then only be freed. */
static void declaration_error_first(struct tc *t, struct derr *err)
{
	struct derr e;
	if (!t->g->parse_failed_in_item)
		return;
	if (dmacro_expand(t->g, &t->env, &e) != 0) {
		/* dtrace's lexer refuses a macro argument as it reads it */
		if (e.kind == DERR_SOURCE)
			*err = e;
		return;
	}
	struct dck_options o = check_options(t, true, t->o->cmd != NULL || t->o->npids > 0);
	o.decls_only = true;
	struct dck_prog *ck = NULL;
	if (err->tag == D_FUNC_UNDEF) {
		/* refused as its call is built: only the declarations before the call count (the
		 * D libraries' all are) */
		struct dnode **at = &t->g->items;
		while (*at && ((*at)->library || (*at)->pos.line < err->line ||
			       ((*at)->pos.line == err->line && (*at)->pos.col < err->col)))
			at = &(*at)->next;
		*at = NULL;
	}
	if (dcheck_program(t->g, &o, &ck, &e) == -1 && e.kind == DERR_SOURCE)
		*err = e;
}

/* Compiler switches a pragma cannot change for the compilation it stands in, which has
 * started: DTrace for Linux reads cpp and verbose (its listing) from the command line's
 * flags as a compilation begins, and loads the D libraries before it (nolibs). The pragma is
 * accepted (its value checked) and does nothing. */
static bool pragma_too_late(const char *name)
{
	return strcmp(name, "cpp") == 0 || strcmp(name, "verbose") == 0 ||
	       strcmp(name, "nolibs") == 0;
}

/* `#pragma D option`s the parser collected since the last call, in order, with dtrace's
 * messages: "failed to set option 'x': why" ("... 'x' to 'v': why" when a value was given).
 * A compiler switch applies to the compilation: defaultargs to the $N after its line (as
 * dtrace's lexer reads them), errtags to the messages from there on, argref, empty, zdefs,
 * knodefs, unodefs and pspec (the lexer's, dlex.h) as their -x forms do. */
static int apply_pragmas(struct tc *t, const struct source *s, int *applied)
{
	for (; *applied < t->g->noptions; (*applied)++) {
		const struct doption *op = &t->g->options[*applied];
		struct derr why;
		int rc;
		if (!dopt_pragma_allowed(op->name)) {
			/* refused, after its value is checked as dtrace checks it */
			rc = dopt_set_pragma(&t->d, op->name, op->value, &why);
		} else if (pragma_too_late(op->name) || strcmp(op->name, "defaultargs") == 0) {
			struct dopts scratch = t->d;
			rc = dopt_set(&scratch, op->name, op->value, &why);
			if (rc == 0 && op->name[0] == 'd' && !t->env.defaultargs_line)
				t->env.defaultargs_line = op->pos.line;
		} else {
			rc = dopt_set(&t->d, op->name, op->value, &why);
		}
		if (rc == 0) {
			dtype_set_strsize(t->g->types, t->d.strsize);
			continue;
		}
		/* dtrace's tag for a pragma whose option is refused: D_PRAGMA_OPTSET */
		struct derr e;
		if (op->value)
			derr_set_line(&e, D_PRAGMA_OPTSET, op->pos.line,
				      "failed to set option '%s' to '%s': %s", op->name, op->value, why.msg);
		else
			derr_set_line(&e, D_PRAGMA_OPTSET, op->pos.line, "failed to set option '%s': %s",
				      op->name, why.msg);
		source_error(t, s, &e);
		return -1;
	}
	return 0;
}

/* A program argument that adds nothing is an error unless -x empty (dtrace's D_EMPTY; for a
 * script reported at the line the input ends on, with -x errtags or without: the suite's
 * "line :" is its post-processing of the number away, not what dtrace prints). */
static int check_empty(struct tc *t, const struct source *s, int before)
{
	if (t->d.empty || program_size(t->g) != before)
		return 0;
	struct derr e;
	if (s->kind == 's')
		derr_set_line(&e, D_EMPTY, s->end_line, "empty D program translation unit");
	else
		derr_set(&e, D_EMPTY, "empty D program translation unit");
	source_error(t, s, &e);
	return -1;
}

/* The D libraries, before the program: of the system directory only those the program's
 * text needs (dlib.h); all of them when cpp runs, since included files may need any. */
static int load_libraries(struct tc *t)
{
	const struct opts *o = t->o;
	char **texts = xcalloc((size_t)t->nsrcs + 1, sizeof(*texts));
	char *kinds = xcalloc((size_t)t->nsrcs + 1, 1);
	int n = 0;
	bool all = t->d.cpp;
	for (int i = 0; i < t->nsrcs && !all; i++) {
		const struct source *s = &t->srcs[i];
		struct stat st;
		size_t len;
		/* a script on a pipe or a terminal (-s /dev/stdin) can be read only once: the
		 * parser's; then every library is loaded */
		if (s->kind == 's' && (stat(s->text, &st) != 0 || !S_ISREG(st.st_mode))) {
			all = true;
			break;
		}
		texts[n] = s->kind == 's' ? util_read_file(s->text, &len) : xstrdup(s->text);
		if (texts[n])
			kinds[n++] = s->kind;
	}
	struct derr err;
	int rc = dlib_load_all(t->g, o->syslibdir, o->libdirs, o->nlibdirs, o->dopts.nolibs,
			       all ? NULL : (const char *const *)texts, kinds, n, false, &err);
	for (int i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	free(kinds);
	if (rc != 0)
		source_error(t, &t->srcs[0], &err);
	return rc;
}

/* A source that failed to parse: `#pragma D option errtags` above the error (the parser
 * stops at it, so every pragma it collected stands before) tags its message, as dtrace's
 * does from the pragma on. */
static void errtags_before_error(struct tc *t, int applied)
{
	for (int i = applied; i < t->g->noptions; i++)
		if (strcmp(t->g->options[i].name, "errtags") == 0 && !t->g->options[i].value)
			t->d.errtags = true;
}

/* Parse every source in order, expanding macros as each arrives so an error names its source.
 * Pragmas are applied after each script (they affect what follows, as in dtrace). */
static int build_program(struct tc *t)
{
	struct derr err;
	t->g = dprog_new();
	if (t->o->ilp32)
		dtype_set_ilp32(t->g->types);
	t->g->predefined_ident = dck_predefined_ident;
	t->g->depends_met = dlib_depends_met;
	dtype_set_strsize(t->g->types, t->d.strsize);
	if (load_libraries(t) != 0)
		return -1;
	/* what follows is the program's own (-G records its declarations and providers) */
	t->g->decls_from = t->g->ndecls;
	t->g->provs_from = t->g->nprovs;
	t->g->c_layout = t->o->header || t->o->object;
	/* a struct the script declares may hold a kernel type (`union sigval u;`) */
	kbtf_attach(t->g->types);
	int applied = 0;
	for (int i = 0; i < t->nsrcs; i++) {
		struct source *s = &t->srcs[i];
		s->first_clause = count_clauses(t->g);
		int before = 0;   /* parse_source measures it, past the library s brings in */
		t->env.defaultargs_line = 0; /* a pragma's is its own source's */
		/* dtrace compiles each -s and -n alone, and each must use the last argument
		 * (the walk meets only this source's macros: earlier ones are expanded); the
		 * parser marks the arguments it reads as type names */
		if (t->env.referenced)
			memset(t->env.referenced, 0, sizeof(bool) * (size_t)t->env.argc);
		t->g->macro_argv = t->env.argv;
		t->g->macro_argc = t->env.argc;
		t->g->macro_referenced = t->env.referenced;
		t->g->macro_defaultargs = t->d.defaultargs;
		int rc = parse_source(t, s, &before, &err);
		if (rc != 0 && err.kind == DERR_SOURCE)
			declaration_error_first(t, &err);
		t->g->macro_argc = 0;
		if (rc != 0)
			errtags_before_error(t, applied);
		if (rc == 0 && apply_pragmas(t, s, &applied) != 0)
			return -1;
		t->env.defaultargs = t->d.defaultargs;
		t->env.argref = t->d.argref;
		if (rc == 0)
			rc = dmacro_expand(t->g, &t->env, &err);
		if (rc == 0)
			rc = dmacro_check_unused(&t->env, s->kind == 's' ? s->end_line : 1, &err);
		if (rc != 0) {
			source_error(t, s, &err);
			return -1;
		}
		/* after the macro arguments, as dtrace: an argument no program uses is reported
		 * before the program is found empty */
		if (check_empty(t, s, before) != 0)
			return -1;
		s->end_clause = count_clauses(t->g);
	}
	t->nclauses = count_clauses(t->g);
	return 0;
}

static struct source *source_of_clause(struct tc *t, int clause)
{
	for (int i = 0; i < t->nsrcs; i++)
		if (clause >= t->srcs[i].first_clause && clause < t->srcs[i].end_clause)
			return &t->srcs[i];
	return &t->srcs[t->nsrcs - 1];
}

/* The source a whole-program message (type checker, code generator) is reported against:
 * dtrace compiles each argument alone and so always knows; we name the only source, or the
 * first script, or the first description. */
static const struct source *program_source(const struct tc *t)
{
	for (int i = 0; i < t->nsrcs; i++)
		if (t->srcs[i].kind == 's')
			return &t->srcs[i];
	return &t->srcs[0];
}

static void free_unmatched(struct tc *t)
{
	for (int c = 0; c < t->nunmatched; c++)
		free(t->unmatched[c]);
	free(t->unmatched);
	t->unmatched = NULL;
	t->nunmatched = 0;
}

static int match_probes(struct tc *t)
{
	free_unmatched(t);
	free(t->sdescs);
	t->sdescs = NULL;
	t->nsdescs = 0;
	t->nunmatched = t->nclauses;
	t->unmatched = xcalloc((size_t)t->nclauses + 1, sizeof(*t->unmatched));
	pcat_init(&t->cat, t->nclauses);
	t->cat.up.walk_dir = stash_dir_of(t->o);
	t->cat.up.walk = t->cat.up.walk_dir ? stash_maps_foreach : NULL;
	t->cat.zdefs = t->d.zdefs;
	t->cat.listing = t->listing;
	t->cat.formulas = t->g;
	t->cat.target = t->target;
	int c = 0;
	for (const struct dnode *it = t->g->items; it; it = it->next) {
		if (it->kind != DN_CLAUSE)
			continue;
		struct source *s = source_of_clause(t, c);
		for (const struct dnode *pd = it->args; pd; pd = pd->next) {
			struct probedesc d = { pd->pd[0], pd->pd[1], pd->pd[2], pd->pd[3] };
			uint32_t id = pd->spec == DPD_ID ? (uint32_t)pd->ival : 0;
			int stmt = t->cat.nstmts;
			int n = pcat_match(&t->cat, &d, id, c);
			if (n >= 0) {
				t->sdescs = xrealloc(t->sdescs, sizeof(*t->sdescs) *
						     (size_t)(t->nsdescs + 1));
				t->sdescs[t->nsdescs++] = (struct stab_desc){
					{ d.prov, d.mod, d.func, d.name }, n, c, stmt, id != 0 };
			}
			struct derr e;
			if (n <= 0 && c >= t->nclauses - t->ncompanions) {
				/* a formula provider's companion (companion.h): its library's line */
				util_warn("%s:%d: the companion on %s of a formula the program uses: %s",
					  pd->pos.file ? pd->pos.file : "<library>", pd->pos.line,
					  pd->name ? pd->name : d.name,
					  n < 0 ? t->cat.err : "it matches no probe on this system");
				return -1;
			}
			if (n < 0) {
				derr_set_line(&e, D_PDESC_INVAL, pd->pos.line, "%s", t->cat.err);
				source_error(t, s, &e);
				return -1;
			}
			/* args[] of such a clause is dtrace's error (the checker's) */
			if (n == 0 && t->d.zdefs && !id && !t->unmatched[c])
				t->unmatched[c] = xasprintf("%s:%s:%s:%s", d.prov, d.mod, d.func, d.name);
			if (n > 0 || (t->d.zdefs && !id))
				continue;
			/* dtrace looks an id up as it parses: an unknown one is an error, -Z or not */
			if (id)
				derr_set_line(&e, D_PDESC_INVAL, pd->pos.line,
					      "invalid probe identifier %u: Unknown probe identifier", id);
			else
				derr_set_line(&e, D_PDESC_ZERO, pd->pos.line,
					      "probe description %s:%s:%s:%s does not match any probes",
					      d.prov, d.mod, d.func, d.name);
			source_error(t, s, &e);
			return -1;
		}
		if (c < t->nclauses - t->ncompanions)
			s->nmatched += (int)t->cat.nclause_idx[c];
		c++;
	}
	pcat_number(&t->cat);
	for (int i = 0; i < t->cat.up.nprobes; i++) {
		struct uprov_probe *p = &t->cat.up.probes[i];
		for (int k = 0; k < p->nclauses; k++)
			source_of_clause(t, p->clauses[k])->nmatched++;
	}
	return 0;
}

/* Whether tree n uses args[ ] (clauses that do not stay whole). */
static bool uses_args(const struct dnode *n)
{
	for (; n; n = n->next) {
		if (n->kind == DN_INDEX && n->lhs && n->lhs->kind == DN_IDENT && n->lhs->name &&
		    strcmp(n->lhs->name, "args") == 0)
			return true;
		if (uses_args(n->lhs) || uses_args(n->rhs) || uses_args(n->cond) ||
		    uses_args(n->body) || uses_args(n->args))
			return true;
	}
	return false;
}

/* Put copies[0..n) of the clause at *it (clause number c) in its place, and renumber the
 * clauses after it. Returns where the list goes on (after the last copy). */
static struct dnode **replace_clause(struct tc *t, struct dnode **it, int c, struct dnode **copies,
				     size_t n)
{
	struct dnode *orig = *it;
	for (size_t k = 0; k + 1 < n; k++)
		copies[k]->next = copies[k + 1];
	copies[n - 1]->next = orig->next;
	*it = copies[0];
	if (t->g->items_last == orig)
		t->g->items_last = copies[n - 1];
	for (int i = 0; i < t->nsrcs; i++) {
		if (t->srcs[i].first_clause > c)
			t->srcs[i].first_clause += (int)n - 1;
		if (t->srcs[i].end_clause > c)
			t->srcs[i].end_clause += (int)n - 1;
	}
	t->nclauses += (int)n - 1;
	return &copies[n - 1]->next;
}

/* The copies a clause that uses args[] becomes, or NULL when it stays whole. Each copy names
 * one description and is checked against that description's probes alone:
 * - a clause of several descriptions whose probes give args[] differently
 *   (`BEGIN, syscall::read:entry`, `syscall::read:entry, syscall::getpid:entry`): one copy per
 *   description, as dtrace checks and compiles a clause once per description (its errors
 *   then name the description at fault: "index 0 is out of range for :::BEGIN args[ ]");
 * - a clause on formula probes whose args[] are made by different formulas
 *   (`ip:::send, ip:::receive { ... args[2]->ip_saddr ... }`, as the Guide's ipproto.d
 *   writes it): one copy per probe, each naming that probe, so each probe runs its own copy
 *   where the one clause ran and the program means what it says. */
static struct dnode **clause_copies(struct tc *t, struct dnode *orig, int c, size_t *n)
{
	*n = 0;
	if (orig->kind != DN_CLAUSE || !(uses_args(orig->cond) || uses_args(orig->body)))
		return NULL;
	struct dnode **v = NULL;
	if (orig->args && orig->args->next && pcat_clause_stmts_differ(&t->cat, c, t->g->types)) {
		for (const struct dnode *pd = orig->args; pd; pd = pd->next) {
			v = xrealloc(v, sizeof(*v) * (*n + 1));
			struct dnode *cp = dnode_copy_tree(&t->g->pool, orig);
			cp->args = dnode_copy_tree(&t->g->pool, pd);
			v[(*n)++] = cp;
		}
		return v;
	}
	size_t *pv = pcat_clause_formula_split(&t->cat, c, t->g->types, n);
	if (!pv)
		return NULL;
	v = xcalloc(*n, sizeof(*v));
	for (size_t k = 0; k < *n; k++) {
		const struct dobj_probe *p = &t->cat.builtin.probes[pv[k]];
		struct dnode *cp = dnode_copy_tree(&t->g->pool, orig);
		struct dnode *pd = dnode_new(&t->g->pool, DN_PDESC, orig->args->pos);
		pd->spec = DPD_NAME;
		pd->pd[0] = xstrdup(p->provider);
		pd->pd[1] = xstrdup(p->module);
		pd->pd[2] = xstrdup(p->function);
		pd->pd[3] = xstrdup(p->name);
		pd->name = xasprintf("%s:%s:%s:%s", p->provider, p->module, p->function, p->name);
		cp->args = pd;
		v[k] = cp;
	}
	free(pv);
	return v;
}

/* Every clause that clause_copies splits, split in place. Returns whether any was (its probes
 * must then be matched again; a copy split by description may then split by formula). */
static bool split_clauses(struct tc *t)
{
	bool any = false;
	int c = 0;
	struct dnode **it = &t->g->items;
	while (*it) {
		size_t n = 0;
		struct dnode **v = clause_copies(t, *it, c, &n);
		if (!v) {
			c += (*it)->kind == DN_CLAUSE;
			it = &(*it)->next;
			continue;
		}
		it = replace_clause(t, it, c, v, n);
		free(v);
		c += (int)n;
		any = true;
	}
	return any;
}

/* The companions the program's formula probes need, appended as clauses (companion.h).
 * Returns 1 when some were (the probes are then matched again), 0 when none, -1 on error. */
static int add_companions(struct tc *t)
{
	char err[1024];
	int n = companions_add(t->g, &t->cat, t->nclauses - t->ncompanions, err, sizeof(err));
	if (n < 0) {
		util_warn("%s", err);
		return -1;
	}
	t->nclauses += n;
	t->ncompanions += n;
	return n > 0;
}

/* match_probes again, after split_clauses. */
static int rematch_probes(struct tc *t)
{
	pcat_free(&t->cat);
	memset(&t->cat, 0, sizeof(t->cat));
	for (int i = 0; i < t->nsrcs; i++)
		t->srcs[i].nmatched = 0;
	return match_probes(t);
}

/* args[] of a clause: the types the provider of its probes gives them (pcat_clause_args:
 * BEGIN, END, ERROR and the profile probes have none). */
static const struct dck_probe_args *clause_args(void *arg, int clause)
{
	struct tc *t = arg;
	if (!t->cargs)
		t->cargs = xcalloc((size_t)t->nclauses + 1, sizeof(*t->cargs));
	struct clause_args *a = &t->cargs[clause];
	if (!a->made) {
		a->made = true;
		a->typed = pcat_clause_args(&t->cat, clause, t->g->types, &a->pa) == 0;
		a->ck = (struct dck_probe_args){ a->pa.nargs, a->pa.types, a->pa.map, a->pa.native,
						 a->pa.nnative, a->pa.expr, a->pa.differ,
						 a->pa.guards, a->pa.nguards,
						 clause < t->nunmatched ? t->unmatched[clause] : NULL };
	}
	return a->typed || a->ck.unmatched ? &a->ck : NULL;
}

/* A struct or union a clause uses without a body in the program (a cast to a struct the
 * script never defines, or a type the provider file only names): its body from the DWARF of
 * the objects the clause's uprobes are in, the first that defines it, else from the kernel's
 * BTF (pcat_clause_complete). Types made live in the program's context. Objects without DWARF
 * are passed over: the checker then reports the forward declaration as it would without this. */
static bool clause_complete(void *arg, int clause, struct dtype *rec)
{
	struct tc *t = arg;
	return pcat_clause_complete(&t->cat, clause, t->g->types, rec);
}

/* `sym or mod`sym: a kernel variable, typed from the kernel's BTF, or a kernel function (read
 * as dtrace reads one, kbtf_func_sym_type), at its kallsyms address. */
static bool kernel_symbol(void *arg, const char *name, uint64_t *addr, struct dtype **type)
{
	struct tc *t = arg;
	const char *sym = strrchr(name, '`') + 1;
	*type = kbtf_var_type(t->g->types, sym);
	if (!*type)
		*type = kbtf_func_sym_type(t->g->types, sym);
	*addr = *type ? ksym_addr(sym) : 0;
	return *type && *addr;
}

/* mod`sym's module: one /proc/modules lists (the kernel itself is known to the checker). */
static bool kernel_module(void *arg, const char *module)
{
	(void)arg;
	FILE *f = fopen("/proc/modules", "re");
	if (!f)
		return false;
	char line[512];
	bool found = false;
	size_t len = strlen(module);
	while (!found && fgets(line, sizeof(line), f))
		found = strncmp(line, module, len) == 0 && line[len] == ' ';
	fclose(f);
	return found;
}

/* dtrace's -x evaltime=postinit (its default) and main: the command held at main(), its
 * libraries' constructors run, so its probes see main's calls and not the start-up's (a
 * pid$target:::entry count starts at main). main() is the executable's own symbol, else
 * __libc_start_main's first argument (a stripped executable); a command with neither stays
 * held at its entry point (dtrace acts as preinit then). */
static int hold_at_main(struct childproc *c, char *err, size_t errlen)
{
	uint64_t main_at = elf_funcs_proc_addr(c->pid, "main", true);
	if (!main_at) {
		uint64_t start_main = elf_funcs_proc_addr(c->pid, "__libc_start_main", false);
		if (!start_main)
			return 0;
		if (childproc_run_to(c, start_main, err, errlen) != 0 ||
		    childproc_first_arg(c, &main_at) != 0)
			return -1;
	}
	return main_at ? childproc_run_to(c, main_at, err, errlen) : 0;
}

/* -c / -p: the processes are there before the program is compiled, as $target needs. */
static int grab_targets(struct tc *t)
{
	const struct opts *o = t->o;
	char err[512];
	/* every -c command (the Guide: all run, $target is the first's pid, and the trace ends
	 * when all have exited); evaltime=exec: each held inside its exec; preinit: at its
	 * entry point; postinit (the default) and main: at main() */
	bool set = dopt_is_set(&t->d, "evaltime");
	enum childproc_stop at = set && t->d.evaltime == DOPT_EVALTIME_EXEC
				 ? CHILDPROC_AT_EXEC : CHILDPROC_AT_ENTRY;
	bool to_main = !set || t->d.evaltime == DOPT_EVALTIME_POSTINIT ||
		       t->d.evaltime == DOPT_EVALTIME_MAIN;
	if (o->ncmds > 0)
		t->children = xcalloc((size_t)o->ncmds, sizeof(*t->children));
	for (int i = 0; i < o->ncmds; i++) {
		struct childproc *c = &t->children[i];
		if (childproc_start(o->cmds[i], at, c, err, sizeof(err)) != 0) {
			/* a command that cannot be run at all is "No such process" to dtrace,
			 * whatever the reason (libproc's words for the process it did not get) */
			if (c->not_run)
				util_warn("No such process");
			else
				util_warn("failed to execute %s", err);
			return -1;
		}
		t->nchildren++;
		if (i == 0)
			t->target = c->pid;
		if (to_main && hold_at_main(c, err, sizeof(err)) != 0) {
			util_warn("failed to execute %s", err);
			return -1;
		}
	}
	for (int i = 0; i < o->npids; i++) {
		if (kill(o->pids[i], 0) != 0 && errno == ESRCH) {
			util_warn("No such process"); /* dtrace's words: libproc's error alone */
			return -1;
		}
		/* what the providers read of it (its maps, its files): another user's process is
		 * closed to a tracer without CAP_SYS_PTRACE, which would otherwise only see
		 * descriptions that match nothing */
		char mp[64];
		snprintf(mp, sizeof(mp), "/proc/%d/maps", (int)o->pids[i]);
		int fd = open(mp, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			int e = errno;
			if (e == ENOENT || e == ESRCH)
				util_warn("No such process");
			else
				util_warn("failed to grab pid %d: %s%s", (int)o->pids[i], strerror(e),
					  e == EACCES || e == EPERM ? " (another user's process: tracing it "
					  "needs root or CAP_SYS_PTRACE)" : "");
			return -1;
		}
		close(fd);
		if (!t->target)
			t->target = o->pids[i];
	}
	return 0;
}

/* How dtrace names a program argument in its notices: a script by its file name, a
 * description by its text up to the predicate or action. */
static int source_label_len(const struct source *s)
{
	return s->kind == 's' ? (int)strlen(s->text) : (int)strcspn(s->text, "{/;");
}

static void print_notices(const struct tc *t)
{
	if (t->d.quiet)
		return;
	for (int i = 0; i < t->nsrcs; i++) {
		const struct source *s = &t->srcs[i];
		const char *what = s->kind == 's' ? "script" : "description";
		int len = source_label_len(s);
		fprintf(stderr, "%s: %s '%.*s' matched %d probe%s\n", util_progname, what, len,
			s->text, s->nmatched, s->nmatched == 1 ? "" : "s");
	}
	if (t->d.destructive)
		fprintf(stderr, "%s: allowing destructive actions\n", util_progname);
}

/* A type-checker or code-generator error about the whole program. dtrace numbers lines only
 * in files: for a description it names the region instead ("in action list: ...", "in
 * predicate: ...", nothing for what it finds building the tree or generating code). A refusal
 * to enable (DERR_ENABLE, "could not enable tracing: ...") is dtrace's dtrace_go() failing,
 * which comes after the "matched" notices and names no source. */
static void program_error(const struct tc *t, const struct derr *e)
{
	if (e->kind == DERR_ENABLE)
		print_notices(t);
	/* dtrace compiles each -n/-s alone: the error is the one of the clause's source */
	const struct source *s = e->clause >= 0 && e->clause < t->nclauses
				 ? source_of_clause((struct tc *)t, e->clause) : program_source(t);
	struct derr d = *e;
	if (d.kind == DERR_SOURCE && s->kind != 's' && d.at == DERR_AT_LINE)
		d.at = d.region == DERR_REGION_PREDICATE ? DERR_AT_PREDICATE :
		       d.region == DERR_REGION_NONE ? DERR_AT_NONE : DERR_AT_ACTIONS;
	source_error(t, s, &d);
}

/* The description of the first clause that names probe pr, as the user wrote it (dtrace heads
 * each clause's listing with it); the probe's own name if none does. */
static char *clause_label(const struct tc *t, const struct dobj_probe *pr)
{
	for (const struct dnode *it = t->g->items; it; it = it->next) {
		if (it->kind != DN_CLAUSE)
			continue;
		for (const struct dnode *pd = it->args; pd; pd = pd->next) {
			struct probedesc d = { pd->pd[0], pd->pd[1], pd->pd[2], pd->pd[3] };
			if (pd->spec == DPD_ID ? pd->ival == pr->id
					       : probedesc_match(&d, pr->provider, 0, pr->module,
								 pr->function, pr->name))
				return xasprintf("%s:%s:%s:%s", d.prov, d.mod, d.func, d.name);
		}
	}
	return xasprintf("%s:%s:%s:%s", pr->provider, pr->module, pr->function, pr->name);
}

/* -x verbose: each program listed the way dtrace lists its clauses' code: instruction index,
 * byte offset, the encoding (opcode, registers, offset, immediate) and the instruction. */
static void print_verbose_disasm(const struct tc *t, const struct dobj *obj)
{
	for (size_t i = 0; i < obj->nprogs; i++) {
		const struct dobj_prog *p = &obj->progs[i];
		const struct dobj_probe *pr = &obj->probes[p->probe];
		char *label = clause_label(t, pr);
		fprintf(stderr, "\nDisassembly of clause %s, <%s:%s:%s:%s>:\n", label, pr->provider,
			pr->module, pr->function, pr->name);
		fprintf(stderr, "INS OFF  OPCODE                  INSTRUCTION\n");
		free(label);
		for (size_t k = 0; k < p->ninsns;) {
			struct strbuf txt = { 0 };
			int used = bpf_dis_insn(&txt, p->insns, p->ninsns, k);
			for (int j = 0; j < used && k < p->ninsns; j++, k++) {
				const struct bpf_insn *in = &p->insns[k];
				fprintf(stderr, "%04zu %05zu: %02x %x%x %04x %08x    %s\n", k, k * 8,
					in->code, in->dst_reg, in->src_reg, (unsigned)(uint16_t)in->off,
					(unsigned)in->imm, j == 0 && txt.s ? txt.s : "");
			}
			strbuf_free(&txt);
		}
	}
}

/* -v: dtrace's stability report for each program argument (stability.h), on f (stdout or
 * -o's file), once it compiles; under -e with each of its descriptions. */
static void print_stability(struct tc *t, FILE *f)
{
	for (int i = 0; i < t->nsrcs; i++) {
		const struct source *s = &t->srcs[i];
		int first = 0, n = 0;
		for (int k = 0; k < t->nsdescs; k++) {
			int c = t->sdescs[k].clause;
			if (c < s->first_clause || c >= s->end_clause)
				continue;
			if (n == 0)
				first = k;
			n++;
		}
		stability_report(f, s->kind == 's' ? "script" : "description", s->text,
				 source_label_len(s), t->sdescs + first, n, &t->cat, t->stab,
				 t->o->compile_only);
	}
}

/* -x ctypes / -x dtypes: the compiler's C and D types as CTF files, once the program's
 * declarations are in (dtrace writes them after each compilation). A file that cannot be
 * written is reported and tracing goes on, as the types are a by-product. */
static void write_ctf(struct tc *t)
{
	struct derr err;
	if (t->d.ctypes && dctf_write_c(t->g->types, t->d.ctypes, &err) != 0)
		util_warn("-x ctypes: %s", err.msg);
	if (t->d.dtypes && dctf_write_d(t->g->types, t->d.dtypes, &err) != 0)
		util_warn("-x dtypes: %s", err.msg);
}

/* The type checker's options for t's program: destructive actions allowed or not, a -c/-p
 * target or not ($target, pid provider descriptions). */
static struct dck_options check_options(struct tc *t, bool destructive, bool has_target)
{
	return (struct dck_options){ destructive, (int)t->d.strsize, clause_args, t,
				     clause_complete, has_target, kernel_symbol, t->d.version,
				     kernel_module, false };
}

/* The amin option: the program's first part below the floor is its error (dstab_floor). */
static int check_floor(struct tc *t, struct derr *err)
{
	const struct dopt_attr *f = &t->d.amin;
	struct dstab_desc *d = xcalloc((size_t)t->nsdescs + 1, sizeof(*d));
	for (int i = 0; i < t->nsdescs; i++) {
		d[i].clause = t->sdescs[i].clause;
		stability_desc(&t->cat, &t->sdescs[i], &d[i].attr, &d[i].prov);
	}
	struct pattr floor = { (enum pattr_stability)f->name, (enum pattr_stability)f->data,
			       (enum pattr_class)f->dep };
	int rc = dstab_floor(t->g, floor, d, t->nsdescs, err);
	free(d);
	return rc;
}

static int compile_and_run(struct tc *t)
{
	struct derr err;
	/* destructive actions are refused when tracing is enabled, which -e never reaches */
	struct dck_options ckopt = check_options(t, t->d.destructive || t->o->compile_only,
						 t->o->cmd != NULL || t->o->npids > 0);
	struct dck_prog *ck = NULL;
	write_ctf(t);
	if (t->o->verbose) {
		free(t->stab);
		t->stab = xcalloc((size_t)t->nclauses + 1, sizeof(*t->stab));
		dstab_program(t->g, t->stab, t->nclauses);
	}
	if (t->d.amin.set && check_floor(t, &err) != 0) {
		program_error(t, &err);
		return 1;
	}
	if (dcheck_program(t->g, &ckopt, &ck, &err) != 0) {
		program_error(t, &err);
		return 1;
	}
	struct pcat_enabled u;
	pcat_enabled(&t->cat, &u);
	struct cg_input in = { u.probes, u.n, u.clause, u.nclause, u.stmt, &t->d, t->target,
			       t->cat.up.nprobes > 0 && attach_sleepable_uprobe_supported(),
			       u.layouts };
	struct dobj *obj = NULL;
	FILE *out = stdout;
	int status = 1;
	debug_step(t, "type-checked; generating BPF code");
	if (cg_compile(ck, &in, &obj, &err) != 0) {
		program_error(t, &err);
		goto out;
	}
	/* the companions' programs run after the formula probes' that share their firing */
	for (int c = t->nclauses - t->ncompanions; c < t->nclauses && c < u.nclauses; c++)
		for (size_t k = 0; k < u.nclause[c]; k++)
			for (size_t i = 0; i < obj->nprogs; i++)
				if (obj->progs[i].probe == u.clause[c][k])
					obj->progs[i].late = true;
	if (t->d.verbose)
		print_verbose_disasm(t, obj);
	/* dtrace opens -o's file once the programs compile, before it enables them: -e creates
	 * it, and the -v report goes there, as everything dtrace itself prints on stdout */
	if (t->o->output && !(out = fopen(t->o->output, "a"))) {
		out = stdout;
		util_warn("failed to open output file '%s': %s", t->o->output, strerror(errno));
		goto out;
	}
	if (t->o->verbose)
		print_stability(t, out);
	if (t->o->disasm) {
		struct strbuf b = { 0 };
		cg_disasm(obj, &b);
		fputs(b.s ? b.s : "", stderr);
		strbuf_free(&b);
	}
	if (t->o->compile_only) {
		status = 0;
		if (t->keep_ck) {
			*t->keep_ck = ck;
			ck = NULL;
		}
		goto out;
	}
	int total = 0;
	for (int i = 0; i < t->nsrcs; i++)
		total += t->srcs[i].nmatched;
	/* the command's -Z, not -x zdefs nor a pragma's zdefs: dtrace(1) decides this with its
	 * own flags, so a program whose descriptions all match nothing by -x zdefs or a pragma
	 * still stops here ("dtrace -x zdefs -n nosuch:::x": "no probes matched", exit 1) */
	if (total == 0 && !t->o->zflag) {
		print_notices(t); /* dtrace: "script 'x.d' matched 0 probes" first */
		util_warn("no probes matched");
		goto out;
	}
	print_notices(t);
	if (obj->refusal) {
		util_warn("could not enable tracing: %s", obj->refusal);
		goto out;
	}
	struct trace_run_opts ro = {
		.dopts = &t->d, .out = out, .children = t->children, .nchildren = t->nchildren,
		.pids = t->o->pids, .npids = t->o->npids, .target_pid = t->target,
		.cat = &t->cat, .enabled = &u,
	};
	status = trace_run(obj, &ro);
out:
	if (out != stdout && fclose(out) != 0 && status == 0) {
		util_warn("failed to write to %s: %s", t->o->output, strerror(errno));
		status = 1;
	}
	if (obj)
		dobj_free(obj);
	dck_prog_free(ck);
	pcat_enabled_free(&u);
	return status;
}

/* What trace_cmd_run and trace_cmd_check share: t set up for o's program, macro arguments
 * from o's operands ($0 the first script, else the command as invoked). *argv is for
 * finish() to free. */
static void setup(struct tc *t, const struct opts *o, char ***argv)
{
	memset(t, 0, sizeof(*t));
	t->o = o;
	t->d = o->dopts;
	t->nsrcs = o->nprogs;
	t->srcs = xcalloc((size_t)o->nprogs + 1, sizeof(*t->srcs));
	/* $0: the first script's name; without one, the command as invoked (dtrace's argv[0]:
	 * a path is a string, a bare name an identifier, as any macro argument) */
	const char *arg0 = NULL;
	for (int i = 0; i < o->nprogs; i++) {
		t->srcs[i].kind = o->progs[i].kind;
		t->srcs[i].text = o->progs[i].text;
		if (o->progs[i].kind == 's' && !arg0)
			arg0 = o->progs[i].text;
	}
	if (!arg0)
		arg0 = o->argv0 ? o->argv0 : util_progname;
	*argv = xcalloc((size_t)o->nargs + 2, sizeof(char *));
	(*argv)[0] = (char *)arg0;
	for (int i = 0; i < o->nargs; i++)
		(*argv)[i + 1] = o->args[i];
}

static void start_macros(struct tc *t, char **argv)
{
	dmacro_env_init(&t->env, t->o->nargs + 1, argv);
	t->env.target = t->target;
	t->env.referenced = xcalloc((size_t)t->o->nargs + 2, sizeof(bool));
}

static void finish(struct tc *t, char **argv)
{
	free(t->env.referenced);
	free(argv);
	for (int i = 0; i < t->nchildren; i++)
		if (!t->children[i].exited)
			childproc_kill(&t->children[i]);
	free(t->children);
	if (t->cat.clause_idx)
		pcat_free(&t->cat);
	if (t->g)
		dprog_free(t->g);
	if (t->cargs)
		for (int c = 0; c < t->nclauses; c++)
			prov_args_free(&t->cargs[c].pa);
	free(t->cargs);
	free_unmatched(t);
	free(t->sdescs);
	free(t->stab);
	free(t->srcs);
}

/* The program parsed, its probes matched, its clauses on formula probes split and its
 * companions added: what tracing compiles and -l's check type-checks (a formula's guard may
 * read what a companion assigns). 0, or -1 after an error reported. */
static int prepare_program(struct tc *t)
{
	if (build_program(t) != 0 || match_probes(t) != 0)
		return -1;
	/* twice at most: by description, then a description's formula probes by probe; a round
	 * that splits nothing leaves nothing for another */
	for (int round = 0; round < 2; round++) {
		if (!split_clauses(t))
			break;
		if (rematch_probes(t) != 0)
			return -1;
	}
	int rc = add_companions(t);
	return rc < 0 || (rc > 0 && rematch_probes(t) != 0) ? -1 : 0;
}

int trace_cmd_check(const struct opts *o, pid_t target)
{
	struct tc t;
	char **argv;
	setup(&t, o, &argv);
	/* -l lists what matches nothing as "failed to match" (list_cmd.c), not as an error; what
	 * it lists is not enabled */
	t.d.zdefs = true;
	t.listing = true;
	t.target = target;
	start_macros(&t, argv);
	int status = 1;
	if (t.nsrcs == 0 || prepare_program(&t) == 0) {
		status = 0;
		if (t.nsrcs > 0) {
			struct derr err;
			struct dck_options ckopt = check_options(&t, true, target > 0);
			struct dck_prog *ck = NULL;
			if (dcheck_program(t.g, &ckopt, &ck, &err) != 0) {
				program_error(&t, &err);
				status = 1;
			} else {
				dck_prog_free(ck);
			}
		}
	}
	finish(&t, argv);
	return status;
}

/* trace_cmd_run's work; with keep, the program stays there when it compiles. */
static int compile_or_trace(const struct opts *o, struct dprog **keep, struct dck_prog **keep_ck)
{
	struct tc t;
	char **argv;
	setup(&t, o, &argv);
	t.keep = keep;
	t.keep_ck = keep_ck;
	int status = 1;
	/* dtrace creates and grabs the -c/-p processes before it looks at the programs, so a
	 * command that cannot run is "No such process" even with no program given */
	if (grab_targets(&t) != 0)
		goto out;
	/* -Z lets a trace start with no probe, and so with no program: dtrace then traces nothing
	 * until its -c commands exit, or it is stopped */
	if (t.nsrcs == 0 && !o->zflag) {
		/* -e stops after compiling: with nothing to compile, that is success (dtrace) */
		if (o->compile_only)
			status = 0;
		else
			util_warn("no probes specified");
		goto out;
	}
	start_macros(&t, argv);

	debug_step(&t, "compiling %d program argument(s)", t.nsrcs);
	if (prepare_program(&t) == 0) {
		debug_step(&t, "%d clause(s) parsed; probes matched", t.nclauses);
		status = compile_and_run(&t);
		debug_step(&t, "done: exit status %d", status);
		if (keep && status == 0) {
			*keep = t.g;
			t.g = NULL;
		} else if (keep_ck && *keep_ck) {
			dck_prog_free(*keep_ck);
			*keep_ck = NULL;
		}
	}
out:
	finish(&t, argv);
	return status;
}

int trace_cmd_run(const struct opts *o)
{
	return compile_or_trace(o, NULL, NULL);
}

int trace_cmd_compile(const struct opts *o, struct dprog **out, struct dck_prog **ck)
{
	*out = NULL;
	*ck = NULL;
	return compile_or_trace(o, out, ck);
}
