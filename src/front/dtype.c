/* dtype.c — see dtype.h. Layout rules are those of the System V x86-64 psABI as gcc applies
 * them, including bitfields: a bitfield never straddles a storage unit of its declared type,
 * and unnamed bitfields do not raise the alignment of their struct. */
#include "dtype.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derr.h"
#include "util.h"

struct dtype *dtype_new(struct dtype_ctx *ctx, enum dtype_kind kind, int64_t size, int align)
{
	struct dtype *t = xcalloc(1, sizeof(*t));
	t->kind = kind;
	t->size = size;
	t->align = align;
	t->array_len = -1;
	t->next = ctx->all;
	ctx->all = t;
	return t;
}

static struct dtype *new_int(struct dtype_ctx *ctx, enum dtype_kind k, int size, bool uns)
{
	struct dtype *t = dtype_new(ctx, k, size, size);
	t->is_unsigned = uns;
	return t;
}

struct dtype *dtype_ptr(struct dtype_ctx *ctx, struct dtype *base)
{
	int size = ctx->ilp32 ? 4 : 8;
	struct dtype *t = dtype_new(ctx, DTY_PTR, size, size);
	t->is_unsigned = true;
	t->base = base;
	t->depth = base->depth + 1;
	return t;
}

struct dtype *dtype_array(struct dtype_ctx *ctx, struct dtype *elem, int64_t len)
{
	int64_t es = dtype_sizeof(elem);
	struct dtype *t = dtype_new(ctx, DTY_ARRAY, len >= 0 && es >= 0 ? es * len : -1,
				    dtype_alignof(elem));
	t->base = elem;
	t->array_len = len;
	t->depth = elem->depth + 1;
	return t;
}

struct dtype *dtype_func(struct dtype_ctx *ctx, struct dtype *ret)
{
	struct dtype *t = dtype_new(ctx, DTY_FUNC, -1, 1);
	t->base = ret;
	t->depth = ret ? ret->depth + 1 : 1;
	return t;
}

struct dtype *dtype_typedef(struct dtype_ctx *ctx, const char *name, struct dtype *target)
{
	struct dtype *t = dtype_new(ctx, DTY_TYPEDEF, -1, 1);
	t->name = xstrdup(name);
	t->base = target;
	t->depth = target->depth + 1;
	return t;
}

struct dtype *dtype_tagged(struct dtype_ctx *ctx, enum dtype_kind kind, const char *tag)
{
	struct dtype *t = dtype_new(ctx, kind, kind == DTY_ENUM ? 4 : -1, kind == DTY_ENUM ? 4 : 1);
	t->name = tag ? xstrdup(tag) : NULL;
	t->is_unsigned = kind == DTY_ENUM;
	return t;
}

struct dtype *dtype_qualify(struct dtype_ctx *ctx, struct dtype *t, unsigned quals)
{
	if ((t->quals | quals) == t->quals)
		return t;
	struct dtype *q = dtype_new(ctx, t->kind, t->size, t->align);
	struct dtype *keep_next = q->next;
	*q = *t;
	q->next = keep_next;
	q->quals = t->quals | quals;
	/* The copy shares the original's name and lists; only the original owns them. */
	q->origin = t->origin ? t->origin : t;
	return q;
}

struct dtype *dtype_qualify_d(struct dtype_ctx *ctx, struct dtype *t, unsigned quals)
{
	struct dtype *q = dtype_qualify(ctx, t, quals);
	if (q != t)
		q->d_quals = t->d_quals | (quals & ~t->quals);
	return q;
}

static void scope_free(struct dscope *s)
{
	for (size_t i = 0; i < s->nents; i++)
		free(s->ents[i].name);
	free(s->ents);
	free(s);
}

void dscope_push(struct dtype_ctx *ctx)
{
	struct dscope *s = xcalloc(1, sizeof(*s));
	s->parent = ctx->scope;
	ctx->scope = s;
}

void dscope_pop(struct dtype_ctx *ctx)
{
	struct dscope *s = ctx->scope;
	ctx->scope = s->parent;
	scope_free(s);
}

