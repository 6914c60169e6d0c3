/* dprint.c — print()'s typed output (see dprint.h).
 *
 * Structs and unions are walked the way dtrace walks them: a member's line is written when the
 * walk reaches it, and the closing braces of the aggregates it has left are written only when
 * the next line is due (or at the end). That is why a printsize cut-off's "..." lands inside
 * the innermost aggregate still open, before its closing brace. Arrays are written whole. */
#include "dprint.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dtype.h"

enum { DPRINT_INDENT = 44, DPRINT_MAXOPEN = 64, DPRINT_MAXDEPTH = 10 };

struct pstate {
	struct strbuf *b;
	const unsigned char *base;
	size_t n;                 /* bytes available at base */
	int64_t printsize;
	int64_t top_size;         /* the printed type's own size: where its members end */
	bool cut;                 /* "..." written: nothing more */
	bool first_line_inline;   /* the first line continues the current one (no indent) */
	bool top_scalar_comma;    /* a scalar pointee ends with ',' as a member does (dtrace) */
	bool line_ended;          /* the value's text stopped at a NUL character: no ',' */
	int open_depth[DPRINT_MAXOPEN];   /* aggregates whose closing brace is pending */
	bool open_top[DPRINT_MAXOPEN];    /* the outermost one closes without a comma */
	int nopen;
};

static void indent(struct pstate *s, int depth)
{
	if (s->first_line_inline) {
		s->first_line_inline = false;
		return;
	}
	strbuf_printf(s->b, "%*s", DPRINT_INDENT + depth, "");
}

/* Write the closing braces of the open aggregates at `depth` or deeper. */
static void close_to(struct pstate *s, int depth)
{
	while (s->nopen > 0 && s->open_depth[s->nopen - 1] >= depth) {
		s->nopen--;
		indent(s, s->open_depth[s->nopen]);
		strbuf_puts(s->b, s->open_top[s->nopen] ? "}\n" : "},\n");
	}
}

static bool all_zero(const struct pstate *s, int64_t off, int64_t size)
{
	if (off < 0 || size <= 0 || (uint64_t)off >= s->n)
		return true;
	if ((uint64_t)(off + size) > s->n)
		size = (int64_t)s->n - off;
	for (int64_t i = 0; i < size; i++)
		if (s->base[off + i])
			return false;
	return true;
}

static uint64_t load(const struct pstate *s, int64_t off, int64_t size)
{
	uint64_t v = 0;
	if (off < 0 || (uint64_t)off >= s->n)
		return 0;
	if (size > 8)
		size = 8;
	if ((uint64_t)(off + size) > s->n)
		size = (int64_t)s->n - off;
	memcpy(&v, s->base + off, (size_t)size);  /* little-endian: the low bytes */
	return v;
}

int64_t dprint_sign_extend(uint64_t v, int bits)
{
	if (bits >= 64)
		return (int64_t)v;
	uint64_t m = 1ULL << (bits - 1);
	v &= (1ULL << bits) - 1;
	return (int64_t)((v ^ m) - m);
}

char *dprint_type_name(struct dtype *t)
{
	struct dtype *u = t;
	while (u && u->origin && u->kind != DTY_TYPEDEF)
		u = u->origin;
	if (u && (u->kind == DTY_STRUCT || u->kind == DTY_UNION || u->kind == DTY_ENUM)) {
		const char *kw = u->kind == DTY_STRUCT ? "struct" : u->kind == DTY_UNION ? "union" :
			"enum";
		/* the kernel's qualifiers stay, those written in D go, as in dtrace's messages:
		 * print(curthread->cred) is "(const struct cred) {" */
		unsigned q = t->quals & ~t->d_quals;
		return xasprintf("%s%s%s%s%s", q & DQ_CONST ? "const " : "",
				 q & DQ_VOLATILE ? "volatile " : "", kw, u->name ? " " : "",
				 u->name ? u->name : "");
	}
	return dtype_spell(t, NULL, false);
}

/* Whether print() shows a value of type t as a character: dtrace does so for a type named
 * "char" alone (signed char, unsigned char and typedefs of them such as int8_t print as
 * numbers), writing the byte as it is between quotes, unescaped (observed). */
static bool prints_as_char(struct dtype *t)
{
	if (dtype_resolve(t)->kind != DTY_CHAR)
		return false;
	char *tn = dprint_type_name(t);
	bool yes = strcmp(tn, "char") == 0;
	free(tn);
	return yes;
}

