/* kbtf.c — see kbtf.h. */
#include "kbtf.h"

#include <bpf/btf.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_sys.h"
#include "dtype.h"
#include "util.h"

static struct btf *vmlinux;
static bool tried;

/* The cache of converted types: for one dtype_ctx, by BTF id. */
static struct dtype_ctx *cache_ctx;
static uint64_t cache_serial;
static struct dtype **cache;
static uint32_t ncache;

const struct btf *kbtf_get(void)
{
	if (!tried) {
		tried = true;
		vmlinux = btf__parse("/sys/kernel/btf/vmlinux", NULL);
	}
	return vmlinux;
}

/* Member mname of the struct or union that type id resolves to (typedefs and qualifiers seen
 * through), looking into anonymous members: its byte offset, and its type id in *mtype. -1
 * when there is none. */
static int member_of(const struct btf *b, uint32_t id, const char *mname, uint32_t *mtype)
{
	int r = btf__resolve_type(b, id);
	const struct btf_type *t = r > 0 ? btf__type_by_id(b, (uint32_t)r) : NULL;
	if (!t || !(btf_is_struct(t) || btf_is_union(t)))
		return -1;
	const struct btf_member *m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		const char *nm = btf__name_by_offset(b, m->name_off);
		int off = (int)(btf_member_bit_offset(t, (uint32_t)i) / 8);
		if (nm && *nm) {
			if (strcmp(nm, mname) == 0) {
				*mtype = m->type;
				return off;
			}
			continue;
		}
		int in = member_of(b, m->type, mname, mtype);
		if (in >= 0)
			return off + in;
	}
	return -1;
}

/* rwlock_t is a typedef of an anonymous struct holding raw_lock, an arch_rwlock_t: on x86
 * and arm64 the queued rwlock, whose cnts word holds the reader count and writer bits. */
static int rwlock_cnts_offset(const struct btf *b)
{
	int id = btf__find_by_name_kind(b, "rwlock_t", BTF_KIND_TYPEDEF);
	uint32_t raw, cnts;
	if (id <= 0)
		return -1;
	int o1 = member_of(b, (uint32_t)id, "raw_lock", &raw);
	int o2 = o1 < 0 ? -1 : member_of(b, raw, "cnts", &cnts);
	return o2 < 0 ? -1 : o1 + o2;
}

const struct kbtf_offsets *kbtf_offsets(void)
{
	static struct kbtf_offsets o;
	static bool done;
	if (done)
		return &o;
	done = true;
	memset(&o, 0xff, sizeof(o));
	const struct btf *b = kbtf_get();
	if (!b)
		return &o;
	o.task_pid = bpf_sys_btf_member(b, "task_struct", "pid");
	o.task_tgid = bpf_sys_btf_member(b, "task_struct", "tgid");
	o.task_real_parent = bpf_sys_btf_member(b, "task_struct", "real_parent");
	o.task_comm = bpf_sys_btf_member(b, "task_struct", "comm");
	o.task_prio = bpf_sys_btf_member(b, "task_struct", "prio");
	o.task_state = bpf_sys_btf_member(b, "task_struct", "__state");
	o.task_cpu = bpf_sys_btf_member(b, "task_struct", "cpu");
	o.task_real_cred = bpf_sys_btf_member(b, "task_struct", "real_cred");
	o.task_cred = bpf_sys_btf_member(b, "task_struct", "cred");
	o.task_signal = bpf_sys_btf_member(b, "task_struct", "signal");
	o.task_flags = bpf_sys_btf_member(b, "task_struct", "flags");
	o.task_exit_code = bpf_sys_btf_member(b, "task_struct", "exit_code");
	o.task_se = bpf_sys_btf_member(b, "task_struct", "se");
	o.task_thread = bpf_sys_btf_member(b, "task_struct", "thread");
	o.cred_uid = bpf_sys_btf_member(b, "cred", "uid");
	o.cred_euid = bpf_sys_btf_member(b, "cred", "euid");
	o.cred_gid = bpf_sys_btf_member(b, "cred", "gid");
	o.cred_egid = bpf_sys_btf_member(b, "cred", "egid");
	o.signal_nr_threads = bpf_sys_btf_member(b, "signal_struct", "nr_threads");
	o.signal_group_exit_code = bpf_sys_btf_member(b, "signal_struct", "group_exit_code");
	o.se_sum_exec_runtime = bpf_sys_btf_member(b, "sched_entity", "sum_exec_runtime");
	o.thread_fsbase = bpf_sys_btf_member(b, "thread_struct", "fsbase");
	static const char *const uregs[5] = { "ds", "es", "fsbase", "gsbase", "trap_nr" };
	for (int i = 0; i < 5; i++)
		o.thread_ureg[i] = bpf_sys_btf_member_sized(b, "thread_struct", uregs[i],
							    &o.thread_ureg_size[i]);
	o.path_mnt = bpf_sys_btf_member(b, "path", "mnt");
	o.path_dentry = bpf_sys_btf_member(b, "path", "dentry");
	o.dentry_parent = bpf_sys_btf_member(b, "dentry", "d_parent");
	o.dentry_name = bpf_sys_btf_member(b, "dentry", "d_name");
	o.qstr_len = bpf_sys_btf_member(b, "qstr", "len");
	o.qstr_name = bpf_sys_btf_member(b, "qstr", "name");
	o.vfsmount_root = bpf_sys_btf_member(b, "vfsmount", "mnt_root");
	o.mount_mnt = bpf_sys_btf_member(b, "mount", "mnt");
	o.mount_parent = bpf_sys_btf_member(b, "mount", "mnt_parent");
	o.mount_mountpoint = bpf_sys_btf_member(b, "mount", "mnt_mountpoint");
	o.mutex_owner = bpf_sys_btf_member(b, "mutex", "owner");
	o.rwlock_cnts = rwlock_cnts_offset(b);
	o.skb_len = bpf_sys_btf_member(b, "sk_buff", "len");
	o.skb_data_len = bpf_sys_btf_member(b, "sk_buff", "data_len");
	o.skb_data = bpf_sys_btf_member(b, "sk_buff", "data");
	return &o;
}

