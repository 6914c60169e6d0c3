/* usdt_provider.c — the usdt provider: the .note.stapsdt probes of processes and files
 * (usdt_prov.h matches them; the uprobe engine runs them, uprobe.h). A description is worth a
 * walk over the processes' objects only when it may name such probes: not the tracer's own
 * providers, not an id, not the pid provider's own name (`pid1234`), and not a bare name
 * that earlier providers answered (`BEGIN`, `tick-1s`: scanning every process for those would
 * only slow start-up).
 *
 * Arguments: through the provider file's argument mapping when the binary carries usdtrace's
 * type note with one, else as declared there, else the native types of the first site's
 * argument locations.
 *
 * Listing (-l): the files descriptions name by path (module fields with a '/'), listed here
 * directly (no process maps them), numbered right after the builtin catalog; then every probe
 * of every object of the listed processes (-p/-c; else of every process) made in the uprobe
 * table (uprov_add_process), each object parsed once however many processes map it. A probe
 * is the tuple (provider+pid, module, function, name): the sites of one probe within one
 * function collapse into one line, and every probe of a listed object takes an id, before
 * filtering, so an id names the same probe whatever descriptions are given. -l -v adds, after
 * dtrace's blocks, where each site is and where its arguments live. */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dparse.h"
#include "dtype.h"
#include "pcat.h"
#include "plist.h"
#include "uprobe.h"
#include "usdt_prov.h"
#include "util.h"

/* USDT providers defined without stability pragmas carry dtrace's default provider
 * attributes: Unstable / Unstable / Common for every part of the description. */
static const char *const usdt_attrs[] = {
	"Unstable", "Unstable", "Common", "Unstable", "Unstable", "Common",
};

