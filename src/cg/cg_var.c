/* cg_var.c — where D's variables live and how BPF reaches them: the layout of globals and
 * this-> variables, hash maps for associative arrays and self-> variables (one map for all
 * those laid out alike, keys packed at fixed offsets, strings zero-padded so equal strings are
 * equal keys) drawing on one pool of elements counted across them all, as dtrace's one dynamic
 * variable pool, reads that find no element as 0 or the NULL string, stores of 0 or NULL that
 * delete; and the built-in variables (arguments by probe kind, process and time built-ins,
 * task fields from the kernel's BTF). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <linux/btf.h>

#include "cg_clause.h"
#include "bpf_sys.h"
#include "kbtf.h"
#include "kcpu.h"

/* ---- variables: layout ---- */

static uint32_t storage_size(struct cgc *c, struct dck_var *v)
{
	switch (cgc_vclass(v->type)) {
	case CGC_VSTR:
		return c->slot;
	case CGC_VINT:
		return 8;
	case CGC_VBYTES: {
		int64_t s = dtype_sizeof(v->type);
		if (s > 0 && (s <= CGC_GLOBAL_BIG ||
			      (v->cls == DCK_GLOBAL && s <= CGC_GLOBALS_BIG_MAX)))
			return cgc_round8((uint64_t)s);
		break;
	}
	case CGC_VVOID:
		break;
	}
	cgc_fail_line(c, v->pos.line, "variable %s has a type that cannot be stored", v->name);
}

/* Whether a key of type t is packed as a string: a string, or a char array (curthread->comm,
 * a char n[8] global or member), whose characters up to the NUL make the key. An equal string
 * and char array find one element, in either order and in any position of a tuple: DTrace for
 * Linux finds x[execname] after x[curthread->comm] = 1 (and x["h"] after x[n] = 1 of a char
 * n[8] holding "h"), the Guide's char arrays being strings where a string is wanted. dtrace
 * packs a key by its expression's kind, not by the signature's (dt_cg_arglist: a string
 * takes the signature's size + 1 bytes, a char array its size), so it finds the string only
 * when the signature is the char array and the key is the tuple's last component: it misses
 * x[n, 3] by x["h", 3], self->x[n] by self->x["h"], and x[n] by x["h"] when x["h"] came
 * first (it reads strsize bytes from the 8-byte array). Those are its bugs, not kept here.
 * The signature keeps the array's type, for messages ("prototype: char [16]"). */
static bool key_is_str(struct dtype *t)
{
	struct dtype *r = dtype_resolve(t);
	if (cgc_vclass(t) == CGC_VSTR)
		return true;
	if (!r || r->kind != DTY_ARRAY)
		return false;
	struct dtype *b = dtype_resolve(r->base);
	return b && b->kind == DTY_CHAR;
}

/* What dtrace-utils's dynamic variable pool counts for v (dt_cg_arglist, dt_ident_set_storage):
 * its tuple, a 4-byte variable id, then each key aligned to its own size (a string key takes
 * strsize + 1 bytes, a by-reference key its size, both unaligned), then the 8-byte thread key
 * (0 for an associative array), and none at all for a scalar self-> variable, whose key it
 * computes; and its value at its type's own size (strsize for a string). */
static void note_dvar_sizes(struct cgc *c, const struct dck_var *v)
{
	uint64_t strsize = c->in->opts ? c->in->opts->strsize : 256;
	uint64_t tuple = 0;

	if (v->cls == DCK_ASSOC || v->nkeys > 0) {
		tuple = 4;
		for (int k = 0; k < v->nkeys; k++) {
			int64_t sz = dtype_sizeof(v->keys[k]);
			if (cgc_vclass(v->keys[k]) == CGC_VSTR)
				tuple += strsize + 1;
			else if (cgc_vclass(v->keys[k]) == CGC_VINT && sz > 0 && (sz & (sz - 1)) == 0)
				tuple = ((tuple + (uint64_t)sz - 1) & ~((uint64_t)sz - 1)) + (uint64_t)sz;
			else if (sz > 0)
				tuple += (uint64_t)sz;
		}
		tuple += 8;
	}
	int64_t value = dtype_sizeof(v->type);
	if (cgc_vclass(v->type) == CGC_VSTR)
		value = (int64_t)strsize;
	c->dyn_any = true;
	if (tuple > c->dyn_tuple_max)
		c->dyn_tuple_max = tuple;
	if (value > 0 && (uint64_t)value > c->dyn_value_max)
		c->dyn_value_max = (uint64_t)value;
}

/* The most elements the pool gets, however large dynvarsize (the option is then lowered). */
#define DYN_ENTRIES_MAX (UINT64_C(1) << 24)

/* A dynamic variable's key: the thread first for self->, then its keys, 8 bytes per integer
 * and a slot per string. Its map is made by dyn_maps_layout. */
static void dyn_var_layout(struct cgc *c, struct dck_var *v, struct cgc_varinfo *vi)
{
	vi->keyoff = xcalloc(v->nkeys ? (size_t)v->nkeys : 1, sizeof *vi->keyoff);
	vi->keysize = v->cls == DCK_SELF ? 8 : 0;
	for (int k = 0; k < v->nkeys; k++) {
		vi->keyoff[k] = vi->keysize;
		vi->keysize += key_is_str(v->keys[k]) ? c->slot : 8;
	}
	note_dvar_sizes(c, v);
	if (vi->keysize == 0)
		vi->keysize = 8;
	vi->map = -2;   /* a map still to be made */
}