static bool use_ctx(struct dtype_ctx *ctx)
{
	if (!kbtf_get())
		return false;
	/* by serial too: a context freed and another made at its address (ktp.c parses each
	 * probe argument's type in a context of its own) must not meet the first's types */
	if (cache_ctx != ctx || cache_serial != ctx->serial) {
		free(cache);
		ncache = btf__type_cnt(vmlinux);
		cache = xcalloc(ncache, sizeof(*cache));
		cache_ctx = ctx;
		cache_serial = ctx->serial;
	}
	return true;
}

/* The D integer type a BTF integer is (d_int_type), under the kernel's own name when that is
 * spelled otherwise: dtrace reads the kernel's types with their C names, so a member declared
 * `unsigned long` prints and is named in messages as "long unsigned int" (print(curthread):
 * ".wakee_flip_decay_ts = (long unsigned int)..."). The name is a typedef of the D type, which
 * every rule of the language sees through. */
static struct dtype *d_int_type(struct dtype_ctx *ctx, const struct btf_type *t);

static struct dtype *int_type(struct dtype_ctx *ctx, const struct btf_type *t)
{
	struct dtype *d = d_int_type(ctx, t);
	const char *name = btf__name_by_offset(vmlinux, t->name_off);
	if (!name || !*name || d->kind == DTY_ARRAY)
		return d;
	char *spelled = dtype_spell(d, NULL, false);
	bool same = strcmp(spelled, name) == 0;
	free(spelled);
	return same ? d : dtype_typedef(ctx, name, d);
}

/* The D integer type of BTF integer t (bool, char, short, ... by size, sign and name). */
static struct dtype *d_int_type(struct dtype_ctx *ctx, const struct btf_type *t)
{
	uint32_t enc = btf_int_encoding(t);
	bool sgn = (enc & BTF_INT_SIGNED) != 0;
	const char *name = btf__name_by_offset(vmlinux, t->name_off);
	if (enc & BTF_INT_BOOL)
		return ctx->t_bool;
	switch (t->size) {
	case 1:
		if (name && strcmp(name, "char") == 0)
			return ctx->t_char;
		return sgn ? ctx->t_schar : ctx->t_uchar;
	case 2:
		return sgn ? ctx->t_short : ctx->t_ushort;
	case 4:
		return sgn ? ctx->t_int : ctx->t_uint;
	case 8:
		if (name && strstr(name, "long long"))
			return sgn ? ctx->t_llong : ctx->t_ullong;
		return sgn ? ctx->t_long : ctx->t_ulong;
	default:
		/* __int128 and the like: bytes D can carry but not compute with */
		return dtype_array(ctx, ctx->t_uchar, t->size);
	}
}

