/* usdt_run.c — enabling USDT probes for a run; see usdt_run.h. */
#include "usdt_run.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "usdt_spec.h"
#include "util.h"

static size_t total_sites(const struct uprov *up)
{
	size_t n = 0;
	for (int i = 0; i < up->nprobes; i++)
		n += (size_t)up->probes[i].sites->nsites;
	return n;
}

void usdt_run_size_maps(struct dobj *o, const struct uprov *up)
{
	if (o->usdt_specs_map < 0 || !up)
		return;
	/* room for what is known now, and as much again for what appears later */
	size_t sites = total_sites(up), probes = (size_t)up->nprobes;
	o->maps[o->usdt_specs_map].max_entries = (uint32_t)(2 * sites + 64);
	o->maps[o->usdt_names_map].max_entries = (uint32_t)(2 * probes + 16);
}

/* The program serving class `cls` (an index in o->probes). */
static struct dobj_prog *class_prog(struct dobj *o, int cls)
{
	for (size_t i = 0; i < o->nprogs; i++)
		if (o->progs[i].probe == cls)
			return &o->progs[i];
	return NULL;
}

static int write_names(const struct dobj *o, uint32_t key, const struct dobj_probe *p)
{
	char *v = xcalloc(4, o->usdt_namesz);
	usdt_spec_names(v, o->usdt_namesz, p->provider, p->module, p->function, p->name);
	int rc = bpf_map_update_elem(o->maps[o->usdt_names_map].fd, &key, v, BPF_ANY);
	free(v);
	return rc;
}

/* A probe's sites, attached for its process (or all) with one link. */
static int attach_probe(struct usdt_run *ur, struct dobj *o, const struct uprov *up,
			const struct uprov_probe *p, const struct dobj_prog *prog,
			uint32_t epid_base, uint32_t names, struct attach_set *set)
{
	const struct uprov_file *uf = &up->files[p->file];
	int n = p->sites->nsites;
	struct attach_site *as = xcalloc((size_t)n, sizeof(*as));
	bool pc_ok = attach_uprobe_multi_supported();
	for (int k = 0; k < n; k++) {
		const struct usdt_site *s = uprov_site(up, p, k);
		struct dobj_usdt_spec spec;
		char *why;
		usdt_spec_encode(uf->cf->f, s, pc_ok, &spec, &why);
		free(why);
		spec.epid_base = epid_base;
		spec.probe_id = p->id;
		spec.names = names;
		uint32_t key = (uint32_t)ur->nsites;
		if (bpf_map_update_elem(o->maps[o->usdt_specs_map].fd, &key, &spec, BPF_ANY) != 0) {
			util_warn("failed to enable probe %u (%s:%s:%s:%s): cannot store site %d: %s",
				  p->id, p->provider, uf->module, p->function, p->name, k,
				  strerror(errno));
			free(as);
			return -1;
		}
		ur->nsites++;
		as[k].off = s->pc_off;
		as[k].ref_ctr_off = s->sem_off;
		as[k].cookie = key;
	}
	char err[512];
	int rc = attach_uprobe_multi(set, prog->fd, uf->path, as, (size_t)n, p->pid ? p->pid : -1,
				     false, NULL, err, sizeof(err));
	free(as);
	if (rc != 0)
		util_warn("failed to enable probe %u (%s:%s:%s:%s): %s", p->id, p->provider,
			  uf->module, p->function, p->name, err);
	return rc;
}

int usdt_run_attach(struct usdt_run *ur, struct dobj *o, const struct uprov *up,
		    const int *prog_probe, struct attach_set *set)
{
	memset(ur, 0, sizeof(*ur));
	ur->first_epid = (uint32_t)o->necbs + 1;
	if (!up || up->nprobes == 0 || o->usdt_specs_map < 0)
		return 0;
	ur->probes = xcalloc((size_t)up->nprobes, sizeof(*ur->probes));
	for (int i = 0; i < up->nprobes; i++) {
		const struct uprov_probe *p = &up->probes[i];
		const struct dobj_prog *prog = class_prog(o, prog_probe[i]);
		if (!prog) {
			util_warn("failed to enable probe %u: internal error: no program", p->id);
			return -1;
		}
		struct dobj_probe *dp = &ur->probes[ur->nprobes];
		*dp = (struct dobj_probe){
			.id = p->id, .provider = xstrdup(p->provider),
			.module = xstrdup(up->files[p->file].module), .function = xstrdup(p->function),
			.name = probedesc_display_name(p->name), .kind = DOBJ_PROBE_USDT,
		};
		uint32_t names = (uint32_t)ur->nprobes++;
		if (write_names(o, names, dp) != 0) {
			util_warn("failed to enable probe %u: cannot store its names: %s", p->id,
				  strerror(errno));
			return -1;
		}
		uint32_t epid_base = ur->first_epid + (uint32_t)ur->nepids;
		ur->epids = xrealloc(ur->epids, sizeof(*ur->epids) * (ur->nepids + prog->nepids + 1));
		for (uint32_t j = 0; j < prog->nepids; j++)
			ur->epids[ur->nepids++] = (struct usdt_run_epid){ prog->first_epid - 1 + j, names };
		if (attach_probe(ur, o, up, p, prog, epid_base, names, set) != 0)
			return -1;
	}
	return 0;
}

bool usdt_run_lookup(const struct usdt_run *ur, const struct dobj *o, uint32_t epid,
		     const struct dobj_ecb **e, const struct dobj_probe **p)
{
	if (epid >= 1 && epid <= o->necbs) {
		*e = &o->ecbs[epid - 1];
		*p = &o->probes[(*e)->probe];
		return (*p)->kind != DOBJ_PROBE_USDT; /* templates never send records themselves */
	}
	if (epid < ur->first_epid || epid - ur->first_epid >= ur->nepids)
		return false;
	const struct usdt_run_epid *x = &ur->epids[epid - ur->first_epid];
	*e = &o->ecbs[x->tmpl];
	*p = &ur->probes[x->probe];
	return true;
}

void usdt_run_free(struct usdt_run *ur)
{
	for (size_t i = 0; i < ur->nprobes; i++) {
		free(ur->probes[i].provider);
		free(ur->probes[i].module);
		free(ur->probes[i].function);
		free(ur->probes[i].name);
	}
	free(ur->probes);
	free(ur->epids);
	memset(ur, 0, sizeof(*ur));
}