/* Whether dynamic variables a and b lay their keys and values out alike: then one map can
 * hold both, told apart by an id in the key. */
static bool dyn_same_layout(struct cgc *c, const struct dck_var *a, const struct dck_var *b)
{
	if (a->cls != b->cls || a->nkeys != b->nkeys ||
	    cgc_vinfo(c, (struct dck_var *)a)->size != cgc_vinfo(c, (struct dck_var *)b)->size)
		return false;
	for (int k = 0; k < a->nkeys; k++)
		if (key_is_str(a->keys[k]) != key_is_str(b->keys[k]))
			return false;
	return true;
}

/* The dynamic variables' maps, as many elements as the whole pool (cgc_dyn_pool) each.
 * Variables laid out alike share one map, each variable's key ending in its own id: the
 * kernel lets one program use at most 64 maps, and a map per variable made a program whose
 * clauses for one probe use some sixty self-> variables or associative arrays fail to load
 * ("use 74 BPF maps"; dtrace keeps them all in one map). A variable alike to no other keeps
 * its map and its key as they were (no id: its lookups hash no more bytes). */
static void dyn_maps_layout(struct cgc *c)
{
	struct dck_prog *ck = c->ck;
	char name[64];

	for (int i = 0; i < ck->nvars; i++) {
		struct dck_var *v = ck->vars[i];
		struct cgc_varinfo *vi = cgc_vinfo(c, v);
		if ((v->cls != DCK_ASSOC && v->cls != DCK_SELF) || vi->map != -2)
			continue;
		uint32_t n = 1;
		for (int j = i + 1; j < ck->nvars; j++) {
			struct dck_var *w = ck->vars[j];
			if ((w->cls == DCK_ASSOC || w->cls == DCK_SELF) &&
			    cgc_vinfo(c, w)->map == -2 && dyn_same_layout(c, v, w))
				n++;
		}
		uint32_t keysize = vi->keysize + (n > 1 ? 8 : 0);
		if (n > 1)
			snprintf(name, sizeof name, v->cls == DCK_SELF ? "self_%s_and_%u" :
				 "assoc_%s_and_%u", v->name, n - 1);
		else
			snprintf(name, sizeof name, v->cls == DCK_SELF ? "self_%s" : "assoc_%s",
				 v->name);
		int map = cgc_add_map(c, name, BPF_SYS_MAP_HASH, keysize, vi->size, 0);
		uint32_t id = 0;
		for (int j = i; j < ck->nvars; j++) {
			struct dck_var *w = ck->vars[j];
			struct cgc_varinfo *wi = cgc_vinfo(c, w);
			if ((w->cls != DCK_ASSOC && w->cls != DCK_SELF) || wi->map != -2 ||
			    !dyn_same_layout(c, v, w))
				continue;
			wi->map = map;
			if (n > 1) {
				wi->idoff = wi->keysize;
				wi->keysize += 8;
				wi->id = ++id;
			}
		}
	}
}

/* dtrace-utils keeps every associative array and self-> variable in one pool of dynvarsize
 * bytes: dynvarsize / (largest tuple + largest value) elements, whichever variables they
 * belong to. Each variable keeps a map of its own here (keys no longer than its own, so
 * lookups hash no more than they did), every map can hold the whole pool, and a count of the
 * pool's elements in use, a hidden global, is what a new element must find room in
 * (cgc_dyn_store). */
static void dyn_pool_layout(struct cgc *c)
{
	uint64_t budget = c->in->opts ? c->in->opts->dynvarsize : (1u << 20);
	uint64_t elem = c->dyn_tuple_max + c->dyn_value_max;

	c->dyn_pool = elem ? budget / elem : 0;
	if (c->dyn_pool > DYN_ENTRIES_MAX) {
		c->dyn_pool = DYN_ENTRIES_MAX;
		c->o->dynvarsize_max = DYN_ENTRIES_MAX * elem;
	}
	c->dyn_used_off = c->globals_size;
	c->globals_size += 8;
}