struct dscope_ent *dscope_find(struct dtype_ctx *ctx, const char *name, int kind, bool here)
{
	bool ordinary = kind != DSYM_TAG;
	for (struct dscope *s = ctx->scope; s; s = s->parent) {
		for (size_t i = s->nents; i-- > 0;) {
			struct dscope_ent *e = &s->ents[i];
			if (strcmp(e->name, name) != 0)
				continue;
			if (ordinary ? e->kind != DSYM_TAG : e->kind == DSYM_TAG)
				return e;
		}
		if (here)
			break;
	}
	if (!here && ordinary && ctx->extern_typedef && ctx->builtins) {
		struct dtype *t = ctx->extern_typedef(ctx->complete_arg, name);
		if (t) {
			struct dscope *cur = ctx->scope;
			ctx->scope = ctx->builtins;
			struct dscope_ent *e = dscope_add(ctx, name, DSYM_TYPEDEF, t, 0);
			ctx->scope = cur;
			return e;
		}
	}
	return NULL;
}

struct dscope_ent *dscope_add(struct dtype_ctx *ctx, const char *name, int kind,
			      struct dtype *type, int64_t value)
{
	struct dscope *s = ctx->scope;
	xgrow(&s->ents, sizeof(*s->ents), &s->cap, s->nents + 1);
	struct dscope_ent *e = &s->ents[s->nents++];
	e->name = xstrdup(name);
	e->kind = kind;
	e->type = type;
	e->value = value;
	return e;
}

static void add_builtin_typedef(struct dtype_ctx *ctx, const char *name, struct dtype *target)
{
	dscope_add(ctx, name, DSYM_TYPEDEF, dtype_typedef(ctx, name, target), 0);
}

/* The kernel's network address types that D's inet_ntoa/inet_ntoa6/inet_ntop take (dtrace
 * finds them in the kernel's type data): ipaddr_t, struct in_addr, struct in6_addr with its
 * in6_u union of byte, 16-bit and 32-bit views. Their members have the kernel's types, named as
 * the kernel names them (__u8, __be16, __be32: print() shows ".s_addr = (__be32)...", and an
 * array of a named type prints differently from one of a base type, see dprint.c). */
static void add_builtin_net_types(struct dtype_ctx *c)
{
	struct dtype *be32 = dtype_typedef(c, "__be32", c->t_uint);
	struct dtype *be16 = dtype_typedef(c, "__be16", c->t_ushort);
	struct dtype *u8 = dtype_typedef(c, "__u8", c->t_uchar);

	add_builtin_typedef(c, "ipaddr_t", c->t_uint);
	struct dtype *in = dtype_tagged(c, DTY_STRUCT, "in_addr");
	dtype_add_member(in, "s_addr", be32, -1);
	dtype_finish_record(in, NULL);
	dscope_add(c, "in_addr", DSYM_TAG, in, 0);

	struct dtype *u = dtype_tagged(c, DTY_UNION, NULL);
	dtype_add_member(u, "u6_addr8", dtype_array(c, u8, 16), -1);
	dtype_add_member(u, "u6_addr16", dtype_array(c, be16, 8), -1);
	dtype_add_member(u, "u6_addr32", dtype_array(c, be32, 4), -1);
	dtype_finish_record(u, NULL);
	struct dtype *in6 = dtype_tagged(c, DTY_STRUCT, "in6_addr");
	dtype_add_member(in6, "in6_u", u, -1);
	dtype_finish_record(in6, NULL);
	dscope_add(c, "in6_addr", DSYM_TAG, in6, 0);
	add_builtin_typedef(c, "in6_addr_t", in6);
}

struct dtype_ctx *dtype_ctx_new(void)
{
	static uint64_t serials;
	struct dtype_ctx *c = xcalloc(1, sizeof(*c));
	c->serial = __atomic_add_fetch(&serials, 1, __ATOMIC_RELAXED);
	c->t_void = dtype_new(c, DTY_VOID, -1, 1);
	c->t_bool = new_int(c, DTY_BOOL, 1, true);
	c->t_char = new_int(c, DTY_CHAR, 1, false);
	c->t_schar = new_int(c, DTY_CHAR, 1, false);
	c->t_schar->char_signedness = true;
	c->t_uchar = new_int(c, DTY_CHAR, 1, true);
	c->t_uchar->char_signedness = true;
	c->t_short = new_int(c, DTY_SHORT, 2, false);
	c->t_ushort = new_int(c, DTY_SHORT, 2, true);
	c->t_int = new_int(c, DTY_INT, 4, false);
	c->t_uint = new_int(c, DTY_INT, 4, true);
	c->t_long = new_int(c, DTY_LONG, 8, false);
	c->t_ulong = new_int(c, DTY_LONG, 8, true);
	c->t_llong = new_int(c, DTY_LLONG, 8, false);
	c->t_ullong = new_int(c, DTY_LLONG, 8, true);
	struct { struct dtype **t; enum dtype_kind k; int size; bool uns; const char *name; } alias[] = {
		{&c->t_signed, DTY_INT, 4, false, "signed"}, {&c->t_unsigned, DTY_INT, 4, true, "unsigned"},
		{&c->t_sshort, DTY_SHORT, 2, false, "signed short"},
		{&c->t_sint, DTY_INT, 4, false, "signed int"},
		{&c->t_slong, DTY_LONG, 8, false, "signed long"},
		{&c->t_sllong, DTY_LLONG, 8, false, "signed long long"},
	};
	for (size_t i = 0; i < sizeof(alias) / sizeof(alias[0]); i++) {
		*alias[i].t = new_int(c, alias[i].k, alias[i].size, alias[i].uns);
		(*alias[i].t)->int_name = alias[i].name;
	}
	c->t_float = dtype_new(c, DTY_FLOAT, 4, 4);
	c->t_double = dtype_new(c, DTY_DOUBLE, 8, 8);
	c->t_ldouble = dtype_new(c, DTY_LDOUBLE, 16, 16);
	/* D's string: by value a bounded char array in the tracer; as a probe argument a char *. */
	c->t_string = dtype_new(c, DTY_STRING, 8, 8);

