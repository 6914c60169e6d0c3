/* usdt_prov.c — matching probe descriptions to the USDT probes of processes and files; see
 * usdt_prov.h. */
#include "usdt_prov.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "proc_maps.h"
#include "util.h"

void uprov_init(struct uprov *u, uint32_t first_id)
{
	memset(u, 0, sizeof(*u));
	u->next_id = first_id;
}

void uprov_free(struct uprov *u)
{
	for (int i = 0; i < u->nfiles; i++) {
		free(u->files[i].path);
		free(u->files[i].module);
	}
	for (int i = 0; i < u->nprobes; i++) {
		free(u->probes[i].provider);
		free(u->probes[i].function);
		free(u->probes[i].name);
		free(u->probes[i].clauses);
	}
	for (int i = 0; i < u->ndescs; i++) {
		free(u->descs[i].prov);
		free(u->descs[i].mod);
		free(u->descs[i].func);
		free(u->descs[i].name);
	}
	free(u->descs);
	free(u->files);
	free(u->probes);
	usdt_cache_free(&u->cache);
	memset(u, 0, sizeof(*u));
}

pid_t uprov_desc_pid(const char *prov)
{
	size_t n = strlen(prov), k = n;
	while (k > 0 && isdigit((unsigned char)prov[k - 1]))
		k--;
	if (k == n || k == 0 || n - k > 9)
		return 0;
	return (pid_t)atol(prov + k);
}

const struct usdt_site *uprov_site(const struct uprov *u, const struct uprov_probe *p, int k)
{
	return &u->files[p->file].cf->f->sites[p->sites->sites[k]];
}

/* The index in files[] of a parsed file, or -1. */
static int find_file(const struct uprov *u, const struct usdt_cached *cf)
{
	for (int i = 0; i < u->nfiles; i++)
		if (u->files[i].cf == cf)
			return i;
	return -1;
}

/* The path uprobes go on: the object's own path when it names the same file here (it stays
 * valid when the process that showed it exits), else the process's view of it (map_files or
 * root/: deleted files, memfds, other mount namespaces). */
static const char *attach_path(const struct proc_object *o)
{
	struct stat st;
	if (!o->deleted && o->path[0] == '/' && stat(o->path, &st) == 0 && st.st_dev == o->dev &&
	    st.st_ino == o->ino)
		return o->path;
	return o->open_path;
}

/* The file entry for an object, added on first sight (by device and inode). */
static int file_index(struct uprov *u, struct usdt_cached *cf, const struct proc_object *o)
{
	int i = find_file(u, cf);
	if (i >= 0)
		return i;
	xgrow(&u->files, sizeof(*u->files), &u->files_cap, (size_t)u->nfiles + 1);
	struct uprov_file *f = &u->files[u->nfiles];
	f->cf = cf;
	f->path = xstrdup(attach_path(o));
	f->module = xstrdup(o->module);
	return u->nfiles++;
}

static void scan_process(const struct proc_maps *m, void *arg)
{
	struct uprov *u = arg;
	for (int k = 0; k < m->nobjs; k++) {
		const struct proc_object *o = &m->objs[k];
		struct usdt_cached *cf = usdt_cache_get(&u->cache, o->dev, o->ino, o->open_path);
		if (cf->f && cf->f->nsites > 0)
			file_index(u, cf, o);
	}
}

/* Every ELF object with probes that some process maps now, once. */
static void scan_all_processes(struct uprov *u)
{
	if (u->scanned)
		return;
	u->scanned = true;
	proc_maps_foreach(scan_process, u);
}

static bool has_clause(const struct uprov_probe *p, int clause)
{
	for (int i = 0; i < p->nclauses; i++)
		if (p->clauses[i] == clause)
			return true;
	return false;
}

/* Match d against the probes of one file for process pid (0: every process); returns how many
 * matched. */
