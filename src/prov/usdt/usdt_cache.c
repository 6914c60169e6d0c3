/* usdt_cache.c — parsed USDT files keyed by (device, inode); see usdt_cache.h. */
#include "usdt_cache.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static size_t cache_hash(dev_t dev, ino_t ino)
{
	uint64_t h = (uint64_t)ino * 0x9e3779b97f4a7c15ULL ^ (uint64_t)dev * 0xc2b2ae3d27d4eb4fULL;
	return (size_t)(h ^ (h >> 29));
}

static struct usdt_cached **cache_slot(struct usdt_cache *c, dev_t dev, ino_t ino)
{
	size_t i = cache_hash(dev, ino) & (c->cap - 1);
	while (c->slots[i] && !(c->slots[i]->dev == dev && c->slots[i]->ino == ino))
		i = (i + 1) & (c->cap - 1);
	return &c->slots[i];
}

static void cache_grow(struct usdt_cache *c)
{
	struct usdt_cache old = *c;
	c->cap = old.cap ? old.cap * 2 : 256;
	c->slots = xcalloc(c->cap, sizeof(*c->slots));
	for (size_t i = 0; i < old.cap; i++)
		if (old.slots[i])
			*cache_slot(c, old.slots[i]->dev, old.slots[i]->ino) = old.slots[i];
	free(old.slots);
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Group a file's sites into probes: same provider, name and enclosing function. */
static void group_sites(struct usdt_cached *cf)
{
	const struct usdt_file *f = cf->f;
	for (int i = 0; i < f->nsites; i++) {
		const struct usdt_site *s = &f->sites[i];
		struct usdt_file_probe *p = NULL;
		for (int j = 0; j < cf->nprobes && !p; j++) {
			const struct usdt_site *t = &f->sites[cf->probes[j].sites[0]];
			if (same_str(s->provider, t->provider) && same_str(s->name, t->name) &&
			    same_str(s->function, t->function))
				p = &cf->probes[j];
		}
		if (!p) {
			cf->probes = xrealloc(cf->probes, sizeof(*cf->probes) * (size_t)(cf->nprobes + 1));
			p = &cf->probes[cf->nprobes++];
			p->nsites = 0;
			p->sites = NULL;
		}
		p->sites = xrealloc(p->sites, sizeof(*p->sites) * (size_t)(p->nsites + 1));
		p->sites[p->nsites++] = i;
	}
}

struct usdt_cached *usdt_cache_peek(struct usdt_cache *c, dev_t dev, ino_t ino, const char *path)
{
	if ((c->n + 1) * 2 > c->cap)
		cache_grow(c);
	struct usdt_cached **slot = cache_slot(c, dev, ino);
	if (*slot)
		return *slot;
	struct usdt_cached *cf = xcalloc(1, sizeof(*cf));
	cf->dev = dev;
	cf->ino = ino;
	char err[512];
	if (usdt_file_open_lazy(path, &cf->f, err, sizeof(err)) != 0) {
		cf->f = NULL;
		cf->err = xstrdup(err);
	}
	*slot = cf;
	c->n++;
	return cf;
}

bool usdt_cache_has(const struct usdt_cache *c, dev_t dev, ino_t ino)
{
	if (!c->cap)
		return false;
	size_t i = cache_hash(dev, ino) & (c->cap - 1);
	for (; c->slots[i]; i = (i + 1) & (c->cap - 1))
		if (c->slots[i]->dev == dev && c->slots[i]->ino == ino)
			return true;
	return false;
}

void usdt_cache_put(struct usdt_cache *c, struct usdt_file *f)
{
	if ((c->n + 1) * 2 > c->cap)
		cache_grow(c);
	struct usdt_cached **slot = cache_slot(c, f->dev, f->ino);
	if (*slot) {
		usdt_file_free(f);
		return;
	}
	struct usdt_cached *cf = xcalloc(1, sizeof(*cf));
	cf->dev = f->dev;
	cf->ino = f->ino;
	cf->f = f;
	*slot = cf;
	c->n++;
}

void usdt_cached_complete(struct usdt_cached *cf)
{
	if (cf->complete)
		return;
	cf->complete = true;
	if (!cf->f)
		return;
	usdt_file_resolve(cf->f);
	group_sites(cf);
}

struct usdt_cached *usdt_cache_get(struct usdt_cache *c, dev_t dev, ino_t ino, const char *path)
{
	struct usdt_cached *cf = usdt_cache_peek(c, dev, ino, path);
	usdt_cached_complete(cf);
	return cf;
}

void usdt_cache_free(struct usdt_cache *c)
{
	for (size_t i = 0; i < c->cap; i++) {
		struct usdt_cached *cf = c->slots[i];
		if (!cf)
			continue;
		for (int j = 0; j < cf->nprobes; j++)
			free(cf->probes[j].sites);
		free(cf->probes);
		usdt_file_free(cf->f);
		free(cf->err);
		free(cf);
	}
	free(c->slots);
	memset(c, 0, sizeof(*c));
}

const char *usdt_cache_err_without_path(const char *err, const char *path)
{
	size_t n = strlen(path);
	if (strncmp(err, path, n) == 0 && err[n] == ':' && err[n + 1] == ' ')
		return err + n + 2;
	return err;
}