void cgc_vars_layout(struct cgc *c)
{
	struct dck_prog *ck = c->ck;

	for (int k = 0; k < 4; k++)
		c->vinfo[k] = xcalloc(ck->nclass[k] ? (size_t)ck->nclass[k] : 1, sizeof **c->vinfo);
	for (int i = 0; i < ck->nvars; i++) {
		struct dck_var *v = ck->vars[i];
		struct cgc_varinfo *vi = &c->vinfo[v->cls][v->id];
		vi->size = storage_size(c, v);
		vi->big = v->cls == DCK_GLOBAL && cgc_vclass(v->type) == CGC_VBYTES &&
			  vi->size > CGC_GLOBAL_BIG;
		if (vi->big && c->big_size == 0 && c->this_end == c->this_start) {
			c->this_end += 8;     /* room for CGC_SCR_BIGBASE */
			c->this_start = c->this_end;
		}
	}
	for (int i = 0; i < ck->nvars; i++) {
		struct dck_var *v = ck->vars[i];
		struct cgc_varinfo *vi = &c->vinfo[v->cls][v->id];
		switch (v->cls) {
		case DCK_GLOBAL:
			/* a large struct or array: in a map of its own, so the globals' map (read
			 * whole by the tracer for its state) and its 16-bit offsets stay small */
			if (vi->big) {
				vi->off = c->big_size;
				c->big_size += vi->size;
				if (c->big_size > CGC_GLOBALS_BIG_MAX)
					cgc_fail_line(c, v->pos.line, "the program's large global "
						      "variables need more than %u bytes",
						      CGC_GLOBALS_BIG_MAX);
				break;
			}
			vi->off = c->globals_size;
			c->globals_size += vi->size;
			break;
		case DCK_THIS:
			vi->off = c->this_end;
			c->this_end += vi->size;
			break;
		case DCK_ASSOC:
		case DCK_SELF:
			/* a declaration nothing reads or writes (the D libraries' own, lockstat.d's
			 * companions' when no lockstat probe is enabled) takes no map and no room
			 * in the pool: it would size every program's pool and maps otherwise */
			if (v->declared && !v->read && !v->written) {
				vi->keyoff = xcalloc(1, sizeof *vi->keyoff);
				vi->map = -1;
				break;
			}
			dyn_var_layout(c, v, vi);
			break;
		}
	}
	dyn_maps_layout(c);
	if (c->dyn_any)
		dyn_pool_layout(c);
	if (c->big_size)
		c->m_big = cgc_add_map(c, "globals_big", BPF_SYS_MAP_ARRAY, 4, c->big_size, 1);
	/* globals are reached as R8 + a 16-bit offset; this-> variables share scratch */
	if (c->globals_size > CGC_SCRATCH_LIMIT)
		cgc_fail(c, NULL, "the program's global variables need %u bytes, more than %u",
			 c->globals_size, CGC_SCRATCH_LIMIT);
	if (c->this_end > CGC_SCRATCH_LIMIT / 2)
		cgc_fail(c, NULL, "the program's clause-local (this->) variables need %u bytes, more "
			 "than %u", c->this_end - 16, CGC_SCRATCH_LIMIT / 2);
}

struct cgc_varinfo *cgc_vinfo(struct cgc *c, struct dck_var *v)
{
	return &c->vinfo[v->cls][v->id];
}

/* ---- dynamic variables: keys and map calls ---- */

/* The thread's part of a self-> key at scratch kb: tgid << 32 | tid, as
 * bpf_get_current_pid_tgid gives it, of the thread the probe describes. */
static void self_key(struct cgc *c, uint32_t kb)
{
	if (!cgc_subject_task(c)) {
		cgc_emit(c, bi_call(BPF_FUNC_get_current_pid_tgid));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)kb));
		return;
	}
	cgc_need_task(c, NULL);
	int16_t t = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, t));
	cgc_task_read(c, c->off_tgid, 4);
	cgc_emit(c, bi_alu64_imm(BPF_LSH, 0, 32));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)kb));
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, t));
	cgc_task_read(c, c->off_pid, 4);
	cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)kb));
	cgc_emit(c, bi_alu64_reg(BPF_OR, 0, 1));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)kb));
	cgc_slot_pop(c);
}

/* Pack the key of an associative array element (or the thread's key for self->) into
 * scratch; returns its offset. */
uint32_t cgc_build_key(struct cgc *c, struct dck_var *v, struct dnode *keys)
{
	struct cgc_varinfo *vi = cgc_vinfo(c, v);
	uint32_t kb = cgs_scratch_alloc(&c->g, vi->keysize);

	if (vi->keysize > 8)
		cgc_zero_scratch(c, kb, vi->keysize);
	if (v->cls == DCK_SELF)
		self_key(c, kb);
	if (vi->idoff)
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(kb + vi->idoff), (int32_t)vi->id));
	int i = 0;
	for (struct dnode *k = keys; k && i < v->nkeys; k = k->next, i++) {
		if (key_is_str(v->keys[i])) {
			/* a string or a char array, whichever the signature or this key is */
			uint32_t s = cgc_eval_str_key(c, k, i);
			cgc_copy_str_clean(c, kb + vi->keyoff[i], s, false);
		} else {
			/* as the key's type holds it: x[uc + uc] of an int key is x[400], a later
			 * x[400] of an unsigned char key is x[144] (docs/arithmetic.md) */
			cgc_eval_as(c, k, v->keys[i]);
			cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(kb + vi->keyoff[i])));
		}
	}
	return kb;
}

/* R0 = the element's value pointer, or 0 when there is none. */
void cgc_dyn_lookup(struct cgc *c, struct dck_var *v, uint32_t key)
{
	cgc_ld_map(c, 1, cgc_vinfo(c, v)->map);
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, (int32_t)key));
	cgc_emit(c, bi_call(BPF_FUNC_map_lookup_elem));
}

/* map_update_elem(v's map, key, val, flags) into R0. */
static void dyn_update(struct cgc *c, struct dck_var *v, uint32_t key, uint32_t val, int flags)
{
	cgc_ld_map(c, 1, cgc_vinfo(c, v)->map);
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, (int32_t)key));
	cgc_emit(c, bi_mov64_reg(3, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, (int32_t)val));
	cgc_emit(c, bi_mov64_imm(4, flags));
	cgc_emit(c, bi_call(BPF_FUNC_map_update_elem));
}

/* The pool's count of elements in use += n, atomically (R1 clobbered). */
static void dyn_used_add(struct cgc *c, int32_t n)
{
	cgc_emit(c, bi_mov64_imm(1, n));
	cgc_emit(c, bi_atomic_add(BPF_DW, CG_R_GLOBALS, 1, (int16_t)c->dyn_used_off));
}