/* A scalar's value: integer (or bitfield, when bits >= 0), enum, pointer, float. */
static void put_scalar(struct pstate *s, struct dtype *t, int64_t off, int bit_width,
		       int bit_offset)
{
	struct dtype *r = dtype_resolve(t);
	int64_t size = r->kind == DTY_PTR ? 8 : r->size;
	uint64_t raw = load(s, off, size);
	int bits = (int)(size * 8);

	if (bit_width >= 0) {
		raw >>= bit_offset;
		bits = bit_width;
		if (bits < 64)
			raw &= (1ULL << bits) - 1;
	}
	switch (r->kind) {
	case DTY_PTR:
		strbuf_printf(s->b, "0x%llx", (unsigned long long)raw);
		return;
	case DTY_FLOAT: {
		float f;
		memcpy(&f, &raw, sizeof(f));
		strbuf_printf(s->b, "%g", (double)f);
		return;
	}
	case DTY_DOUBLE: {
		double d;
		memcpy(&d, &raw, sizeof(d));
		strbuf_printf(s->b, "%g", d);
		return;
	}
	case DTY_ENUM:
		for (int i = 0; i < r->nenums; i++)
			if ((uint64_t)r->enums[i].value == raw ||
			    r->enums[i].value == dprint_sign_extend(raw, bits)) {
				strbuf_puts(s->b, r->enums[i].name);
				return;
			}
		break;
	case DTY_CHAR:
		if (prints_as_char(t) && bit_width < 0) {
			/* dtrace formats the line into a C string: a zero char ends it after
			 * the opening quote, (char)' alone (observed; only a pointee shows it,
			 * a zero member being left out and a char array ending there) */
			if ((raw & 0xff) == 0) {
				strbuf_puts(s->b, "'");
				s->line_ended = true;
				return;
			}
			strbuf_printf(s->b, "'%c'", (int)(raw & 0xff));
			return;
		}
		break;
	default:
		break;
	}
	if (r->is_unsigned || r->kind == DTY_BOOL)
		strbuf_printf(s->b, "%llu", (unsigned long long)raw);
	else
		strbuf_printf(s->b, "%lld", (long long)dprint_sign_extend(raw, bits));
}

static void visit(struct pstate *s, const char *name, struct dtype *t, int64_t off,
		  int bit_width, int bit_offset, int depth, bool top);

/* Whether dtrace prints the elements of an array of t: only when t is itself an integer,
 * floating-point or enum type, not a name for one (a typedef such as u64 or __u8, a const
 * char), a pointer, struct, union or array: for those dtrace writes the array's first line
 * and nothing more of the whole print() (observed: print() of a struct holding
 * `struct bpf_func_state *frame[8]` or `__u8 u6_addr8[16]` ends at that line, its open
 * braces closed). The kernel's own spellings of base integers ("long unsigned int", a typedef
 * here, see kbtf.c) are integers to dtrace. */
static bool prints_elements(const struct dtype *t)
{
	if (t->quals)
		return false;
	switch (t->kind) {
	case DTY_TYPEDEF:
		return t->name && (strchr(t->name, ' ') || strcmp(t->name, "_Bool") == 0) &&
		       dtype_resolve((struct dtype *)t)->kind != DTY_ARRAY;
	case DTY_PTR: case DTY_STRUCT: case DTY_UNION: case DTY_ARRAY: case DTY_STRING:
	case DTY_FUNC: case DTY_VOID:
		return false;
	default:
		return true;
	}
}

static void visit_array(struct pstate *s, struct dtype *r, int64_t off, int depth)
{
	struct dtype *elem = r->base;
	int64_t esize = dtype_sizeof(elem);
	if (!prints_elements(elem)) {
		s->cut = true;
		return;
	}
	if (esize <= 0)
		return;
	/* an array all of zero bytes (what print() of a string "" holds) is its opening line
	 * alone: dtrace's walk leaves it before the elements and before the "]," (observed) */
	if (r->array_len > 0 && all_zero(s, off, r->array_len * esize))
		return;
	/* dtrace takes an array of 8-bit characters (char, signed or unsigned) for a string:
	 * its elements end at the first zero byte (observed: {'h', 0, 'i'} prints 'h' alone) */
	bool string = dtype_resolve(elem)->kind == DTY_CHAR;
	for (int64_t i = 0; i < r->array_len && !s->cut; i++) {
		if (string && load(s, off + i, 1) == 0)
			break;
		visit(s, NULL, elem, off + i * esize, -1, 0, depth + 1, false);
	}
	close_to(s, depth + 1);
	indent(s, depth);
	strbuf_puts(s->b, "],\n");
}

