/* dctf.c — the compiler's types as CTF through libctf (dctf.h). */
#include "dctf.h"

#include <ctf-api.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

/* One CTF dictionary being built, and which dtype became which CTF type. */
struct w {
	ctf_dict_t *fp;
	struct dtype **from;
	ctf_id_t *to;
	size_t n, cap;
	ctf_id_t index;  /* arrays' index type (long), added on first need */
	struct dtype_ctx *ctx;
};

static ctf_id_t add(struct w *w, struct dtype *t);

static ctf_id_t seen(const struct w *w, const struct dtype *t)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->from[i] == t)
			return w->to[i];
	return CTF_ERR;
}

static void remember(struct w *w, struct dtype *t, ctf_id_t id)
{
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 64;
		w->from = xrealloc(w->from, w->cap * sizeof(*w->from));
		w->to = xrealloc(w->to, w->cap * sizeof(*w->to));
	}
	w->from[w->n] = t;
	w->to[w->n++] = id;
}

/* A named type at the top level; a second type of the same name (a typedef an inner scope
 * redeclares) is kept out of the top level, as CTF allows one name per kind of name there. */
#define NAMED(call_root, call_nonroot)                            \
	do {                                                      \
		id = (call_root);                                 \
		if (id == CTF_ERR)                                \
			id = (call_nonroot);                      \
	} while (0)

static ctf_id_t add_integer(struct w *w, struct dtype *t)
{
	char *name = dtype_spell(t, NULL, true);
	ctf_encoding_t e = { 0, 0, (uint32_t)(t->size > 0 ? t->size * 8 : 0) };
	if (t->kind == DTY_BOOL)
		e.cte_format = CTF_INT_BOOL;
	else if (t->kind == DTY_CHAR)
		e.cte_format = CTF_INT_CHAR | (t->is_unsigned ? 0 : CTF_INT_SIGNED);
	else if (t->kind == DTY_VOID)
		e = (ctf_encoding_t){ CTF_INT_SIGNED, 0, 0 };  /* dtrace's void: an integer of no bits */
	else
		e.cte_format = t->is_unsigned ? 0 : CTF_INT_SIGNED;
	ctf_id_t id;
	NAMED(ctf_add_integer(w->fp, CTF_ADD_ROOT, name, &e),
	      ctf_add_integer(w->fp, CTF_ADD_NONROOT, name, &e));
	free(name);
	return id;
}

static ctf_id_t add_float(struct w *w, struct dtype *t)
{
	char *name = dtype_spell(t, NULL, true);
	uint32_t fmt = t->kind == DTY_FLOAT ? CTF_FP_SINGLE
		     : t->kind == DTY_DOUBLE ? CTF_FP_DOUBLE : CTF_FP_LDOUBLE;
	ctf_encoding_t e = { fmt, 0, (uint32_t)(t->size * 8) };
	ctf_id_t id;
	NAMED(ctf_add_float(w->fp, CTF_ADD_ROOT, name, &e),
	      ctf_add_float(w->fp, CTF_ADD_NONROOT, name, &e));
	free(name);
	return id;
}

static ctf_id_t index_type(struct w *w)
{
	if (w->index == CTF_ERR)
		w->index = add(w, w->ctx->t_long);
	return w->index;
}

static ctf_id_t add_array(struct w *w, struct dtype *elem, int64_t len)
{
	ctf_arinfo_t a = { add(w, elem), index_type(w), len > 0 ? (uint32_t)len : 0 };
	if (a.ctr_contents == CTF_ERR || a.ctr_index == CTF_ERR)
		return CTF_ERR;
	return ctf_add_array(w->fp, CTF_ADD_ROOT, &a);
}

