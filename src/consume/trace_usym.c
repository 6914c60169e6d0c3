/* trace_usym.c — the tracer's user symbols (trace_usym.h). */
#include <bpf/bpf.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trace_usym.h"
#include "util.h"

static bool is_uact(enum dobj_act_kind k)
{
	return k == DOBJ_ACT_USTACK || k == DOBJ_ACT_UADDR || k == DOBJ_ACT_USYM ||
	       k == DOBJ_ACT_UMOD;
}

static bool is_ukey(enum agg_keykind k)
{
	return k == AGG_KEY_STACK || k == AGG_KEY_UADDR || k == AGG_KEY_USYM || k == AGG_KEY_UMOD;
}

static bool fmt_needs(const struct dfmt *f)
{
	for (size_t i = 0; f && i < f->npieces; i++)
		if (f->pieces[i].conv && (f->pieces[i].kind == DFMT_K_UADDR ||
					  f->pieces[i].kind == DFMT_K_STACK))
			return true;
	return false;
}

static bool uses_usym(const struct dobj *o)
{
	for (size_t i = 0; i < o->necbs; i++)
		for (size_t k = 0; k < o->ecbs[i].nacts; k++) {
			const struct dobj_action *a = &o->ecbs[i].acts[k];
			if (is_uact(a->kind) || fmt_needs(a->fmt))
				return true;
		}
	for (size_t i = 0; i < o->naggs; i++)
		for (size_t k = 0; k < o->aggs[i].desc->nkeys; k++)
			if (is_ukey(o->aggs[i].desc->keys[k].kind))
				return true;
	return false;
}

static bool agg_sym(void *arg, uint32_t pid, uint64_t addr, struct dfmt_sym *out)
{
	struct usym_bind b = { arg, (pid_t)pid };
	return usym_dfmt_symbolize(&b, addr, out);
}

static uint64_t agg_canon(void *arg, uint32_t pid, uint64_t addr, int how)
{
	struct usym_res r;
	if (!usym_lookup(arg, (pid_t)pid, addr, &r) || !r.module)
		return addr;
	if (how == 'm')
		return r.mod_base;
	return r.func ? r.func_addr : addr;
}

void trace_usym_init(struct trace_usym *t, struct dobj *o, int stackindent, bool noresolve,
		     pid_t target, const pid_t *pids, int npids)
{
	memset(t, 0, sizeof(*t));
	ustack_tables_init(&t->tabs, o);
	if (target > 0)
		ustack_tables_pid(&t->tabs, target);
	for (int i = 0; i < npids; i++)
		ustack_tables_pid(&t->tabs, pids[i]);
	t->used = uses_usym(o);
	if (!t->used)
		return;
	t->db = usym_db_new();
	usym_db_set_noresolve(t->db, noresolve);
	t->agg = (struct agg_usym){ agg_sym, agg_canon, t->db, stackindent };
	t->target = (struct usym_bind){ t->db, target };
	for (size_t i = 0; i < o->naggs; i++)
		o->aggs[i].desc->usym = &t->agg;
	if (target > 0)
		usym_capture(t->db, target, false);
	for (int i = 0; i < npids; i++)
		usym_capture(t->db, pids[i], false);
}

void trace_usym_free(struct trace_usym *t, struct dobj *o)
{
	ustack_tables_free(&t->tabs);
	if (!t->used)
		return;
	for (size_t i = 0; i < o->naggs; i++)
		o->aggs[i].desc->usym = NULL;
	usym_db_free(t->db);
	free(t->seen.v);
	free(t->refs);
	free(t->gone);
	memset(t, 0, sizeof(*t));
}

/* Whether h is in set s. */
static bool hset_has(const struct trace_usym_hset *s, uint64_t h)
{
	h |= 1;   /* 0 marks an empty slot */
	if (!s->cap)
		return false;
	for (size_t k = h & (s->cap - 1);; k = (k + 1) & (s->cap - 1)) {
		if (s->v[k] == h)
			return true;
		if (!s->v[k])
			return false;
	}
}

