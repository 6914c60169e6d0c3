/* list_cmd.c — `usdtrace -l`: list the tracer's own probes, the USDT probes of ELF files named
 * by path, of processes (all of them, -p PID, or a -c child held before main) and the pid
 * provider's probes of described processes, in dtrace's format.
 *
 * Processes are listed through the providers, as the tracer matches them: their USDT probes
 * are made in the probe catalog's uprobe table (uprov_add_process, the usdt provider's
 * per-process matching), pid probes by the pid provider's match hook, and uprov_number gives
 * both the ids a trace of the same processes gives them; -l then prints what the descriptions
 * select. Files named by path are listed here directly (no process maps them), numbered right
 * after the builtin probes.
 *
 * A probe is the tuple (provider+pid, module, function, name); the sites of one probe within
 * one function collapse into one line. Each distinct ELF object (by device and inode) is parsed
 * once however many processes map it (one cache, the table's): listing a whole machine costs one
 * parse per library, not one per process. Every probe of a listed object takes an id, before
 * filtering, so an id names the same probe whatever descriptions are given. */
#include "commands.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bprobes.h"
#include "childproc.h"
#include "dparse.h"
#include "dtype.h"
#include "dwarf_types.h"
#include "pcat.h"
#include "probedesc.h"
#include "proc_maps.h"
#include "usdt_cache.h"
#include "util.h"

/* USDT probes are numbered after the tracer's own probes (bprobes.h: dtrace:::BEGIN, END,
 * ERROR, then the profile provider's predefined probes), which come first, as in dtrace. */

struct list_desc {
	char kind;            /* 'n' 'P' 'm' 'f' 'i' */
	const char *text;
	bool by_id;           /* -i with a number */
	long id;
	bool is_file;         /* module field names an ELF file by path */
	struct probedesc pd;
	bool matched;
};

struct lister {
	struct list_desc *descs;
	int ndescs;
	bool verbose;
	bool report_errors;   /* -p / -c: tell about unreadable objects */
	int next_id;          /* the next file probe's id, then the first uprobe's */
	FILE *out;
	struct pcat pc;       /* builtin probes, and the uprobe table processes are listed from */
};

static int probe_id_next(struct lister *L)
{
	return L->next_id++;
}

/* ---- matching and printing ---- */

/* Does description d select this probe? `path` is the object's full path, compared when the
 * description names a file by path; `file_mode` says we are listing such a file. */
static bool desc_selects(const struct list_desc *d, int id, bool file_mode, pid_t pid,
			 const char *path, const char *module, const char *prov, const char *func,
			 const char *name)
{
	if (d->by_id)
		return id == d->id;
	if (d->is_file != file_mode)
		return false;
	if (file_mode) {
		if (strcmp(d->pd.mod, path) != 0)
			return false;
		struct probedesc any_mod = d->pd;
		any_mod.mod = "";
		return probedesc_match(&any_mod, prov, pid, module, func, name);
	}
	return probedesc_match(&d->pd, prov, pid, module, func, name);
}

static void print_attr_block(FILE *out, const char *title)
{
	/* USDT providers defined without stability pragmas carry dtrace's default provider
	 * attributes: Unstable / Unstable / Common for every part of the description. */
	fprintf(out, "\n\t%s\n", title);
	fputs("\t\tIdentifier Names: Unstable\n", out);
	fputs("\t\tData Semantics:   Unstable\n", out);
	fputs("\t\tDependency Class: Common\n", out);
}

