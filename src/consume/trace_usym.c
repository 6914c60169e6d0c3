/* trace_usym.c — the tracer's user symbols (trace_usym.h). */
#include <bpf/bpf.h>
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

void trace_usym_init(struct trace_usym *t, struct dobj *o, int stackindent, pid_t target,
		     const pid_t *pids, int npids)
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
	free(t->seen);
	memset(t, 0, sizeof(*t));
}

/* Whether a key with this hash was seen before; remembers it. */
static bool seen_before(struct trace_usym *t, uint64_t h)
{
	h |= 1;   /* 0 marks an empty slot */
	if (2 * (t->nseen + 1) > t->seen_cap) {
		size_t cap = t->seen_cap ? t->seen_cap * 2 : 1024;
		uint64_t *n = xcalloc(cap, sizeof(*n));
		for (size_t i = 0; i < t->seen_cap; i++)
			if (t->seen[i])
				for (size_t k = t->seen[i] & (cap - 1);; k = (k + 1) & (cap - 1))
					if (!n[k]) {
						n[k] = t->seen[i];
						break;
					}
		free(t->seen);
		t->seen = n;
		t->seen_cap = cap;
	}
	for (size_t k = h & (t->seen_cap - 1);; k = (k + 1) & (t->seen_cap - 1)) {
		if (t->seen[k] == h)
			return true;
		if (!t->seen[k]) {
			t->seen[k] = h;
			t->nseen++;
			return false;
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
static void key_lookup(struct trace_usym *t, const unsigned char *m, size_t size)
{
	uint64_t pid, addr;
	struct usym_res r;
	memcpy(&pid, m, 8);
	if ((pid_t)pid == USYM_KERNEL_PID || (pid_t)pid <= 0)
		return;
	usym_capture(t->db, (pid_t)pid, false);
	for (size_t off = 8; off + 8 <= size; off += 8) {
		memcpy(&addr, m + off, 8);
		if (addr == 0)
			break;
		usym_lookup(t->db, (pid_t)pid, addr, &r);
	}
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

void trace_usym_poll(struct trace_usym *t, const struct dobj *o)
{
	ustack_tables_poll(&t->tabs);
	if (!t->used || now_ms() - t->polled_ms < 250)
		return;
	t->polled_ms = now_ms();
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
			if (seen_before(t, key_hash(i, key, len)))
				continue;
			for (size_t k = 0; k < d->nkeys; k++) {
				size_t size = d->keys[k].kind == AGG_KEY_INT ? 8 : d->keys[k].size;
				if (is_ukey(d->keys[k].kind))
					key_lookup(t, key + off, size);
				off += size;
			}
		}
		free(mkey);
		free(next);
	}
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
	if (!t->used || t->target.pid <= 0)
		return;
	ctx->symbolize = usym_dfmt_symbolize;
	ctx->sym_arg = &t->target;
}
