/* list_cmd.c — `usdtrace -l`: list the probes the descriptions select, in dtrace's format, from
 * the same catalog (pcat.h) and providers (provider.h) a trace matches through, so ids agree:
 * the builtin catalog, then what each provider lists itself (the USDT probes of ELF files named
 * by path; the probes of processes: all of them, -p PID, or a -c child held before main), then
 * the processes' probes in the uprobe table, numbered as a trace numbers them. How a probe is
 * selected and printed, and the order, are plist.h's; this file reads the command line and
 * names no provider. */
#include "commands.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "childproc.h"
#include "dcpp.h"
#include "dlib.h"
#include "dparse.h"
#include "dtype.h"
#include "pcat.h"
#include "plist.h"
#include "probedesc.h"
#include "proc_maps.h"
#include "stash.h"
#include "util.h"

/* `pid$target` with -c or -p: the target's pid (dtrace expands it before matching). */
static void expand_target(struct plist_desc *d, pid_t target)
{
	char *at = strstr(d->pd.prov, "$target");
	if (!at || target <= 0)
		return;
	*at = '\0';
	char *p = xasprintf("%s%d%s", d->pd.prov, (int)target, at + strlen("$target"));
	free(d->pd.prov);
	d->pd.prov = p;
}

/* One description of a -n/-P/-m/-f/-i argument, from the parsed clause. */
static void add_desc(struct plist *L, char kind, const char *text, const struct dnode *pd)
{
	L->descs = xrealloc(L->descs, sizeof(*L->descs) * (size_t)(L->ndescs + 1));
	struct plist_desc *d = &L->descs[L->ndescs++];
	memset(d, 0, sizeof(*d));
	d->kind = kind;
	d->text = text;
	if (pd->spec == DPD_ID) {
		d->by_id = true;
		d->id = (long)pd->ival;
	}
	d->pd.prov = xstrdup(pd->pd[0]);
	d->pd.mod = xstrdup(pd->pd[1]);
	d->pd.func = xstrdup(pd->pd[2]);
	d->pd.name = xstrdup(pd->pd[3]);
	d->is_file = strchr(d->pd.mod, '/') != NULL;
}

static int parse_plain(struct plist *L, char kind, const char *t)
{
	L->descs = xrealloc(L->descs, sizeof(*L->descs) * (size_t)(L->ndescs + 1));
	struct plist_desc *d = &L->descs[L->ndescs];
	memset(d, 0, sizeof(*d));
	d->kind = kind;
	d->text = t;
	struct derr err;
	if (probedesc_parse(t, kind == 'i' ? 'n' : kind, &d->pd, &err) != 0) {
		char text[DERR_TEXT_MAX];
		util_warn("invalid probe specifier %s: %s", t,
			  derr_format(&err, false, text, sizeof(text)));
		return -1;
	}
	d->is_file = strchr(d->pd.mod, '/') != NULL;
	L->ndescs++;
	return 0;
}

/* Whether description text t names a file by path in a field (our extension): a '/' that
 * starts the text or a field. Elsewhere a '/' opens a predicate ("BEGIN /1/ {...}"), which
 * dtrace -l reads as part of a program. */
static bool names_path(const char *t)
{
	const char *slash = strchr(t, '/');
	return slash && (slash == t || slash[-1] == ':');
}

char *script_text(const struct opts *o, bool cpp, uint32_t version, const char *file, size_t *n,
		  struct derr *err)
{
	if (cpp)
		return dcpp_run(file, o->cpppath, o->cppargs, o->ncppargs, version, n, err);
	char *text = util_read_file(file, n);
	if (!text && errno == EISDIR) {  /* dtrace opens a directory and fails reading it */
		derr_set(err, DTAG_NONE, "Error occurred while reading from input stream");
	} else if (!text) {
		derr_set(err, DTAG_NONE, "failed to open %s: %s", file, strerror(errno));
		derr_set_kind(err, DERR_ALONE);
	}
	return text;
}