	dscope_push(c);
	c->builtins = c->scope;
	/* D's own <sys/types.h> names (DTrace's D container), then names dtrace finds in the
	 * kernel's types, with the kernel's definitions (observed with trace((T)-1) and sizeof(T):
	 * dev_t and nlink_t are 32-bit, blkcnt_t an unsigned 64-bit, wchar_t a 16-bit u16).
	 * Names neither has (intmax_t, socklen_t, u_long, longlong_t...) are no types to dtrace
	 * ("failed to resolve socklen_t: Unknown variable name") and none here. */
	static const struct { const char *name; int which; } names[] = {
		{"int8_t", 1}, {"int16_t", 2}, {"int32_t", 3}, {"int64_t", 4},
		{"uint8_t", 5}, {"uint16_t", 6}, {"uint32_t", 7}, {"uint64_t", 8},
		{"intptr_t", 4}, {"uintptr_t", 8},
		{"ptrdiff_t", 4}, {"size_t", 8}, {"ssize_t", 4}, {"off_t", 4},
		{"loff_t", 4}, {"pid_t", 3}, {"uid_t", 7}, {"gid_t", 7}, {"id_t", 3}, {"mode_t", 7},
		{"dev_t", 7}, {"ino_t", 8}, {"nlink_t", 7}, {"time_t", 4},
		{"clock_t", 4}, {"suseconds_t", 4},
		{"blkcnt_t", 10}, {"key_t", 3}, {"wchar_t", 6},
		{"uchar_t", 5}, {"ushort_t", 6}, {"uint_t", 7}, {"ulong_t", 8},
		{"u_short", 6}, {"u_int", 7},
		{"u_longlong_t", 10}, {"caddr_t", 11},
		/* <linux/types.h>, which dtrace for Linux has from the kernel's types */
		{"__s8", 1}, {"__s16", 2}, {"__s32", 3}, {"__s64", 9},
		{"__u8", 5}, {"__u16", 6}, {"__u32", 7}, {"__u64", 10}, {"bool", 12},
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct dtype *t;
		switch (names[i].which) {
		case 1: t = c->t_schar; break;
		case 2: t = c->t_short; break;
		case 3: t = c->t_int; break;
		case 4: t = c->t_long; break;
		case 5: t = c->t_uchar; break;
		case 6: t = c->t_ushort; break;
		case 7: t = c->t_uint; break;
		case 8: t = c->t_ulong; break;
		case 9: t = c->t_llong; break;
		case 10: t = c->t_ullong; break;
		case 12: t = c->t_bool; break;
		default: t = dtype_ptr(c, c->t_char); break;
		}
		add_builtin_typedef(c, names[i].name, t);
	}
	/* the CPU identifiers of the built-in variables cpu, pset, chip and lgrp (the Guide's
	 * processorid_t cpu ...), each an id_t as DTrace for Linux's sched.d defines them */
	struct dtype *id = dscope_find(c, "id_t", DSYM_TYPEDEF, true)->type;
	static const char *const cpu_ids[] = { "processorid_t", "psetid_t", "chipid_t", "lgrp_id_t" };
	for (size_t i = 0; i < sizeof(cpu_ids) / sizeof(cpu_ids[0]); i++)
		add_builtin_typedef(c, cpu_ids[i], id);
	add_builtin_net_types(c);
	c->nbuiltin_ents = c->builtins->nents;
	dscope_push(c);
	return c;
}