/* h into set s (if absent). */
static void hset_add(struct trace_usym_hset *s, uint64_t h)
{
	h |= 1;
	if (2 * (s->n + 1) > s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 1024;
		uint64_t *n = xcalloc(cap, sizeof(*n));
		for (size_t i = 0; i < s->cap; i++)
			if (s->v[i])
				for (size_t k = s->v[i] & (cap - 1);; k = (k + 1) & (cap - 1))
					if (!n[k]) {
						n[k] = s->v[i];
						break;
					}
		free(s->v);
		s->v = n;
		s->cap = cap;
	}
	for (size_t k = h & (s->cap - 1);; k = (k + 1) & (s->cap - 1)) {
		if (s->v[k] == h)
			return;
		if (!s->v[k]) {
			s->v[k] = h;
			s->n++;
			return;
		}
	}
}

static uint64_t key_hash(size_t agg, const unsigned char *k, size_t n)
{
	uint64_t h = 1469598103934665603ull ^ agg;
	for (size_t i = 0; i < n; i++)
		h = (h ^ k[i]) * 1099511628211ull;
	return h;
}

/* A user-address key member (pid, then addresses up to size bytes, 0 ending a stack): the
 * pid captured and, while it lives, each address looked up (a miss re-reads its maps). */
/* Looks up every address of user-address key m; false when one is in no mapping known yet
 * (the maps are re-read at most every USYM_REREAD_MS: the key is tried again next poll). */
static bool key_lookup(struct trace_usym *t, const unsigned char *m, size_t size)
{
	uint64_t pid, addr;
	struct usym_res r;
	bool all = true;
	memcpy(&pid, m, 8);
	if ((pid_t)pid == USYM_KERNEL_PID || (pid_t)pid <= 0)
		return true;
	usym_capture(t->db, (pid_t)pid, false);
	for (size_t off = 8; off + 8 <= size; off += 8) {
		memcpy(&addr, m + off, 8);
		if (addr == 0)
			break;
		if (!usym_lookup(t->db, (pid_t)pid, addr, &r) && !r.module)
			all = false;
	}
	return all;
}

void trace_usym_rescan(struct trace_usym *t, pid_t pid)
{
	/* trace_run calls this only for targets and processes our probes fire in (not for every
	 * process the watcher reports system-wide: their tables filled the rows map), so build
	 * the table now, before the first firing */
	ustack_tables_pid(&t->tabs, pid);
	if (t->used)
		usym_capture(t->db, pid, true);
}

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int cmp_pid(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;
	return x < y ? -1 : x > y;
}

/* Drop the captures of processes gone for TRACE_USYM_GRACE_MS that no aggregation key names
 * (t->refs, from the poll just made). */
static void prune(struct trace_usym *t)
{
	qsort(t->refs, t->nrefs, sizeof(*t->refs), cmp_pid);
	pid_t *pids;
	size_t n = usym_pids(t->db, &pids);
	for (size_t i = 0; i < n; i++) {
		pid_t pid = pids[i];
		bool needed = pid <= 0 || pid == t->target.pid ||
			      bsearch(&pid, t->refs, t->nrefs, sizeof(*t->refs), cmp_pid) ||
			      kill(pid, 0) == 0 || errno != ESRCH;
		size_t g = 0;
		while (g < t->ngone && t->gone[g].pid != pid)
			g++;
		if (needed) {
			if (g < t->ngone)   /* alive again (a pid reused), or named by a key */
				t->gone[g] = t->gone[--t->ngone];
			continue;
		}
		if (g == t->ngone) {
			xgrow(&t->gone, sizeof(*t->gone), &t->gonecap, t->ngone + 1);
			t->gone[t->ngone++] = (struct trace_usym_gone){ pid, t->polled_ms };
		} else if (t->polled_ms - t->gone[g].ms >= TRACE_USYM_GRACE_MS) {
			usym_forget(t->db, pid);
			t->gone[g] = t->gone[--t->ngone];
		}
	}
	free(pids);
}