/* Delete key's element; one that was there gives its room back to the pool. */
static void dyn_delete(struct cgc *c, struct dck_var *v, uint32_t key)
{
	int gone = bpb_label_new(&c->buf);

	cgc_ld_map(c, 1, cgc_vinfo(c, v)->map);
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, (int32_t)key));
	cgc_emit(c, bi_call(BPF_FUNC_map_delete_elem));
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, gone);
	dyn_used_add(c, -1);
	bpb_label_place(&c->buf, gone);
}

/* Store the value at scratch offset val under key; an integer 0 deletes the element instead
 * (D frees a dynamic variable assigned zero). An existing element is written in place, as
 * dtrace writes its dynamic variables (one lookup, cheaper than an update). A new element
 * takes room in the pool all dynamic variables share (dyn_pool_layout): it is inserted, then
 * counted in, atomically, and one that finds the pool full is taken out again (another CPU
 * may see it for that moment). No room, or a failed update, is a dynamic-variable drop, which
 * ends the clause there, its record unsent, as in dtrace (dt_cg: the store's failure exits
 * the clause's program; the drop is counted once, in the clause's one drop tail). */
void cgc_dyn_store(struct cgc *c, struct dck_var *v, uint32_t key, uint32_t val, bool is_int)
{
	int del = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	int insert = bpb_label_new(&c->buf), raced = bpb_label_new(&c->buf);
	int drop;

	if (c->dyn_drop_label < 0)
		c->dyn_drop_label = bpb_label_new(&c->buf);
	drop = c->dyn_drop_label;
	if (is_int) {
		cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)val));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 1, 0, del);
	}
	cgc_dyn_lookup(c, v, key);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, insert);
	cgc_emit(c, bi_mov64_reg(1, 0));
	cgc_copy(c, 1, 0, CG_R_SCRATCH, val, cgc_vinfo(c, v)->size, false);
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, insert);
	dyn_update(c, v, key, val, BPF_NOEXIST);
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, raced);
	/* a new element: count it in (fetch-and-add: R1 = the count before) */
	cgc_emit(c, bi_mov64_imm(1, 1));
	cgc_emit(c, bi_make(BPF_STX | BPF_ATOMIC | BPF_DW, CG_R_GLOBALS, 1,
			    (int16_t)c->dyn_used_off, BPF_ADD | BPF_FETCH));
	bpb_jmp_imm(&c->buf, BPF_JLT, 1, (int32_t)c->dyn_pool, done);
	dyn_delete(c, v, key);
	bpb_ja(&c->buf, drop);
	/* another CPU made the element since the lookup: replace it */
	bpb_label_place(&c->buf, raced);
	dyn_update(c, v, key, val, BPF_EXIST);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, done);
	bpb_ja(&c->buf, drop);   /* unconditional: the tail may be farther than a jcc reaches */
	bpb_label_place(&c->buf, del);
	if (is_int)
		dyn_delete(c, v, key);
	bpb_label_place(&c->buf, done);
}

/* The D variable an lvalue-ish node names, with its keys (or NULL). */
struct dck_var *cgc_node_var(struct dnode *n)
{
	if ((n->kind == DN_IDENT || n->kind == DN_SELF || n->kind == DN_THIS ||
	     n->kind == DN_INDEX) && n->var && n->builtin == DB_NONE)
		return n->var;
	return NULL;
}

/* The key of a dynamic variable's element, built once per access (0 for other classes). */
uint32_t cgc_var_key(struct cgc *c, struct dnode *n, struct dck_var *v)
{
	if (v->cls != DCK_ASSOC && v->cls != DCK_SELF)
		return 0;
	return cgc_build_key(c, v, n->kind == DN_INDEX ? n->args : NULL);
}

/* Integer variable read: R0. */
void cgc_var_load_int(struct cgc *c, struct dck_var *v, uint32_t key)
{
	struct cgc_varinfo *vi = cgc_vinfo(c, v);

	switch (v->cls) {
	case DCK_GLOBAL:
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_GLOBALS, (int16_t)vi->off));
		return;
	case DCK_THIS:
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)vi->off));
		return;
	case DCK_ASSOC:
	case DCK_SELF: {
		int done = bpb_label_new(&c->buf);
		cgc_dyn_lookup(c, v, key);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, done);
		cgc_emit(c, bi_ldx(BPF_DW, 0, 0, 0));
		bpb_label_place(&c->buf, done);
		return;
	}
	}
}

/* Integer variable write of R0 (already normalised); R0 keeps the value. */
void cgc_var_store_int(struct cgc *c, struct dck_var *v, uint32_t key)
{
	struct cgc_varinfo *vi = cgc_vinfo(c, v);

	switch (v->cls) {
	case DCK_GLOBAL:
		cgc_emit(c, bi_stx(BPF_DW, CG_R_GLOBALS, 0, (int16_t)vi->off));
		return;
	case DCK_THIS:
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)vi->off));
		return;
	case DCK_ASSOC:
	case DCK_SELF: {
		uint32_t val = cgs_scratch_alloc(&c->g, 8);
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)val));
		cgc_dyn_store(c, v, key, val, true);
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)val));
		return;
	}
	}
}