/* The descriptions of the clauses of script `file` (-l -s), which dtrace compiles and lists
 * the probes of; 0, or -1 having reported why not as dtrace does ("failed to open X: ..." or
 * "failed to compile script X: ..."). Only the parse is done: an error the type checker would
 * find is not reported in a listing here. */
static int parse_script(const struct opts *o, struct plist *L, const char *file)
{
	struct derr err;
	size_t n = 0;
	char *text = script_text(o, o->dopts.cpp, o->dopts.version, file, &n, &err);
	struct dprog *g = dprog_new();
	int rc = text ? dparse_script(g, file, text, n, &err) : -1;
	free(text);
	if (rc != 0) {
		char msg[DERR_TEXT_MAX];
		derr_format(&err, o->dopts.errtags, msg, sizeof(msg));
		if (err.kind == DERR_ALONE)
			util_warn("%s", msg);
		else
			util_warn("failed to compile script %s: %s", file, msg);
		dprog_free(g);
		return -1;
	}
	for (const struct dnode *it = g->items; it; it = it->next)
		if (it->kind == DN_CLAUSE)
			for (const struct dnode *pd = it->args; pd; pd = pd->next)
				add_desc(L, 'n', file, pd);
	dprog_free(g);
	return 0;
}

/* Each argument is read as dtrace reads it, as a program: "-ln 'read{...}'" lists :::read,
 * "-ln 'BEGIN,END'" both; a number is a probe id; a -s script, its clauses' descriptions. */
static int parse_descs(const struct opts *o, struct plist *L)
{
	static const enum dpdesc_spec specs[] = { ['n'] = DPD_NAME, ['P'] = DPD_PROVIDER,
						  ['m'] = DPD_MODULE, ['f'] = DPD_FUNCTION,
						  ['i'] = DPD_ID };
	for (int i = 0; i < o->nprogs; i++) {
		const char *t = o->progs[i].text;
		char kind = o->progs[i].kind;
		if (kind == 's') {
			if (parse_script(o, L, t) != 0)
				return -1;
			continue;
		}
		if (names_path(t)) {
			/* a module named by path (our extension): one description, as it stands */
			if (parse_plain(L, kind, t) != 0)
				return -1;
			continue;
		}
		struct dprog *g = dprog_new();
		struct derr err;
		if (dparse_clause_arg(g, specs[(unsigned char)kind], t, &err) != 0) {
			/* as dtrace -l reports it: no tag, and a description's lines are not numbered */
			char text[DERR_TEXT_MAX];
			if (err.at == DERR_AT_LINE)
				err.at = DERR_AT_NONE;
			util_warn("invalid probe specifier %s: %s", t,
				  derr_format(&err, false, text, sizeof(text)));
			dprog_free(g);
			return -1;
		}
		for (const struct dnode *it = g->items; it; it = it->next)
			if (it->kind == DN_CLAUSE)
				for (const struct dnode *pd = it->args; pd; pd = pd->next)
					add_desc(L, kind, t, pd);
		dprog_free(g);
	}
	return 0;
}

static int pid_cmp(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;
	return (x > y) - (x < y);
}

/* Whether the listing makes the whole catalog first: a plain -l lists every probe, as
 * dtrace's does, and an id (-i) is the one a plain -l shows; a listing by descriptions makes
 * only what they name, as a trace of them does, so the ids it shows are the trace's. */
static bool whole_catalog(const struct plist *L)
{
	if (L->ndescs == 0)
		return true;
	for (int i = 0; i < L->ndescs; i++)
		if (L->descs[i].by_id)
			return true;
	return false;
}

