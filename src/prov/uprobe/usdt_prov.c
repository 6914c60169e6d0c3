/* usdt_prov.c — matching probe descriptions to the USDT probes of processes and files; see
 * usdt_prov.h. */
#include "usdt_prov.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dparse.h"
#include "proc_maps.h"
#include "provider.h"
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
		elf_funcs_free(u->files[i].funcs);
		free(u->files[i].funcs_err);
	}
	for (int i = 0; i < u->nprobes; i++) {
		if (u->probes[i].own) {
			int n = u->probes[i].nown ? u->probes[i].nown : 1;
			for (int k = 0; k < n; k++)
				usdt_args_free(u->probes[i].own[k].args, u->probes[i].own[k].nargs);
			free(u->probes[i].own);
		}
		free(u->probes[i].provider);
		free(u->probes[i].function);
		free(u->probes[i].name);
		free(u->probes[i].clauses);
		free(u->probes[i].stmts);
	}
	for (int i = 0; i < u->ndescs; i++) {
		free(u->descs[i].prov);
		free(u->descs[i].mod);
		free(u->descs[i].func);
		free(u->descs[i].name);
	}
	free(u->descs);
	free(u->blocks);
	free(u->index);
	free(u->first_unplaced);
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

int uprov_nsites(const struct uprov_probe *p)
{
	return p->own ? (p->nown ? p->nown : 1) : p->sites->nsites;
}

const struct usdt_site *uprov_site(const struct uprov *u, const struct uprov_probe *p, int k)
{
	if (p->own)
		return &p->own[p->nown ? k : 0];
	return &u->files[p->file].cf->f->sites[p->sites->sites[k]];
}

const struct usdt_file *uprov_notes(const struct uprov *u, const struct uprov_probe *p)
{
	const struct usdt_cached *cf = u->files[p->file].cf;
	return cf ? cf->f : NULL;
}

/* The index in files[] of an object by device and inode, or -1. */
static int find_file(const struct uprov *u, dev_t dev, ino_t ino)
{
	for (int i = 0; i < u->nfiles; i++)
		if (u->files[i].dev == dev && u->files[i].ino == ino)
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
int uprov_file_of(struct uprov *u, struct usdt_cached *cf, const struct proc_object *o)
{
	int i = find_file(u, o->dev, o->ino);
	if (i >= 0) {
		if (cf && !u->files[i].cf)
			u->files[i].cf = cf;
		return i;
	}
	xgrow(&u->files, sizeof(*u->files), &u->files_cap, (size_t)u->nfiles + 1);
	struct uprov_file *f = &u->files[u->nfiles];
	memset(f, 0, sizeof(*f));
	f->dev = o->dev;
	f->ino = o->ino;
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
		struct usdt_cached *cf = usdt_cache_peek(&u->cache, o->dev, o->ino, o->open_path);
		if (cf->f && cf->f->nsites > 0)
			uprov_file_of(u, cf, o);
	}
}

/* Every ELF object with probes that some process maps now, once. */
static void scan_all_processes(struct uprov *u)
{
	if (u->scanned)
		return;
	u->scanned = true;
	uprov_foreach_process(u, scan_process, u);
}

void uprov_foreach_process(struct uprov *u, void (*fn)(const struct proc_maps *m, void *arg),
			   void *arg)
{
	if (u->walk && u->walk(u->walk_dir, &u->cache, fn, arg) == 0)
		return;
	proc_maps_foreach(fn, arg);
}

void uprov_probe_add_clause(struct uprov *u, struct uprov_probe *p, int clause)
{
	if (clause < 0)
		return;
	int stmt = u->stmt;
	for (int i = 0; i < p->nclauses; i++)
		if (p->clauses[i] == clause && p->stmts[i] == stmt)
			return;
	/* kept in statement order (which is clause order: a clause's descriptions are numbered
	 * together), so that a probe's enablings compare with the classes' */
	p->clauses = xrealloc(p->clauses, sizeof(int) * (size_t)(p->nclauses + 1));
	p->stmts = xrealloc(p->stmts, sizeof(int) * (size_t)(p->nclauses + 1));
	int k = p->nclauses++;
	for (; k > 0 && (p->clauses[k - 1] > clause ||
			 (p->clauses[k - 1] == clause && p->stmts[k - 1] > stmt)); k--) {
		p->clauses[k] = p->clauses[k - 1];
		p->stmts[k] = p->stmts[k - 1];
	}
	p->clauses[k] = clause;
	p->stmts[k] = stmt;
}

bool uprov_same_enablings(const int *clauses_a, const int *stmts_a, int na,
			  const int *clauses_b, const int *stmts_b, int nb)
{
	return na == nb && memcmp(clauses_a, clauses_b, sizeof(int) * (size_t)na) == 0 &&
	       memcmp(stmts_a, stmts_b, sizeof(int) * (size_t)na) == 0;
}