/* "pid1234" exactly (no glob): the pid provider's, which DTrace reserves. */
static bool names_pid_provider(const char *prov)
{
	if (strncmp(prov, "pid", 3) != 0 || !prov[3])
		return false;
	for (const char *s = prov + 3; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

static int usdt_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		      int nbefore)
{
	if (id || pcat_names_builtin(cat, d->prov) || names_pid_provider(d->prov))
		return 0;
	if (!d->prov[0] && !d->mod[0] && nbefore > 0)
		return 0;
	int n = uprov_match(&cat->up, d, clause);
	pcat_note_udesc(cat, &prov_usdt, d, clause);
	return n;
}

/* Whether t is, or points to, a struct or union without its body (the provider file only
 * named it: `probe p(struct rxcall *c)`). */
static bool names_incomplete(struct dtype *t)
{
	t = dtype_resolve(t);
	while (t && t->kind == DTY_PTR)
		t = dtype_resolve(t->base);
	return t && (t->kind == DTY_STRUCT || t->kind == DTY_UNION) && !dtype_is_complete(t);
}

/* Declared argument types (usdtrace -G's type note): each spelling parsed in the file's own
 * declarations, parsed as a D program of their own (*keep), else (when the name is unknown
 * there or its struct has no body there) in the program's context ctx, where the D
 * libraries' types are: a provider file may name a typedef or a struct of a -L library,
 * `probe p(rxcall_t *c)`, and -G stores only the file's own declarations. NULL when the file
 * has none or one of them names no type in either. */
static struct dtype **declared_types(const struct usdt_file *f, const struct usdt_site *site,
				     struct dtype_ctx *ctx, int *nargs, struct dprog **keep)
{
	const struct usdt_probe_types *pt = usdt_file_find_types(f, site->provider, site->name);
	if (!pt || pt->nargs != site->nargs)
		return NULL;
	const char *decls = f->decls ? f->decls : "";
	struct dprog *g2 = dprog_new();
	if (dparse_script(g2, "probe argument types", decls, strlen(decls), NULL) != 0) {
		dprog_free(g2);
		return NULL;
	}
	struct dtype **types = xcalloc((size_t)pt->nargs + 1, sizeof(*types));
	for (int k = 0; k < pt->nargs; k++) {
		types[k] = dparse_type_string(g2->types, pt->types[k]);
		if ((!types[k] || names_incomplete(types[k])) && ctx) {
			struct dtype *t = dparse_type_string(ctx, pt->types[k]);
			if (t)
				types[k] = t;
		}
		if (!types[k]) {
			free(types);
			dprog_free(g2);
			return NULL;
		}
	}
	*keep = g2;
	*nargs = pt->nargs;
	return types;
}

/* A translated argument's type: in the program's context first, where the D libraries'
 * types and translators are; else in the provider file's declarations (g2). */
static struct dtype *xlated_type(struct dtype_ctx *ctx, struct dprog *g2, const char *spelling)
{
	struct dtype *t = dparse_type_string(ctx, spelling);
	return t ? t : dparse_type_string(g2->types, spelling);
}

/* The provider file's argument mapping (usdt_typenote.h's ARGMAP note) into a; -1 when there
 * is none. */
static int arg_mapping(const struct usdt_file *notes, const struct usdt_site *site,
		       struct dtype_ctx *ctx, struct prov_args *a)
{
	const struct usdt_probe_types *pt = notes ? usdt_file_find_types(notes, site->provider,
									 site->name) : NULL;
	if (!pt || !pt->xtypes)
		return -1;
	int nn;
	struct dprog *g2 = NULL;
	struct dtype **nt = declared_types(notes, site, ctx, &nn, &g2);
	if (!nt)
		return -1;
	struct dtype **xt = xcalloc((size_t)pt->nxargs + 1, sizeof(*xt));
	for (int k = 0; k < pt->nxargs; k++) {
		int m = pt->map[k];
		if (strcmp(pt->xtypes[k], pt->types[m]) == 0) {
			xt[k] = nt[m];
			continue;
		}
		struct dtype *x = xlated_type(ctx, g2, pt->xtypes[k]);
		xt[k] = x ? x : nt[m];
		/* the native type as the libraries' translators name it, when they know it */
		struct dtype *in = dparse_type_string(ctx, pt->types[m]);
		if (in)
			nt[m] = in;
	}
	int *mp = xcalloc((size_t)pt->nxargs + 1, sizeof(*mp));
	memcpy(mp, pt->map, sizeof(*mp) * (size_t)pt->nxargs);
	a->nargs = pt->nxargs;
	a->types = xt;
	a->native = nt;
	a->nnative = nn;
	a->map = mp;
	a->keep = g2;
	return 0;
}

/* -l -v's argument types of a probe whose first site is s0: as the provider file spells them
 * (translated types when it maps arguments), else the native types of s0's locations. */
static void list_args(const struct usdt_file *f, const struct usdt_site *s0, struct prov_args *a)
{
	const struct usdt_probe_types *t = f ? usdt_file_find_types(f, s0->provider, s0->name)
					     : NULL;
	bool mapped = t && t->xtypes;
	a->nargs = mapped ? t->nxargs : t ? t->nargs : s0->nargs;
	a->text = xcalloc((size_t)a->nargs + 1, sizeof(*a->text));
	for (int i = 0; i < a->nargs; i++)
		a->text[i] = mapped ? t->xtypes[i] : t ? t->types[i]
						      : usdt_arg_native_type(&s0->args[i]);
}

static int usdt_args(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
		     bool listing, struct prov_args *a)
{
	const struct uprov_probe *up = p->data;
	const struct usdt_file *notes = uprov_notes(&cat->up, up);
	const struct usdt_site *site = uprov_site(&cat->up, up, 0);
	if (listing) {
		list_args(notes, site, a);
		return 0;
	}
	if (arg_mapping(notes, site, ctx, a) == 0)
		return 0;
	a->types = notes ? declared_types(notes, site, ctx, &a->nargs, &a->keep) : NULL;
	if (!a->types)
		a->types = uprov_native_types(&cat->up, up, ctx, &a->nargs);
	return 0;
}

/* ---- listing ---- */

/* Probe fp of file f, id `id`, named prov (with the pid for a process's), in module: its line
 * and, with -v, dtrace's blocks and where its sites and their arguments are (not in dtrace). */
static void print_probe(struct plist *L, uint32_t id, const char *prov, const char *module,
			const struct usdt_file *f, const struct usdt_file_probe *fp)
{
	const struct usdt_site *s0 = &f->sites[fp->sites[0]];
	char *name = probedesc_display_name(s0->name);
	plist_line(L, id, prov, module, s0->function, name);
	free(name);
	if (!L->verbose)
		return;
	plist_attrs(L, usdt_attrs);
	struct prov_args a = { 0 };
	list_args(f, s0, &a);
	plist_args(L, &a);
	prov_args_free(&a);
	fputs("\n\tProbe Sites\n", L->out);
	for (int k = 0; k < fp->nsites; k++) {
		const struct usdt_site *s = &f->sites[fp->sites[k]];
		fprintf(L->out, "\t\t%#llx (file offset %#llx)", (unsigned long long)s->pc,
			(unsigned long long)s->pc_off);
		if (s->sem)
			fprintf(L->out, ", semaphore %#llx (file offset %#llx)",
				(unsigned long long)s->sem, (unsigned long long)s->sem_off);
		fputc('\n', L->out);
		plist_site_how(L, f->path, s->pc_off, s->pc, UINT64_MAX, s->from_dof);
		for (int i = 0; i < s->nargs; i++) {
			const struct usdt_arg *g = &s->args[i];
			if (g->kind == USDT_LOC_INVALID) {
				fprintf(L->out, "\t\t\targs[%d]: %s: cannot decode: %s\n", i, g->spec,
					g->error ? g->error : "unknown");
				continue;
			}
			char *where = usdt_arg_describe(g);
			fprintf(L->out, "\t\t\targs[%d]: %s = %s %s\n", i, g->spec,
				usdt_arg_native_type(g), where);
			free(where);
		}
	}
	fputc('\n', L->out);
}

/* A readable file whose notes were partly damaged: say what was skipped, once per file. */
static void report_warnings(struct plist *L, struct usdt_cached *cf, const char *path)
{
	if (cf->warned)
		return;
	cf->warned = true;
	fflush(L->out);
	for (int i = 0; i < cf->f->nwarnings; i++)
		util_warn("warning: %s: %s", path, cf->f->warnings[i]);
}

static void mark_file_reported(struct plist *L, const char *path)
{
	for (int k = 0; k < L->ndescs; k++)
		if (L->descs[k].is_file && strcmp(L->descs[k].pd.mod, path) == 0)
			L->descs[k].matched = true;
}

/* Files named by path in descriptions, each listed once, in command-line order, every probe
 * taking an id. Returns 0, or 1 when one could not be read (reported). */
static int list_files(struct plist *L)
{
	int status = 0;
	for (int k = 0; k < L->ndescs; k++) {
		struct plist_desc *d = &L->descs[k];
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
		struct usdt_cached *cf = usdt_cache_get(&L->cat.up.cache, st.st_dev, st.st_ino,
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
		const char *module = slash ? slash + 1 : d->pd.mod;
		for (int j = 0; j < cf->nprobes; j++) {
			const struct usdt_file_probe *fp = &cf->probes[j];
			const struct usdt_site *s = &cf->f->sites[fp->sites[0]];
			uint32_t id = L->next_id++;
			if (plist_select(L, id, d->pd.mod, 0, s->provider, module, s->function,
					 s->name))
				print_probe(L, id, s->provider, module, cf->f, fp);
		}
	}
	return status;
}

/* -p / -c: tell, once per file, about a target's objects that cannot be read or whose notes
 * are damaged. uprov_add_process skips those silently (the tracer must not warn about other
 * users' processes), so the same maps are walked here first; the parses land in the table's
 * cache, which uprov_add_process then reuses. */
static void report_objects(struct plist *L, const struct proc_maps *m)
{
	for (int i = 0; i < m->nobjs; i++) {
		const struct proc_object *o = &m->objs[i];
		struct usdt_cached *cf = usdt_cache_get(&L->cat.up.cache, o->dev, o->ino,
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

static void add_process_cb(const struct proc_maps *m, void *arg)
{
	struct plist *L = arg;
	uprov_add_process(&L->cat.up, m);
}

/* The files named by path, then every probe of the listed processes into the uprobe table: the
 * -p/-c ones, else every process on the machine (skipping those that vanish and kernel
 * threads) when some description may name processes' probes. */
static int usdt_list(struct plist *L)
{
	int status = list_files(L);
	bool any_proc_desc = L->ndescs == 0;
	for (int i = 0; i < L->ndescs; i++)
		any_proc_desc |= !L->descs[i].is_file;
	if (L->nprocs > 0) {
		for (int i = 0; i < L->nprocs; i++) {
			report_objects(L, L->procs[i]);
			uprov_add_process(&L->cat.up, L->procs[i]);
		}
	} else if (any_proc_desc) {
		uprov_foreach_process(&L->cat.up, add_process_cb, L);
	}
	return status;
}

/* A USDT probe of a process, made in the uprobe table; selected as a file's are, by its
 * provider's base name and pid. */
static void usdt_list_probe(struct plist *L, const struct dobj_probe *p)
{
	const struct uprov_probe *up = p->data;
	const struct uprov *u = &L->cat.up;
	const struct usdt_site *s = uprov_site(u, up, 0);
	if (plist_select(L, p->id, NULL, up->pid, s->provider, p->module, s->function, s->name))
		print_probe(L, p->id, up->provider, p->module, uprov_notes(u, up), up->sites);
}

const struct provider prov_usdt = {
	.name = "usdt",
	.match = usdt_match,
	.match_new = uprov_match_new,
	.args = usdt_args,
	UPROBE_ENGINE_HOOKS,
	.list = usdt_list,
	.list_probe = usdt_list_probe,
	.list_attrs = usdt_attrs,
};