static void print_verbose(FILE *out, const struct usdt_file *f, const struct usdt_file_probe *p)
{
	const struct usdt_site *s0 = &f->sites[p->sites[0]];
	print_attr_block(out, "Probe Description Attributes");
	print_attr_block(out, "Argument Attributes");

	/* args[] as the tracer types them: through the provider file's argument mapping when it
	 * gives one (the translated types, as dtrace shows them), else as declared, else the
	 * native types of the first site's argument locations. */
	fputs("\n\tArgument Types\n", out);
	const struct usdt_probe_types *t = usdt_file_find_types(f, s0->provider, s0->name);
	bool mapped = t && t->xtypes;
	int nargs = mapped ? t->nxargs : t ? t->nargs : s0->nargs;
	for (int i = 0; i < nargs; i++)
		fprintf(out, "\t\targs[%d]: %s\n", i,
			mapped ? t->xtypes[i] : t ? t->types[i] : usdt_arg_native_type(&s0->args[i]));
	if (nargs == 0)
		fputs("\t\tNone\n", out);

	/* Not in dtrace: where each site is and where its arguments live. */
	fputs("\n\tProbe Sites\n", out);
	for (int k = 0; k < p->nsites; k++) {
		const struct usdt_site *s = &f->sites[p->sites[k]];
		fprintf(out, "\t\t%#llx (file offset %#llx)", (unsigned long long)s->pc,
			(unsigned long long)s->pc_off);
		if (s->sem)
			fprintf(out, ", semaphore %#llx (file offset %#llx)",
				(unsigned long long)s->sem, (unsigned long long)s->sem_off);
		fputc('\n', out);
		for (int i = 0; i < s->nargs; i++) {
			const struct usdt_arg *a = &s->args[i];
			if (a->kind == USDT_LOC_INVALID) {
				fprintf(out, "\t\t\targs[%d]: %s: cannot decode: %s\n", i, a->spec,
					a->error ? a->error : "unknown");
				continue;
			}
			char *where = usdt_arg_describe(a);
			fprintf(out, "\t\t\targs[%d]: %s = %s %s\n", i, a->spec,
				usdt_arg_native_type(a), where);
			free(where);
		}
	}
	fputc('\n', out);
}

/* Mark the descriptions that select a probe; whether any does (no description: all do). */
static bool select_probe(struct lister *L, int id, bool file_mode, pid_t pid, const char *path,
			 const char *module, const char *prov, const char *func, const char *name)
{
	bool selected = L->ndescs == 0;
	for (int k = 0; k < L->ndescs; k++) {
		struct list_desc *d = &L->descs[k];
		if (desc_selects(d, id, file_mode, pid, path, module, prov, func, name)) {
			d->matched = true;
			selected = true;
		}
	}
	return selected;
}

static void print_usdt_line(struct lister *L, int id, const char *prov, const char *module,
			    const char *func, const char *note_name)
{
	char *name = probedesc_display_name(note_name);
	fprintf(L->out, "%5d %10s %17s %33s %s\n", id, prov, module, func ? func : "", name);
	free(name);
}

/* List the probes of a file named on the command line. */
static void list_file_object(struct lister *L, const char *path, const char *module,
			     const struct usdt_cached *cf)
{
	const struct usdt_file *f = cf->f;
	for (int j = 0; j < cf->nprobes; j++) {
		const struct usdt_file_probe *p = &cf->probes[j];
		const struct usdt_site *s = &f->sites[p->sites[0]];
		int id = probe_id_next(L);
		if (!select_probe(L, id, true, 0, path, module, s->provider, s->function, s->name))
			continue;
		print_usdt_line(L, id, s->provider, module, s->function, s->name);
		if (L->verbose)
			print_verbose(L->out, f, p);
	}
}

/* A USDT probe of a process, made in the uprobe table; selected as list_file_object selects
 * a file's, by its provider's base name and pid. */
static void list_usdt_probe(struct lister *L, const struct uprov_probe *p)
{
	const struct uprov *u = &L->pc.up;
	const struct usdt_site *s = uprov_site(u, p, 0);
	const char *module = u->files[p->file].module;
	if (!select_probe(L, (int)p->id, false, p->pid, "", module, s->provider, s->function,
			  s->name))
		return;
	print_usdt_line(L, (int)p->id, p->provider, module, s->function, s->name);
	if (L->verbose)
		print_verbose(L->out, u->files[p->file].cf->f, p->sites);
}