/* The identity of a probe: its file, process and provider, and its note sites (usdt) or its
 * function, name and kind (pid). */
static uint64_t probe_hash(const struct provider *prov, int fi, pid_t pid,
			   const struct usdt_file_probe *sites, const char *function,
			   const char *name, bool ret)
{
	uint64_t h = 1469598103934665603ull;
	uint64_t words[5] = { (uintptr_t)prov, (uint64_t)fi, (uint64_t)pid, (uintptr_t)sites, ret };
	for (int i = 0; i < 5; i++)
		h = (h ^ words[i]) * 1099511628211ull;
	if (!sites) {
		for (const char *s = function; *s; s++)
			h = (h ^ (unsigned char)*s) * 1099511628211ull;
		h = (h ^ 0xff) * 1099511628211ull;
		for (const char *s = name; *s; s++)
			h = (h ^ (unsigned char)*s) * 1099511628211ull;
	}
	return h ^ (h >> 29);
}

static bool probe_is(const struct uprov_probe *p, const struct provider *prov, int fi, pid_t pid,
		     const struct usdt_file_probe *sites, const char *function, const char *name,
		     bool ret)
{
	return p->file == fi && p->pid == pid && p->prov == prov && p->sites == sites &&
	       (sites || (p->ret == ret && strcmp(p->function, function) == 0 &&
			  strcmp(p->name, name) == 0));
}

/* probes[] indexed by identity (open addressing, slots hold index + 1), so that making the
 * pid probes of every instruction of a library stays linear. */
static void index_put(struct uprov *u, int idx)
{
	const struct uprov_probe *p = &u->probes[idx];
	size_t mask = u->index_cap - 1;
	size_t k = probe_hash(p->prov, p->file, p->pid, p->sites, p->function, p->name, p->ret) &
		   mask;
	while (u->index[k])
		k = (k + 1) & mask;
	u->index[k] = idx + 1;
}

static void index_grow(struct uprov *u)
{
	if ((size_t)u->nprobes * 2 < u->index_cap)
		return;
	free(u->index);
	u->index_cap = u->index_cap ? u->index_cap * 2 : 1024;
	u->index = xcalloc(u->index_cap, sizeof(*u->index));
	for (int i = 0; i < u->nprobes; i++)
		index_put(u, i);
}
static struct uprov_probe *probe_append(struct uprov *u, const struct provider *prov, int fi,
					pid_t pid, const struct usdt_file_probe *sites,
					const char *provider, const char *function,
					const char *name, bool ret);

struct uprov_probe *uprov_probe_get(struct uprov *u, const struct provider *prov, int fi,
				    pid_t pid, const struct usdt_file_probe *sites,
				    const char *provider, const char *function, const char *name,
				    bool ret)
{
	index_grow(u);
	size_t mask = u->index_cap - 1;
	for (size_t k = probe_hash(prov, fi, pid, sites, function, name, ret) & mask; u->index[k];
	     k = (k + 1) & mask) {
		struct uprov_probe *p = &u->probes[u->index[k] - 1];
		if (probe_is(p, prov, fi, pid, sites, function, name, ret))
			return p;
	}
	return probe_append(u, prov, fi, pid, sites, provider, function, name, ret);
}

/* A probe known to be new, appended without looking for it first. */
static struct uprov_probe *probe_append(struct uprov *u, const struct provider *prov, int fi,
					pid_t pid, const struct usdt_file_probe *sites,
					const char *provider, const char *function,
					const char *name, bool ret)
{
	index_grow(u);
	xgrow(&u->probes, sizeof(*u->probes), &u->probes_cap, (size_t)u->nprobes + 1);
	struct uprov_probe *p = &u->probes[u->nprobes++];
	memset(p, 0, sizeof(*p));
	p->id = u->next_id++;
	p->prov = prov;
	p->pid = pid;
	p->provider = xstrdup(provider);
	p->function = xstrdup(function);
	p->name = xstrdup(name);
	p->file = fi;
	p->sites = sites;
	p->ret = ret;
	index_put(u, u->nprobes - 1);
	return p;
}

/* Match d against the probes of one file for process pid (0: every process); returns how many
 * matched. */
