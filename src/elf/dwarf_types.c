/* dwarf_types.c — see dwarf_types.h. libdwfl finds the DWARF (own or separate); libdw reads
 * it. One import ("session") converts DIEs recursively with a memo keyed by the DIE's address
 * in the loaded section, which is unique across the main and a dwz alternate file. */
#include "dwarf_types.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "proc_path.h"
#include "sigbus_guard.h"
#include "util.h"

/* Bound on the importer's recursion (nested types by value, typedef and pointer chains). */
#define DWT_MAX_DEPTH 256

enum { K_STRUCT, K_UNION, K_ENUM, K_TYPEDEF, K_NONE };

struct name_ent {
	const char *name;     /* in the DWARF string table: lives as long as the Dwarf */
	int kind;
	Dwarf_Die die;
};

struct dwt_file {
	Dwfl *dwfl;
	Dwarf *dw;
	char *debug_file;
	char *debug_path;     /* libdwfl keeps pointers to this and to cb */
	Dwfl_Callbacks cb;
	Dwarf_CU *cu;         /* the last unit scanned (NULL before the first) */
	bool scanned;         /* every unit's top-level names are indexed */
	size_t nunits;
	struct name_ent *ents;  /* open addressing, capacity a power of two */
	size_t nents, cap;
};

/* --- name index ---------------------------------------------------------------------------- */

static size_t name_hash(const char *s, int kind)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)kind;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return (size_t)h;
}

static struct name_ent *index_find(struct dwt_file *f, const char *name, int kind)
{
	if (!f->cap)
		return NULL;
	for (size_t i = name_hash(name, kind) & (f->cap - 1);; i = (i + 1) & (f->cap - 1)) {
		struct name_ent *e = &f->ents[i];
		if (!e->name)
			return NULL;
		/* names from one string table are often the same pointer: test that first */
		if (e->kind == kind && (e->name == name || strcmp(e->name, name) == 0))
			return e;
	}
}

static void index_put(struct dwt_file *f, const char *name, int kind, const Dwarf_Die *die)
{
	if ((f->nents + 1) * 2 > f->cap) {
		size_t ncap = f->cap ? f->cap * 2 : 1024;
		struct name_ent *old = f->ents;
		size_t ocap = f->cap;
		f->ents = xcalloc(ncap, sizeof(*f->ents));
		f->cap = ncap;
		for (size_t i = 0; i < ocap; i++) {
			if (!old[i].name)
				continue;
			size_t k = name_hash(old[i].name, old[i].kind) & (ncap - 1);
			while (f->ents[k].name)
				k = (k + 1) & (ncap - 1);
			f->ents[k] = old[i];
		}
		free(old);
	}
	size_t k = name_hash(name, kind) & (f->cap - 1);
	for (; f->ents[k].name; k = (k + 1) & (f->cap - 1))
		if (f->ents[k].kind == kind && strcmp(f->ents[k].name, name) == 0)
			return; /* the first definition in file order wins */
	f->ents[k].name = name;
	f->ents[k].kind = kind;
	f->ents[k].die = *die;
	f->nents++;
}

static int kind_of_tag(int tag)
{
	switch (tag) {
	case DW_TAG_structure_type: case DW_TAG_class_type: return K_STRUCT;
	case DW_TAG_union_type: return K_UNION;
	case DW_TAG_enumeration_type: return K_ENUM;
	case DW_TAG_typedef: return K_TYPEDEF;
	default: return K_NONE;
	}
}

static bool is_declaration(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	bool flag = false;
	return dwarf_attr(die, DW_AT_declaration, &a) && dwarf_formflag(&a, &flag) == 0 && flag;
}

/* Index the top-level names of the next unit; false at the end. */
static bool scan_unit(struct dwt_file *f)
{
	Dwarf_CU *next;
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die cudie, subdie;
	if (f->scanned || dwarf_get_units(f->dw, f->cu, &next, &version, &unit_type, &cudie,
					  &subdie) != 0) {
		f->scanned = true;
		return false;
	}
	f->cu = next;
	f->nunits++;
	/* -gsplit-dwarf: the types are in the split unit (.dwo) libdw found for the skeleton */
	if (unit_type == DW_UT_skeleton && dwarf_tag(&subdie) == DW_TAG_compile_unit)
		cudie = subdie;
	Dwarf_Die d;
	if (dwarf_child(&cudie, &d) != 0)
		return true;
	do {
		/* most names repeat (every unit has its headers' types): a name already indexed
		 * costs no more attribute reads */
		int k = kind_of_tag(dwarf_tag(&d));
		if (k == K_NONE)
			continue;
		const char *name = dwarf_diename(&d);
		if (name && !index_find(f, name, k) && !is_declaration(&d))
			index_put(f, name, k, &d);
	} while (dwarf_siblingof(&d, &d) == 0);
	return true;
}

/* The defining DIE of a name, scanning further units only as far as needed. */
static bool find_name(struct dwt_file *f, const char *name, int kind, Dwarf_Die *out)
{
	struct name_ent *e;
	while (!(e = index_find(f, name, kind)))
		if (!scan_unit(f))
			return false;
	*out = e->die;
	return true;
}