void dtype_set_ilp32(struct dtype_ctx *ctx)
{
	/* the system typedefs that stay 64-bit under dtrace -32 (checked with sizeof there):
	 * the fixed-width ones, and file offsets, times and inode numbers, which its kernel
	 * types define as 64-bit */
	static const char *const wide[] = {
		"int64_t", "uint64_t", "intmax_t", "uintmax_t", "off_t", "off64_t", "loff_t",
		"time_t", "clock_t", "suseconds_t", "blkcnt_t", "ino_t", "ino64_t",
	};
	ctx->ilp32 = true;
	for (struct dtype *t = ctx->all; t; t = t->next) {
		if (t->kind == DTY_PTR || t == ctx->t_long || t == ctx->t_ulong || t == ctx->t_slong)
			t->size = t->align = 4;
		if (t->kind != DTY_TYPEDEF || !t->name)
			continue;
		for (size_t i = 0; i < sizeof(wide) / sizeof(wide[0]); i++)
			if (strcmp(t->name, wide[i]) == 0)
				t->base = t->base == ctx->t_ulong ? ctx->t_ullong :
					  t->base == ctx->t_long ? ctx->t_llong : t->base;
	}
}

void dtype_add_kernel_typedefs(struct dtype_ctx *c)
{
	static const struct { const char *name; int bytes; bool uns; } names[] = {
		{"__s8", 1, false}, {"__u8", 1, true}, {"__s16", 2, false}, {"__u16", 2, true},
		{"__s32", 4, false}, {"__u32", 4, true}, {"__s64", 8, false}, {"__u64", 8, true},
		{"s8", 1, false}, {"u8", 1, true}, {"s16", 2, false}, {"u16", 2, true},
		{"s32", 4, false}, {"u32", 4, true}, {"s64", 8, false}, {"u64", 8, true},
		{"__be16", 2, true}, {"__be32", 4, true}, {"__be64", 8, true},
		{"__le16", 2, true}, {"__le32", 4, true}, {"__le64", 8, true},
		{"ipaddr_t", 4, true},
	};
	struct dscope *user = c->scope;
	c->scope = c->builtins;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int b = names[i].bytes;
		bool u = names[i].uns;
		struct dtype *t = b == 1 ? (u ? c->t_uchar : c->t_schar) : b == 2 ? (u ? c->t_ushort : c->t_short) :
				  b == 4 ? (u ? c->t_uint : c->t_int) : (u ? c->t_ullong : c->t_llong);
		add_builtin_typedef(c, names[i].name, t);
	}
	add_builtin_typedef(c, "bool", c->t_bool);
	c->scope = user;
}

void dtype_ctx_free(struct dtype_ctx *ctx)
{
	if (!ctx)
		return;
	while (ctx->scope)
		dscope_pop(ctx);
	struct dtype *t = ctx->all;
	while (t) {
		struct dtype *next = t->next;
		if (!t->origin) {
			free(t->name);
			for (int i = 0; i < t->nmembers; i++)
				free(t->members[i].name);
			free(t->members);
			for (int i = 0; i < t->nenums; i++)
				free(t->enums[i].name);
			free(t->enums);
			for (int i = 0; i < t->nparams; i++)
				if (t->param_names)
					free(t->param_names[i]);
			free(t->param_names);
			free(t->params);
		}
		free(t);
		t = next;
	}
	free(ctx);
}

struct dtype *dtype_resolve(struct dtype *t)
{
	for (;;) {
		if (t->origin)
			t = t->origin;
		else if (t->kind == DTY_TYPEDEF)
			t = t->base;
		else
			return t;
	}
}

int dtype_int_rank(struct dtype *t)
{
	struct dtype *r = dtype_resolve(t);
	return (r->enc_bits ? r->enc_bits : (int)r->size * 8) + (r->is_unsigned ? 1 : 0);
}

struct dtype *dtype_unqual(struct dtype *t)
{
	return t->origin ? t->origin : t;
}

void dtype_set_strsize(struct dtype_ctx *ctx, int64_t strsize)
{
	if (strsize > 0) {
		ctx->t_string->size = strsize;
		ctx->t_string->align = 1;
	}
}

int64_t dtype_sizeof(struct dtype *t)
{
	t = dtype_resolve(t);
	if (t->kind == DTY_ARRAY) {
		int64_t es = dtype_sizeof(t->base);
		return t->array_len >= 0 && es >= 0 ? es * t->array_len : -1;
	}
	if ((t->kind == DTY_STRUCT || t->kind == DTY_UNION) && !t->complete)
		return -1;
	return t->size;
}