/* String variable read into a fresh slot. */
uint32_t cgc_var_load_str(struct cgc *c, struct dck_var *v, uint32_t key)
{
	struct cgc_varinfo *vi = cgc_vinfo(c, v);
	uint32_t dst = cgs_scratch_alloc(&c->g, c->slot);

	switch (v->cls) {
	case DCK_GLOBAL:
		cgc_copy(c, CG_R_SCRATCH, dst, CG_R_GLOBALS, vi->off, c->slot, false);
		break;
	case DCK_THIS:
		cgc_copy(c, CG_R_SCRATCH, dst, CG_R_SCRATCH, vi->off, c->slot, false);
		break;
	case DCK_ASSOC:
	case DCK_SELF: {
		int miss = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
		cgc_dyn_lookup(c, v, key);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, miss);
		cgc_emit(c, bi_mov64_reg(1, 0));
		cgc_copy(c, CG_R_SCRATCH, dst, 1, 0, c->slot, false);
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, miss);
		/* no element: D's NULL string ("" with its NULL flag set, cg_impl.h) */
		cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)dst, 0));
		cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + c->g.strsize), 1));
		bpb_label_place(&c->buf, done);
		break;
	}
	}
	return dst;
}

/* R1 = the address of the NULL mark of global or this-> string variable v (see below). */
static void null_mark_addr(struct cgc *c, struct dck_var *v)
{
	cgc_emit(c, bi_mov64_reg(1, v->cls == DCK_GLOBAL ? CG_R_GLOBALS : CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)(cgc_vinfo(c, v)->off + c->g.strsize)));
}

void cgc_var_store_str(struct cgc *c, struct dck_var *v, uint32_t key, uint32_t src,
		       bool nullable)
{
	struct cgc_varinfo *vi = cgc_vinfo(c, v);

	switch (v->cls) {
	case DCK_GLOBAL:
	case DCK_THIS:
		/* the slot's bytes, its NULL flag at strsize among them, become the variable's
		 * (and its NULL mark); a value that cannot be NULL has no flag written: mark 0 */
		cgc_copy(c, v->cls == DCK_GLOBAL ? CG_R_GLOBALS : CG_R_SCRATCH, vi->off,
			 CG_R_SCRATCH, src, c->slot, false);
		if (!nullable) {
			null_mark_addr(c, v);
			cgc_emit(c, bi_st(BPF_B, 1, 0, 0));
		}
		break;
	case DCK_ASSOC:
	case DCK_SELF: {
		/* A clean copy: string values compare and print by their bytes up to the NUL only,
		 * but a tidy value keeps map contents predictable for the consumer too. A NULL
		 * value deletes the element instead, as storing 0 does. */
		int null = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
		if (nullable) {
			cgc_emit(c, bi_ldx(BPF_B, 0, CG_R_SCRATCH, (int16_t)(src + c->g.strsize)));
			bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, null);
		}
		uint32_t val = cgs_scratch_alloc(&c->g, c->slot);
		cgc_copy_str_clean(c, val, src, false);
		cgc_dyn_store(c, v, key, val, false);
		if (nullable) {
			bpb_ja(&c->buf, done);
			bpb_label_place(&c->buf, null);
			cgc_var_store_null_str(c, v, key);
			bpb_label_place(&c->buf, done);
		}
		break;
	}
	}
}

/* D's NULL string in a string variable. Our strings are values, so a global or this->
 * variable keeps a mark in its slot's padding: the byte at strsize, which no string reaches,
 * where a string value keeps its NULL flag (cg_impl.h): 1 is NULL. An element of an
 * associative array or a self-> variable is deleted instead, and a missing element reads as
 * NULL, as in dtrace. Either way the value's bytes are "". */
void cgc_var_store_null_str(struct cgc *c, struct dck_var *v, uint32_t key)
{
	switch (v->cls) {
	case DCK_GLOBAL:
	case DCK_THIS:
		null_mark_addr(c, v);
		cgc_emit(c, bi_st(BPF_B, 1, 0, 1));
		cgc_emit(c, bi_alu64_imm(BPF_SUB, 1, (int32_t)c->g.strsize));
		cgc_emit(c, bi_st(BPF_B, 1, 0, 0));
		break;
	case DCK_ASSOC:
	case DCK_SELF:
		dyn_delete(c, v, key);
		break;
	}
}

/* ---- built-in variables ---- */

/* dtrace's illegal operation fault, always, where a built-in has no value (R0 = 0 after).
 * The code after it is dead, but the verifier's control-flow check refuses code no edge
 * reaches ("unreachable insn"), so a jump over the fault that is never taken (r0 is 0)
 * gives it an edge; value tracking then skips it. */
static void illegal_op(struct cgc *c)
{
	int past = bpb_label_new(&c->buf);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, past);
	c->g.emit_fault(&c->g, DOUT_FLT_ILLOP, -1);
	bpb_label_place(&c->buf, past);
}

#define PTREGS_IP 128
#define PTREGS_SP 152

/* BEGIN, END and ERROR are run by the tracer with BPF_PROG_TEST_RUN (docs/bpf-plumbing.md):
 * their programs are raw-tracepoint programs whose context is the u64 argument array the tracer
 * passes, and the tracer's user registers are those it entered the kernel with, which
 * bpf_task_pt_regs(current) gives. */
static bool self_probe(const struct cgc *c)
{
	return (cgc_probe_flags(c) & (PROV_F_SELF | PROV_F_KERNEL)) != 0;
}

