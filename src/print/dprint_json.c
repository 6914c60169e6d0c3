/* dprint_json.c — print()'s value as a JSON tree (see dprint_json.h).
 *
 * The walk reads values as dprint.c's text walk does (little-endian loads of the recorded
 * bytes, bit-fields shifted and masked, signed values sign-extended from their width), so the
 * tree and the text agree on every value the text shows. */
#include "dprint_json.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dprint.h"
#include "dtype.h"
#include "json.h"

#define LIT(b, s) strbuf_add((b), (s), sizeof(s) - 1)

struct jwalk {
	struct strbuf *b;
	const unsigned char *base;
	size_t n;                 /* bytes recorded at base */
	int64_t printsize;
};

/* Whether the value of `size` bytes at off is shown: it starts below printsize, and the
 * record holds all of it. */
static bool shown(const struct jwalk *w, int64_t off, int64_t size)
{
	return off >= 0 && size > 0 && off < w->printsize && (uint64_t)off <= w->n &&
	       (uint64_t)size <= w->n - (uint64_t)off;
}

/* Whether any recorded byte of [off, off + size) is non-zero: a part left out that is all
 * zeros is not a cut-off (the text layout leaves zero members out anyway, and shows "..."
 * only for one that is not). */
static bool any_nonzero(const struct jwalk *w, int64_t off, int64_t size)
{
	if (off < 0 || (uint64_t)off >= w->n || size <= 0)
		return false;
	size_t end = (uint64_t)size < w->n - (uint64_t)off ? (size_t)off + (size_t)size : w->n;
	for (size_t i = (size_t)off; i < end; i++)
		if (w->base[i])
			return true;
	return false;
}

static uint64_t load(const struct jwalk *w, int64_t off, int64_t size)
{
	uint64_t v = 0;
	if (size > 8)
		size = 8;
	if (off >= 0 && size > 0 && (uint64_t)off <= w->n && (uint64_t)size <= w->n - (uint64_t)off)
		memcpy(&v, w->base + off, (size_t)size);   /* little-endian: the low bytes */
	return v;
}

/* "value" (and "enumerator") of a scalar: an integer, bit-field, enum, pointer or float. */
static void scalar(const struct jwalk *w, struct dtype *r, int64_t off, int bit_width,
		   int bit_offset)
{
	struct strbuf *b = w->b;
	int64_t size = r->kind == DTY_PTR ? 8 : r->size;
	uint64_t raw = load(w, off, size);
	int bits = (int)(size * 8);

	LIT(b, ",\"value\":");
	if (bit_width >= 0) {
		raw >>= bit_offset;
		bits = bit_width;
		if (bits < 64)
			raw &= (1ULL << bits) - 1;
	}
	switch (r->kind) {
	case DTY_PTR:
		json_uint(b, raw);
		return;
	case DTY_FLOAT:
		if (bit_width < 0) {
			float f;
			memcpy(&f, &raw, sizeof(f));
			json_double(b, (double)f);
			return;
		}
		break;
	case DTY_DOUBLE:
		if (bit_width < 0) {
			double d;
			memcpy(&d, &raw, sizeof(d));
			json_double(b, d);
			return;
		}
		break;
	case DTY_LDOUBLE:
		if (bit_width < 0 && size == (int64_t)sizeof(long double) && shown(w, off, size)) {
			long double ld;
			memcpy(&ld, w->base + off, sizeof(ld));
			json_double(b, (double)ld);
		} else {
			LIT(b, "null");
		}
		return;
	default:
		break;
	}
	bool is_unsigned = r->is_unsigned || r->kind == DTY_BOOL;
	if (is_unsigned)
		json_uint(b, raw);
	else
		json_int(b, dprint_sign_extend(raw, bits));
	if (r->kind == DTY_ENUM)
		for (int i = 0; i < r->nenums; i++)
			if ((uint64_t)r->enums[i].value == raw ||
			    r->enums[i].value == dprint_sign_extend(raw, bits)) {
				LIT(b, ",\"enumerator\":");
				json_cstr(b, r->enums[i].name);
				break;
			}
}

static void fields(const struct jwalk *w, struct dtype *t, int64_t off, int bit_width,
		   int bit_offset, int depth);

