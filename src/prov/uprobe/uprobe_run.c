/* uprobe_run.c — the uprobe engine at run time: enabling usdt and pid probes, and probes that
 * appear later; see uprobe_run.h. */
#include "uprobe_run.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_insn.h"
#include "bpf_sys.h"
#include "pcat.h"
#include "proc_maps.h"
#include "uprobe.h"
#include "usdt_spec.h"
#include "util.h"

/* Room for sites and probes that appear while tracing runs, when descriptions are kept for
 * them: a few JVMs' worth (specs 208 bytes each, names 4 strsize slots each: about 3.5 and 4
 * MiB of kernel memory at the default strsize). */
#define UPROBE_ROOM_SITES 16384
#define UPROBE_ROOM_PROBES 4096
/* The most uprobe sites one run attaches at start (docs/hardening.md, "Limits"). */
#ifndef UPROBE_SITES_MAX
#define UPROBE_SITES_MAX 50000
#endif

void uprobe_run_size_maps(struct dobj *o, const struct uprov *up)
{
	if (o->usdt_specs_map < 0 || !up)
		return;
	size_t sites = 0;
	for (int i = 0; i < up->nprobes; i++)
		sites += (size_t)uprov_nsites(&up->probes[i]);
	/* What is known now, and room for as much again and more for what appears later. A
	 * description kept for objects mapped later (dlopen, exec: -Z's `hotspot*:::` matching
	 * nothing at start) may bring a whole library's probes at once, as many as a JVM's
	 * libjvm.so (531 sites, 500 probes) several times over: the maps are arrays the programs
	 * read by index, so they cannot grow once loaded, and are sized for that here. */
	size_t later_sites = up->ndescs ? UPROBE_ROOM_SITES : 1024;
	size_t later_probes = up->ndescs ? UPROBE_ROOM_PROBES : 256;
	o->maps[o->usdt_specs_map].max_entries = (uint32_t)(2 * sites + later_sites);
	o->maps[o->usdt_names_map].max_entries = (uint32_t)(2 * (size_t)up->nprobes + later_probes);
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

static void probe_warn(const struct uprobe_engine *ur, const struct uprov_probe *p, const char *what)
{
	util_warn("failed to enable probe %u (%s:%s:%s:%s): %s", p->id, p->provider,
		  ur->up->files[p->file].module, p->function, p->name, what);
}

/* Sites waiting to be attached: one uprobe_multi link per (program, file, process), however
 * many probes of the class the file has: each link costs an RCU grace period to create and
 * another to close, so 531 JVM sites in one link cost one of each, not one per probe. The
 * order of sites within a link does not matter: each carries its own cookie. */
struct pending_link {
	const struct dobj_prog *prog;
	int file;
	pid_t pid;
	bool ret;                  /* uretprobes */
	struct attach_site *sites;
	int *site_probe;           /* per site: its probe (index in uprov.probes), for messages */
	size_t n;
};

struct pending {
	struct pending_link *links;
	size_t n;
};

static struct pending_link *pending_for(struct pending *pd, const struct dobj_prog *prog,
					const struct uprov_probe *p)
{
	for (size_t i = 0; i < pd->n; i++)
		if (pd->links[i].prog == prog && pd->links[i].file == p->file &&
		    pd->links[i].pid == p->pid && pd->links[i].ret == p->ret)
			return &pd->links[i];
	pd->links = xrealloc(pd->links, sizeof(*pd->links) * (pd->n + 1));
	struct pending_link *l = &pd->links[pd->n++];
	*l = (struct pending_link){ prog, p->file, p->pid, p->ret, NULL, NULL, 0 };
	return l;
}

/* What the note parser skipped in the probe's file (sites, semaphores, arguments it could not
 * make sense of), said once per file when one of its probes is enabled, as -l says it. */
static void report_damage(const struct uprobe_engine *ur, const struct uprov_probe *p)
{
	struct usdt_cached *cf = ur->up->files[p->file].cf;
	if (!cf || !cf->f || cf->warned)
		return;
	cf->warned = true;
	for (int i = 0; i < cf->f->nwarnings; i++)
		util_warn("warning: %s: %s", ur->up->files[p->file].path, cf->f->warnings[i]);
}

/* The semaphore (file offset) of a USDT site at file offset pc_off of file fi, or 0. The
 * kernel keeps one uprobe per file offset and refuses a second consumer with another
 * semaphore offset (EINVAL), so a pid probe on a USDT site's instruction (pid$target::f:entry
 * where f begins with its probe, or an offset probe on the site) attaches with the site's
 * semaphore: then either may be enabled first and both fire. Counting the semaphore while
 * only the pid probe is traced makes the program compute the probe's arguments; nothing
 * else changes. */
static uint64_t usdt_semaphore_at(struct uprobe_engine *ur, int fi, uint64_t pc_off)
{
	const struct uprov_file *uf = &ur->up->files[fi];
	const struct usdt_cached *cf = uf->cf ? uf->cf
			: usdt_cache_peek(&ur->up->cache, uf->dev, uf->ino, uf->path);
	if (!cf || !cf->f)
		return 0;
	for (int i = 0; i < cf->f->nsites; i++)
		if (cf->f->sites[i].pc_off == pc_off && cf->f->sites[i].sem_off)
			return cf->f->sites[i].sem_off;
	return 0;
}

/* A probe's sites: a spec each, queued for their link. */
static int add_sites(struct uprobe_engine *ur, const struct uprov_probe *p, const struct dobj_prog *prog,
		     uint32_t epid_base, uint32_t names, struct pending *pd)
{
	struct dobj *o = ur->o;
	const struct uprov_file *uf = &ur->up->files[p->file];
	int n = uprov_nsites(p);
	if (ur->nsites + (uint32_t)n > ur->max_sites) {
		if (!ur->warned_full)
			probe_warn(ur, p, "no room left for more probe sites");
		ur->warned_full = true;
		return -1;
	}
	report_damage(ur, p);
	for (int k = 0; k < n; k++) {
		const struct usdt_site *s = uprov_site(ur->up, p, k);
		struct dobj_usdt_spec spec;
		char *why;
		usdt_spec_encode(uprov_notes(ur->up, p), s, &spec, &why);
		/* once per probe (a probe enabled clause by clause comes here once per clause) */
		if (why && ur->warned_probe != p->id) {
			ur->warned_probe = p->id;
			char *name = probedesc_display_name(p->name);
			util_warn("warning: %s:%s:%s:%s: %s; it reads as 0", p->provider, uf->module,
				  p->function, name, why);
			free(name);
		}
		free(why);
		spec.epid_base = epid_base;
		spec.probe_id = p->id;
		spec.names = names;
		spec.flags = p->pid ? 0 : DOBJ_USDT_PIDPROV;
		uint32_t key = ur->nsites;
		if (epid_base > DOBJ_USDT_COOKIE_EPID_MAX) {
			probe_warn(ur, p, "too many enablings to number");
			return -1;
		}
		if (bpf_map_update_elem(o->maps[o->usdt_specs_map].fd, &key, &spec, BPF_ANY) != 0) {
			char *m = xasprintf("cannot store site %d: %s", k, strerror(errno));
			probe_warn(ur, p, m);
			free(m);
			return -1;
		}
		ur->nsites++;
		/* a site whose arguments are not where the program reads them directly goes to
		 * its twin (dobj.h), which reads them through the spec */
		bool fits = usdt_spec_fits(&spec, prog->usdt_fast);
		const struct dobj_prog *to = !fits && prog->usdt_twin >= 0 ? &o->progs[prog->usdt_twin] : prog;
		struct pending_link *l = pending_for(pd, to, p);
		l->sites = xrealloc(l->sites, sizeof(*l->sites) * (l->n + 1));
		l->site_probe = xrealloc(l->site_probe, sizeof(*l->site_probe) * (l->n + 1));
		l->site_probe[l->n] = (int)(p - ur->up->probes);
		uint64_t sem = s->sem_off || p->sites || p->ret ? s->sem_off
							   : usdt_semaphore_at(ur, p->file, s->pc_off);
		l->sites[l->n++] = (struct attach_site){ s->pc_off, sem,
			usdt_spec_cookie(key, epid_base, fits) };
	}
	return 0;
}

/* Attach what is pending; at start (`initial`) the first failure for a process stops. */
/* Attach sites[0..n) of link l; when the kernel refuses the link for something a site is (an
 * instruction uprobes cannot step: ENOTSUPP, EINVAL), halve and retry, so one such site (an
 * offset probe on a lock-prefixed instruction, say) costs only itself. Returns how many sites
 * were attached; the first refusal's message is in err, the first refused site in *bad. */
static size_t attach_split(struct uprobe_engine *ur, const struct pending_link *l,
			   const struct attach_site *sites, size_t n, size_t *nbad,
			   const struct attach_site **bad, char *err, size_t errlen)
{
	const struct uprov_file *uf = &ur->up->files[l->file];
	char why[512];
	if (attach_uprobe_multi(ur->set, l->prog->fd, uf->path, sites, n, l->pid ? l->pid : -1,
				l->ret, NULL, why, sizeof(why)) == 0)
		return n;
	int e = errno;
	bool split = n > 1 && e != ENOENT && e != ESRCH && e != EACCES && e != EPERM &&
		     e != ENOMEM && e != EMFILE;
	if (!split) {
		if (*nbad == 0) {
			*bad = sites;
			snprintf(err, errlen, "%s", why);
		}
		*nbad += n;
		return 0;
	}
	size_t half = n / 2;
	return attach_split(ur, l, sites, half, nbad, bad, err, errlen) +
	       attach_split(ur, l, sites + half, n - half, nbad, bad, err, errlen);
}

/* Attach what is pending; at start (`initial`) the first failure for a process stops. */
static int flush_pending(struct uprobe_engine *ur, struct pending *pd, bool initial)
{
	int rc = 0;
	for (size_t i = 0; i < pd->n; i++) {
		struct pending_link *l = &pd->links[i];
		char err[512] = "";
		if (rc == 0 || !initial) {
			const struct uprov_file *uf = &ur->up->files[l->file];
			size_t nbad = 0;
			const struct attach_site *bad = NULL;
			size_t done = attach_split(ur, l, l->sites, l->n, &nbad, &bad, err, sizeof(err));
			if (done == 0) {
				const struct uprov_probe *p = &ur->up->probes[l->site_probe[0]];
				char *name = probedesc_display_name(p->name);
				util_warn("failed to enable probe %u (%s:%s:%s:%s)%s%s%s: %s", p->id,
					  p->provider, uf->module, p->function, name,
					  l->n > 1 ? " and the other probes of " : "",
					  l->n > 1 ? uf->module : "",
					  l->n > 1 && l->pid ? " in this process" : "", err);
				free(name);
				/* a file some process mapped a moment ago (a deleted one, reached only
				 * through that process) may be gone with it: the rest still traces */
				if (l->pid)
					rc = -1;
			} else if (nbad > 0) {
				const struct uprov_probe *p = &ur->up->probes[l->site_probe[bad - l->sites]];
				char *name = probedesc_display_name(p->name);
				char more[64] = "";
				if (nbad > 1)
					snprintf(more, sizeof(more), " (and %zu other site%s of %s)", nbad - 1,
						 nbad == 2 ? "" : "s", uf->module);
				util_warn("warning: probe %u (%s:%s:%s:%s) could not be placed%s: %s",
					  p->id, p->provider, uf->module, p->function, name, more, err);
				free(name);
			}
		}
		free(l->sites);
		free(l->site_probe);
	}
	free(pd->links);
	pd->links = NULL;
	pd->n = 0;
	return rc;
}

/* Enable uprov probe i with the program of class cls: epids, names, specs, link. */
static int enable_probe(struct uprobe_engine *ur, int i, int cls, struct pending *pd)
{
	const struct uprov_probe *p = &ur->up->probes[i];
	const struct dobj_prog *prog = class_prog(ur->o, cls);
	if (!prog) {
		probe_warn(ur, p, "internal error: its class has no program");
		return -1;
	}
	if (ur->nnames >= ur->max_probes) {
		if (!ur->warned_full)
			probe_warn(ur, p, "no room left for more probes");
		ur->warned_full = true;
		return -1;
	}
	char *display = probedesc_display_name(p->name);
	struct dobj_probe dp = {
		.id = p->id, .provider = p->provider, .module = ur->up->files[p->file].module,
		.function = p->function, .name = display, .prov = p->prov, .kind = DOBJ_PROBE_UCLASS,
	};
	uint32_t names = ur->nnames++;
	int rc = write_names(ur->o, names, &dp);
	uint32_t probe = epid_tab_add_probe(ur->epids, &dp);
	free(display);
	if (rc != 0) {
		char *m = xasprintf("cannot store its names: %s", strerror(errno));
		probe_warn(ur, p, m);
		free(m);
		return -1;
	}
	uint32_t epid_base = epid_tab_add(ur->epids, probe, prog->first_epid, prog->nepids);
	return add_sites(ur, p, prog, epid_base, names, pd);
}

/* The class running exactly the enablings (clauses, stmts)[0..n); -1 if none. */
static int class_of(const struct uprobe_engine *ur, const int *clauses, const int *stmts, int n)
{
	for (int c = 0; c < ur->nclasses; c++) {
		const struct usdt_class *k = &ur->classes[c];
		if (uprov_same_enablings(k->clauses, k->stmts, k->nclauses, clauses, stmts, n))
			return k->prog_probe;
	}
	return -1;
}

/* A probe that appeared later, enabled by a combination no class runs: each of its enablings
 * (a description of a clause) has a class of its own (pcat makes one for every description
 * that may enable uprobes), so it gets one link per enabling. The kernel runs a site's
 * handlers newest first, so they are attached last first to run in program order. What such
 * a probe loses is this-> variables shared between its clauses (each program is its own
 * firing). */
static int enable_by_clause(struct uprobe_engine *ur, int i, bool initial)
{
	const struct uprov_probe *p = &ur->up->probes[i];
	for (int k = p->nclauses - 1; k >= 0; k--) {
		int cls = class_of(ur, &p->clauses[k], &p->stmts[k], 1);
		if (cls < 0) {
			probe_warn(ur, p, "internal error: a description has no program of its own");
			return -1;
		}
		/* a link of its own, created now: the order of links is the order of clauses */
		struct pending own = { NULL, 0 };
		int rc = enable_probe(ur, i, cls, &own);
		if (flush_pending(ur, &own, initial) != 0 || rc != 0)
			return -1;
	}
	return 0;
}

/* Enable the uprov probes not looked at yet. At start (`initial`) a failure is fatal; later
 * ones are reported and tracing goes on. */
static int enable_new(struct uprobe_engine *ur, bool initial)
{
	struct pending pd = { NULL, 0 };
	int rc = 0;
	for (; ur->nseen < ur->up->nprobes; ur->nseen++) {
		struct uprov_probe *p = &ur->up->probes[ur->nseen];
		int cls = class_of(ur, p->clauses, p->stmts, p->nclauses);
		rc = cls >= 0 ? enable_probe(ur, ur->nseen, cls, &pd)
			      : enable_by_clause(ur, ur->nseen, initial);
		if (rc != 0 && initial)
			break;
	}
	if (flush_pending(ur, &pd, initial) != 0)
		rc = -1;
	return initial ? rc : 0;
}

int uprobe_run_attach(struct uprobe_engine *ur, struct dobj *o, struct uprov *up,
		      const struct usdt_class *classes, int nclasses, struct attach_set *set,
		      struct epid_tab *epids)
{
	memset(ur, 0, sizeof(*ur));
	ur->o = o;
	ur->up = up;
	ur->set = set;
	ur->classes = classes;
	ur->nclasses = nclasses;
	ur->watch_fd = -1;
	ur->epids = epids;
	if (!up || nclasses == 0 || o->usdt_specs_map < 0)
		return 0;
	size_t sites = 0;
	for (int i = 0; i < up->nprobes; i++)
		sites += (size_t)uprov_nsites(&up->probes[i]);
	if (sites > UPROBE_SITES_MAX) {
		/* measured: 110431 sites (every instruction of libc) took more than ten minutes to
		 * attach and an hour to remove, fork() stalling machine-wide meanwhile */
		util_warn("could not enable tracing: %zu probe sites, more than usdtrace attaches "
			  "(%d): the kernel writes each into every process that maps its file and "
			  "removes them one by one while fork() waits; name fewer functions or "
			  "offsets", sites, UPROBE_SITES_MAX);
		return -1;
	}
	ur->max_sites = o->maps[o->usdt_specs_map].max_entries;
	ur->max_probes = o->maps[o->usdt_names_map].max_entries;
	return enable_new(ur, true);
}

void uprobe_run_rescan(struct uprobe_engine *ur, pid_t pid, struct prov_run *r)
{
	if (!ur->up || ur->nclasses == 0)
		return;
	if (uprov_rescan(ur->up, pid) && r && r->will_fire)
		r->will_fire(r, pid);
	enable_new(ur, false);
}

/* How far up the parent chain the watcher looks for the -c child. */
#define WATCH_ANCESTORS 8

/* The signals that may hold a thread the tracer has seized, in order of preference: both are
 * ignored when their action is the default, so if the tracer dies before it suppresses one
 * (the kernel then delivers it: exit_ptrace leaves the signal of a signal-delivery-stop in
 * place), delivering it does nothing. The watcher picks the first the thread does not block and
 * has no handler for; none: the process is not held. */
static const int hold_signals[] = { SIGURG, SIGWINCH };
#define NHOLD_SIGNALS ((int)(sizeof(hold_signals) / sizeof(hold_signals[0])))

/* Where the watcher finds what it reads in the kernel's task_struct, from vmlinux BTF; -1:
 * unknown. */
struct watch_btf {
	int parent, real_parent, tgid, ptrace, blocked, sighand;
	int action;                /* offset of sighand_struct.action[0]'s handler */
	int action_size;           /* sizeof(struct k_sigaction) */
};

static void watch_btf_read(struct watch_btf *w)
{
	memset(w, 0xff, sizeof(*w));
	struct btf *btf = btf__parse("/sys/kernel/btf/vmlinux", NULL);
	if (!btf)
		return;
	w->parent = bpf_sys_btf_member(btf, "task_struct", "parent");
	w->real_parent = bpf_sys_btf_member(btf, "task_struct", "real_parent");
	w->tgid = bpf_sys_btf_member(btf, "task_struct", "tgid");
	w->ptrace = bpf_sys_btf_member(btf, "task_struct", "ptrace");
	w->blocked = bpf_sys_btf_member(btf, "task_struct", "blocked");
	w->sighand = bpf_sys_btf_member(btf, "task_struct", "sighand");
	int act = bpf_sys_btf_member(btf, "sighand_struct", "action");
	int sa = bpf_sys_btf_member(btf, "k_sigaction", "sa");
	int handler = bpf_sys_btf_member(btf, "sigaction", "sa_handler");
	int id = btf__find_by_name_kind(btf, "k_sigaction", BTF_KIND_STRUCT);
	int size = id > 0 ? btf__resolve_size(btf, (uint32_t)id) : -1;
	if (act >= 0 && sa >= 0 && handler >= 0 && size > 0) {
		w->action = act + sa + handler;
		w->action_size = size;
	}
	btf__free(btf);
}

static bool watch_can_hold(const struct watch_btf *w)
{
	return w->parent >= 0 && w->tgid >= 0 && w->ptrace >= 0 && w->blocked >= 0 &&
	       w->sighand >= 0 && w->action >= 0 && w->action_size > 0;
}

/* Emit: *(fp + tmp) = init; probe_read_kernel(fp + tmp, size, R(base) + off). */
static size_t read_kernel(struct bpf_insn *in, size_t n, int tmp, int32_t init, int size, int base,
			  int32_t off)
{
	in[n++] = bi_st(BPF_DW, 10, (int16_t)tmp, init);
	in[n++] = bi_mov64_reg(1, 10);
	in[n++] = bi_alu64_imm(BPF_ADD, 1, tmp);
	in[n++] = bi_mov64_imm(2, size);
	in[n++] = bi_mov64_reg(3, base);
	in[n++] = bi_alu64_imm(BPF_ADD, 3, off);
	in[n++] = bi_call(BPF_FUNC_probe_read_kernel);
	return n;
}

/* Emit: ringbuf_output(ringbuf, fp + rec, sizeof(struct dobj_rec_rescan), 0); R0 its result. */
static size_t send_record(struct bpf_insn *in, size_t n, int ringbuf_fd, int rec)
{
	bi_ld_map_fd(&in[n], 1, ringbuf_fd);
	n += 2;
	in[n++] = bi_mov64_reg(2, 10);
	in[n++] = bi_alu64_imm(BPF_ADD, 2, rec);
	in[n++] = bi_mov64_imm(3, (int32_t)sizeof(struct dobj_rec_rescan));
	in[n++] = bi_mov64_imm(4, 0);
	in[n++] = bi_call(BPF_FUNC_ringbuf_output);
	return n;
}

/* The watcher: at _dl_debug_state, if r_debug.r_state is RT_CONSISTENT, send a
 * DOBJ_REC_RESCAN record with the pid and tid, holding the process until the tracer has read
 * it in one of two ways:
 *   - stop_pid and its descendants (parents looked up through task_struct's real_parent and
 *     tgid): SIGSTOP the process first;
 *   - a thread traced by `tracer` (task_struct's ptrace set and its parent's tgid is the
 *     tracer's: ptrace_hold seized it): after the record, bpf_send_signal_thread with the
 *     first of hold_signals the thread neither blocks nor handles (none: not held).
 * r_debug is found from the function's run-time address (the context's ip: uprobe handlers
 * see it pointing at the breakpoint) and their distance in ld.so. */
static size_t watch_insns(struct bpf_insn *in, int ringbuf_fd, int32_t rstate_delta,
			  pid_t stop_pid, pid_t tracer, const struct watch_btf *w)
{
	size_t n = 0, held[WATCH_ANCESTORS + 1], nheld = 0, notheld[WATCH_ANCESTORS + 1], nnot = 0;
	size_t to_send[4 + NHOLD_SIGNALS * 2], nsend = 0, to_out[2 + 2 * NHOLD_SIGNALS], nout = 0;
	const int rec = -32, tmp = -8;
	const int off_stopped = rec + (int)offsetof(struct dobj_rec_rescan, stopped);
	in[n++] = bi_ldx(BPF_DW, 3, 1, usdt_reg_ptregs_offset(USDT_REG_RIP));
	in[n++] = bi_alu64_imm(BPF_ADD, 3, rstate_delta);
	in[n++] = bi_st(BPF_DW, 10, tmp, 0);
	in[n++] = bi_mov64_reg(1, 10);
	in[n++] = bi_alu64_imm(BPF_ADD, 1, tmp);
	in[n++] = bi_mov64_imm(2, 4);
	in[n++] = bi_call(BPF_FUNC_probe_read_user);
	to_out[nout++] = n;
	in[n++] = bi_jmp_imm(BPF_JNE, 0, 0, 0);
	in[n++] = bi_ldx(BPF_W, 1, 10, tmp);
	to_out[nout++] = n;
	in[n++] = bi_jmp_imm(BPF_JNE, 1, RT_CONSISTENT, 0);
	in[n++] = bi_st(BPF_DW, 10, rec, 0);
	in[n++] = bi_st(BPF_DW, 10, rec + 8, 0);
	in[n++] = bi_st(BPF_DW, 10, rec + 16, 0);
	in[n++] = bi_st(BPF_W, 10, rec + (int)offsetof(struct dobj_rec_rescan, kind), DOBJ_REC_RESCAN);
	in[n++] = bi_call(BPF_FUNC_get_smp_processor_id);
	in[n++] = bi_stx(BPF_W, 10, 0, rec + (int)offsetof(struct dobj_rec_rescan, hdr.cpu));
	in[n++] = bi_call(BPF_FUNC_get_current_pid_tgid);
	in[n++] = bi_stx(BPF_W, 10, 0, rec + (int)offsetof(struct dobj_rec_rescan, tid));
	in[n++] = bi_alu64_imm(BPF_RSH, 0, 32);
	in[n++] = bi_stx(BPF_W, 10, 0, rec + (int)offsetof(struct dobj_rec_rescan, pid));
	if (stop_pid > 0) {
		held[nheld++] = n;
		in[n++] = bi_jmp_imm(BPF_JEQ, 0, (int32_t)stop_pid, 0);
		if (w->real_parent >= 0 && w->tgid >= 0) {
			/* R7 walks up: task, its parent, ... until the -c child, pid 1 or the limit */
			in[n++] = bi_call(BPF_FUNC_get_current_task);
			in[n++] = bi_mov64_reg(7, 0);
			for (int k = 0; k < WATCH_ANCESTORS; k++) {
				n = read_kernel(in, n, tmp, 0, 8, 7, w->real_parent);
				in[n++] = bi_ldx(BPF_DW, 7, 10, tmp);
				n = read_kernel(in, n, tmp, 0, 4, 7, w->tgid);
				in[n++] = bi_ldx(BPF_W, 1, 10, tmp);
				held[nheld++] = n;
				in[n++] = bi_jmp_imm(BPF_JEQ, 1, (int32_t)stop_pid, 0);
				notheld[nnot++] = n;
				in[n++] = bi_jmp_imm(BPF_JLE, 1, 1, 0);
			}
		}
		notheld[nnot++] = n;
		in[n++] = bi_ja(0);
		/* stop first: the tracer continues the process once it has read the record */
		size_t stop = n;
		in[n++] = bi_st(BPF_W, 10, off_stopped, DOBJ_RESCAN_SIGSTOP);
		in[n++] = bi_mov64_imm(1, SIGSTOP);
		in[n++] = bi_call(BPF_FUNC_send_signal);
		to_send[nsend++] = n;
		in[n++] = bi_ja(0);
		for (size_t k = 0; k < nheld; k++)
			in[held[k]].off = (int16_t)(stop - held[k] - 1);
		for (size_t k = 0; k < nnot; k++)
			in[notheld[k]].off = (int16_t)(n - notheld[k] - 1);
	}
	if (tracer > 0 && watch_can_hold(w)) {
		/* R7 the task, R8 its blocked signals, R9 its sighand */
		in[n++] = bi_call(BPF_FUNC_get_current_task);
		in[n++] = bi_mov64_reg(7, 0);
		n = read_kernel(in, n, tmp, 0, 4, 7, w->ptrace);
		in[n++] = bi_ldx(BPF_W, 1, 10, tmp);
		to_send[nsend++] = n;
		in[n++] = bi_jmp_imm(BPF_JEQ, 1, 0, 0);
		n = read_kernel(in, n, tmp, 0, 8, 7, w->parent);
		in[n++] = bi_ldx(BPF_DW, 6, 10, tmp);
		n = read_kernel(in, n, tmp, 0, 4, 6, w->tgid);
		in[n++] = bi_ldx(BPF_W, 1, 10, tmp);
		to_send[nsend++] = n;
		in[n++] = bi_jmp_imm(BPF_JNE, 1, (int32_t)tracer, 0);
		n = read_kernel(in, n, tmp, -1, 8, 7, w->blocked);  /* unread: all blocked */
		in[n++] = bi_ldx(BPF_DW, 8, 10, tmp);
		n = read_kernel(in, n, tmp, 0, 8, 7, w->sighand);
		in[n++] = bi_ldx(BPF_DW, 9, 10, tmp);
		for (int k = 0; k < NHOLD_SIGNALS; k++) {
			int sig = hold_signals[k];
			in[n++] = bi_mov64_reg(1, 8);
			in[n++] = bi_alu64_imm(BPF_RSH, 1, sig - 1);
			in[n++] = bi_alu64_imm(BPF_AND, 1, 1);
			size_t blocked = n;
			in[n++] = bi_jmp_imm(BPF_JNE, 1, 0, 0);
			/* the handler: SIG_DFL (0) or SIG_IGN (1) only; unread counts as a handler */
			n = read_kernel(in, n, tmp, 2, 8, 9, w->action + (sig - 1) * w->action_size);
			in[n++] = bi_ldx(BPF_DW, 1, 10, tmp);
			size_t handled = n;
			in[n++] = bi_jmp_imm(BPF_JGT, 1, 1, 0);
			/* the record first: a signal whose record was lost would hold nothing */
			in[n++] = bi_st(BPF_W, 10, off_stopped, DOBJ_RESCAN_PTRACE);
			n = send_record(in, n, ringbuf_fd, rec);
			to_out[nout++] = n;
			in[n++] = bi_jmp_imm(BPF_JNE, 0, 0, 0);
			in[n++] = bi_mov64_imm(1, sig);
			in[n++] = bi_call(BPF_FUNC_send_signal_thread);
			to_out[nout++] = n;
			in[n++] = bi_ja(0);
			in[blocked].off = (int16_t)(n - blocked - 1);
			in[handled].off = (int16_t)(n - handled - 1);
		}
	}
	size_t send = n;
	n = send_record(in, n, ringbuf_fd, rec);
	size_t out = n;
	in[n++] = bi_mov64_imm(0, 0);
	in[n++] = bi_exit();
	for (size_t k = 0; k < nsend; k++)
		in[to_send[k]].off = (int16_t)(send - to_send[k] - 1);
	for (size_t k = 0; k < nout; k++)
		in[to_out[k]].off = (int16_t)(out - to_out[k] - 1);
	return n;
}

int uprobe_run_watch(struct uprobe_engine *ur, pid_t stop_pid, pid_t tracer)
{
	if (!ur->up || ur->nclasses == 0)
		return 0;
	/* the dynamic linker of this process is the one most programs here use */
	void *fn = dlsym(RTLD_DEFAULT, "_dl_debug_state");
	struct r_debug *rd = dlsym(RTLD_DEFAULT, "_r_debug");
	char path[PATH_MAX];
	uint64_t off;
	if (!fn || !rd || proc_self_code_location((uintptr_t)fn, path, sizeof(path), &off) != 0) {
		util_warn("warning: libraries loaded and programs started after tracing begins "
			  "will not be searched for probes: the dynamic linker's _dl_debug_state "
			  "was not found");
		return 0;
	}
	int64_t delta = (int64_t)((uintptr_t)&rd->r_state - (uintptr_t)fn);
	struct watch_btf w;
	memset(&w, 0xff, sizeof(w));
	if (stop_pid > 0 || tracer > 0)
		watch_btf_read(&w);
	struct bpf_insn insns[200 + 20 * WATCH_ANCESTORS];
	size_t n = watch_insns(insns, ur->o->maps[ur->o->ringbuf_map].fd, (int32_t)delta, stop_pid,
			       tracer, &w);
	struct bpf_sys_prog_opts lo = {
		.type = BPF_PROG_TYPE_KPROBE,
		.expected_attach_type = attach_uprobe_multi_supported() ? BPF_SYS_TRACE_UPROBE_MULTI : 0,
		.name = "usdt_watch",
	};
	struct strbuf log = { 0 };
	char err[512];
	ur->watch_fd = bpf_sys_prog_load(&lo, insns, n, &log, err, sizeof(err));
	if (ur->watch_fd < 0) {
		util_warn("warning: libraries loaded and programs started after tracing begins "
			  "will not be searched for probes: %s", log.len ? log.s : err);
		strbuf_free(&log);
		return 0;
	}
	strbuf_free(&log);
	struct attach_site site = { off, 0, 0 };
	if (attach_uprobe_multi(ur->set, ur->watch_fd, path, &site, 1, -1, false, NULL, err,
				sizeof(err)) != 0)
		util_warn("warning: libraries loaded and programs started after tracing begins "
			  "will not be searched for probes: %s", err);
	else
		ur->can_hold = tracer > 0 && watch_can_hold(&w);
	return 0;
}

void uprobe_run_free(struct uprobe_engine *ur)
{
	if (ur->watch_fd >= 0)
		close(ur->watch_fd);
	memset(ur, 0, sizeof(*ur));
	ur->watch_fd = -1;
}

/* ---- the engine as the uprobe providers' run-time part (provider.h) ---- */

int uprobe_prog_type(const struct dobj_probe *p)
{
	(void)p;
	return BPF_PROG_TYPE_KPROBE;
}

unsigned uprobe_flags(const struct dobj_probe *p)
{
	(void)p;
	return PROV_F_SHARED | PROV_F_UPROBE;
}

int uprobe_attach(struct prov_run *r, struct dobj_prog *p)
{
	(void)r;
	(void)p;
	return 0; /* the engine attaches each probe of the class when it starts */
}

/* The uprobe table and the class programs serving it come from the catalog and the enabled
 * set the command handed trace_run (NULL, NULL, 0 without them). */
static struct uprov *engine_table(const struct prov_run *r)
{
	return r->cat ? &r->cat->up : NULL;
}

static void engine_size_maps(struct prov_run *r)
{
	uprobe_run_size_maps(r->o, engine_table(r));
}

/* With a program serving new probes, the processes descriptions name are held too. */
static int engine_holds(struct prov_run *r, pid_t **pids)
{
	const struct uprov *up = engine_table(r);
	if (!up || !r->enabled || r->enabled->nclasses == 0)
		return -1;
	*pids = xcalloc(up->ndescs ? (size_t)up->ndescs : 1, sizeof(**pids));
	for (int i = 0; i < up->ndescs; i++)
		(*pids)[i] = up->descs[i].pid;
	return up->ndescs;
}

static int engine_start(struct prov_run *r, void **state)
{
	struct uprobe_engine *ur = xcalloc(1, sizeof(*ur));
	*state = ur;
	ur->watch_fd = -1;
	ur->up = engine_table(r);
	ur->classes = r->enabled ? r->enabled->classes : NULL;
	ur->nclasses = r->enabled ? r->enabled->nclasses : 0;
	if (uprobe_run_attach(ur, r->o, ur->up, ur->classes, ur->nclasses, r->set, r->epids) != 0)
		return -1;
	int rc = uprobe_run_watch(ur, r->stop_pid, r->tracer);
	r->can_hold = ur->can_hold;
	return rc;
}

static void engine_rescan(struct prov_run *r, void *state, pid_t pid)
{
	if (state)
		uprobe_run_rescan(state, pid, r);
}

static void engine_stop(struct prov_run *r, void *state)
{
	(void)r;
	if (!state)
		return;
	uprobe_run_free(state);
	free(state);
}

const struct prov_run_ops uprobe_run_ops = {
	.size_maps = engine_size_maps,
	.holds = engine_holds,
	.start = engine_start,
	.rescan = engine_rescan,
	.stop = engine_stop,
};