int dtype_alignof(struct dtype *t)
{
	t = dtype_resolve(t);
	if (t->kind == DTY_ARRAY)
		return dtype_alignof(t->base);
	return t->align;
}

bool dtype_is_integer(struct dtype *t)
{
	t = dtype_resolve(t);
	return t->kind == DTY_BOOL || t->kind == DTY_CHAR || t->kind == DTY_SHORT ||
	       t->kind == DTY_INT || t->kind == DTY_LONG || t->kind == DTY_LLONG ||
	       t->kind == DTY_ENUM;
}

bool dtype_is_scalar(struct dtype *t)
{
	if (dtype_is_integer(t))
		return true;
	t = dtype_resolve(t);
	return t->kind == DTY_FLOAT || t->kind == DTY_DOUBLE || t->kind == DTY_LDOUBLE ||
	       t->kind == DTY_PTR || t->kind == DTY_STRING;
}

bool dtype_is_complete(struct dtype *t)
{
	struct dtype *r = dtype_resolve(t);
	if (r->kind == DTY_VOID || r->kind == DTY_FUNC)
		return false;
	return dtype_sizeof(t) >= 0;
}

/* Typedefs stripped, their qualifiers gathered on the way. */
static struct dtype *strip(struct dtype *t, unsigned *quals)
{
	*quals = 0;
	for (;;) {
		*quals |= t->quals;
		if (t->kind == DTY_TYPEDEF)
			t = dtype_unqual(t)->base;
		else
			return t;
	}
}

bool dtype_same(struct dtype *a, struct dtype *b)
{
	unsigned qa, qb;
	a = strip(a, &qa);
	b = strip(b, &qb);
	if (qa != qb || a->kind != b->kind)
		return false;
	switch (a->kind) {
	case DTY_STRUCT: case DTY_UNION: case DTY_ENUM:
		return dtype_unqual(a) == dtype_unqual(b);
	case DTY_CHAR:
		return a->is_unsigned == b->is_unsigned && a->char_signedness == b->char_signedness;
	case DTY_PTR:
		return dtype_same(a->base, b->base);
	case DTY_ARRAY:
		return a->array_len == b->array_len && dtype_same(a->base, b->base);
	case DTY_FUNC:
		if (a->nparams != b->nparams || a->variadic != b->variadic || a->oldstyle != b->oldstyle)
			return false;
		for (int i = 0; i < a->nparams; i++)
			if (!dtype_same(a->params[i], b->params[i]))
				return false;
		return dtype_same(a->base, b->base);
	default:
		return a->is_unsigned == b->is_unsigned;
	}
}

void dtype_add_member(struct dtype *rec, const char *name, struct dtype *type, int bit_width)
{
	rec->members = xrealloc(rec->members, sizeof(*rec->members) * (size_t)(rec->nmembers + 1));
	struct dmember *m = &rec->members[rec->nmembers++];
	m->name = name ? xstrdup(name) : NULL;
	m->type = type;
	m->offset = 0;
	m->bit_width = bit_width;
	m->bit_offset = 0;
}

static int64_t align_up(int64_t n, int64_t a)
{
	return (n + a - 1) / a * a;
}

/* libdtrace's (CTF's) layout, for a D program's struct or union: every
 * member starts on a byte boundary aligned for its type, right after the bits of the one
 * before; a bit-field's type is an integer just wide enough for it (the parser has swapped
 * it in), and the size is where the last member ends, without tail padding. */
static void ctf_layout(struct dtype *rec)
{
	int64_t end_bits = 0, size = 0;
	int align = 1;
	for (int i = 0; i < rec->nmembers; i++) {
		struct dmember *m = &rec->members[i];
		int64_t sz = dtype_sizeof(m->type);
		int al = dtype_alignof(m->type);
		int64_t off = rec->kind == DTY_UNION ? 0 : align_up(align_up(end_bits, 8) / 8, al);
		m->offset = off;
		m->bit_offset = 0;
		end_bits = off * 8 + (m->bit_width >= 0 ? m->bit_width : sz * 8);
		/* libctf sizes a struct anew as each member is added, to where that member ends:
		 * the last one's end, even when an earlier bit-field's wider type reaches past it
		 * (dtrace: struct { long long a : 33; char b : 3; } is 6 bytes); a union is its
		 * largest member */
		if (rec->kind == DTY_STRUCT || off + sz > size)
			size = off + sz;
		if (al > align)
			align = al;
	}
	/* libctf's ctf_type_align: a union aligns as its most aligned member, a struct as its
	 * first (so a struct member of struct type may start off C's alignment) */
	if (rec->kind == DTY_STRUCT && rec->nmembers > 0)
		align = dtype_alignof(rec->members[0].type);
	rec->align = align;
	rec->size = size;
	rec->complete = true;
}