/* Probes made only as descriptions name them (fbt's): those each description names get into
 * the catalog before it is listed. */
static void provide_named(struct lister *L)
{
	for (int i = 0; i < L->ndescs; i++) {
		const struct list_desc *d = &L->descs[i];
		if (!d->by_id && !d->is_file)
			pcat_list_provide(&L->pc, &d->pd);
	}
}

/* -l -v's argument types of a builtin probe: the names its provider gives, else its typed
 * args[] spelled; dtrace and profile have none. */
static void print_builtin_args(FILE *out, const struct dobj_probe *p)
{
	fputs("\n\tArgument Types\n", out);
	const char *types[16], *decls;
	int n = p->prov->arg_type_names ? p->prov->arg_type_names(p, types, 16, &decls) : 0;
	for (int i = 0; i < n; i++)
		fprintf(out, "\t\targs[%d]: %s\n", i, types[i]);
	if (n <= 0 && p->prov->probe_arg_types) {
		struct dtype_ctx *ctx = dtype_ctx_new();
		struct dprog *keep = NULL;
		struct dtype **v = p->prov->probe_arg_types(p, ctx, &n, &keep);
		for (int i = 0; v && i < n; i++) {
			char *t = dtype_spell(v[i], NULL, false);
			fprintf(out, "\t\targs[%d]: %s\n", i, t);
			free(t);
		}
		if (!v)
			n = 0;
		free(v);
		if (keep)
			dprog_free(keep);
		dtype_ctx_free(ctx);
	}
	if (n <= 0)
		fputs("\t\tNone\n", out);
	fputc('\n', out);
}

/* -l -v of a builtin probe: its provider's attributes (dtrace's own providers: Stable / Stable /
 * Common) and argument types (the kernel providers'; dtrace and profile have none). */
static void print_builtin_verbose(FILE *out, const struct dobj_probe *p)
{
	static const char *const stable[] = { "Stable", "Stable", "Common",
					      "Stable", "Stable", "Common" };
	static const char *const blocks[] = { "Probe Description Attributes",
					      "Argument Attributes" };
	const char *const *at = p->prov->list_attrs ? p->prov->list_attrs : stable;
	for (int b = 0; b < 2; b++) {
		fprintf(out, "\n\t%s\n", blocks[b]);
		fprintf(out, "\t\tIdentifier Names: %s\n", at[3 * b]);
		fprintf(out, "\t\tData Semantics:   %s\n", at[3 * b + 1]);
		fprintf(out, "\t\tDependency Class: %s\n", at[3 * b + 2]);
	}
	print_builtin_args(out, p);
}

/* The tracer's own probes, with the ids the tracer gives them. Only the catalog's standing
 * probes: a tick-N a description could create would take an id from the USDT probes below. */
static void list_builtin(struct lister *L, const struct bprobes *cat)
{
	for (size_t i = 0; i < cat->n; i++) {
		const struct dobj_probe *p = &cat->probes[i];
		bool selected = L->ndescs == 0;
		for (int k = 0; k < L->ndescs; k++) {
			struct list_desc *d = &L->descs[k];
			if (desc_selects(d, (int)p->id, false, 0, "", p->module, p->provider,
					 p->function, p->name)) {
				d->matched = true;
				selected = true;
			}
		}
		if (!selected)
			continue;
		fprintf(L->out, "%5u %10s %17s %33s %s\n", p->id, p->provider, p->module,
			p->function, p->name);
		if (L->verbose)
			print_builtin_verbose(L->out, p);
	}
}

/* A readable file whose notes were partly damaged: say what was skipped, once per file. */
static void report_warnings(struct lister *L, struct usdt_cached *cf, const char *path)
{
	if (cf->warned)
		return;
	cf->warned = true;
	fflush(L->out);
	for (int i = 0; i < cf->f->nwarnings; i++)
		util_warn("warning: %s: %s", path, cf->f->warnings[i]);
}