/* R0 = the user register saved at pt_regs offset `off`. Clobbers R0-R5. */
static void user_reg(struct cgc *c, int16_t off)
{
	if (!self_probe(c)) {
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_CTX, off));
		return;
	}
	cgc_emit(c, bi_call(BPF_FUNC_get_current_task_btf));
	cgc_emit(c, bi_mov64_reg(1, 0));
	cgc_emit(c, bi_call(BPF_FUNC_task_pt_regs));
	cgc_emit(c, bi_ldx(BPF_DW, 0, 0, off));
}

/* R0 = the second frame of the kernel stack where the probe fired (cgc_kstack_get), the
 * caller of the probed point, as dtrace's caller; 0 when there are fewer than two frames. */
static void second_frame(struct cgc *c)
{
	uint32_t st = cgs_scratch_alloc(&c->g, 16);
	int zero = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	cgc_kstack_get(c, st, 16, false);
	bpb_jmp_imm(&c->buf, BPF_JSLT, 0, 16, zero);
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(st + 8)));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, zero);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, done);
}

/* R0 = the second frame of the user stack as ustack() walks it (cg_ustack.c): the caller of
 * the sampled function; 0 when there are fewer than two frames. */
static void user_second_frame(struct cgc *c)
{
	uint32_t st = cgs_scratch_alloc(&c->g, 16);
	cgc_ustack_walk(c, st, 2, false);
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(st + 8)));
}

/* R0 = how many frames the kernel stack where the probe fired has (cgc_kstack_get), up to
 * 127; 0 when none. */
static void stack_depth(struct cgc *c)
{
	const int frames = 127;
	uint32_t tmp = cgs_scratch_alloc(&c->g, frames * 8);
	int done = bpb_label_new(&c->buf);
	cgc_kstack_get(c, tmp, frames * 8, false);
	cgc_emit(c, bi_alu64_imm(BPF_ARSH, 0, 3));
	bpb_jmp_imm(&c->buf, BPF_JSGE, 0, 0, done);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, done);
}

/* chip: the package of the CPU the probe runs on. The machine's CPU-to-package table, read
 * from sysfs as the program is compiled (DTrace for Linux reads it when it starts), becomes a
 * chain over the runs of consecutive CPUs in one package: `cpu < end ? package : ...`, one
 * compare per run (one run, no compare, on a single-socket machine). */
static void emit_chip(struct cgc *c)
{
	int ncpu = bpf_sys_possible_cpus();
	if (ncpu < 1)
		ncpu = 1;
	struct run { int end, pkg; } *runs = xcalloc((size_t)ncpu, sizeof(*runs));
	int k = 0;
	for (int cpu = 0; cpu < ncpu; cpu++) {
		int pkg = kcpu_package(cpu);
		if (k > 0 && runs[k - 1].pkg == pkg)
			runs[k - 1].end = cpu + 1;
		else
			runs[k++] = (struct run){ cpu + 1, pkg };
	}
	if (k > 1)
		cgc_emit(c, bi_call(BPF_FUNC_get_smp_processor_id));
	for (int i = 0; i + 1 < k; i++) {
		/* past this run: on to the next test; else its package, then past the rest */
		cgc_emit(c, bi_jmp_imm(BPF_JGE, 0, runs[i].end, 2));
		cgc_emit(c, bi_mov64_imm(0, runs[i].pkg));
		cgc_emit(c, bi_ja((int16_t)(3 * (k - 2 - i) + 1)));
	}
	cgc_emit(c, bi_mov64_imm(0, runs[k - 1].pkg));
	free(runs);
}

static void builtin_arg(struct cgc *c, struct dnode *n, int i)
{
	if (!c->probe->prov->cg_arg)
		cgc_fail(c, n, "arguments of this probe are not available");
	c->probe->prov->cg_arg(c, i);
}

static _Noreturn void btf_fail(struct cgc *c, struct dnode *n)
{
	const char *name = n ? dbuiltin_name((enum dbuiltin)n->builtin) : NULL;
	cgc_fail(c, n, "%s needs the kernel's BTF (/sys/kernel/btf/vmlinux) to find task "
		 "fields, and it is not available", name ? name : "this");
}

/* Offsets of the task_struct fields ppid, vtimestamp and progenyof need, from the running
 * kernel's BTF (they move between kernel builds). */
void cgc_need_btf(struct cgc *c, struct dnode *n, bool sched)
{
	const struct kbtf_offsets *o = kbtf_offsets(); /* found once per run, not per program */
	c->off_real_parent = o->task_real_parent;
	c->off_tgid = o->task_tgid;
	c->off_se = o->task_se;
	c->off_sum_exec = o->se_sum_exec_runtime;
	c->off_pid = o->task_pid;
	c->off_comm = o->task_comm;
	c->off_cred = o->task_cred;
	c->off_cred_uid = o->cred_uid;
	c->off_cred_gid = o->cred_gid;
	if (c->off_real_parent < 0 || c->off_tgid < 0 || (sched && (c->off_se < 0 || c->off_sum_exec < 0)))
		btf_fail(c, n);
}

/* ---- the thread the probe describes ---- */

bool cgc_subject_task(struct cgc *c)
{
	return c->probe->prov->cg_task && c->probe->prov->cg_task(c);
}

void cgc_task(struct cgc *c)
{
	if (!cgc_subject_task(c))
		cgc_emit(c, bi_call(BPF_FUNC_get_current_task));
}

