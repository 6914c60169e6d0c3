/* spec_buf.c — speculative records held per speculation until commit or discard (spec_buf.h). */
#include <stdlib.h>
#include <string.h>

#include "dobj.h"
#include "spec_buf.h"
#include "util.h"

struct held {
	unsigned char *rec;
	size_t size;
};

struct spec_slot {
	uint32_t gen;              /* generation of the records held */
	uint32_t ended;            /* last generation ended */
	bool any_ended;
	struct held *recs;
	size_t n, cap;
};

struct spec_buf {
	uint32_t nspec;
	struct spec_slot *slots;   /* [id - 1] */
};

struct spec_buf *spec_buf_new(uint32_t nspec)
{
	struct spec_buf *sb = xcalloc(1, sizeof(*sb));
	sb->nspec = nspec;
	sb->slots = xcalloc(nspec ? nspec : 1, sizeof(*sb->slots));
	return sb;
}

static void slot_clear(struct spec_slot *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->recs[i].rec);
	s->n = 0;
}

void spec_buf_free(struct spec_buf *sb)
{
	if (!sb)
		return;
	for (uint32_t i = 0; i < sb->nspec; i++) {
		slot_clear(&sb->slots[i]);
		free(sb->slots[i].recs);
	}
	free(sb->slots);
	free(sb);
}

/* Generations wrap after 2^32 allocations of one id: compare them as a sequence. */
static bool gen_after(uint32_t a, uint32_t b)
{
	return (int32_t)(a - b) > 0;
}

bool spec_buf_hold(struct spec_buf *sb, uint32_t id, uint32_t gen, const void *rec, size_t size)
{
	if (id == 0 || id > sb->nspec)
		return false;
	struct spec_slot *s = &sb->slots[id - 1];
	if (s->any_ended && !gen_after(gen, s->ended))
		return true;                       /* stale: that generation is over */
	if (s->n && s->gen != gen) {
		if (!gen_after(gen, s->gen))
			return true;
		slot_clear(s);                     /* an older generation never ended */
	}
	s->gen = gen;
	xgrow(&s->recs, sizeof(*s->recs), &s->cap, s->n + 1);
	s->recs[s->n].rec = xmalloc(size ? size : 1);
	memcpy(s->recs[s->n].rec, rec, size);
	s->recs[s->n++].size = size;
	return true;
}

bool spec_buf_end(struct spec_buf *sb, uint32_t id, uint32_t gen, bool commit,
		  spec_buf_emit_fn emit, void *ctx)
{
	if (id == 0 || id > sb->nspec)
		return false;
	struct spec_slot *s = &sb->slots[id - 1];
	if (commit && s->gen == gen)
		for (size_t i = 0; i < s->n; i++)
			emit(ctx, s->recs[i].rec, s->recs[i].size);
	if (s->n && (s->gen == gen || !gen_after(s->gen, gen)))
		slot_clear(s);
	if (!s->any_ended || gen_after(gen, s->ended))
		s->ended = gen;
	s->any_ended = true;
	return true;
}

size_t spec_buf_held(const struct spec_buf *sb, uint32_t id)
{
	if (id == 0 || id > sb->nspec)
		return 0;
	return sb->slots[id - 1].n;
}