/* -p / -c: tell, once per file, about a target's objects that cannot be read or whose notes
 * are damaged. uprov_add_process skips those silently (the tracer must not warn about other
 * users' processes), so the same maps are walked here first; the parses land in the table's
 * cache, which uprov_add_process then reuses. */
static void report_objects(struct lister *L, const struct proc_maps *m)
{
	for (int i = 0; i < m->nobjs; i++) {
		const struct proc_object *o = &m->objs[i];
		struct usdt_cached *cf = usdt_cache_get(&L->pc.up.cache, o->dev, o->ino,
							o->open_path);
		if (cf->f) {
			report_warnings(L, cf, o->path);
		} else if (!cf->warned) {
			fflush(L->out);
			util_warn("pid %d: %s: %s", (int)m->pid, o->path,
				  usdt_cache_err_without_path(cf->err, o->open_path));
			cf->warned = true;
		}
	}
}

static void add_process(struct lister *L, const struct proc_maps *m)
{
	if (L->report_errors)
		report_objects(L, m);
	uprov_add_process(&L->pc.up, m);
}

static void add_process_cb(const struct proc_maps *m, void *L)
{
	add_process(L, m);
}

/* Every process on the machine, skipping those that vanish and kernel threads (no objects). */
static void add_all_processes(struct lister *L)
{
	proc_maps_foreach(add_process_cb, L);
}

static void mark_file_reported(struct lister *L, const char *path)
{
	for (int k = 0; k < L->ndescs; k++)
		if (L->descs[k].is_file && strcmp(L->descs[k].pd.mod, path) == 0)
			L->descs[k].matched = true;
}

/* Files named by path in descriptions, each listed once, in command-line order. */
static int list_files(struct lister *L)
{
	int status = 0;
	for (int k = 0; k < L->ndescs; k++) {
		struct list_desc *d = &L->descs[k];
		if (!d->is_file)
			continue;
		bool seen = false;
		for (int j = 0; j < k && !seen; j++)
			seen = L->descs[j].is_file && strcmp(L->descs[j].pd.mod, d->pd.mod) == 0;
		if (seen)
			continue;
		struct stat st;
		/* A file that cannot be read is reported once; "failed to match" would add nothing. */
		if (stat(d->pd.mod, &st) != 0) {
			fflush(L->out);
			util_warn("failed to open %s: %s", d->pd.mod, strerror(errno));
			mark_file_reported(L, d->pd.mod);
			status = 1;
			continue;
		}
		struct usdt_cached *cf = usdt_cache_get(&L->pc.up.cache, st.st_dev, st.st_ino,
							d->pd.mod);
		if (!cf->f) {
			fflush(L->out);
			util_warn("failed to open %s: %s", d->pd.mod,
				  usdt_cache_err_without_path(cf->err, d->pd.mod));
			mark_file_reported(L, d->pd.mod);
			status = 1;
			continue;
		}
		report_warnings(L, cf, d->pd.mod);
		const char *slash = strrchr(d->pd.mod, '/');
		list_file_object(L, d->pd.mod, slash ? slash + 1 : d->pd.mod, cf);
	}
	return status;
}

/* The pid provider's probes, made in the same table for the descriptions that name a process
 * (pid1234, or pid$target with -c/-p) through the provider's own matching, as the tracer makes
 * them: a process's functions are listed only when described (dtrace's rule). Returns 0, or 1
 * when a description is in error (the message printed). */
static int match_pid_probes(struct lister *L)
{
	int status = 0;
	for (int k = 0; k < L->ndescs; k++) {
		struct list_desc *d = &L->descs[k];
		if (d->by_id || d->is_file || uprov_desc_pid(d->pd.prov) <= 0)
			continue;
		int n = prov_pid.match(&L->pc, &d->pd, 0, -1, 0);
		if (n < 0) {
			fflush(L->out);
			util_warn("failed to match %s:%s:%s:%s: %s", d->pd.prov, d->pd.mod, d->pd.func,
				  d->pd.name, L->pc.err);
			d->matched = true;
			status = 1;
		} else if (n > 0) {
			d->matched = true;
		}
	}
	return status;
}

