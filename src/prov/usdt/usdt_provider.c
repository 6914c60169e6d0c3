/* usdt_provider.c — the usdt provider: the .note.stapsdt probes of processes and files
 * (usdt_prov.h matches them; the uprobe engine runs them, uprobe.h). A description is worth a
 * walk over the processes' objects only when it may name such probes: not the tracer's own
 * providers, not an id, not the pid provider's own name (`pid1234`), and not a bare name
 * that earlier providers answered (`BEGIN`, `tick-1s`: scanning every process for those would
 * only slow start-up). */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dparse.h"
#include "dtype.h"
#include "pcat.h"
#include "uprobe.h"
#include "usdt_prov.h"
#include "util.h"

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
	if (id || strcmp(d->prov, "dtrace") == 0 || strcmp(d->prov, "profile") == 0 ||
	    names_pid_provider(d->prov))
		return 0;
	if (!d->prov[0] && !d->mod[0] && nbefore > 0)
		return 0;
	int n = uprov_match(&cat->up, d, clause);
	pcat_note_udesc(cat, &prov_usdt, d, clause);
	return n;
}

/* Declared argument types (usdtrace -G's type note): the file's declarations and one typedef
 * per argument, parsed as a D program of their own, kept with the table; NULL when the file
 * has none or they do not parse. */
static struct dtype **declared_types(struct uprov *u, const struct usdt_file *f,
				     const struct usdt_site *site, int *nargs)
{
	const struct usdt_probe_types *pt = usdt_file_find_types(f, site->provider, site->name);
	if (!pt || pt->nargs != site->nargs)
		return NULL;
	struct strbuf b = { 0 };
	strbuf_puts(&b, f->decls ? f->decls : "");
	for (int k = 0; k < pt->nargs; k++)
		strbuf_printf(&b, "\ntypedef %s __usdtrace_arg%d;", pt->types[k], k);
	strbuf_puts(&b, "\n");
	struct dprog *g2 = dprog_new();
	int rc = dparse_script(g2, "probe argument types", b.s, b.len, NULL);
	strbuf_free(&b);
	if (rc != 0) {
		dprog_free(g2);
		return NULL;
	}
	struct dtype **types = xcalloc((size_t)pt->nargs + 1, sizeof(*types));
	for (int k = 0; k < pt->nargs; k++) {
		char name[32];
		snprintf(name, sizeof(name), "__usdtrace_arg%d", k);
		struct dscope_ent *e = dscope_find(g2->types, name, DSYM_TYPEDEF, false);
		types[k] = e ? e->type : NULL;
		if (!types[k]) {
			free(types);
			dprog_free(g2);
			return NULL;
		}
	}
	/* the types live in g2's context: kept as long as the table */
	u->typeprogs = xrealloc(u->typeprogs, sizeof(*u->typeprogs) * (size_t)(u->ntypeprogs + 1));
	u->typeprogs[u->ntypeprogs++] = g2;
	*nargs = pt->nargs;
	return types;
}

/* As declared in the provider file when the binary carries usdtrace's type note, else the
 * native types of the first site's argument locations. */
static struct dtype **usdt_arg_types(const struct uprov *u, const struct uprov_probe *p,
				     struct dtype_ctx *ctx, struct dwt_cache *dw, int *nargs)
{
	(void)dw;
	const struct usdt_file *notes = uprov_notes(u, p);
	struct dtype **t = notes ? declared_types((struct uprov *)u, notes, uprov_site(u, p, 0),
						  nargs) : NULL;
	return t ? t : uprov_native_types(u, p, ctx, nargs);
}

/* A translated argument's type: in the program's context first, where the D libraries'
 * types and translators are; else in the provider file's declarations (g2). */
static struct dtype *xlated_type(struct dtype_ctx *ctx, struct dprog *g2, const char *spelling)
{
	struct dtype *t = dparse_type_string(ctx, spelling);
	return t ? t : dparse_type_string(g2->types, spelling);
}

/* The provider file's argument mapping (usdt_typenote.h's ARGMAP note): provider.h. */
static struct dtype **usdt_arg_mapping(const struct uprov *u, const struct uprov_probe *p,
				       struct dtype_ctx *ctx, int *nargs, struct dtype ***native,
				       int *nnative, int **map)
{
	const struct usdt_file *notes = uprov_notes(u, p);
	const struct usdt_site *site = uprov_site(u, p, 0);
	const struct usdt_probe_types *pt = notes ? usdt_file_find_types(notes, site->provider,
									 site->name) : NULL;
	if (!pt || !pt->xtypes)
		return NULL;
	int nn;
	struct dtype **nt = declared_types((struct uprov *)u, notes, site, &nn);
	if (!nt)
		return NULL;
	struct dprog *g2 = u->typeprogs[u->ntypeprogs - 1];
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
	*nargs = pt->nxargs;
	*native = nt;
	*nnative = nn;
	*map = mp;
	return xt;
}

const struct provider prov_usdt = {
	.name = "usdt",
	.match = usdt_match,
	.match_new = uprov_match_new,
	.arg_types = usdt_arg_types,
	.arg_mapping = usdt_arg_mapping,
	.prog_type = uprobe_prog_type,
	.flags = uprobe_flags,
	.cg_compile = cgu_compile,
	.cg_prologue = cgu_prologue,
	.cg_arg = cgu_arg,
	.cg_epid = cgu_epid,
	.cg_probe_id = cgu_probe_id,
	.cg_probe_name = cgu_probe_name,
	.attach = uprobe_attach,
	.run = &uprobe_run_ops,
};