static int match_file(struct uprov *u, int fi, pid_t pid, const struct probedesc *d, int clause)
{
	struct usdt_cached *cf = u->files[fi].cf;
	const char *module = u->files[fi].module;
	int matched = 0;
	/* a file the pid provider added has no probe notes read (cf NULL) or may have none */
	if (!cf || !cf->f || cf->f->nsites == 0)
		return 0;
	if (!cf->complete) {
		/* a file seen by a scan: its symbols (the sites' functions) are read only when a
		 * site's provider, module and name can match */
		struct probedesc any_func = { d->prov, d->mod, "", d->name };
		bool may = false;
		for (int i = 0; i < cf->f->nsites && !may; i++)
			may = probedesc_match(&any_func, cf->f->sites[i].provider, pid, module, "",
					      cf->f->sites[i].name);
		if (!may)
			return 0;
		usdt_cached_complete(cf);
	}
	for (int j = 0; j < cf->nprobes; j++) {
		const struct usdt_file_probe *fp = &cf->probes[j];
		const struct usdt_site *s = &cf->f->sites[fp->sites[0]];
		const char *func = s->function ? s->function : "";
		if (!probedesc_match(d, s->provider, pid, module, func, s->name))
			continue;
		matched++;
		char *prov = pid ? xasprintf("%s%d", s->provider, (int)pid) : xstrdup(s->provider);
		struct uprov_probe *p = uprov_probe_get(u, &prov_usdt, fi, pid, fp, prov, func,
							s->name, false);
		free(prov);
		uprov_probe_add_clause(u, p, clause);
	}
	return matched;
}

void uprov_keep_desc(struct uprov *u, const struct provider *p, const struct probedesc *d,
		     int clause)
{
	u->descs = xrealloc(u->descs, sizeof(*u->descs) * (size_t)(u->ndescs + 1));
	struct uprov_desc *k = &u->descs[u->ndescs++];
	k->provider = p;
	k->prov = xstrdup(d->prov);
	k->mod = xstrdup(d->mod);
	k->func = xstrdup(d->func);
	k->name = xstrdup(d->name);
	k->clause = clause;
	k->stmt = u->stmt;
	k->pid = uprov_desc_pid(d->prov);
}

bool uprov_has_global(const struct uprov *u)
{
	for (int i = 0; i < u->ndescs; i++)
		if (u->descs[i].pid == 0)
			return true;
	return false;
}

/* The file entry of a process's object o when its notes hold USDT sites; -1 when they hold
 * none or cannot be read. */
static int site_file_of(struct uprov *u, const struct proc_object *o)
{
	struct usdt_cached *cf = usdt_cache_get(&u->cache, o->dev, o->ino, o->open_path);
	if (!cf->f || cf->f->nsites == 0)
		return -1;
	return uprov_file_of(u, cf, o);
}

void uprov_match_new(struct uprov *u, const struct uprov_desc *k2, pid_t pid,
		     const struct proc_maps *m, const bool *known)
{
	struct probedesc d = { k2->prov, k2->mod, k2->func, k2->name };
	if (k2->pid != pid && (k2->pid != 0))
		return;
	for (int k = 0; k < m->nobjs; k++) {
		if (k2->pid == 0 && known[k])
			continue;
		int fi = site_file_of(u, &m->objs[k]);
		if (fi >= 0)
			match_file(u, fi, k2->pid, &d, k2->clause);
	}
}

/* Whether process m maps a file with a probe enabled for it (a clause enables it, and it names
 * m's pid or no process). */
static bool maps_enabled(const struct uprov *u, const struct proc_maps *m)
{
	if (m->nobjs == 0)
		return false;
	bool *mapped = xcalloc((size_t)u->nfiles + 1, sizeof(*mapped));
	for (int k = 0; k < m->nobjs; k++) {
		int fi = find_file(u, m->objs[k].dev, m->objs[k].ino);
		if (fi >= 0)
			mapped[fi] = true;
	}
	bool any = false;
	for (int i = 0; i < u->nprobes && !any; i++) {
		const struct uprov_probe *p = &u->probes[i];
		any = p->nclauses > 0 && p->file >= 0 && p->file < u->nfiles && mapped[p->file] &&
		      (p->pid == 0 || p->pid == m->pid);
	}
	free(mapped);
	return any;
}

bool uprov_rescan(struct uprov *u, pid_t pid)
{
	struct proc_maps *m;
	if (pid <= 0 || proc_maps_read(pid, &m, NULL, 0) != 0)
		return false;
	/* which objects were seen before: descriptions naming no process look only at new ones */
	bool *known = xcalloc((size_t)m->nobjs + 1, sizeof(*known));
	for (int k = 0; k < m->nobjs; k++) {
		int fi = find_file(u, m->objs[k].dev, m->objs[k].ino);
		known[k] = fi >= 0 && u->files[fi].cf;
	}
	for (int i = 0; i < u->ndescs; i++) {
		u->stmt = u->descs[i].stmt;
		u->descs[i].provider->match_new(u, &u->descs[i], pid, m, known);
	}
	free(known);
	bool fires = maps_enabled(u, m);
	proc_maps_free(m);
	return fires;
}