static struct dtype *convert(struct dtype_ctx *ctx, uint32_t id);

/* The tag node of a named struct/union: the one the program's scopes already hold (a D
 * program's `struct task_struct`), else a new one, added to the builtin scope so later
 * lookups by name find it. */
static struct dtype *record_node(struct dtype_ctx *ctx, const char *name, bool is_union)
{
	enum dtype_kind k = is_union ? DTY_UNION : DTY_STRUCT;
	if (name && *name) {
		struct dscope_ent *e = dscope_find(ctx, name, DSYM_TAG, false);
		if (e && e->type && e->type->kind == k)
			return e->type;
	}
	struct dtype *r = dtype_tagged(ctx, k, name && *name ? name : NULL);
	if (name && *name) {
		struct dscope *cur = ctx->scope;
		ctx->scope = ctx->builtins ? ctx->builtins : cur;
		dscope_add(ctx, name, DSYM_TAG, r, 0);
		ctx->scope = cur;
	}
	return r;
}

/* Members of BTF struct/union `bt` into rec, at BTF's offsets; rec complete afterwards. */
static void fill_record(struct dtype_ctx *ctx, struct dtype *rec, const struct btf_type *bt)
{
	const struct btf_member *m = btf_members(bt);
	int n = btf_vlen(bt);
	int align = 1;
	rec->complete = true;  /* first: a member pointing back here finds it done */
	for (int i = 0; i < n; i++) {
		const char *name = btf__name_by_offset(vmlinux, m[i].name_off);
		struct dtype *mt = convert(ctx, m[i].type);
		uint32_t bits = btf_member_bit_offset(bt, (uint32_t)i);
		int width = (int)btf_member_bitfield_size(bt, (uint32_t)i);
		struct dtype *r = dtype_resolve(mt);
		while (r->kind == DTY_ARRAY)
			r = dtype_resolve(r->base);
		if ((r->kind == DTY_STRUCT || r->kind == DTY_UNION) && !r->complete)
			kbtf_complete(ctx, r);
		dtype_add_member(rec, name && *name ? name : NULL, mt, width ? width : -1);
		struct dmember *dm = &rec->members[rec->nmembers - 1];
		if (width) {
			int64_t unit = dtype_sizeof(mt) > 0 ? dtype_sizeof(mt) : 1;
			dm->offset = (int64_t)(bits / (unit * 8)) * unit;
			dm->bit_offset = (int)(bits - (uint32_t)dm->offset * 8);
			if (dm->bit_offset + width > unit * 8) {  /* straddles: from its first byte */
				dm->offset = bits / 8;
				dm->bit_offset = (int)(bits % 8);
			}
		} else {
			dm->offset = bits / 8;
		}
		int al = dtype_alignof(mt);
		if (al > align)
			align = al;
	}
	rec->size = bt->size;
	rec->align = align > 8 ? 8 : align;
	rec->kernel = true;
}

static bool complete_enum(struct dtype *rec);

bool kbtf_complete(struct dtype_ctx *ctx, struct dtype *rec)
{
	rec = dtype_unqual(rec);
	if (rec->complete)
		return true;
	if (!rec->name || (rec->kind != DTY_STRUCT && rec->kind != DTY_UNION &&
			   rec->kind != DTY_ENUM) || !use_ctx(ctx))
		return false;
	if (rec->kind == DTY_ENUM)
		return complete_enum(rec);
	int id = btf__find_by_name_kind(vmlinux, rec->name,
					rec->kind == DTY_UNION ? BTF_KIND_UNION : BTF_KIND_STRUCT);
	if (id <= 0)
		return false;
	fill_record(ctx, rec, btf__type_by_id(vmlinux, (uint32_t)id));
	return true;
}

struct dtype *kbtf_record(struct dtype_ctx *ctx, const char *name, bool is_union)
{
	if (!use_ctx(ctx))
		return NULL;
	int id = btf__find_by_name_kind(vmlinux, name, is_union ? BTF_KIND_UNION : BTF_KIND_STRUCT);
	return id > 0 ? convert(ctx, (uint32_t)id) : NULL;
}