void cgc_need_task(struct cgc *c, struct dnode *n)
{
	cgc_need_btf(c, n, false);
	if (c->off_pid < 0 || c->off_comm < 0 || c->off_cred < 0 || c->off_cred_uid < 0 ||
	    c->off_cred_gid < 0)
		btf_fail(c, n);
}

void cgc_task_read(struct cgc *c, int off, int size)
{
	int16_t s = cgc_slot_push(c);
	cgc_emit(c, bi_st(BPF_DW, 10, s, 0));
	cgc_emit(c, bi_mov64_reg(3, 0));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, off));
	cgc_emit(c, bi_mov64_reg(1, 10));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, s));
	cgc_emit(c, bi_mov64_imm(2, size));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel));
	cgc_emit(c, bi_ldx(cgc_bpf_size(size), 0, 10, s));
	cgc_slot_pop(c);
}

void cgc_task_comm(struct cgc *c, uint32_t dst, uint32_t n)
{
	if (!cgc_subject_task(c)) {
		cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)dst));
		cgc_emit(c, bi_mov64_imm(2, (int32_t)n));
		cgc_emit(c, bi_call(BPF_FUNC_get_current_comm));   /* pads with zeros */
		return;
	}
	cgc_need_task(c, NULL);
	/* bpf_probe_read_kernel_str stops at the NUL: the rest is zeroed first, so the bytes
	 * are the same as bpf_get_current_comm's (an aggregation key compares them all) */
	cgc_zero_scratch(c, dst, n);
	cgc_emit(c, bi_mov64_reg(3, 0));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, c->off_comm));
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)dst));
	cgc_emit(c, bi_mov64_imm(2, (int32_t)n));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel_str));
}

/* The offset of the thread's %fs base in task_struct (thread.fsbase), for TLS arguments. */
void cgc_need_fsbase(struct cgc *c)
{
	const struct kbtf_offsets *o = kbtf_offsets();
	if (o->task_thread >= 0 && o->thread_fsbase >= 0)
		c->off_fsbase = o->task_thread + o->thread_fsbase;
	if (c->off_fsbase < 0)
		cgc_fail(c, NULL, "USDT arguments in thread-local storage need the kernel's BTF "
			 "(/sys/kernel/btf/vmlinux) to find a thread's %%fs base, and it is not available");
}

/* *(size *)(R0 + off) from kernel memory into scratch tmp; R0 = the value. */
void cgc_kread(struct cgc *c, uint32_t tmp, int off, int size)
{
	cgc_emit(c, bi_mov64_reg(3, 0));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, off));
	cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)tmp, 0));
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)tmp));
	cgc_emit(c, bi_mov64_imm(2, size));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel));
	cgc_emit(c, bi_ldx(cgc_bpf_size(size), 0, CG_R_SCRATCH, (int16_t)tmp));
}

/* R0 = pid, tid, uid or gid of the task in R0 (the probe's subject thread). */
static void subject_id(struct cgc *c, struct dnode *n, int b)
{
	cgc_need_task(c, n);
	if (b == DB_PID || b == DB_TID) {
		cgc_task_read(c, b == DB_PID ? c->off_tgid : c->off_pid, 4);
		return;
	}
	cgc_task_read(c, c->off_cred, 8);
	cgc_task_read(c, b == DB_UID ? c->off_cred_uid : c->off_cred_gid, 4);
}

