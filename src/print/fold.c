/* fold.c — see fold.h. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "fold.h"

bool fold_applies(const struct agg_desc *d)
{
	if (d->func != AGG_COUNT && d->func != AGG_SUM)
		return false;
	for (size_t i = 0; i < d->nkeys; i++)
		if (d->keys[i].kind == AGG_KEY_STACK)
			return true;
	return false;
}

/* What addr is in pid, through the tracer's symbolizer (none: nothing known). */
static bool lookup(const struct agg_desc *d, uint64_t pid, uint64_t addr, struct dfmt_sym *s)
{
	memset(s, 0, sizeof(*s));
	return d->usym && d->usym->sym(d->usym->arg, (uint32_t)pid, addr, s) && s->module;
}

static void frame(const struct agg_desc *d, uint64_t pid, uint64_t addr, struct strbuf *out)
{
	struct dfmt_sym s;
	if (!lookup(d, pid, addr, &s))
		strbuf_printf(out, "0x%" PRIx64, addr);
	else if (s.func)
		strbuf_printf(out, "%s`%s", s.module, s.func);
	else
		strbuf_printf(out, "%s`0x%" PRIx64, s.module, addr);
}

static void sep(struct strbuf *out)
{
	if (out->len)
		strbuf_putc(out, ';');
}

/* The key's members, ';'-joined, stacks root first. */
static void key_text(const struct agg_desc *d, const unsigned char *key, struct strbuf *out)
{
	size_t off = 0;
	for (size_t i = 0; i < d->nkeys; i++) {
		const struct agg_keydesc *k = &d->keys[i];
		const unsigned char *p = key + off;
		if (k->kind == AGG_KEY_INT) {
			int64_t v = 0;
			memcpy(&v, p, 8);   /* extended to 64 bits as its type is (agg.h) */
			sep(out);
			if (k->is_signed)
				strbuf_printf(out, "%" PRId64, v);
			else
				strbuf_printf(out, "%" PRIu64, (uint64_t)v);
			off += 8;
			continue;
		}
		if (k->kind == AGG_KEY_STRING) {
			sep(out);
			strbuf_add(out, (const char *)p, strnlen((const char *)p, k->size));
			off += k->size;
			continue;
		}
		uint64_t pid, addr;
		memcpy(&pid, p, 8);
		if (k->kind == AGG_KEY_STACK) {
			size_t n = 0;
			while (8 + (n + 1) * 8 <= k->size) {
				memcpy(&addr, p + 8 + n * 8, 8);
				if (addr == 0)
					break;
				n++;
			}
			for (size_t f = n; f-- > 0;) {
				memcpy(&addr, p + 8 + f * 8, 8);
				sep(out);
				frame(d, pid, addr, out);
			}
		} else {
			memcpy(&addr, p + 8, 8);
			struct dfmt_sym s;
			sep(out);
			if (k->kind == AGG_KEY_UMOD && lookup(d, pid, addr, &s))
				strbuf_puts(out, s.module);
			else if (k->kind == AGG_KEY_UMOD)
				strbuf_printf(out, "0x%" PRIx64, addr);
			else
				frame(d, pid, addr, out);
		}
		off += k->size;
	}
}

struct line {
	char *text;
	int64_t val;
};

static int by_text(const void *l, const void *r)
{
	return strcmp(((const struct line *)l)->text, ((const struct line *)r)->text);
}

int fold_print(struct agg_data *a, const struct dopts *o, struct strbuf *out)
{
	(void)o;
	struct line *v = xcalloc(a->n ? a->n : 1, sizeof(*v));
	size_t n = 0;
	for (size_t i = 0; i < a->n; i++) {
		int64_t val = agg_scalar(a->desc, a->ent[i].val, a->normal ? a->normal : 1);
		if (val == 0)
			continue;
		struct strbuf t = { 0 };
		key_text(a->desc, a->ent[i].key, &t);
		v[n].text = strbuf_take(&t);
		v[n++].val = val;
	}
	qsort(v, n, sizeof(*v), by_text);
	for (size_t i = 0; i < n;) {
		int64_t sum = 0;
		size_t j = i;
		for (; j < n && strcmp(v[j].text, v[i].text) == 0; j++)
			sum += v[j].val;
		strbuf_printf(out, "%s %" PRId64 "\n", v[i].text, sum);
		i = j;
	}
	for (size_t i = 0; i < n; i++)
		free(v[i].text);
	free(v);
	a->printed = true;
	return 0;
}

static int by_id(const void *l, const void *r)
{
	const struct agg_data *a = *(struct agg_data *const *)l, *b = *(struct agg_data *const *)r;
	return a->desc->id < b->desc->id ? -1 : a->desc->id > b->desc->id;
}

void fold_print_exit(struct agg_data *const *aggs, size_t naggs, const struct dopts *o,
		     struct strbuf *out)
{
	struct agg_data **v = xcalloc(naggs ? naggs : 1, sizeof(*v));
	memcpy(v, aggs, naggs * sizeof(*v));
	qsort(v, naggs, sizeof(*v), by_id);
	for (size_t i = 0; i < naggs; i++) {
		if (v[i]->printed)
			continue;
		if (fold_applies(v[i]->desc))
			fold_print(v[i], o, out);
		else
			agg_print_exit(&v[i], 1, o, out);
	}
	free(v);
}