/* Where the types of pid probes' arguments come from (DWARF, read once per file), for -v. */
struct arg_typing {
	struct dtype_ctx *ctx;
	struct dwt_cache dw;
};

/* A pid probe: made because a description selected it, so always listed. */
static void list_pid_probe(struct lister *L, const struct uprov_probe *p, struct arg_typing *at)
{
	const struct uprov *u = &L->pc.up;
	fprintf(L->out, "%5d %10s %17s %33s %s\n", (int)p->id, p->provider, u->files[p->file].module,
		p->function, p->name);
	if (!L->verbose)
		return;
	print_attr_block(L->out, "Probe Description Attributes");
	print_attr_block(L->out, "Argument Attributes");
	fputs("\n\tArgument Types\n", L->out);
	int nargs = 0;
	struct dtype **types = prov_pid.arg_types(u, p, at->ctx, &at->dw, &nargs);
	for (int a = 0; a < nargs; a++) {
		char *t = dtype_spell(types[a], NULL, false);
		fprintf(L->out, "\t\targs[%d]: %s\n", a, t);
		free(t);
	}
	free(types);
	fputc('\n', L->out);
}

static int probe_id_cmp(const void *a, const void *b)
{
	uint32_t x = (*(const struct uprov_probe *const *)a)->id;
	uint32_t y = (*(const struct uprov_probe *const *)b)->id;
	return (x > y) - (x < y);
}

/* The table's probes, numbered as the tracer numbers them (after the builtin and file probes:
 * processes' USDT probes by pid and maps order, then pid probes), printed in id order. */
static void list_uprobes(struct lister *L)
{
	struct uprov *u = &L->pc.up;
	uprov_number(u, (uint32_t)L->next_id);
	const struct uprov_probe **order = xcalloc((size_t)u->nprobes + 1, sizeof(*order));
	for (int i = 0; i < u->nprobes; i++)
		order[i] = &u->probes[i];
	qsort(order, (size_t)u->nprobes, sizeof(*order), probe_id_cmp);
	struct arg_typing at = { L->verbose ? dtype_ctx_new() : NULL, { 0 } };
	for (int i = 0; i < u->nprobes; i++) {
		if (order[i]->prov == &prov_usdt)
			list_usdt_probe(L, order[i]);
		else
			list_pid_probe(L, order[i], &at);
	}
	L->next_id = (int)u->next_id;
	dwt_cache_free(&at.dw);
	if (at.ctx)
		dtype_ctx_free(at.ctx);
	free(order);
}