/* The values of BTF enum t into the enum node e. */
static void fill_enum(struct dtype *e, const struct btf_type *t)
{
	int n = btf_vlen(t);
	for (int i = 0; i < n; i++) {
		if (btf_is_enum(t)) {
			const struct btf_enum *v = btf_enum(t) + i;
			dtype_add_enumerator(e, btf__name_by_offset(vmlinux, v->name_off),
					     btf_kflag(t) ? (int64_t)(uint32_t)v->val : (int64_t)v->val);
		} else {
			const struct btf_enum64 *v = btf_enum64(t) + i;
			dtype_add_enumerator(e, btf__name_by_offset(vmlinux, v->name_off),
					     (int64_t)btf_enum64_value(v));
		}
	}
	dtype_finish_enum(e);
	e->size = e->align = t->size ? t->size : 4;
}

static struct dtype *enum_type(struct dtype_ctx *ctx, const struct btf_type *t)
{
	const char *name = btf__name_by_offset(vmlinux, t->name_off);
	struct dtype *e = dtype_tagged(ctx, DTY_ENUM, name && *name ? name : NULL);
	fill_enum(e, t);
	return e;
}

/* A D program's incomplete `enum NAME`, from the kernel's enum of that name (4 or 8 bytes). */
static bool complete_enum(struct dtype *rec)
{
	int id = btf__find_by_name_kind(vmlinux, rec->name, BTF_KIND_ENUM);
	if (id <= 0)
		id = btf__find_by_name_kind(vmlinux, rec->name, BTF_KIND_ENUM64);
	if (id <= 0)
		return false;
	fill_enum(rec, btf__type_by_id(vmlinux, (uint32_t)id));
	return true;
}

static struct dtype *func_type(struct dtype_ctx *ctx, const struct btf_type *t)
{
	struct dtype *f = dtype_func(ctx, convert(ctx, t->type));
	const struct btf_param *p = btf_params(t);
	int n = btf_vlen(t);
	for (int i = 0; i < n; i++) {
		if (p[i].type == 0 && i == n - 1) {
			f->variadic = true;
			break;
		}
		f->params = xrealloc(f->params, sizeof(*f->params) * (size_t)(f->nparams + 1));
		f->param_names = xrealloc(f->param_names, sizeof(char *) * (size_t)(f->nparams + 1));
		const char *pn = btf__name_by_offset(vmlinux, p[i].name_off);
		f->params[f->nparams] = convert(ctx, p[i].type);
		f->param_names[f->nparams++] = pn && *pn ? xstrdup(pn) : NULL;
	}
	return f;
}

static struct dtype *convert_new(struct dtype_ctx *ctx, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(vmlinux, id);
	const char *name = t ? btf__name_by_offset(vmlinux, t->name_off) : NULL;
	if (!t)
		return ctx->t_void;
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		return int_type(ctx, t);
	case BTF_KIND_FLOAT:
		return t->size == 4 ? ctx->t_float : t->size == 8 ? ctx->t_double : ctx->t_ldouble;
	case BTF_KIND_PTR: {
		struct dtype *p = dtype_ptr(ctx, ctx->t_void);
		p->kernel = true;
		cache[id] = p;   /* before the pointee: a pointer may lead back to itself */
		p->base = convert(ctx, t->type);
		p->depth = p->base->depth + 1;
		return p;
	}
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(t);
		/* a flexible array member (numbers[]) has no bound to check */
		return dtype_array(ctx, convert(ctx, a->type), a->nelems ? (int64_t)a->nelems : -1);
	}
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: {
		struct dtype *r = record_node(ctx, name, btf_kind(t) == BTF_KIND_UNION);
		cache[id] = r;
		if (!r->complete && (!name || !*name))
			fill_record(ctx, r, t);   /* anonymous: only reachable here */
		return r;
	}
	case BTF_KIND_FWD:
		return record_node(ctx, name, btf_kflag(t));
	case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
		return enum_type(ctx, t);
	case BTF_KIND_TYPEDEF: {
		struct dtype *target = convert(ctx, t->type);
		return dtype_typedef(ctx, name, target);
	}
	case BTF_KIND_CONST:
		return dtype_qualify(ctx, convert(ctx, t->type), DQ_CONST);
	case BTF_KIND_VOLATILE:
		return dtype_qualify(ctx, convert(ctx, t->type), DQ_VOLATILE);
	case BTF_KIND_RESTRICT:
		return dtype_qualify(ctx, convert(ctx, t->type), DQ_RESTRICT);
	case BTF_KIND_TYPE_TAG: case BTF_KIND_DECL_TAG:
		return convert(ctx, t->type);
	case BTF_KIND_FUNC_PROTO:
		return func_type(ctx, t);
	case BTF_KIND_FUNC:
		return convert(ctx, t->type);
	default:
		return ctx->t_void;
	}
}