/* A struct or union: added (and remembered) before its members, which may point back to it. */
static ctf_id_t add_record(struct w *w, struct dtype *t)
{
	int kind = t->kind == DTY_STRUCT ? CTF_K_STRUCT : CTF_K_UNION;
	ctf_id_t id;
	if (!t->complete || t->size < 0) {
		NAMED(ctf_add_forward(w->fp, CTF_ADD_ROOT, t->name, (uint32_t)kind),
		      ctf_add_forward(w->fp, CTF_ADD_NONROOT, t->name, (uint32_t)kind));
		remember(w, t, id);
		return id;
	}
	if (kind == CTF_K_STRUCT)
		NAMED(ctf_add_struct_sized(w->fp, CTF_ADD_ROOT, t->name, (size_t)t->size),
		      ctf_add_struct_sized(w->fp, CTF_ADD_NONROOT, t->name, (size_t)t->size));
	else
		NAMED(ctf_add_union_sized(w->fp, CTF_ADD_ROOT, t->name, (size_t)t->size),
		      ctf_add_union_sized(w->fp, CTF_ADD_NONROOT, t->name, (size_t)t->size));
	if (id == CTF_ERR)
		return CTF_ERR;
	remember(w, t, id);
	for (int i = 0; i < t->nmembers; i++) {
		const struct dmember *m = &t->members[i];
		ctf_id_t mt = add(w, m->type);
		if (mt == CTF_ERR)
			return CTF_ERR;
		unsigned long bit = (unsigned long)m->offset * 8;
		if (m->bit_width >= 0) {
			/* a bit-field: a slice of its integer type */
			ctf_encoding_t e = { 0, 0, (uint32_t)m->bit_width };
			struct dtype *base = dtype_resolve(m->type);
			e.cte_format = base->is_unsigned ? 0 : CTF_INT_SIGNED;
			mt = ctf_add_slice(w->fp, CTF_ADD_NONROOT, mt, &e);
			if (mt == CTF_ERR)
				return CTF_ERR;
			bit += (unsigned long)m->bit_offset;
		}
		/* an unnamed member (a padding bit-field) cannot be told apart in CTF: skipped */
		if (m->name == NULL && m->bit_width >= 0)
			continue;
		if (ctf_add_member_offset(w->fp, id, m->name ? m->name : "", mt, bit) != 0)
			return CTF_ERR;
	}
	return id;
}

static ctf_id_t add_enum(struct w *w, struct dtype *t)
{
	ctf_id_t id;
	NAMED(ctf_add_enum(w->fp, CTF_ADD_ROOT, t->name),
	      ctf_add_enum(w->fp, CTF_ADD_NONROOT, t->name));
	if (id == CTF_ERR)
		return CTF_ERR;
	remember(w, t, id);
	for (int i = 0; i < t->nenums; i++)
		if (ctf_add_enumerator(w->fp, id, t->enums[i].name, (int)t->enums[i].value) != 0)
			return CTF_ERR;
	return id;
}

static ctf_id_t add_func(struct w *w, struct dtype *t)
{
	ctf_funcinfo_t f = { add(w, t->base), 0, t->variadic ? CTF_FUNC_VARARG : 0 };
	if (f.ctc_return == CTF_ERR)
		return CTF_ERR;
	ctf_id_t *args = xcalloc((size_t)t->nparams + 1, sizeof(*args));
	for (int i = 0; i < t->nparams; i++)
		if ((args[f.ctc_argc++] = add(w, t->params[i])) == CTF_ERR) {
			free(args);
			return CTF_ERR;
		}
	ctf_id_t id = ctf_add_function(w->fp, CTF_ADD_ROOT, &f, args);
	free(args);
	return id;
}

/* The type without qualifiers: what a const/volatile/restrict node wraps. */
static ctf_id_t add_unqualified(struct w *w, struct dtype *t)
{
	switch (t->kind) {
	case DTY_VOID: case DTY_BOOL: case DTY_CHAR: case DTY_SHORT: case DTY_INT:
	case DTY_LONG: case DTY_LLONG:
		return add_integer(w, t);
	case DTY_FLOAT: case DTY_DOUBLE: case DTY_LDOUBLE:
		return add_float(w, t);
	case DTY_PTR: {
		ctf_id_t to = add(w, t->base);
		return to == CTF_ERR ? CTF_ERR : ctf_add_pointer(w->fp, CTF_ADD_ROOT, to);
	}
	case DTY_ARRAY:
		return add_array(w, t->base, t->array_len);
	case DTY_FUNC:
		return add_func(w, t);
	case DTY_STRUCT: case DTY_UNION:
		return add_record(w, t);
	case DTY_ENUM:
		return add_enum(w, t);
	case DTY_TYPEDEF: {
		ctf_id_t to = add(w, t->base), id;
		if (to == CTF_ERR)
			return CTF_ERR;
		NAMED(ctf_add_typedef(w->fp, CTF_ADD_ROOT, t->name, to),
		      ctf_add_typedef(w->fp, CTF_ADD_NONROOT, t->name, to));
		return id;
	}
	case DTY_STRING: {
		/* D's string: a typedef of a char array of the strsize option's length */
		ctf_id_t arr = add_array(w, w->ctx->t_char, t->size), id;
		if (arr == CTF_ERR)
			return CTF_ERR;
		NAMED(ctf_add_typedef(w->fp, CTF_ADD_ROOT, "string", arr),
		      ctf_add_typedef(w->fp, CTF_ADD_NONROOT, "string", arr));
		return id;
	}
	}
	return CTF_ERR;
}