/* `pid$target` with -c or -p: the target's pid (dtrace expands it before matching). */
static void expand_target(struct list_desc *d, pid_t target)
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
static void add_desc(struct lister *L, char kind, const char *text, const struct dnode *pd)
{
	L->descs = xrealloc(L->descs, sizeof(*L->descs) * (size_t)(L->ndescs + 1));
	struct list_desc *d = &L->descs[L->ndescs++];
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

static int parse_plain(struct lister *L, char kind, const char *t)
{
	L->descs = xrealloc(L->descs, sizeof(*L->descs) * (size_t)(L->ndescs + 1));
	struct list_desc *d = &L->descs[L->ndescs];
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

/* Each argument is read as dtrace reads it, as a program: "-ln 'read{...}'" lists :::read,
 * "-ln 'BEGIN,END'" both; a number is a probe id. */
static int parse_descs(const struct opts *o, struct lister *L)
{
	static const enum dpdesc_spec specs[] = { ['n'] = DPD_NAME, ['P'] = DPD_PROVIDER,
						  ['m'] = DPD_MODULE, ['f'] = DPD_FUNCTION,
						  ['i'] = DPD_ID };
	for (int i = 0; i < o->ndescs; i++) {
		const char *t = o->descs[i].text;
		char kind = o->descs[i].kind;
		if (*t == '\0' || strchr(t, '/') != NULL) {
			/* a module named by path (our extension) or the empty description: one
			 * description, as it stands */
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

int list_cmd_run(const struct opts *o)
{
	struct lister L = {0};
	L.verbose = o->verbose;
	pcat_init(&L.pc, 0);
	L.next_id = (int)L.pc.builtin.n + 1;
	L.out = stdout;
	int status = 0;
	struct childproc child = {0};
	struct proc_maps **maps = NULL;
	int nmaps = 0;

	if (parse_descs(o, &L) != 0) {
		status = 1;
		goto out;
	}
	bool any_proc_desc = L.ndescs == 0;
	for (int i = 0; i < L.ndescs; i++)
		any_proc_desc |= !L.descs[i].is_file;

	/* The processes to list, grabbed before anything is printed, as dtrace does. */
	int npids = o->npids;
	pid_t *pids = xcalloc((size_t)npids + 1, sizeof(*pids));
	if (npids > 0)
		memcpy(pids, o->pids, sizeof(*pids) * (size_t)npids);
	if (o->cmd) {
		char err[512];
		if (childproc_start(o->cmd, CHILDPROC_AT_ENTRY, &child, err, sizeof(err)) != 0) {
			util_warn("failed to execute %s", err);
			free(pids);
			status = 1;
			goto out;
		}
		pids[npids++] = child.pid;
	}
	pid_t target = o->cmd ? child.pid : npids > 0 ? pids[0] : 0;
	for (int i = 0; i < L.ndescs; i++)
		if (!L.descs[i].by_id)
			expand_target(&L.descs[i], target);
	qsort(pids, (size_t)npids, sizeof(*pids), pid_cmp);
	maps = xcalloc((size_t)npids + 1, sizeof(*maps));
	for (int i = 0; i < npids; i++) {
		if (i && pids[i] == pids[i - 1])
			continue;
		char err[512];
		if (proc_maps_read(pids[i], &maps[nmaps], err, sizeof(err)) != 0) {
			if (strcmp(err, "No such process") == 0)
				util_warn("%s", err); /* dtrace's words for a pid that is gone */
			else
				util_warn("failed to grab pid %d: %s", (int)pids[i], err);
			free(pids);
			status = 1;
			goto out;
		}
		nmaps++;
	}
	free(pids);
	L.report_errors = nmaps > 0;

	fprintf(L.out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
	provide_named(&L);
	L.next_id = (int)L.pc.builtin.n + 1;
	list_builtin(&L, &L.pc.builtin);
	status = list_files(&L);
	if (nmaps > 0) {
		for (int i = 0; i < nmaps; i++)
			add_process(&L, maps[i]);
	} else if (any_proc_desc) {
		add_all_processes(&L);
	}
	if (match_pid_probes(&L) != 0)
		status = 1;
	list_uprobes(&L);
	fflush(L.out);

	for (int i = 0; i < L.ndescs; i++) {
		const struct list_desc *d = &L.descs[i];
		if (d->matched)
			continue;
		if (d->by_id)
			util_warn("failed to match probe id %ld: No probe matches description", d->id);
		else
			util_warn("failed to match %s:%s:%s:%s: No probe matches description",
				  d->pd.prov, d->pd.mod, d->pd.func, d->pd.name);
		status = 1;
	}
	if (ferror(L.out)) {
		util_warn("failed to write the listing: %s", strerror(errno));
		status = 1;
	}

out:
	if (child.pid > 0)
		childproc_kill(&child);
	for (int i = 0; i < nmaps; i++)
		proc_maps_free(maps[i]);
	free(maps);
	for (int i = 0; i < L.ndescs; i++)
		probedesc_free(&L.descs[i].pd);
	free(L.descs);
	pcat_free(&L.pc);
	return status;
}