static int match_file(struct uprov *u, int fi, pid_t pid, const struct probedesc *d, int clause)
{
	const struct usdt_cached *cf = u->files[fi].cf;
	const char *module = u->files[fi].module;
	int matched = 0;
	for (int j = 0; j < cf->nprobes; j++) {
		const struct usdt_file_probe *fp = &cf->probes[j];
		const struct usdt_site *s = &cf->f->sites[fp->sites[0]];
		const char *func = s->function ? s->function : "";
		if (!probedesc_match(d, s->provider, pid, module, func, s->name))
			continue;
		matched++;
		struct uprov_probe *p = NULL;
		for (int i = 0; i < u->nprobes && !p; i++)
			if (u->probes[i].file == fi && u->probes[i].sites == fp && u->probes[i].pid == pid)
				p = &u->probes[i];
		if (!p) {
			xgrow(&u->probes, sizeof(*u->probes), &u->probes_cap, (size_t)u->nprobes + 1);
			p = &u->probes[u->nprobes++];
			memset(p, 0, sizeof(*p));
			p->id = u->next_id++;
			p->pid = pid;
			p->provider = pid ? xasprintf("%s%d", s->provider, (int)pid) : xstrdup(s->provider);
			p->function = xstrdup(func);
			p->name = xstrdup(s->name);
			p->file = fi;
			p->sites = fp;
		}
		if (!has_clause(p, clause)) {
			/* kept ascending: a probe's clause set is compared with the classes' */
			p->clauses = xrealloc(p->clauses, sizeof(int) * (size_t)(p->nclauses + 1));
			int k = p->nclauses++;
			for (; k > 0 && p->clauses[k - 1] > clause; k--)
				p->clauses[k] = p->clauses[k - 1];
			p->clauses[k] = clause;
		}
	}
	return matched;
}

static void keep_desc(struct uprov *u, const struct probedesc *d, int clause)
{
	u->descs = xrealloc(u->descs, sizeof(*u->descs) * (size_t)(u->ndescs + 1));
	struct uprov_desc *k = &u->descs[u->ndescs++];
	k->prov = xstrdup(d->prov);
	k->mod = xstrdup(d->mod);
	k->func = xstrdup(d->func);
	k->name = xstrdup(d->name);
	k->clause = clause;
	k->pid = uprov_desc_pid(d->prov);
}

bool uprov_has_global(const struct uprov *u)
{
	for (int i = 0; i < u->ndescs; i++)
		if (u->descs[i].pid == 0)
			return true;
	return false;
}

void uprov_rescan(struct uprov *u, pid_t pid)
{
	struct proc_maps *m;
	if (pid <= 0 || proc_maps_read(pid, &m, NULL, 0) != 0)
		return;
	for (int k = 0; k < m->nobjs; k++) {
		const struct proc_object *o = &m->objs[k];
		struct usdt_cached *cf = usdt_cache_get(&u->cache, o->dev, o->ino, o->open_path);
		if (!cf->f || cf->f->nsites == 0)
			continue;
		bool known = find_file(u, cf) >= 0;
		int fi = file_index(u, cf, o);
		for (int i = 0; i < u->ndescs; i++) {
			const struct uprov_desc *k2 = &u->descs[i];
			struct probedesc d = { k2->prov, k2->mod, k2->func, k2->name };
			if (k2->pid == pid)
				match_file(u, fi, pid, &d, k2->clause);
			else if (k2->pid == 0 && !known)
				match_file(u, fi, 0, &d, k2->clause);
		}
	}
	proc_maps_free(m);
}

int uprov_match(struct uprov *u, const struct probedesc *d, int clause)
{
	int matched = 0;
	keep_desc(u, d, clause);
	pid_t pid = uprov_desc_pid(d->prov);
	if (pid > 0) {
		struct proc_maps *m;
		if (proc_maps_read(pid, &m, NULL, 0) != 0)
			return 0;
		for (int k = 0; k < m->nobjs; k++) {
			const struct proc_object *o = &m->objs[k];
			struct usdt_cached *cf = usdt_cache_get(&u->cache, o->dev, o->ino, o->open_path);
			if (!cf->f || cf->f->nsites == 0)
				continue;
			matched += match_file(u, file_index(u, cf, o), pid, d, clause);
		}
		proc_maps_free(m);
		return matched;
	}
	scan_all_processes(u);
	int nfiles = u->nfiles;
	for (int fi = 0; fi < nfiles; fi++)
		matched += match_file(u, fi, 0, d, clause);
	return matched;
}