/* One member or element: {"name":..,"offset":..,<the node's fields>}. */
static void member(const struct jwalk *w, const struct dmember *m, int64_t base, int depth)
{
	struct strbuf *b = w->b;
	LIT(b, "{\"name\":");
	json_cstr(b, m->name);
	LIT(b, ",\"offset\":");
	json_int(b, m->offset);
	if (m->bit_width >= 0) {
		LIT(b, ",\"bits\":");
		json_int(b, m->bit_width);
		LIT(b, ",\"bit_offset\":");
		json_int(b, m->bit_offset);
	}
	strbuf_putc(b, ',');
	fields(w, m->type, base + m->offset, m->bit_width, m->bit_offset, depth);
	strbuf_putc(b, '}');
}

static void record(const struct jwalk *w, struct dtype *r, int64_t off, int depth)
{
	struct strbuf *b = w->b;
	bool cut = false, first = true;
	LIT(b, ",\"members\":[");
	for (int i = 0; i < r->nmembers; i++) {
		const struct dmember *m = &r->members[i];
		struct dtype *mr = dtype_resolve(m->type);
		int64_t msize = mr->kind == DTY_PTR ? 8 : dtype_sizeof(m->type);
		if (msize <= 0)
			continue;   /* a flexible array member: nothing of it is recorded */
		if (depth + 1 >= DPRINT_JSON_MAXDEPTH || !shown(w, off + m->offset, msize)) {
			cut = cut || any_nonzero(w, off + m->offset, msize);
			continue;
		}
		if (!first)
			strbuf_putc(b, ',');
		first = false;
		member(w, m, off, depth + 1);
	}
	strbuf_putc(b, ']');
	if (cut)
		LIT(b, ",\"truncated\":true");
}

static void array(const struct jwalk *w, struct dtype *r, int64_t off, int depth)
{
	struct strbuf *b = w->b;
	struct dtype *elem = r->base;
	int64_t esize = dtype_sizeof(elem);
	bool cut = false;
	LIT(b, ",\"elements\":[");
	for (int64_t i = 0; esize > 0 && i < r->array_len; i++) {
		int64_t eoff = off + i * esize;
		if (depth + 1 >= DPRINT_JSON_MAXDEPTH || !shown(w, eoff, esize)) {
			/* elements follow one another: none after this one is shown */
			cut = any_nonzero(w, eoff, (r->array_len - i) * esize);
			break;
		}
		if (i)
			strbuf_putc(b, ',');
		strbuf_putc(b, '{');
		fields(w, elem, eoff, -1, 0, depth + 1);
		strbuf_putc(b, '}');
	}
	strbuf_putc(b, ']');
	struct dtype *er = dtype_resolve(elem);
	if (er->kind == DTY_CHAR && esize == 1 && (uint64_t)off <= w->n) {
		size_t avail = w->n - (size_t)off;
		if (r->array_len >= 0 && (uint64_t)r->array_len < avail)
			avail = (size_t)r->array_len;
		if (w->printsize >= off && (uint64_t)(w->printsize - off) < avail)
			avail = (size_t)(w->printsize - off);
		LIT(b, ",\"string\":");
		json_str(b, (const char *)w->base + off, strnlen((const char *)w->base + off, avail));
	}
	if (cut)
		LIT(b, ",\"truncated\":true");
}

/* A node's fields, without its braces: "type":T then what its kind has. */
static void fields(const struct jwalk *w, struct dtype *t, int64_t off, int bit_width,
		   int bit_offset, int depth)
{
	struct strbuf *b = w->b;
	struct dtype *r = dtype_resolve(t);
	char *tn = dprint_type_name(t);
	LIT(b, "\"type\":");
	json_cstr(b, tn);
	free(tn);
	switch (r->kind) {
	case DTY_STRUCT:
	case DTY_UNION:
		record(w, r, off, depth);
		return;
	case DTY_ARRAY:
		array(w, r, off, depth);
		return;
	case DTY_STRING: {
		size_t avail = (uint64_t)off < w->n ? w->n - (size_t)off : 0;
		LIT(b, ",\"value\":");
		json_str(b, (const char *)w->base + off, strnlen((const char *)w->base + off, avail));
		return;
	}
	case DTY_VOID:
	case DTY_FUNC:
		LIT(b, ",\"value\":null");
		return;
	default:
		scalar(w, r, off, bit_width, bit_offset);
		return;
	}
}

void dprint_json_value(struct strbuf *b, struct dtype *t, const void *p, size_t n,
		       int64_t printsize)
{
	struct jwalk w = { .b = b, .base = p, .n = p ? n : 0, .printsize = printsize };
	strbuf_putc(b, '{');
	fields(&w, t, 0, -1, 0, 0);
	strbuf_putc(b, '}');
}