/* The listing itself, in plist.h's order; 0, or 1 when a provider reported an error. */
static int list_all(struct plist *L)
{
	fprintf(L->out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
	/* probes made only as descriptions name them (fbt's, rawtp's, sdt's, the formula
	 * providers') get into the catalog first: for a whole catalog what ":::" names (every
	 * tracepoint, the D libraries' providers), then what each description adds (fbt's
	 * functions), in the order a trace of the same descriptions makes them */
	if (whole_catalog(L)) {
		struct probedesc all = { "", "", "", "" };
		pcat_list_provide(&L->cat, &all);
	}
	for (int i = 0; i < L->ndescs; i++) {
		const struct plist_desc *d = &L->descs[i];
		if (!d->by_id && !d->is_file)
			pcat_list_provide(&L->cat, &d->pd);
	}
	plist_catalog(L);
	L->next_id = (uint32_t)L->cat.builtin.n + 1;
	int status = pcat_list(L);
	pcat_list_uprobes(L);
	return status;
}

const char *stash_dir_of(const struct opts *o)
{
	if (!o->stash)
		return STASH_DEFAULT_DIR;
	return o->stash[0] ? o->stash : NULL;
}

/* Where the listing goes: -o's file, appended to as dtrace appends to it, once the probe
 * descriptions are known to be good (dtrace opens it after compiling them, so an unknown
 * probe id leaves no file), else stdout. NULL after dtrace's message when it cannot open. */
static FILE *listing_output(const struct opts *o)
{
	if (!o->output)
		return stdout;
	FILE *f = fopen(o->output, "a");
	if (!f)
		util_warn("failed to open output file '%s': %s", o->output, strerror(errno));
	return f;
}

int list_cmd_run(const struct opts *o)
{
	struct plist L = {0};
	L.verbose = o->verbose;
	pcat_init(&L.cat, 0);
	L.cat.up.walk_dir = stash_dir_of(o);
	L.cat.up.walk = L.cat.up.walk_dir ? stash_maps_foreach : NULL;
	L.out = stdout;
	if (L.verbose)
		L.ctx = dtype_ctx_new();
	int status = 0;
	struct childproc child = {0};
	struct dprog *libs = dprog_new();

	if (parse_descs(o, &L) != 0) {
		status = 1;
		goto out;
	}
	/* The D libraries, for the providers they define as formulas (docs/formula-providers.md):
	 * those the descriptions need, by their words or as they may select a formula's probe,
	 * as a trace of them loads them; all of them for a whole catalog (whole_catalog). The
	 * descriptions as parsed, the scripts' among them. */
	{
		char **texts = xcalloc((size_t)L.ndescs + 1, sizeof(*texts));
		char *kinds = xcalloc((size_t)L.ndescs + 1, 1);
		int n = 0;
		for (int i = 0; i < L.ndescs; i++) {
			const struct probedesc *pd = &L.descs[i].pd;
			if (L.descs[i].by_id)
				continue;
			texts[n] = xasprintf("%s:%s:%s:%s", pd->prov, pd->mod, pd->func, pd->name);
			kinds[n++] = 'n';
		}
		struct derr err;
		int rc = dlib_load_all(libs, o->syslibdir, o->libdirs, o->nlibdirs, o->dopts.nolibs,
				       whole_catalog(&L) ? NULL : (const char *const *)texts, kinds, n,
				       false, &err);
		for (int i = 0; i < n; i++)
			free(texts[i]);
		free(texts);
		free(kinds);
		if (rc != 0) {
			/* the first program's error, as trace_cmd reports it (dlib.h) */
			dlib_report(&err, o->dopts.errtags, o->nprogs ? o->progs[0].kind : 0,
				    o->nprogs ? o->progs[0].text : NULL);
			status = 1;
			goto out;
		}
		L.cat.formulas = libs;
	}

	/* The processes to list, grabbed before anything is printed, as dtrace does. */
	int npids = o->npids;
	pid_t *pids = xcalloc((size_t)npids + 1, sizeof(*pids));
	if (npids > 0)
		memcpy(pids, o->pids, sizeof(*pids) * (size_t)npids);
	if (o->cmd) {
		char err[512];
		if (childproc_start(o->cmd, CHILDPROC_AT_ENTRY, &child, err, sizeof(err)) != 0) {
			/* a command that cannot be run at all is "No such process" to dtrace,
			 * whatever the reason (libproc's words for the process it did not get) */
			if (child.not_run)
				util_warn("No such process");
			else
				util_warn("failed to execute %s", err);
			free(pids);
			status = 1;
			goto out;
		}
		pids[npids++] = child.pid;
	}
	pid_t target = o->cmd ? child.pid : npids > 0 ? pids[0] : 0;
	L.cat.target = target;
	for (int i = 0; i < L.ndescs; i++)
		if (!L.descs[i].by_id)
			expand_target(&L.descs[i], target);
	qsort(pids, (size_t)npids, sizeof(*pids), pid_cmp);
	L.procs = xcalloc((size_t)npids + 1, sizeof(*L.procs));
	for (int i = 0; i < npids; i++) {
		if (i && pids[i] == pids[i - 1])
			continue;
		char err[512];
		if (proc_maps_read(pids[i], &L.procs[L.nprocs], err, sizeof(err)) != 0) {
			if (strcmp(err, "No such process") == 0)
				util_warn("%s", err); /* dtrace's words for a pid that is gone */
			else
				util_warn("failed to grab pid %d: %s%s", (int)pids[i], err,
					  strcmp(err, strerror(EPERM)) == 0 || strcmp(err, strerror(EACCES)) == 0
					  ? " (another user's process: listing it needs root or CAP_SYS_PTRACE)"
					  : "");
			free(pids);
			status = 1;
			goto out;
		}
		L.nprocs++;
	}
	free(pids);

	/* dtrace compiles the program it lists: its errors (macros, $target without a target,
	 * types) end the listing before anything is printed. Probe ids are left to the listing,
	 * which knows the processes' probes' ids (below), and so are files named by path (our
	 * extension, which the D grammar has not). */
	bool by_id = false, plain = false;
	for (int i = 0; i < L.ndescs; i++)
		by_id |= L.descs[i].by_id;
	for (int i = 0; i < o->nprogs; i++)
		plain |= o->progs[i].kind != 's' && names_path(o->progs[i].text);
	if (!by_id && !plain && trace_cmd_check(o, target) != 0) {
		status = 1;
		goto out;
	}

	/* dtrace looks a probe id up as it reads the description: an unknown one is an error
	 * before anything is listed. Ours may name a probe only the listing numbers (a
	 * process's), so the listing is held until every id is known to be there. */
	char *held = NULL;
	size_t nheld = 0;
	bool any_id = false;
	for (int i = 0; i < L.ndescs; i++)
		any_id |= L.descs[i].by_id;
	if (any_id && !(L.out = open_memstream(&held, &nheld))) {
		util_warn("failed to list: %s", strerror(errno));
		status = 1;
		goto out;
	}
	if (!any_id && !(L.out = listing_output(o))) {
		status = 1;
		goto out;
	}
	status = list_all(&L);
	if (any_id) {
		fclose(L.out);
		L.out = stdout;
		for (int i = 0; i < L.ndescs; i++) {
			const struct plist_desc *d = &L.descs[i];
			if (d->by_id && !d->matched) {
				util_warn("invalid probe specifier %s: invalid probe identifier %ld: "
					  "Unknown probe identifier", d->text, d->id);
				free(held);
				status = 1;
				goto out;
			}
		}
		if (!(L.out = listing_output(o))) {
			free(held);
			status = 1;
			goto out;
		}
		fwrite(held, 1, nheld, L.out);
		free(held);
	}
	fflush(L.out);

	/* A description that matches nothing is reported, and is no error: dtrace -l exits 0. */
	for (int i = 0; i < L.ndescs; i++) {
		const struct plist_desc *d = &L.descs[i];
		if (!d->matched)
			util_warn("failed to match %s:%s:%s:%s: No probe matches description",
				  d->pd.prov, d->pd.mod, d->pd.func, d->pd.name);
	}
	if (ferror(L.out)) {
		util_warn("failed to write the listing: %s", strerror(errno));
		status = 1;
	}
	if (L.out != stdout)
		fclose(L.out);
	L.out = stdout;

out:
	if (child.pid > 0)
		childproc_kill(&child);
	for (int i = 0; i < L.nprocs; i++)
		proc_maps_free(L.procs[i]);
	free(L.procs);
	for (int i = 0; i < L.ndescs; i++)
		probedesc_free(&L.descs[i].pd);
	free(L.descs);
	pcat_free(&L.cat);
	dprog_free(libs);
	if (L.ctx)
		dtype_ctx_free(L.ctx);
	return status;
}