static ctf_id_t add(struct w *w, struct dtype *t)
{
	ctf_id_t id = seen(w, t);
	if (id != CTF_ERR)
		return id;
	/* a qualified node is a copy of the unqualified one (its origin) with quals set */
	struct dtype *plain = t->quals && t->origin && !t->origin->quals ? t->origin : NULL;
	if (plain) {
		id = add(w, plain);
		if (id != CTF_ERR && (t->quals & DQ_CONST))
			id = ctf_add_const(w->fp, CTF_ADD_ROOT, id);
		if (id != CTF_ERR && (t->quals & DQ_VOLATILE))
			id = ctf_add_volatile(w->fp, CTF_ADD_ROOT, id);
		if (id != CTF_ERR && (t->quals & DQ_RESTRICT))
			id = ctf_add_restrict(w->fp, CTF_ADD_ROOT, id);
	} else {
		id = add_unqualified(w, t);
	}
	if (id != CTF_ERR && seen(w, t) == CTF_ERR)
		remember(w, t, id);
	return id;
}

static int ctf_fail(struct w *w, const char *what, struct derr *err)
{
	return derr_set(err, DTAG_NONE, "cannot write CTF %s: %s", what,
			ctf_errmsg(ctf_errno(w->fp)));
}

/* Create the dictionary, let fill add the types, write it to path. */
static int write_dict(struct dtype_ctx *ctx, const char *path, int (*fill)(struct w *),
		      struct derr *err)
{
	int cerr = 0, rc = -1;
	struct w w = { .index = CTF_ERR, .ctx = ctx };
	if ((w.fp = ctf_create(&cerr)) == NULL)
		return derr_set(err, DTAG_NONE, "cannot create a CTF dictionary: %s", ctf_errmsg(cerr));
	ctf_setmodel(w.fp, CTF_MODEL_LP64);
	if (fill(&w) != 0 || ctf_update(w.fp) != 0) {
		ctf_fail(&w, "types", err);
		goto out;
	}
	int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0666);
	if (fd < 0) {
		derr_set(err, DTAG_NONE, "cannot open %s: %s", path, strerror(errno));
		goto out;
	}
	if (ctf_write(w.fp, fd) != 0)
		ctf_fail(&w, path, err);
	else
		rc = 0;
	if (close(fd) != 0 && rc == 0)
		rc = derr_set(err, DTAG_NONE, "cannot write %s: %s", path, strerror(errno));
out:
	ctf_dict_close(w.fp);
	free(w.from);
	free(w.to);
	return rc;
}

static int fill_c(struct w *w)
{
	struct dtype_ctx *c = w->ctx;
	struct dtype *intrinsic[] = {
		c->t_void, c->t_bool, c->t_char, c->t_schar, c->t_uchar, c->t_short, c->t_ushort,
		c->t_int, c->t_uint, c->t_long, c->t_ulong, c->t_llong, c->t_ullong, c->t_float,
		c->t_double, c->t_ldouble,
	};
	for (size_t i = 0; i < sizeof(intrinsic) / sizeof(intrinsic[0]); i++)
		if (add(w, intrinsic[i]) == CTF_ERR)
			return -1;
	/* the pointers dtrace's C container starts with */
	struct dtype *pointee[] = { c->t_void, c->t_char, c->t_int };
	for (size_t i = 0; i < sizeof(pointee) / sizeof(pointee[0]); i++)
		if (ctf_add_pointer(w->fp, CTF_ADD_ROOT, add(w, pointee[i])) == CTF_ERR)
			return -1;
	return 0;
}

static int fill_d(struct w *w)
{
	if (add(w, w->ctx->t_string) == CTF_ERR)
		return -1;
	/* outermost scope first, so an inner scope's redeclaration is the one kept aside */
	size_t n = 0;
	for (struct dscope *s = w->ctx->scope; s; s = s->parent)
		n++;
	struct dscope **order = xcalloc(n ? n : 1, sizeof(*order));
	size_t k = n;
	for (struct dscope *s = w->ctx->scope; s; s = s->parent)
		order[--k] = s;
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++)
		for (size_t j = 0; j < order[i]->nents && rc == 0; j++) {
			const struct dscope_ent *e = &order[i]->ents[j];
			if ((e->kind == DSYM_TYPEDEF || e->kind == DSYM_TAG) && e->type &&
			    add(w, e->type) == CTF_ERR)
				rc = -1;
		}
	free(order);
	return rc;
}

int dctf_write_c(struct dtype_ctx *ctx, const char *path, struct derr *err)
{
	return write_dict(ctx, path, fill_c, err);
}

int dctf_write_d(struct dtype_ctx *ctx, const char *path, struct derr *err)
{
	return write_dict(ctx, path, fill_d, err);
}