void cgc_builtin_int(struct cgc *c, struct dnode *n)
{
	int b = n->builtin;

	if (b >= DB_ARG0 && b <= DB_ARG9) {
		builtin_arg(c, n, b - DB_ARG0);
		return;
	}
	switch (b) {
	case DB_ARGS:
		if (!n->args->isconst)
			cgc_fail(c, n, "args[ ] index must be a constant");
		builtin_arg(c, n, (int)n->args->cval);
		cgc_norm(c, 0, n->type);
		return;
	case DB_CPU:
		cgc_emit(c, bi_call(BPF_FUNC_get_smp_processor_id));
		return;
	case DB_LGRP:
		cgc_emit(c, bi_call(BPF_FUNC_get_numa_node_id));
		return;
	case DB_CHIP:
		emit_chip(c);
		return;
	case DB_PSET:
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	case DB_IPL:
		illegal_op(c);
		return;
	case DB_EPID:
		if (cgc_probe_at_run_time(c) && c->probe->prov->cg_epid)
			c->probe->prov->cg_epid(c, 0, (uint32_t)cgc_current_epid(c));
		else
			cgc_emit(c, bi_mov64_imm(0, cgc_current_epid(c)));
		return;
	case DB_ID:
		if (cgc_probe_at_run_time(c) && c->probe->prov->cg_probe_id)
			c->probe->prov->cg_probe_id(c);
		else
			cgc_mov_imm64(c, 0, c->probe->id);
		return;
	case DB_ERRNO:
		/* dtrace's errno is the failing system call's error: the syscall provider's return
		 * probes give it. No source at a uprobe, which cannot see the last call's. */
		if (c->probe->prov->cg_errno)
			c->probe->prov->cg_errno(c);
		else
			cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	case DB_UID: case DB_GID: case DB_PID: case DB_TID:
		if (cgc_subject_task(c)) {
			subject_id(c, n, b);
			return;
		}
		break;
	}
	switch (b) {
	case DB_UID: case DB_GID:
		cgc_emit(c, bi_call(BPF_FUNC_get_current_uid_gid));
		if (b == DB_GID)
			cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 32));
		else
			cgc_emit(c, bi_mov32_reg(0, 0));
		return;
	case DB_PID: case DB_TID:
		cgc_emit(c, bi_call(BPF_FUNC_get_current_pid_tgid));
		if (b == DB_PID)
			cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 32));
		else
			cgc_emit(c, bi_mov32_reg(0, 0));
		return;
	case DB_PPID: {
		cgc_need_btf(c, n, false);
		uint32_t tmp = cgs_scratch_alloc(&c->g, 8);
		cgc_task(c);
		cgc_kread(c, tmp, c->off_real_parent, 8);
		cgc_kread(c, tmp, c->off_tgid, 4);
		cgc_norm(c, 0, c->ck->prog->types->t_int);
		return;
	}
	case DB_TIMESTAMP: {
		/* Read once per firing (CGC_TSTAMP), as dtrace caches it: two reads in one clause,
		 * or in two clauses of one probe, are equal. */
		int have = bpb_label_new(&c->buf);
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, CGC_TSTAMP));
		bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, have);
		cgc_emit(c, bi_call(BPF_FUNC_ktime_get_ns));
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, CGC_TSTAMP));
		bpb_label_place(&c->buf, have);
		return;
	}
	case DB_VTIMESTAMP: {
		/* in BEGIN, END and ERROR: the tracer's thread, which runs them, as the Guide's
		 * "the current thread" reads (DTrace for Linux faults there, an illegal operation:
		 * its own tests mark that as vtimestamp support it still lacks) */
		cgc_need_btf(c, n, true);
		uint32_t tmp = cgs_scratch_alloc(&c->g, 8);
		cgc_task(c);
		cgc_kread(c, tmp, c->off_se + c->off_sum_exec, 8);
		return;
	}
	case DB_WALLTIMESTAMP:
		cgc_emit(c, bi_call(BPF_FUNC_ktime_get_boot_ns));
		cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_GLOBALS,
				   (int16_t)offsetof(struct dobj_state, walltime_offset)));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 1));
		return;
	case DB_UCALLER: {
		if (cgc_probe_flags(c) & (PROV_F_INTERRUPT | PROV_F_KERNEL)) {
			/* A sample lands anywhere in a function, so the word at the stack pointer
			 * means nothing. dtrace's ucaller is the second entry of the user stack it
			 * walks (dtrace_getupcstack: pc, then the callers); ours is the second
			 * frame of ustack()'s walk, from the thread's user registers. Fewer than
			 * two frames (a kernel thread, no frame): 0. */
			user_second_frame(c);
			return;
		}
		/* at a function's entry the return address is the word at the stack pointer */
		uint32_t tmp = cgs_scratch_alloc(&c->g, 8);
		int16_t slot = cgc_slot_push(c);
		user_reg(c, PTREGS_SP);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, slot));
		cgs_load_ptr(&c->g, tmp, slot, 8);
		cgc_slot_pop(c);
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)tmp));
		return;
	}
	case DB_USTACKDEPTH: {
		/* the frames of the CFI walk ustack() records (cg_ustack.c), up to 127 */
		uint32_t tmp = cgs_scratch_alloc(&c->g, 127 * 8);
		cgc_ustack_walk(c, tmp, 127, false);
		return;
	}
	case DB_CURTHREAD:
		cgc_task(c);
		return;
	case DB_CURTASK:
		cgc_emit(c, bi_call(BPF_FUNC_get_current_task));
		return;
	case DB_STACKDEPTH: case DB_CALLER:
		/* dtrace's kernel stack under the probe. A probe taken in user mode (a uprobe) or
		 * fired by the tracer itself (BEGIN, END, ERROR) has none: its kernel frames are
		 * the probe machinery's, so both are 0, as dtrace's are in BEGIN (cgc_kstack_get) */
		if (b == DB_STACKDEPTH)
			stack_depth(c);
		else
			second_frame(c);
		return;
	case DB_UREGS: {
		if (!n->args->isconst)
			cgc_fail(c, n, "uregs[ ] index must be a constant");
		int off = dck_ureg_ptregs_offset(n->args->cval);
		int mem = dck_ureg_thread_member(n->args->cval);
		if (off >= 0) {
			user_reg(c, (int16_t)off);
		} else if (mem >= 0) {
			/* what pt_regs does not hold, DTrace for Linux reads from the current
			 * thread's task_struct.thread: ds, es, fsbase, gsbase, trap_nr */
			const struct kbtf_offsets *o = kbtf_offsets();
			int size = o->thread_ureg_size[mem];
			if (o->task_thread < 0 || o->thread_ureg[mem] < 0 ||
			    (size != 1 && size != 2 && size != 4 && size != 8))
				cgc_fail(c, n, "uregs[%lld] needs the kernel's BTF (struct "
					 "thread_struct), and it is not available",
					 (long long)n->args->cval);
			uint32_t tmp = cgs_scratch_alloc(&c->g, 8);
			cgc_emit(c, bi_call(BPF_FUNC_get_current_task));
			cgc_kread(c, tmp, o->task_thread + o->thread_ureg[mem], size);
		} else {
			illegal_op(c);   /* unreachable: the checker bounds the index */
		}
		return;
	}
	}
	cgc_fail(c, n, "built-in variable %s is not an integer",
		 dbuiltin_name((enum dbuiltin)b) ? dbuiltin_name((enum dbuiltin)b) : "?");
}