void trace_usym_poll(struct trace_usym *t, const struct dobj *o)
{
	ustack_tables_poll(&t->tabs);
	if (!t->used || now_ms() - t->polled_ms < 250)
		return;
	t->polled_ms = now_ms();
	struct trace_usym_hset now = { NULL, 0, 0 };
	t->nrefs = 0;
	for (size_t i = 0; i < o->naggs; i++) {
		const struct agg_desc *d = o->aggs[i].desc;
		int fd = o->aggs[i].map >= 0 ? o->maps[o->aggs[i].map].fd : -1;
		bool any = false;
		for (size_t k = 0; k < d->nkeys; k++)
			any |= is_ukey(d->keys[k].kind);
		if (!any || fd < 0)
			continue;
		size_t ks = o->maps[o->aggs[i].map].key_size;
		unsigned char *mkey = xcalloc(1, ks), *next = xcalloc(1, ks);
		const void *prev = NULL;
		while (bpf_map_get_next_key(fd, prev, next) == 0) {
			memcpy(mkey, next, ks);
			prev = mkey;
			const unsigned char *key = dobj_agg_key(o, i, mkey);
			if (!key)
				continue;   /* another aggregation's, in a shared map */
			size_t off = 0, len = 0;
			for (size_t k = 0; k < d->nkeys; k++)
				len += d->keys[k].kind == AGG_KEY_INT ? 8 : d->keys[k].size;
			uint64_t h = key_hash(i, key, len);
			bool old = hset_has(&t->seen, h), found = true;
			for (size_t k = 0; k < d->nkeys; k++) {
				size_t size = d->keys[k].kind == AGG_KEY_INT ? 8 : d->keys[k].size;
				if (is_ukey(d->keys[k].kind)) {
					uint64_t pid;
					memcpy(&pid, key + off, 8);
					xgrow(&t->refs, sizeof(*t->refs), &t->refcap, t->nrefs + 1);
					t->refs[t->nrefs++] = (pid_t)pid;
					if (!old)
						found &= key_lookup(t, key + off, size);
				}
				off += size;
			}
			if (old || found)
				hset_add(&now, h);
		}
		free(mkey);
		free(next);
	}
	free(t->seen.v);
	t->seen = now;
	if (t->polled_ms - t->pruned_ms >= 1000) {
		t->pruned_ms = t->polled_ms;
		prune(t);
	}
}

bool trace_usym_gone(void *arg, int64_t pid)
{
	const struct trace_usym *t = arg;
	return t->used && pid > 0 && pid <= INT32_MAX && kill((pid_t)pid, 0) != 0 &&
	       errno == ESRCH;
}

bool trace_usym_sym(void *arg, int64_t pid, uint64_t addr, struct dfmt_sym *out)
{
	struct trace_usym *t = arg;
	if (!t->db)
		return false;
	struct usym_bind b = { t->db, (pid_t)pid };
	return usym_dfmt_symbolize(&b, addr, out);
}

void trace_usym_syms(struct trace_usym *t, struct drec_syms *syms)
{
	struct dfmt_ctx ctx = { 0 };
	trace_usym_printf_ctx(t, &ctx);
	*syms = (struct drec_syms){ trace_usym_sym, t, ctx.symbolize, ctx.sym_arg };
}

void trace_usym_printf_ctx(struct trace_usym *t, struct dfmt_ctx *ctx)
{
	ctx->ksymbolize = usym_dfmt_ksymbolize;
	if (!t->used || t->target.pid <= 0)
		return;
	ctx->symbolize = usym_dfmt_symbolize;
	ctx->sym_arg = &t->target;
}