/* --- opening ------------------------------------------------------------------------------- */

struct dwt_file *dwt_open(const char *path, const char *debug_path, char *err, size_t errlen)
{
	struct dwt_file *f = xcalloc(1, sizeof(*f));
	f->debug_path = debug_path ? xstrdup(debug_path) : NULL;
	f->cb.find_elf = dwfl_build_id_find_elf;
	f->cb.find_debuginfo = dwfl_standard_find_debuginfo;
	f->cb.section_address = dwfl_offline_section_address;
	f->cb.debuginfo_path = f->debug_path ? &f->debug_path : NULL;
	f->dwfl = dwfl_begin(&f->cb);
	if (!f->dwfl) {
		util_seterr(err, errlen, "%s: %s", path, dwfl_errmsg(-1));
		free(f->debug_path);
		free(f);
		return NULL;
	}
	/* libdw maps the file (and any separate debug file): a file that shrinks while mapped
	 * would SIGBUS us without the guard. We open it ourselves so that a path under
	 * /proc/PID/root is resolved inside that root (proc_path.h). */
	sigbus_guard_install();
	int fd = proc_path_open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		util_seterr(err, errlen, "%s: %s", path, fd < 0 ? strerror(errno) :
			    "not a regular file");
		if (fd >= 0)
			close(fd);
		dwt_close(f);
		return NULL;
	}
	/* consumed on success; on failure libdwfl leaves it to us */
	Dwfl_Module *m = dwfl_report_offline(f->dwfl, "main", path, fd);
	if (!m)
		close(fd);
	Dwarf_Addr bias;
	if (!m || dwfl_report_end(f->dwfl, NULL, NULL) != 0) {
		util_seterr(err, errlen, "%s: %s", path, dwfl_errmsg(-1));
		dwt_close(f);
		return NULL;
	}
	f->dw = dwfl_module_getdwarf(m, &bias);
	if (!f->dw) {
		util_seterr(err, errlen, "%s: no DWARF debugging information (in the file or a "
			    "separate debug file)", path);
		dwt_close(f);
		return NULL;
	}
	const char *mainfile = NULL, *debugfile = NULL;
	dwfl_module_info(m, NULL, NULL, NULL, NULL, NULL, &mainfile, &debugfile);
	f->debug_file = xstrdup(debugfile ? debugfile : mainfile ? mainfile : path);
	return f;
}

void dwt_close(struct dwt_file *f)
{
	if (!f)
		return;
	if (f->dwfl)
		dwfl_end(f->dwfl);
	free(f->ents);
	free(f->debug_file);
	free(f->debug_path);
	free(f);
}

const char *dwt_debug_file(const struct dwt_file *f)
{
	return f->debug_file;
}

void dwt_stats(const struct dwt_file *f, size_t *units, size_t *names)
{
	*units = f->nunits;
	*names = f->nents;
}

/* --- one import ------------------------------------------------------------------------------ */

struct memo_ent {
	const void *key;      /* a DIE's address, or a tag node (pending definitions) */
	void *val;
};

struct memo {
	struct memo_ent *e;
	size_t n, cap;
};

static void **memo_slot(struct memo *m, const void *key, bool add)
{
	if (add && (m->n + 1) * 2 > m->cap) {
		struct memo old = *m;
		m->cap = m->cap ? m->cap * 2 : 64;
		m->e = xcalloc(m->cap, sizeof(*m->e));
		m->n = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.e[i].key)
				*memo_slot(m, old.e[i].key, true) = old.e[i].val;
		free(old.e);
	}
	if (!m->cap)
		return NULL;
	size_t i = ((uintptr_t)key >> 3) * 11400714819323198485ull & (m->cap - 1);
	for (; m->e[i].key; i = (i + 1) & (m->cap - 1))
		if (m->e[i].key == key)
			return &m->e[i].val;
	if (!add)
		return NULL;
	m->e[i].key = key;
	m->n++;
	return &m->e[i].val;
}

struct sess {
	struct dwt_file *f;
	struct dtype_ctx *ctx;
	struct dtype *root;       /* dwt_complete's record: its tag resolves to it */
	struct memo conv;         /* DIE address -> dtype */
	struct memo defs;         /* tag node -> Dwarf_Die * of its definition (seen, not built) */
	struct dtype **building;  /* records whose bodies are being built (undone on failure) */
	size_t nbuilding, capbuilding;
	Dwarf_Die *dies;          /* copies the defs memo points into */
	int depth;
	jmp_buf jb;
	char *err;
	size_t errlen;
};

