/* Unit tests for spec_buf.c: records held per speculation and generation, committed in order,
 * discarded, stale and superseded generations. */
#include "spec_buf.h"
#include "t.h"
#include "util.h"

static struct strbuf seen;

static void emit(void *ctx, const unsigned char *rec, size_t size)
{
	(void)ctx;
	strbuf_add(&seen, (const char *)rec, size);
	strbuf_putc(&seen, ',');
}

static void hold(struct spec_buf *sb, uint32_t id, uint32_t gen, const char *s)
{
	T_CHECK(spec_buf_hold(sb, id, gen, s, strlen(s)));
}

T_CASE(commit_in_order_discard_drops)
{
	struct spec_buf *sb = spec_buf_new(2);
	strbuf_free(&seen);
	hold(sb, 1, 1, "a");
	hold(sb, 2, 1, "x");
	hold(sb, 1, 1, "b");
	hold(sb, 1, 1, "c");
	T_EQ_INT(spec_buf_held(sb, 1), 3);
	T_CHECK(spec_buf_end(sb, 2, 1, false, emit, NULL));
	T_CHECK(spec_buf_end(sb, 1, 1, true, emit, NULL));
	T_EQ_STR(seen.s, "a,b,c,");
	T_EQ_INT(spec_buf_held(sb, 1), 0);
	T_EQ_INT(spec_buf_held(sb, 2), 0);
	strbuf_free(&seen);
	spec_buf_free(sb);
}

T_CASE(stale_generation_dropped)
{
	struct spec_buf *sb = spec_buf_new(1);
	strbuf_free(&seen);
	hold(sb, 1, 5, "old");
	spec_buf_end(sb, 1, 5, true, emit, NULL);
	hold(sb, 1, 5, "late");          /* raced the commit: dropped */
	T_EQ_INT(spec_buf_held(sb, 1), 0);
	hold(sb, 1, 6, "new");
	spec_buf_end(sb, 1, 6, true, emit, NULL);
	T_EQ_STR(seen.s, "old,new,");
	strbuf_free(&seen);
	spec_buf_free(sb);
}

T_CASE(newer_generation_frees_older)
{
	struct spec_buf *sb = spec_buf_new(1);
	strbuf_free(&seen);
	hold(sb, 1, 1, "lost");          /* its commit record never arrived */
	hold(sb, 1, 2, "kept");
	T_EQ_INT(spec_buf_held(sb, 1), 1);
	spec_buf_end(sb, 1, 1, true, emit, NULL);   /* an older end changes nothing held */
	T_EQ_INT(spec_buf_held(sb, 1), 1);
	spec_buf_end(sb, 1, 2, true, emit, NULL);
	T_EQ_STR(seen.s, "kept,");
	strbuf_free(&seen);
	spec_buf_free(sb);
}

T_CASE(generations_wrap)
{
	struct spec_buf *sb = spec_buf_new(1);
	strbuf_free(&seen);
	spec_buf_end(sb, 1, 0xffffffffu, false, emit, NULL);
	hold(sb, 1, 0, "after-wrap");
	spec_buf_end(sb, 1, 0, true, emit, NULL);
	T_EQ_STR(seen.s, "after-wrap,");
	strbuf_free(&seen);
	spec_buf_free(sb);
}

T_CASE(bad_ids_ignored)
{
	struct spec_buf *sb = spec_buf_new(2);
	T_CHECK(!spec_buf_hold(sb, 0, 1, "a", 1));
	T_CHECK(!spec_buf_hold(sb, 3, 1, "a", 1));
	T_CHECK(!spec_buf_end(sb, 3, 1, true, emit, NULL));
	T_EQ_INT(spec_buf_held(sb, 3), 0);
	spec_buf_free(sb);
}

T_MAIN()
