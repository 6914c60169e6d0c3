/* spec_buf.h — the tracer's half of speculations: speculative records held per speculation id
 * until their commit (printed, in the order they arrived) or discard (dropped).
 *
 * Contract. Records arrive tagged with (id, generation) (dobj.h); each speculation() that hands
 * an id out starts a new generation of it. spec_buf_hold keeps a copy of a record of the
 * current or a newer generation; a record of a generation already ended is stale (a CPU raced a
 * commit) and is dropped, as dtrace drops data speculated on a committing buffer; a newer
 * generation frees what an older one left (its commit record was lost). spec_buf_end ends a
 * generation: on commit, `emit` is called with each held record of that generation in arrival
 * order (the tag stripped, the epid unmarked); then everything held for the id is freed.
 * Ids are 1..nspec; others are ignored (false returned). */
#ifndef USDTRACE_SPEC_BUF_H
#define USDTRACE_SPEC_BUF_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct spec_buf;

typedef void (*spec_buf_emit_fn)(void *ctx, const unsigned char *rec, size_t size);

struct spec_buf *spec_buf_new(uint32_t nspec);
void spec_buf_free(struct spec_buf *sb);
bool spec_buf_hold(struct spec_buf *sb, uint32_t id, uint32_t gen, const void *rec, size_t size);
bool spec_buf_end(struct spec_buf *sb, uint32_t id, uint32_t gen, bool commit,
		  spec_buf_emit_fn emit, void *ctx);
/* Records held for id (for tests). */
size_t spec_buf_held(const struct spec_buf *sb, uint32_t id);
#endif