static _Noreturn void fail(struct sess *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static _Noreturn void fail(struct sess *s, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	util_seterr(s->err, s->errlen, "%s: %s", s->f->debug_file, msg);
	longjmp(s->jb, 1);
}

static const char *die_what(Dwarf_Die *d)
{
	const char *n = dwarf_diename(d);
	return n ? n : "(anonymous)";
}

static bool attr_udata(Dwarf_Die *d, unsigned name, Dwarf_Word *v)
{
	Dwarf_Attribute a;
	return dwarf_attr_integrate(d, name, &a) && dwarf_formudata(&a, v) == 0;
}

static bool attr_sdata(Dwarf_Die *d, unsigned name, Dwarf_Sword *v)
{
	Dwarf_Attribute a;
	return dwarf_attr_integrate(d, name, &a) && dwarf_formsdata(&a, v) == 0;
}

static bool attr_flag(Dwarf_Die *d, unsigned name)
{
	Dwarf_Attribute a;
	bool flag = false;
	return dwarf_attr_integrate(d, name, &a) && dwarf_formflag(&a, &flag) == 0 && flag;
}

/* The DIE DW_AT_type refers to; false for none (void). */
static bool type_of(struct sess *s, Dwarf_Die *d, Dwarf_Die *out)
{
	Dwarf_Attribute a;
	if (!dwarf_attr_integrate(d, DW_AT_type, &a))
		return false;
	if (!dwarf_formref_die(&a, out))
		fail(s, "%s: bad DW_AT_type: %s", die_what(d), dwarf_errmsg(-1));
	return true;
}

static struct dtype *opaque(struct sess *s, int64_t size)
{
	return dtype_array(s->ctx, s->ctx->t_uchar, size > 0 ? size : 0);
}

static struct dtype *base_type(struct sess *s, Dwarf_Die *d)
{
	struct dtype_ctx *c = s->ctx;
	Dwarf_Word enc = 0;
	int size = dwarf_bytesize(d);
	const char *name = dwarf_diename(d);
	attr_udata(d, DW_AT_encoding, &enc);
	switch (enc) {
	case DW_ATE_boolean:
		if (size == 1)
			return c->t_bool;
		break;
	case DW_ATE_signed_char: case DW_ATE_unsigned_char:
	case DW_ATE_signed: case DW_ATE_unsigned: case DW_ATE_UTF: {
		bool uns = enc == DW_ATE_unsigned_char || enc == DW_ATE_unsigned || enc == DW_ATE_UTF;
		switch (size) {
		case 1:
			if (name && strcmp(name, "char") == 0)
				return c->t_char;
			return uns ? c->t_uchar : c->t_schar;
		case 2: return uns ? c->t_ushort : c->t_short;
		case 4: return uns ? c->t_uint : c->t_int;
		case 8:
			if (name && strstr(name, "long long"))
				return uns ? c->t_ullong : c->t_llong;
			return uns ? c->t_ulong : c->t_long;
		}
		break;
	}
	case DW_ATE_float:
		if (size == 4)
			return c->t_float;
		if (size == 8)
			return c->t_double;
		if (size == 16 && name && strcmp(name, "long double") == 0)
			return c->t_ldouble;
		break;
	}
	return opaque(s, size);
}

static struct dtype *conv(struct sess *s, Dwarf_Die *d);
static void build_record(struct sess *s, struct dtype *rec, Dwarf_Die *def);
static void build_enum(struct sess *s, struct dtype *e, Dwarf_Die *def);

/* The type DW_AT_type of d names, void when it has none. */
static struct dtype *conv_type_of(struct sess *s, Dwarf_Die *d)
{
	Dwarf_Die t;
	return type_of(s, d, &t) ? conv(s, &t) : s->ctx->t_void;
}

/* The node for a named tag: the session's root, else the scope's, else a new one added to the
 * scope. */
static struct dtype *tag_node(struct sess *s, enum dtype_kind kind, const char *name)
{
	if (s->root && s->root->kind == kind && strcmp(s->root->name, name) == 0)
		return s->root;
	struct dscope_ent *e = dscope_find(s->ctx, name, DSYM_TAG, false);
	if (e && dtype_unqual(e->type)->kind == kind)
		return dtype_unqual(e->type);
	struct dtype *t = dtype_tagged(s->ctx, kind, name);
	if (!e)
		dscope_add(s->ctx, name, DSYM_TAG, t, 0);
	return t;
}

/* Find and build the body of an incomplete named record or enum; false if none is defined. */
static bool complete_named(struct sess *s, struct dtype *t)
{
	t = dtype_unqual(t);
	if (t->complete || !t->name)
		return true;
	for (size_t i = 0; i < s->nbuilding; i++)
		if (s->building[i] == t)
			return false; /* contains itself by value: the caller reports it */
	Dwarf_Die def;
	void **p = memo_slot(&s->defs, t, false);
	if (p && *p) {
		def = *(Dwarf_Die *)*p;
	} else {
		int k = t->kind == DTY_STRUCT ? K_STRUCT : t->kind == DTY_UNION ? K_UNION : K_ENUM;
		if (!find_name(s->f, t->name, k, &def))
			return false;
	}
	if (t->kind == DTY_ENUM)
		build_enum(s, t, &def);
	else
		build_record(s, t, &def);
	return true;
}

/* A type used by value: a named record or enum reached only by name must be built now. */
static struct dtype *need_complete(struct sess *s, struct dtype *t, Dwarf_Die *user)
{
	struct dtype *r = dtype_resolve(t);
	if ((r->kind == DTY_STRUCT || r->kind == DTY_UNION || r->kind == DTY_ENUM) &&
	    !r->complete && !complete_named(s, r))
		fail(s, "%s: %s %s has no definition", die_what(user),
		     r->kind == DTY_STRUCT ? "struct" : r->kind == DTY_UNION ? "union" : "enum",
		     r->name ? r->name : "(anonymous)");
	return t;
}

static struct dtype *conv_tagged(struct sess *s, Dwarf_Die *d, enum dtype_kind kind)
{
	const char *name = dwarf_diename(d);
	if (!name) {
		struct dtype *t = dtype_tagged(s->ctx, kind, NULL);
		*memo_slot(&s->conv, d->addr, true) = t;
		if (kind == DTY_ENUM)
			build_enum(s, t, d);
		else
			build_record(s, t, d);
		return t;
	}
	struct dtype *t = tag_node(s, kind, name);
	if (!t->complete && !is_declaration(d)) {
		/* remember this unit's definition: built when the type is used by value */
		void **p = memo_slot(&s->defs, t, true);
		if (!*p) {
			Dwarf_Die *copy = xmalloc(sizeof(*copy));
			*copy = *d;
			*p = copy;
		}
	}
	if (kind == DTY_ENUM && !t->complete)
		complete_named(s, t); /* small and never recursive; one only declared stays int-sized */
	return t;
}

static struct dtype *conv_array(struct sess *s, Dwarf_Die *d)
{
	struct dtype *elem = conv_type_of(s, d);
	need_complete(s, elem, d);
	if (attr_flag(d, DW_AT_GNU_vector))
		return opaque(s, dwarf_bytesize(d));
	int64_t lens[64];
	int n = 0;
	Dwarf_Die sub;
	if (dwarf_child(d, &sub) == 0) {
		do {
			if (dwarf_tag(&sub) != DW_TAG_subrange_type)
				continue;
			if (n == 64)
				fail(s, "array with more than 64 dimensions");
			Dwarf_Word v;
			Dwarf_Sword sv;
			if (attr_udata(&sub, DW_AT_count, &v))
				lens[n] = (int64_t)v;
			else if (attr_sdata(&sub, DW_AT_upper_bound, &sv))
				lens[n] = sv + 1;   /* [0]: gcc may say upper bound -1 */
			else
				lens[n] = -1;       /* [] or a variable length */
			if (lens[n] < -1 || lens[n] > (int64_t)1 << 40)
				fail(s, "array dimension %lld out of range", (long long)lens[n]);
			n++;
		} while (dwarf_siblingof(&sub, &sub) == 0);
	}
	if (n == 0)
		lens[n++] = -1;
	for (int i = n; i-- > 0;) {
		int64_t es = dtype_sizeof(elem);
		if (lens[i] > 0 && es > 0 && es > INT64_MAX / 2 / lens[i])
			fail(s, "array of %lld elements of %lld bytes is too large", (long long)lens[i],
			     (long long)es);
		elem = dtype_array(s->ctx, elem, lens[i]);
	}
	return elem;
}

static struct dtype *conv_func(struct sess *s, Dwarf_Die *d)
{
	struct dtype *f = dtype_func(s->ctx, conv_type_of(s, d));
	f->oldstyle = !attr_flag(d, DW_AT_prototyped);
	*memo_slot(&s->conv, d->addr, true) = f;
	Dwarf_Die p;
	if (dwarf_child(d, &p) == 0) {
		do {
			int tag = dwarf_tag(&p);
			if (tag == DW_TAG_unspecified_parameters) {
				f->variadic = true;
			} else if (tag == DW_TAG_formal_parameter) {
				struct dtype *pt = conv_type_of(s, &p);
				f->params = xrealloc(f->params, sizeof(*f->params) * (size_t)(f->nparams + 1));
				f->params[f->nparams++] = pt;
			}
		} while (dwarf_siblingof(&p, &p) == 0);
	}
	if (f->nparams || f->variadic)
		f->oldstyle = false;
	return f;
}

/* Reuse the scope's typedef of that name when it means the same integer (uint32_t, size_t,
 * pid_t...), so spellings and type identity match what the script writes; else a new node. */
static struct dtype *conv_typedef(struct sess *s, Dwarf_Die *d)
{
	const char *name = dwarf_diename(d);
	struct dtype *target = conv_type_of(s, d);
	if (!name)
		return target;
	struct dscope_ent *e = dscope_find(s->ctx, name, DSYM_TYPEDEF, false);
	if (e && dtype_is_integer(e->type) && dtype_is_integer(target) &&
	    dtype_sizeof(e->type) == dtype_sizeof(target) &&
	    dtype_resolve(e->type)->is_unsigned == dtype_resolve(target)->is_unsigned)
		return e->type;
	return dtype_typedef(s->ctx, name, target);
}

static struct dtype *conv(struct sess *s, Dwarf_Die *d)
{
	void **m = memo_slot(&s->conv, d->addr, false);
	if (m && *m)
		return *m;
	if (++s->depth > DWT_MAX_DEPTH)
		fail(s, "type %s is nested too deeply", die_what(d));
	struct dtype *t;
	unsigned q = 0;
	int tag = dwarf_tag(d);
	switch (tag) {
	case DW_TAG_base_type:
		t = base_type(s, d);
		break;
	case DW_TAG_unspecified_type:
		t = s->ctx->t_void;
		break;
	case DW_TAG_pointer_type: case DW_TAG_reference_type: case DW_TAG_rvalue_reference_type:
		t = dtype_ptr(s->ctx, conv_type_of(s, d));
		break;
	case DW_TAG_const_type: q = DQ_CONST; goto qual;
	case DW_TAG_volatile_type: q = DQ_VOLATILE; goto qual;
	case DW_TAG_restrict_type: q = DQ_RESTRICT; goto qual;
	case DW_TAG_atomic_type:
	qual:
		t = dtype_qualify(s->ctx, conv_type_of(s, d), q);
		break;
	case DW_TAG_typedef:
		t = conv_typedef(s, d);
		break;
	case DW_TAG_structure_type: case DW_TAG_class_type:
		t = conv_tagged(s, d, DTY_STRUCT);
		break;
	case DW_TAG_union_type:
		t = conv_tagged(s, d, DTY_UNION);
		break;
	case DW_TAG_enumeration_type:
		t = conv_tagged(s, d, DTY_ENUM);
		break;
	case DW_TAG_array_type:
		t = conv_array(s, d);
		break;
	case DW_TAG_subroutine_type:
		t = conv_func(s, d);
		break;
	default: {
		int size = dwarf_bytesize(d);
		t = opaque(s, size > 0 ? size : 8);  /* pointers to members and the like */
		break;
	}
	}
	if (t->depth > 4000)
		fail(s, "type %s is nested too deeply", die_what(d));
	*memo_slot(&s->conv, d->addr, true) = t;
	s->depth--;
	return t;
}

/* DW_AT_data_member_location: a constant, or (DWARF 2) DW_OP_plus_uconst N. */
static int64_t member_location(struct sess *s, Dwarf_Die *m)
{
	Dwarf_Attribute a;
	if (!dwarf_attr_integrate(m, DW_AT_data_member_location, &a))
		return 0;   /* union members may omit it */
	Dwarf_Word v;
	if (dwarf_formudata(&a, &v) == 0)
		return (int64_t)v;
	Dwarf_Op *ops;
	size_t nops;
	if (dwarf_getlocation(&a, &ops, &nops) == 0 && nops == 1 && ops[0].atom == DW_OP_plus_uconst)
		return (int64_t)ops[0].number;
	fail(s, "member %s: unsupported DW_AT_data_member_location", die_what(m));
}

static void add_member(struct sess *s, struct dtype *rec, Dwarf_Die *m, bool last)
{
	const char *name = dwarf_diename(m);
	struct dtype *t = conv_type_of(s, m);
	struct dtype *r = dtype_resolve(t);
	bool flexible = last && r->kind == DTY_ARRAY && r->array_len < 0;
	if (!flexible)
		need_complete(s, t, m);
	int64_t loc = member_location(s, m);
	int bits = dwarf_bitsize(m);
	dtype_add_member(rec, name, t, -1);
	struct dmember *dm = &rec->members[rec->nmembers - 1];
	dm->offset = loc;
	if (bits <= 0)
		return;
	int64_t sz = dtype_sizeof(t);
	if (!dtype_is_integer(t) || sz <= 0)
		fail(s, "bit-field %s has a non-integer type", die_what(m));
	Dwarf_Word dbo;
	Dwarf_Sword old;
	if (attr_udata(m, DW_AT_data_bit_offset, &dbo)) {
		/* DWARF 4+: bits from the start of the record, least significant first here */
	} else if (attr_sdata(m, DW_AT_bit_offset, &old)) {
		/* DWARF 2/3: from the most significant bit of a storage unit at loc */
		int unit = dwarf_bytesize(m);
		if (unit <= 0)
			unit = (int)sz;
		dbo = (Dwarf_Word)(loc * 8 + unit * 8 - old - bits);
	} else {
		dbo = (Dwarf_Word)loc * 8;
	}
	int64_t unit_off = (int64_t)dbo / (sz * 8) * sz;
	int64_t bo = (int64_t)dbo - unit_off * 8;
	if (bo + bits > sz * 8) {
		unit_off = (int64_t)dbo / 8;
		bo = (int64_t)dbo % 8;
		if (bo + bits > sz * 8)
			fail(s, "bit-field %s straddles more than its type can read", die_what(m));
	}
	dm->bit_width = bits;
	dm->offset = unit_off;
	dm->bit_offset = (int)bo;
}

static void building_push(struct sess *s, struct dtype *t)
{
	xgrow(&s->building, sizeof(*s->building), &s->capbuilding, s->nbuilding + 1);
	s->building[s->nbuilding++] = t;
}

static void build_record(struct sess *s, struct dtype *rec, Dwarf_Die *def)
{
	int size = dwarf_bytesize(def);
	if (size < 0)
		fail(s, "%s %s has no size", rec->kind == DTY_UNION ? "union" : "struct",
		     die_what(def));
	building_push(s, rec);
	Dwarf_Die m;
	if (dwarf_child(def, &m) == 0) {
		bool more = true;
		while (more) {
			Dwarf_Die cur = m;
			more = dwarf_siblingof(&m, &m) == 0;
			int tag = dwarf_tag(&cur);
			if (tag == DW_TAG_member && !attr_flag(&cur, DW_AT_external) &&
			    !attr_flag(&cur, DW_AT_declaration)) {
				add_member(s, rec, &cur, !more);
			} else if (tag == DW_TAG_inheritance) {
				/* a C++ base: an unnamed member, so its members are found through it */
				struct dtype *bt = need_complete(s, conv_type_of(s, &cur), &cur);
				dtype_add_member(rec, NULL, bt, -1);
				rec->members[rec->nmembers - 1].offset = member_location(s, &cur);
			}
		}
	}
	int align = 1;
	for (int i = 0; i < rec->nmembers; i++) {
		struct dmember *dm = &rec->members[i];
		int a = dtype_alignof(dm->type);
		if ((dm->name || dm->bit_width < 0) && a > align)
			align = a;
	}
	while (align > 1 && size % align != 0)
		align /= 2;   /* packed */
	rec->size = size;
	rec->align = align;
	rec->complete = true;
	s->nbuilding--;
}

static void build_enum(struct sess *s, struct dtype *e, Dwarf_Die *def)
{
	bool uns = false, have_sign = false;
	Dwarf_Die ut;
	if (type_of(s, def, &ut)) {
		struct dtype *u = dtype_resolve(conv(s, &ut));
		uns = u->is_unsigned;
		have_sign = true;
	}
	building_push(s, e);
	Dwarf_Die c;
	if (dwarf_child(def, &c) == 0) {
		do {
			if (dwarf_tag(&c) != DW_TAG_enumerator)
				continue;
			Dwarf_Attribute a;
			Dwarf_Word uv;
			Dwarf_Sword sv;
			int64_t v;
			if (!dwarf_attr(&c, DW_AT_const_value, &a))
				fail(s, "enumerator %s has no value", die_what(&c));
			if (have_sign && uns && dwarf_formudata(&a, &uv) == 0)
				v = (int64_t)uv;
			else if (dwarf_formsdata(&a, &sv) == 0)
				v = sv;
			else
				fail(s, "enumerator %s: bad value", die_what(&c));
			dtype_add_enumerator(e, die_what(&c), v);
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	dtype_finish_enum(e);
	int size = dwarf_bytesize(def);
	if (size == 1 || size == 2 || size == 4 || size == 8)
		e->size = e->align = size;   /* -fshort-enums, C++ enum bases */
	if (have_sign)
		e->is_unsigned = uns;
	s->nbuilding--;
}

/* Undo what a failed import left half done: records and enums being built lose their partial
 * bodies, so a later attempt starts clean. */
static void sess_undo(struct sess *s)
{
	for (size_t i = 0; i < s->nbuilding; i++) {
		struct dtype *t = s->building[i];
		for (int k = 0; k < t->nmembers; k++)
			free(t->members[k].name);
		free(t->members);
		t->members = NULL;
		t->nmembers = 0;
		for (int k = 0; k < t->nenums; k++)
			free(t->enums[k].name);
		free(t->enums);
		t->enums = NULL;
		t->nenums = 0;
		t->complete = false;
		if (t->kind != DTY_ENUM)
			t->size = -1;
	}
}

static void sess_free(struct sess *s)
{
	for (size_t i = 0; i < s->defs.cap; i++)
		if (s->defs.e[i].key)
			free(s->defs.e[i].val);
	free(s->defs.e);
	free(s->conv.e);
	free(s->building);
}

/* Build the body of t from def (t == NULL: convert def) inside a session; -1 on failure with
 * everything half built undone. */
static void sess_body(struct sess *s, struct dtype *t, Dwarf_Die *def, struct dtype **out)
{
	if (!t) {
		t = conv(s, def);
		struct dtype *r = dtype_unqual(t);
		if (dwarf_tag(def) == DW_TAG_typedef)
			need_complete(s, t, def);
		else if (!r->complete)   /* the tag's node came from the scope: build it here */
			t = r;
		else
			goto done;
	}
	if (t->kind == DTY_ENUM)
		build_enum(s, t, def);
	else if (t->kind == DTY_STRUCT || t->kind == DTY_UNION)
		build_record(s, t, def);
done:
	*out = t;
}

static int sess_run(struct sess *s, struct dtype *t, Dwarf_Die *def, struct dtype **out)
{
	if (setjmp(s->jb)) {
		sess_undo(s);
		sess_free(s);
		return -1;
	}
	sess_body(s, t, def, out);
	sess_free(s);
	return 1;
}

int dwt_complete(struct dwt_file *f, struct dtype_ctx *ctx, struct dtype *rec,
		 char *err, size_t errlen)
{
	struct dtype *r = dtype_unqual(rec);
	if (r->complete)
		return 1;
	if ((r->kind != DTY_STRUCT && r->kind != DTY_UNION && r->kind != DTY_ENUM) || !r->name)
		return 0;
	int k = r->kind == DTY_STRUCT ? K_STRUCT : r->kind == DTY_UNION ? K_UNION : K_ENUM;
	Dwarf_Die def;
	if (!find_name(f, r->name, k, &def))
		return 0;
	struct sess s = { .f = f, .ctx = ctx, .root = r, .err = err, .errlen = errlen };
	*memo_slot(&s.conv, def.addr, true) = r;
	struct dtype *out;
	return sess_run(&s, r, &def, &out);
}

int dwt_lookup(struct dwt_file *f, struct dtype_ctx *ctx, enum dtype_kind kind, const char *name,
	       struct dtype **out, char *err, size_t errlen)
{
	int k = kind == DTY_STRUCT ? K_STRUCT : kind == DTY_UNION ? K_UNION :
		kind == DTY_ENUM ? K_ENUM : kind == DTY_TYPEDEF ? K_TYPEDEF : K_NONE;
	Dwarf_Die def;
	if (k == K_NONE || !find_name(f, name, k, &def))
		return 0;
	struct sess s = { .f = f, .ctx = ctx, .err = err, .errlen = errlen };
	return sess_run(&s, NULL, &def, out);
}

/* --- functions ----------------------------------------------------------------------------- */

/* Bound on the nesting of namespaces and classes searched for a function's definition. */
#define DWT_MAX_SCOPE_DEPTH 64

/* Whether subprogram d is the code that starts at addr: its entry (DW_AT_entry_pc, else
 * DW_AT_low_pc), or for one described only by DW_AT_ranges (gcc's hot/cold split) the start
 * of its first range, the one the function is entered by; the cold part's start is not. */
static bool subprogram_starts_at(Dwarf_Die *d, uint64_t addr)
{
	Dwarf_Addr pc, base, start, end;
	if (dwarf_entrypc(d, &pc) == 0)
		return pc == addr;
	ptrdiff_t off = dwarf_ranges(d, 0, &base, &start, &end);
	return off > 0 && start == addr;
}

static bool subprogram_has_code(Dwarf_Die *d)
{
	Dwarf_Addr pc, base, start, end;
	return dwarf_entrypc(d, &pc) == 0 || dwarf_ranges(d, 0, &base, &start, &end) > 0;
}

/* The name a subprogram is known by: its linkage name, or its name, either through
 * DW_AT_specification / DW_AT_abstract_origin. */
static bool subprogram_named(Dwarf_Die *d, const char *name)
{
	static const unsigned attrs[] = { DW_AT_linkage_name, DW_AT_MIPS_linkage_name, DW_AT_name };
	for (size_t i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++) {
		Dwarf_Attribute a;
		const char *s = dwarf_attr_integrate(d, attrs[i], &a) ? dwarf_formstring(&a) : NULL;
		if (s && strcmp(s, name) == 0)
			return true;
	}
	return false;
}

/* Search the children of `scope` (a unit, namespace or class) for the defining subprogram:
 * at addr when addr != 0, else named `name` with code. */
static bool find_subprogram_in(Dwarf_Die *scope, const char *name, uint64_t addr, int depth,
			       Dwarf_Die *out)
{
	Dwarf_Die d;
	if (depth > DWT_MAX_SCOPE_DEPTH || dwarf_child(scope, &d) != 0)
		return false;
	do {
		switch (dwarf_tag(&d)) {
		case DW_TAG_subprogram:
			if (addr ? subprogram_starts_at(&d, addr) :
			    subprogram_has_code(&d) && subprogram_named(&d, name)) {
				*out = d;
				return true;
			}
			break;
		case DW_TAG_namespace: case DW_TAG_class_type: case DW_TAG_structure_type:
		case DW_TAG_union_type: case DW_TAG_module:
			if (find_subprogram_in(&d, name, addr, depth + 1, out))
				return true;
			break;
		}
	} while (dwarf_siblingof(&d, &d) == 0);
	return false;
}

/* The unit DIE to search: the split unit of a skeleton (-gsplit-dwarf) holds the code's DIEs. */
static void unit_die(Dwarf_Die *cudie)
{
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die sub;
	if (dwarf_cu_info(cudie->cu, &version, &unit_type, NULL, &sub, NULL, NULL, NULL) == 0 &&
	    unit_type == DW_UT_skeleton && dwarf_tag(&sub) == DW_TAG_compile_unit)
		*cudie = sub;
}

static bool find_subprogram(struct dwt_file *f, const char *name, uint64_t addr, Dwarf_Die *cu,
			    Dwarf_Die *out)
{
	/* by address: the unit .debug_aranges names, else every unit whose ranges hold addr */
	if (addr && dwarf_addrdie(f->dw, addr, cu)) {
		unit_die(cu);
		if (find_subprogram_in(cu, name, addr, 0, out))
			return true;
	}
	Dwarf_CU *c = NULL, *next;
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die sub;
	for (; dwarf_get_units(f->dw, c, &next, &version, &unit_type, cu, &sub) == 0; c = next) {
		if (unit_type == DW_UT_skeleton && dwarf_tag(&sub) == DW_TAG_compile_unit)
			*cu = sub;
		if (addr && dwarf_haspc(cu, addr) <= 0)
			continue;
		if (find_subprogram_in(cu, name, addr, 0, out))
			return true;
	}
	return false;
}

/* Add the formal parameters among sp's children to fn; the variadic mark too. */
static void add_params(struct sess *s, struct dtype *fn, Dwarf_Die *sp)
{
	Dwarf_Die p;
	if (dwarf_child(sp, &p) != 0)
		return;
	do {
		int tag = dwarf_tag(&p);
		if (tag == DW_TAG_unspecified_parameters) {
			fn->variadic = true;
		} else if (tag == DW_TAG_formal_parameter) {
			struct dtype *t = conv_type_of(s, &p);
			struct dtype *r = dtype_resolve(t);
			if (r->kind == DTY_STRUCT || r->kind == DTY_UNION)
				need_complete(s, t, &p);   /* passed by value: its members are read */
			Dwarf_Attribute a;
			const char *pn = dwarf_attr_integrate(&p, DW_AT_name, &a) ? dwarf_formstring(&a) :
					 NULL;
			size_t n = (size_t)fn->nparams + 1;
			fn->params = xrealloc(fn->params, sizeof(*fn->params) * n);
			fn->param_names = xrealloc(fn->param_names, sizeof(*fn->param_names) * n);
			fn->params[fn->nparams] = t;
			fn->param_names[fn->nparams++] = pn ? xstrdup(pn) : NULL;
		}
	} while (dwarf_siblingof(&p, &p) == 0);
}

static void func_body(struct sess *s, Dwarf_Die *cu, Dwarf_Die *sp, struct dtype **out)
{
	struct dtype *ret = conv_type_of(s, sp);
	struct dtype *rr = dtype_resolve(ret);
	if (rr->kind == DTY_STRUCT || rr->kind == DTY_UNION)
		need_complete(s, ret, sp);
	struct dtype *fn = dtype_func(s->ctx, ret);
	*out = fn;
	add_params(s, fn, sp);
	/* a concrete instance without parameter DIEs of its own: its declaration's (C++ member
	 * functions defined outside the class) or its abstract origin's (inlined elsewhere) */
	if (!fn->nparams && !fn->variadic) {
		static const unsigned origins[] = { DW_AT_abstract_origin, DW_AT_specification };
		for (size_t i = 0; i < 2 && !fn->nparams && !fn->variadic; i++) {
			Dwarf_Attribute a;
			Dwarf_Die o;
			if (dwarf_attr(sp, origins[i], &a) && dwarf_formref_die(&a, &o))
				add_params(s, fn, &o);
		}
	}
	int lang = dwarf_srclang(cu);
	bool cplus = lang == DW_LANG_C_plus_plus || lang == DW_LANG_C_plus_plus_03 ||
		     lang == DW_LANG_C_plus_plus_11 || lang == DW_LANG_C_plus_plus_14;
	fn->oldstyle = !cplus && !attr_flag(sp, DW_AT_prototyped) && !fn->nparams && !fn->variadic;
}

int dwt_func_params(struct dwt_file *f, struct dtype_ctx *ctx, const char *func_name,
		    uint64_t addr, struct dtype **func, char *err, size_t errlen)
{
	Dwarf_Die cu, sp;
	*func = NULL;
	if (!f || (!addr && (!func_name || !*func_name)) ||
	    !find_subprogram(f, func_name, addr, &cu, &sp))
		return 0;
	struct sess s = { .f = f, .ctx = ctx, .err = err, .errlen = errlen };
	if (setjmp(s.jb)) {
		sess_undo(&s);
		sess_free(&s);
		*func = NULL;
		return -1;
	}
	func_body(&s, &cu, &sp, func);
	sess_free(&s);
	return 1;
}

/* --- per-path cache ----------------------------------------------------------------------- */

struct dwt_file *dwt_cache_get(struct dwt_cache *c, const char *path, const char **err_out)
{
	static char err[512];
	*err_out = NULL;
	for (int i = 0; i < c->n; i++)
		if (strcmp(c->paths[i], path) == 0)
			return c->files[i];
	struct dwt_file *f = dwt_open(path, NULL, err, sizeof(err));
	if (!f)
		*err_out = err;
	c->paths = xrealloc(c->paths, sizeof(*c->paths) * (size_t)(c->n + 1));
	c->files = xrealloc(c->files, sizeof(*c->files) * (size_t)(c->n + 1));
	c->paths[c->n] = xstrdup(path);
	c->files[c->n++] = f;
	return f;
}

void dwt_cache_free(struct dwt_cache *c)
{
	for (int i = 0; i < c->n; i++) {
		free(c->paths[i]);
		dwt_close(c->files[i]);
	}
	free(c->paths);
	free(c->files);
	memset(c, 0, sizeof(*c));
}