static struct dtype *convert(struct dtype_ctx *ctx, uint32_t id)
{
	if (id == 0 || id >= ncache)
		return ctx->t_void;
	if (!cache[id])
		cache[id] = convert_new(ctx, id);
	return cache[id];
}

struct dtype *kbtf_type(struct dtype_ctx *ctx, uint32_t id)
{
	return use_ctx(ctx) ? convert(ctx, id) : NULL;
}

/* The kernel's typedefs by name, sorted once (BTF's own lookup by name walks every type). */
struct typedef_ent {
	const char *name;
	uint32_t id;
};
static struct typedef_ent *typedefs;
static size_t ntypedefs;

static int typedef_cmp(const void *a, const void *b)
{
	return strcmp(((const struct typedef_ent *)a)->name, ((const struct typedef_ent *)b)->name);
}

struct dtype *kbtf_typedef(struct dtype_ctx *ctx, const char *name)
{
	if (!use_ctx(ctx))
		return NULL;
	if (!typedefs) {
		uint32_t n = btf__type_cnt(vmlinux);
		typedefs = xcalloc(n, sizeof(*typedefs));
		for (uint32_t id = 1; id < n; id++) {
			const struct btf_type *t = btf__type_by_id(vmlinux, id);
			if (!btf_is_typedef(t))
				continue;
			const char *nm = btf__name_by_offset(vmlinux, t->name_off);
			/* the tracepoints' prototypes (btf_trace_NAME) are BTF's own, not C's */
			if (nm && *nm && strncmp(nm, "btf_trace_", 10) != 0)
				typedefs[ntypedefs++] = (struct typedef_ent){nm, id};
		}
		qsort(typedefs, ntypedefs, sizeof(*typedefs), typedef_cmp);
	}
	struct typedef_ent key = {name, 0};
	struct typedef_ent *e = bsearch(&key, typedefs, ntypedefs, sizeof(*typedefs), typedef_cmp);
	return e ? convert(ctx, e->id) : NULL;
}

struct dtype *kbtf_named_type(struct dtype_ctx *ctx, const char *name)
{
	struct dtype *t = kbtf_typedef(ctx, name);
	if (t)
		return t;
	int id = btf__find_by_name_kind(vmlinux, name, BTF_KIND_INT);
	if (id <= 0)
		id = btf__find_by_name_kind(vmlinux, name, BTF_KIND_FLOAT);
	return id > 0 ? convert(ctx, (uint32_t)id) : NULL;
}

static bool attach_complete(void *arg, struct dtype *rec)
{
	return kbtf_complete(arg, rec);
}

static struct dtype *attach_typedef(void *arg, const char *name)
{
	if (strncmp(name, "vmlinux`", 8) == 0)
		return kbtf_named_type(arg, name + 8);
	return kbtf_typedef(arg, name);
}

void kbtf_attach(struct dtype_ctx *ctx)
{
	ctx->complete = attach_complete;
	ctx->complete_arg = ctx;
	ctx->extern_typedef = attach_typedef;
}

struct dtype *kbtf_var_type(struct dtype_ctx *ctx, const char *name)
{
	if (!use_ctx(ctx))
		return NULL;
	int id = btf__find_by_name_kind(vmlinux, name, BTF_KIND_VAR);
	if (id <= 0)
		return NULL;
	return convert(ctx, btf__type_by_id(vmlinux, (uint32_t)id)->type);
}

struct dtype *kbtf_func_sym_type(struct dtype_ctx *ctx, const char *name)
{
	if (!use_ctx(ctx) || btf__find_by_name_kind(vmlinux, name, BTF_KIND_FUNC) <= 0)
		return NULL;
	int id = btf__find_by_name_kind(vmlinux, "long unsigned int", BTF_KIND_INT);
	return id > 0 ? convert(ctx, (uint32_t)id) : ctx->t_ulong;
}