int dtype_finish_record(struct dtype *rec, struct derr *err)
{
	bool is_union = rec->kind == DTY_UNION;
	int64_t bitpos = 0, maxbits = 0;
	int align = 1;
	for (int i = 0; i < rec->nmembers; i++) {
		struct dmember *m = &rec->members[i];
		const char *what = m->name ? m->name : "(anonymous)";
		struct dtype *r = dtype_resolve(m->type);
		int64_t sz = dtype_sizeof(m->type);
		int al = dtype_alignof(m->type);
		if (r->kind == DTY_FUNC && rec->d_rules)  /* a function has no size: libdtrace's words */
			return derr_set(err, D_DECL_VOIDOBJ, "cannot have void member: %s",
					m->name ? m->name : "(null)");
		if (r->kind == DTY_FUNC)
			return derr_set(err, D_UNKNOWN, "member '%s' declared as a function", what);
		if (r->kind == DTY_ARRAY && r->array_len < 0 && rec->d_rules) {
			/* D has no flexible array members: an array of no size has no type libdtrace
			 * can give a member (dtrace's words for `int a[];`, observed) */
			return derr_set(err, D_DECL_VOIDOBJ, "cannot have void member: %s",
					m->name ? m->name : "(null)");
		}
		if (r->kind == DTY_ARRAY && r->array_len < 0 && i == rec->nmembers - 1 && !is_union &&
		    dtype_sizeof(r->base) >= 0) {
			/* A flexible array member: no size, but its alignment counts. */
			sz = 0;
		} else if ((sz < 0 || (sz == 0 && r->kind != DTY_ENUM)) && rec->d_rules &&
			   (r->kind == DTY_STRUCT || r->kind == DTY_UNION || r->kind == DTY_ENUM)) {
			/* (a D record of no members has size 0: incomplete to dtrace too) */
			char *tn = dtype_spell(m->type, NULL, false);
			int rc = derr_set(err, D_DECL_INCOMPLETE, "incomplete struct/union/enum %s: %s",
					  tn, m->name ? m->name : "(null)");
			free(tn);
			return rc;
		} else if (sz < 0 && rec->d_rules && r->kind == DTY_VOID) {
			return derr_set(err, D_DECL_VOIDOBJ, "cannot have void member: %s",
					m->name ? m->name : "(null)");
		} else if (sz < 0) {
			return derr_set(err, D_DECL_INCOMPLETE, "member '%s' has incomplete type", what);
		}
		if (is_union)
			bitpos = 0;
		if (m->bit_width >= 0) {
			if ((!dtype_is_integer(m->type) || r->kind == DTY_ENUM) && rec->d_rules)  /* CTF integers only */
				return derr_set(err, D_DECL_BFTYPE, "invalid type for bit-field: %s",
						m->name ? m->name : "(anon)");
			if (!dtype_is_integer(m->type))
				return derr_set(err, D_DECL_BFTYPE, "bit-field '%s' has non-integer type", what);
			if (m->bit_width > sz * 8 && rec->d_rules)
				return derr_set(err, D_DECL_BFSIZE, "bit-field too big for type: %s",
						m->name ? m->name : "(anon)");
			if (m->bit_width > sz * 8)
				return derr_set(err, D_DECL_BFSIZE, "width of bit-field '%s' exceeds its type", what);
			int64_t unit = (int64_t)al * 8;
			if (m->bit_width == 0) {
				if (m->name)
					return derr_set(err, D_DECL_BFCONST, "zero width for bit-field '%s'", what);
				bitpos = align_up(bitpos, unit);
				continue;
			}
			if (bitpos / unit != (bitpos + m->bit_width - 1) / unit)
				bitpos = align_up(bitpos, unit);
			m->offset = bitpos / unit * al;
			m->bit_offset = (int)(bitpos - m->offset * 8);
			bitpos += m->bit_width;
			if (m->name && al > align)
				align = al;
		} else {
			bitpos = align_up(bitpos, (int64_t)al * 8);
			m->offset = bitpos / 8;
			bitpos += sz * 8;
			if (al > align)
				align = al;
		}
		if (bitpos > maxbits)
			maxbits = bitpos;
	}
	if (rec->d_rules) {
		ctf_layout(rec);
		return 0;
	}
	rec->align = align;
	rec->size = align_up((maxbits + 7) / 8, align);
	rec->complete = true;
	return 0;
}

