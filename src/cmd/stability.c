/* stability.c — dtrace's -v stability report; see stability.h. */
#include "stability.h"

#include <stdlib.h>

#include "dobj.h"
#include "dtype.h"
#include "pattr.h"
#include "plist.h"
#include "provider.h"
#include "usdt_prov.h"

/* The first probe description d matched, as the catalog holds it (a builtin probe, else a
 * uprobe); false when there is none. */
static bool first_match(struct pcat *cat, const struct stab_desc *d, struct dobj_probe *out)
{
	if (d->clause < 0 || d->clause >= cat->nclauses)
		return false;
	for (size_t j = 0; j < cat->nclause_idx[d->clause]; j++)
		if (cat->clause_stmt[d->clause][j] == d->stmt) {
			*out = cat->builtin.probes[cat->clause_idx[d->clause][j]];
			return true;
		}
	for (int i = 0; i < cat->up.nprobes; i++) {
		const struct uprov_probe *p = &cat->up.probes[i];
		for (int k = 0; k < p->nclauses; k++)
			if (p->clauses[k] == d->clause && p->stmts[k] == d->stmt) {
				*out = pcat_uprobe(cat, p);
				return true;
			}
	}
	return false;
}

/* d's fields as dtrace shows them into f[4]: as written, or a probe id's probe's. */
static void desc_fields(const struct stab_desc *d, bool have, const struct dobj_probe *first,
			const char *f[4])
{
	for (int k = 0; k < 4; k++)
		f[k] = d->field[k];
	if (d->by_id && have) {
		f[0] = first->provider;
		f[1] = first->module ? first->module : "";
		f[2] = first->function ? first->function : "";
		f[3] = first->name;
	}
}

static bool desc_attrs(struct pcat *cat, const struct stab_desc *d, struct dobj_probe *first,
		       const char *f[4], struct pattr *desc, struct pattr *args)
{
	bool have = first_match(cat, d, first);
	desc_fields(d, have, first, f);
	return pattr_desc(f[0], f[1], f[2], f[3], d->nmatched, have ? first->provider : NULL,
			  desc, args);
}

void stability_desc(struct pcat *cat, const struct stab_desc *d, struct pattr *attr,
		    const struct pattr_table **prov)
{
	struct dobj_probe first;
	struct pattr args;
	const char *fld[4];
	bool reported = desc_attrs(cat, d, &first, fld, attr, &args);
	*prov = pattr_of(reported ? first.provider : NULL);
}

static void print_block(FILE *f, const char *title, struct pattr a)
{
	fprintf(f, "\n\t%s\n\t\tIdentifier Names: %s\n\t\tData Semantics:   %s\n"
		"\t\tDependency Class: %s\n", title, pattr_stability_name(a.name),
		pattr_stability_name(a.data), pattr_class_name(a.dep));
}

/* -e's part: each description, its attributes and its first probe's argument types. */
static void print_statements(FILE *f, const struct stab_desc *descs, int ndescs,
			     struct pcat *cat)
{
	struct dtype_ctx *ctx = dtype_ctx_new();
	struct plist L = { .out = f, .ctx = ctx };
	for (int i = 0; i < ndescs; i++) {
		struct dobj_probe first = { 0 };
		struct pattr desc, args;
		const char *fld[4];
		bool ok = desc_attrs(cat, &descs[i], &first, fld, &desc, &args);
		fprintf(f, "\n%s:%s:%s:%s\n", fld[0], fld[1], fld[2], fld[3]);
		if (!ok)
			break;
		print_block(f, "Probe Description Attributes", desc);
		print_block(f, "Argument Attributes", args);
		struct prov_args a = { 0 };
		bool have = first.prov && first.prov->args &&
			    first.prov->args(cat, &first, ctx, true, &a) == 0 && (a.text || a.types);
		plist_args(&L, have ? &a : NULL);
		prov_args_free(&a);
		fputc('\n', f);
	}
	dtype_ctx_free(ctx);
}

void stability_report(FILE *f, const char *kind, const char *label, int label_len,
		      const struct stab_desc *descs, int ndescs, struct pcat *cat,
		      const struct dstab_clause *stmts, bool statements)
{
	/* the minimum starts at the highest level when there is anything to take it over, and
	 * is Stable / Common for an argument with no description (declarations only) */
	struct pattr least = ndescs ? (struct pattr){ PATTR_STANDARD, PATTR_STANDARD, PATTR_COMMON }
				    : (struct pattr){ PATTR_STABLE, PATTR_STABLE, PATTR_COMMON };
	struct pattr stmt = least;
	for (int i = 0; i < ndescs; i++) {
		struct dobj_probe first;
		struct pattr desc, args;
		const char *fld[4];
		bool reported = desc_attrs(cat, &descs[i], &first, fld, &desc, &args);
		least = pattr_min(least, desc);
		const struct pattr_table *t = pattr_of(reported ? first.provider : NULL);
		struct pattr s = { PATTR_STABLE, PATTR_STABLE, PATTR_COMMON };
		if (stmts)
			s = dstab_statement(&stmts[descs[i].clause], t);
		stmt = pattr_min(stmt, s);
	}
	fprintf(f, "\nStability attributes for %s %.*s:\n", kind, label_len, label);
	print_block(f, "Minimum Probe Description Attributes", least);
	print_block(f, "Minimum Statement Attributes", stmt);
	if (statements)
		print_statements(f, descs, ndescs, cat);
	else
		fputc('\n', f);
	fflush(f);
}