/* Register the block of file fi in process pid; false when it was known already. */
static void add_block(struct uprov *u, pid_t pid, int fi)
{
	for (int i = 0; i < u->nblocks; i++)
		if (u->blocks[i].pid == pid && u->blocks[i].file == fi)
			return;
	u->blocks = xrealloc(u->blocks, sizeof(*u->blocks) * (size_t)(u->nblocks + 1));
	u->blocks[u->nblocks++] = (struct uprov_block){ pid, fi };
}

/* Match d (clause as for match_file) against the probes of every object of process m with
 * USDT sites, each such object registered as a block of m; returns how many matched. */
static int match_process(struct uprov *u, const struct proc_maps *m, const struct probedesc *d,
			 int clause)
{
	int matched = 0;
	for (int k = 0; k < m->nobjs; k++) {
		int fi = site_file_of(u, &m->objs[k]);
		if (fi < 0)
			continue;
		add_block(u, m->pid, fi);
		matched += match_file(u, fi, m->pid, d, clause);
	}
	return matched;
}

int uprov_add_process(struct uprov *u, const struct proc_maps *m)
{
	/* every probe, in file order (uprov_probe_get finds each through the index, so listing a
	 * whole machine stays linear in its probes) */
	return match_process(u, m, &(struct probedesc){ "", "", "", "" }, -1);
}

/* The index of block (pid, fi) in blocks sorted by pid, or -1: a binary search to the pid's
 * first block, then its few objects in turn (a whole machine's listing has thousands). */
static int find_block(const struct uprov *u, pid_t pid, int fi)
{
	int lo = 0, hi = u->nblocks;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (u->blocks[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (int k = lo; k < u->nblocks && u->blocks[k].pid == pid; k++)
		if (u->blocks[k].file == fi)
			return k;
	return -1;
}

void uprov_number(struct uprov *u, uint32_t first_id)
{
	/* blocks by pid (as -l lists processes), in order of sight within one process */
	for (int i = 1; i < u->nblocks; i++)
		for (int k = i; k > 0 && u->blocks[k - 1].pid > u->blocks[k].pid; k--) {
			struct uprov_block t = u->blocks[k];
			u->blocks[k] = u->blocks[k - 1];
			u->blocks[k - 1] = t;
		}
	uint32_t next = first_id;
	uint32_t *base = xcalloc((size_t)u->nblocks + 1, sizeof(*base));
	for (int i = 0; i < u->nblocks; i++) {
		base[i] = next;
		next += (uint32_t)u->files[u->blocks[i].file].cf->nprobes;
	}
	for (int i = 0; i < u->nprobes; i++) {
		struct uprov_probe *p = &u->probes[i];
		int b = p->sites && p->pid ? find_block(u, p->pid, p->file) : -1;
		p->id = b >= 0 ? base[b] + (uint32_t)(p->sites - u->files[p->file].cf->probes) : 0;
	}
	for (int i = 0; i < u->nprobes; i++)
		if (u->probes[i].id == 0)
			u->probes[i].id = next++;
	u->next_id = next;
	free(base);
}

int uprov_match(struct uprov *u, const struct probedesc *d, int clause)
{
	int matched = 0;
	uprov_keep_desc(u, &prov_usdt, d, clause);
	pid_t pid = uprov_desc_pid(d->prov);
	if (pid > 0) {
		struct proc_maps *m;
		if (proc_maps_read(pid, &m, NULL, 0) != 0)
			return 0;
		matched = match_process(u, m, d, clause);
		proc_maps_free(m);
		return matched;
	}
	scan_all_processes(u);
	int nfiles = u->nfiles;
	for (int fi = 0; fi < nfiles; fi++)
		matched += match_file(u, fi, 0, d, clause);
	return matched;
}

struct dtype **uprov_native_types(const struct uprov *u, const struct uprov_probe *p,
				  struct dtype_ctx *ctx, int *nargs)
{
	const struct usdt_site *site = uprov_site(u, p, 0);
	struct dtype **types = xcalloc((size_t)site->nargs + 1, sizeof(*types));
	for (int k = 0; k < site->nargs; k++) {
		const char *tn = usdt_arg_native_type(&site->args[k]);
		struct dscope_ent *e = dscope_find(ctx, tn, DSYM_TYPEDEF, false);
		types[k] = e ? e->type : ctx->t_ulong;
		if (strcmp(tn, "double") == 0 || strcmp(tn, "float") == 0)
			types[k] = ctx->t_ulong; /* floats travel as their bits */
	}
	*nargs = site->nargs;
	return types;
}