int kbtf_func_id(const char *name)
{
	if (!kbtf_get())
		return -1;
	int id = btf__find_by_name_kind(vmlinux, name, BTF_KIND_FUNC);
	return id > 0 ? id : -1;
}

static const struct btf_type *proto_of(uint32_t func_id)
{
	const struct btf_type *f = kbtf_get() ? btf__type_by_id(vmlinux, func_id) : NULL;
	if (!f || !btf_is_func(f))
		return NULL;
	const struct btf_type *p = btf__type_by_id(vmlinux, f->type);
	return p && btf_is_func_proto(p) ? p : NULL;
}

int kbtf_func_nargs(uint32_t func_id)
{
	const struct btf_type *p = proto_of(func_id);
	return p ? btf_vlen(p) : -1;
}

/* The D types of prototype p's parameters from the first-th on: malloc'd array of *nargs, or
 * NULL when there are none. */
static struct dtype **params_as_types(struct dtype_ctx *ctx, const struct btf_type *p, int first,
				      int *nargs)
{
	int n = btf_vlen(p) - first;
	*nargs = 0;
	if (n <= 0)
		return NULL;
	const struct btf_param *pa = btf_params(p) + first;
	struct dtype **v = xcalloc((size_t)n, sizeof(*v));
	for (int i = 0; i < n; i++)
		v[i] = convert(ctx, pa[i].type);
	*nargs = n;
	return v;
}

struct dtype **kbtf_func_args(struct dtype_ctx *ctx, uint32_t func_id, int *nargs,
			      struct dtype **ret)
{
	const struct btf_type *p = proto_of(func_id);
	*nargs = 0;
	if (ret)
		*ret = NULL;
	if (!p || !use_ctx(ctx))
		return NULL;
	if (ret && p->type)
		*ret = convert(ctx, p->type);
	return params_as_types(ctx, p, 0, nargs);
}

/* ---- raw tracepoints ---- */

#define TP_PREFIX "btf_trace_"

/* The prototype behind typedef btf_trace_NAME (typedef -> pointer -> FUNC_PROTO). */
static const struct btf_type *tp_proto(uint32_t tp_id)
{
	const struct btf_type *t = kbtf_get() ? btf__type_by_id(vmlinux, tp_id) : NULL;
	if (!t || !btf_is_typedef(t))
		return NULL;
	t = btf__type_by_id(vmlinux, t->type);
	if (!t || !btf_is_ptr(t))
		return NULL;
	t = btf__type_by_id(vmlinux, t->type);
	return t && btf_is_func_proto(t) && btf_vlen(t) >= 1 ? t : NULL;
}

void kbtf_tracepoints(void (*fn)(const char *name, uint32_t id, void *arg), void *arg)
{
	if (!kbtf_get())
		return;
	uint32_t n = btf__type_cnt(vmlinux);
	size_t plen = strlen(TP_PREFIX);
	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(vmlinux, id);
		if (!btf_is_typedef(t))
			continue;
		const char *name = btf__name_by_offset(vmlinux, t->name_off);
		if (name && strncmp(name, TP_PREFIX, plen) == 0 && tp_proto(id))
			fn(name + plen, id, arg);
	}
}

int kbtf_tracepoint_id(const char *name)
{
	if (!kbtf_get())
		return -1;
	char *full = xasprintf(TP_PREFIX "%s", name);
	int id = btf__find_by_name_kind(vmlinux, full, BTF_KIND_TYPEDEF);
	free(full);
	return id > 0 && tp_proto((uint32_t)id) ? id : -1;
}

int kbtf_tracepoint_nargs(uint32_t tp_id)
{
	const struct btf_type *p = tp_proto(tp_id);
	return p ? btf_vlen(p) - 1 : -1;
}

struct dtype **kbtf_tracepoint_args(struct dtype_ctx *ctx, uint32_t tp_id, int *nargs)
{
	const struct btf_type *p = tp_proto(tp_id);
	*nargs = 0;
	if (!p || !use_ctx(ctx))
		return NULL;
	return params_as_types(ctx, p, 1, nargs);   /* the first is the probe's void *data */
}