void dtype_add_enumerator(struct dtype *e, const char *name, int64_t value)
{
	e->enums = xrealloc(e->enums, sizeof(*e->enums) * (size_t)(e->nenums + 1));
	e->enums[e->nenums].name = xstrdup(name);
	e->enums[e->nenums++].value = value;
}

void dtype_finish_enum(struct dtype *e)
{
	bool neg = false, big = false;
	for (int i = 0; i < e->nenums; i++) {
		int64_t v = e->enums[i].value;
		if (v < 0)
			neg = true;
		if (v < INT32_MIN || v > (int64_t)UINT32_MAX || (v > INT32_MAX && neg))
			big = true;
	}
	/* gcc: unsigned int unless a value is negative; 8 bytes when 32 bits cannot hold them. */
	for (int i = 0; i < e->nenums && neg && !big; i++)
		if (e->enums[i].value > INT32_MAX)
			big = true;
	e->is_unsigned = !neg;
	e->size = e->align = big ? 8 : 4;
	e->complete = true;
}

const struct dmember *dtype_find_member(struct dtype *rec, const char *name)
{
	rec = dtype_resolve(rec);
	if (rec->kind != DTY_STRUCT && rec->kind != DTY_UNION)
		return NULL;
	for (int i = 0; i < rec->nmembers; i++) {
		const struct dmember *m = &rec->members[i];
		if (m->name && strcmp(m->name, name) == 0)
			return m;
		if (!m->name && m->bit_width < 0 && dtype_find_member(m->type, name))
			return m; /* the anonymous member that holds it */
	}
	return NULL;
}

const struct dmember *dtype_member_at(struct dtype *rec, const char *name, int64_t *offset)
{
	rec = dtype_resolve(rec);
	if (rec->kind != DTY_STRUCT && rec->kind != DTY_UNION)
		return NULL;
	for (int i = 0; i < rec->nmembers; i++) {
		const struct dmember *m = &rec->members[i];
		if (m->name && strcmp(m->name, name) == 0) {
			*offset += m->offset;
			return m;
		}
		if (!m->name && m->bit_width < 0) {
			int64_t inner = *offset + m->offset;
			const struct dmember *f = dtype_member_at(m->type, name, &inner);
			if (f) {
				*offset = inner;
				return f;
			}
		}
	}
	return NULL;
}

/* --- spelling --------------------------------------------------------------------------- */

/* spell()'s flags: string as char *; qualifiers from D text left out (messages) */
enum { SP_C_ONLY = 1, SP_MSG = 2 };

static void spell(struct strbuf *out, struct dtype *t, const char *inner, unsigned fl, int indent);

static void put_quals(struct strbuf *b, unsigned q)
{
	if (q & DQ_CONST)
		strbuf_puts(b, "const ");
	if (q & DQ_VOLATILE)
		strbuf_puts(b, "volatile ");
	if (q & DQ_RESTRICT)
		strbuf_puts(b, "restrict ");
}

static const char *base_name(struct dtype *t)
{
	if (t->int_name)
		return t->int_name;
	switch (t->kind) {
	case DTY_VOID: return "void";
	case DTY_BOOL: return "_Bool";
	case DTY_CHAR:
		if (!t->char_signedness)
			return "char";
		return t->is_unsigned ? "unsigned char" : "signed char";
	case DTY_SHORT: return t->is_unsigned ? "unsigned short" : "short";
	case DTY_INT: return t->is_unsigned ? "unsigned int" : "int";
	case DTY_LONG: return t->is_unsigned ? "unsigned long" : "long";
	case DTY_LLONG: return t->is_unsigned ? "unsigned long long" : "long long";
	case DTY_FLOAT: return "float";
	case DTY_DOUBLE: return "double";
	case DTY_LDOUBLE: return "long double";
	case DTY_STRING: return "string";
	default: return NULL;
	}
}

static const char *tag_keyword(struct dtype *t)
{
	return t->kind == DTY_STRUCT ? "struct" : t->kind == DTY_UNION ? "union" : "enum";
}