static void visit(struct pstate *s, const char *name, struct dtype *t, int64_t off,
		  int bit_width, int bit_offset, int depth, bool top)
{
	struct dtype *r = dtype_resolve(t);
	int64_t size = r->kind == DTY_PTR ? 8 : dtype_sizeof(t);

	if (s->cut)
		return;
	/* dtrace's order, observed: a member that starts where the data shown ends (printsize,
	 * or the printed object's own end: a flexible array member such as trace_entry's
	 * __data[]) or lies 10 levels deep is "..." and the end of the output, even when it is
	 * all zero; then the braces of the aggregates left behind are closed, even for a member
	 * left out below because it is zero */
	if (!top && (off >= s->printsize || off >= s->top_size || depth >= DPRINT_MAXDEPTH)) {
		indent(s, depth);
		strbuf_puts(s->b, "...\n");
		s->cut = true;
		return;
	}
	if (size <= 0)
		return;
	close_to(s, depth);
	if (!top) {
		if (bit_width >= 0) {
			uint64_t v = load(s, off, size) >> bit_offset;
			if (bit_width < 64)
				v &= (1ULL << bit_width) - 1;
			if (v == 0)
				return;
		} else if (all_zero(s, off, size)) {
			/* left out, but dtrace's walk still goes through its members, where one
			 * at the end of the data or too deep is "..." (observed: a zero
			 * zspage_lock member ends the output with its empty dep_map's "...") */
			if (r->kind == DTY_STRUCT || r->kind == DTY_UNION)
				for (int i = 0; i < r->nmembers && !s->cut; i++)
					visit(s, r->members[i].name, r->members[i].type,
					      off + r->members[i].offset, r->members[i].bit_width,
					      r->members[i].bit_offset, depth + 1, false);
			return;
		}
	}
	indent(s, depth);
	if (name)
		strbuf_printf(s->b, ".%s = ", name);
	char *tn = dprint_type_name(t);
	strbuf_printf(s->b, "(%s)", tn);
	free(tn);
	switch (r->kind) {
	case DTY_STRUCT:
	case DTY_UNION:
		strbuf_puts(s->b, " {\n");
		if (s->nopen < DPRINT_MAXOPEN) {
			s->open_depth[s->nopen] = depth;
			s->open_top[s->nopen++] = top;
		}
		for (int i = 0; i < r->nmembers && !s->cut; i++) {
			const struct dmember *m = &r->members[i];
			visit(s, m->name, m->type, off + m->offset, m->bit_width,
			      m->bit_offset, depth + 1, false);
		}
		return;
	case DTY_ARRAY:
		strbuf_puts(s->b, " [\n");
		visit_array(s, r, off, depth);
		return;
	case DTY_STRING: {
		/* D's string is a char array of strsize bytes to dtrace, printed as one: its
		 * characters up to the first zero byte, one a line (observed) */
		strbuf_puts(s->b, " [\n");
		if (all_zero(s, off, size))   /* "": the opening line alone, as an array */
			return;
		for (int64_t i = 0; i < size && load(s, off + i, 1) != 0; i++) {
			indent(s, depth + 1);
			strbuf_printf(s->b, "(char)'%c',\n", (int)load(s, off + i, 1));
		}
		indent(s, depth);
		strbuf_puts(s->b, "],\n");
		return;
	}
	default:
		put_scalar(s, t, off, bit_width, bit_offset);
		break;
	}
	bool comma = !s->line_ended && !(top && !s->top_scalar_comma);
	s->line_ended = false;
	strbuf_puts(s->b, comma ? ",\n" : "\n");
}

static void print_top(struct strbuf *b, struct dtype *t, const void *p, size_t n,
		      int64_t printsize, bool inline_first, bool scalar_comma)
{
	struct pstate s = { .b = b, .base = p, .n = n, .printsize = printsize,
			    .top_size = dtype_sizeof(t), .first_line_inline = inline_first,
			    .top_scalar_comma = scalar_comma };
	visit(&s, NULL, t, 0, -1, 0, 0, true);
	close_to(&s, 0);
}

void dprint_pointer(struct strbuf *b, struct dtype *ptrtype, uint64_t addr, const void *p,
		    size_t n, int64_t printsize)
{
	strbuf_printf(b, "0x%llx = *\n", (unsigned long long)addr);
	/* dtrace: "(pid_t)1234," for a pointer to a scalar (observed: print(&curthread->pid)) */
	print_top(b, dtype_resolve(ptrtype)->base, p, n, printsize, false, true);
}

void dprint_value(struct strbuf *b, struct dtype *type, const void *p, size_t n,
		  int64_t printsize)
{
	print_top(b, type, p, n, printsize, true, false);
}