static void spell_body(struct strbuf *b, struct dtype *t, unsigned fl, int indent)
{
	t = dtype_unqual(t);
	strbuf_puts(b, tag_keyword(t));
	if (t->name)
		strbuf_printf(b, " %s", t->name);
	strbuf_puts(b, " {\n");
	if (t->kind == DTY_ENUM) {
		for (int i = 0; i < t->nenums; i++) {
			for (int k = 0; k <= indent; k++)
				strbuf_putc(b, '\t');
			strbuf_printf(b, "%s = %lld%s\n", t->enums[i].name, (long long)t->enums[i].value,
				      i + 1 < t->nenums ? "," : "");
		}
	} else {
		for (int i = 0; i < t->nmembers; i++) {
			struct dmember *m = &t->members[i];
			for (int k = 0; k <= indent; k++)
				strbuf_putc(b, '\t');
			spell(b, m->type, m->name ? m->name : "", fl, indent + 1);
			if (m->bit_width >= 0)
				strbuf_printf(b, " : %d", m->bit_width);
			strbuf_puts(b, ";\n");
		}
	}
	for (int k = 0; k < indent; k++)
		strbuf_putc(b, '\t');
	strbuf_putc(b, '}');
}

static void spell_params(struct strbuf *b, struct dtype *f, unsigned fl, int indent)
{
	strbuf_putc(b, '(');
	if (f->nparams == 0 && !f->oldstyle && !f->variadic)
		strbuf_puts(b, "void");
	for (int i = 0; i < f->nparams; i++) {
		if (i)
			strbuf_puts(b, ", ");
		const char *pn = f->param_names && f->param_names[i] ? f->param_names[i] : "";
		spell(b, f->params[i], pn, fl, indent);
	}
	if (f->variadic)
		strbuf_puts(b, f->nparams ? ", ..." : "...");
	strbuf_putc(b, ')');
}

static void spell(struct strbuf *out, struct dtype *t, const char *inner, unsigned fl, int indent)
{
	unsigned quals = fl & SP_MSG ? t->quals & ~t->d_quals : t->quals;
	struct strbuf s = {0};
	switch (t->kind) {
	case DTY_PTR: {
		strbuf_putc(&s, '*');
		if (quals) {
			struct strbuf q = {0};
			put_quals(&q, quals);
			q.s[--q.len] = '\0';  /* drop the trailing blank */
			strbuf_puts(&s, q.s);
			strbuf_free(&q);
			if (*inner)
				strbuf_putc(&s, ' ');
		}
		strbuf_puts(&s, inner);
		struct dtype *bk = t->base;
		if (bk->kind == DTY_ARRAY || bk->kind == DTY_FUNC) {
			char *tmp = xasprintf("(%s)", s.s);
			strbuf_free(&s);
			strbuf_puts(&s, tmp);
			free(tmp);
		}
		spell(out, t->base, s.s, fl, indent);
		break;
	}
	case DTY_ARRAY:
		strbuf_puts(&s, inner);
		if (t->array_len >= 0)
			strbuf_printf(&s, "[%lld]", (long long)t->array_len);
		else
			strbuf_puts(&s, "[]");
		spell(out, t->base, s.s, fl, indent);
		break;
	case DTY_FUNC:
		strbuf_puts(&s, inner);
		spell_params(&s, t, fl, indent);
		spell(out, t->base, s.s, fl, indent);
		break;
	default: {
		put_quals(out, quals);
		const char *bn = base_name(t);
		if (t->kind == DTY_STRING && (fl & SP_C_ONLY)) {
			strbuf_puts(&s, "*");
			strbuf_puts(&s, inner);
			strbuf_puts(out, "char");
			inner = s.s;
		} else if (bn) {
			strbuf_puts(out, bn);
		} else if (t->kind == DTY_TYPEDEF) {
			strbuf_puts(out, t->name);
		} else if (dtype_unqual(t)->name) {
			strbuf_printf(out, "%s %s", tag_keyword(t), dtype_unqual(t)->name);
		} else {
			spell_body(out, t, fl, indent);
		}
		if (*inner) {
			strbuf_putc(out, ' ');
			strbuf_puts(out, inner);
		}
		break;
	}
	}
	strbuf_free(&s);
}

char *dtype_spell(struct dtype *t, const char *name, bool c_only)
{
	struct strbuf b = {0};
	spell(&b, t, name ? name : "", c_only ? SP_C_ONLY : 0, 0);
	return strbuf_take(&b);
}

char *dtype_spell_msg(struct dtype *t)
{
	struct strbuf b = {0};
	spell(&b, t, "", SP_MSG, 0);
	return strbuf_take(&b);
}

char *dtype_spell_body(struct dtype *t, bool c_only)
{
	struct strbuf b = {0};
	spell_body(&b, t, c_only ? SP_C_ONLY : 0, 0);
	return strbuf_take(&b);
}
