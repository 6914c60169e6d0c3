/* drec.c — see drec.h. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "drec.h"
#include "usym.h"

uint64_t drec_read_uint(const unsigned char *p, unsigned size)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;
	switch (size) {
	case 1: memcpy(&u8, p, 1); return u8;
	case 2: memcpy(&u16, p, 2); return u16;
	case 4: memcpy(&u32, p, 4); return u32;
	default: memcpy(&u64, p, 8); return u64;
	}
}

static double read_float(const unsigned char *p, unsigned size)
{
	if (size == 4) {
		float f;
		memcpy(&f, p, 4);
		return f;
	}
	if (size == 16) {
		long double ld;
		memcpy(&ld, p, sizeof(ld) < 16 ? sizeof(ld) : 16);
		return (double)ld;
	}
	double d;
	memcpy(&d, p, 8);
	return d;
}

bool drec_action_outputs(const struct dobj_action *a)
{
	switch (a->kind) {
	case DOBJ_ACT_TRACE:
	case DOBJ_ACT_PRINTF:
	case DOBJ_ACT_TRACEMEM:
	case DOBJ_ACT_PRINT:
	case DOBJ_ACT_USTACK:
	case DOBJ_ACT_UADDR:
	case DOBJ_ACT_USYM:
	case DOBJ_ACT_UMOD:
	case DOBJ_ACT_PRINTA:
	case DOBJ_ACT_PCAP:
		return true;
	default:
		return false;
	}
}

void drec_frame(uint64_t addr, bool known, const struct dfmt_sym *s, struct dframe *f)
{
	f->addr = addr;
	f->module = known ? s->module : NULL;
	f->function = f->module ? s->func : NULL;
	f->offset = f->function && addr > s->func_addr ? addr - s->func_addr : 0;
	f->noresolve = f->module && s->noresolve;
	f->map_start = s->map_start;
}

void drec_frame_str(const struct dframe *f, struct strbuf *out)
{
	struct dfmt_sym s = { f->module, f->function, f->addr - f->offset, f->noresolve,
			      f->map_start };
	dfmt_sym_text(&s, f->addr, out);
}

/* A stack's frames up to the first 0 pc (n pcs at p, unaligned). */
static void decode_frames(const unsigned char *p, size_t n, int64_t pid, bool by_pid,
			  const struct drec_syms *syms, struct dval *v)
{
	v->kind = DV_STACK;
	v->pid = pid;
	v->frames = xcalloc(n ? n : 1, sizeof(*v->frames));
	for (size_t i = 0; i < n; i++) {
		uint64_t pc;
		memcpy(&pc, p + i * 8, 8);
		if (pc == 0)
			break;
		struct dfmt_sym s = { 0 };
		bool known;
		if (by_pid)
			known = syms && syms->sym && syms->sym(syms->arg, pid, pc, &s);
		else
			known = syms && syms->printf_sym && syms->printf_sym(syms->printf_arg, pc, &s);
		drec_frame(pc, known, &s, &v->frames[v->nframes++]);
	}
}

/* One recorded value (printf's argument or trace()'s). */
static void decode_val(const struct dobj_val *dv, const unsigned char *rec,
		       const struct drec_syms *syms, struct dval *v)
{
	const unsigned char *p = rec + dv->off;
	v->type = dv->argtype.name;
	v->size = dv->size;
	v->is_signed = dv->is_signed;
	switch (dv->kind) {
	case DOBJ_V_INT:
		v->kind = DV_INT;
		v->u = drec_read_uint(p, dv->size);
		break;
	case DOBJ_V_FLOAT:
		v->kind = DV_FLOAT;
		v->d = read_float(p, dv->size);
		break;
	case DOBJ_V_STRING:
		v->kind = DV_STRING;
		v->p = p;
		v->len = strnlen((const char *)p, dv->size);
		break;
	case DOBJ_V_BYTES:
		v->kind = DV_BYTES;
		v->p = p;
		v->len = dv->size;
		break;
	}
	if (dv->argtype.cls == DFMT_ARG_STACK && (dv->kind == DOBJ_V_STRING || dv->kind == DOBJ_V_BYTES))
		decode_frames(p, dv->size / 8, 0, false, syms, v);
}

/* printf's values as dfmt_format takes them (stacks copied so their words are aligned). */
static void printf_values(const struct dobj_action *a, const unsigned char *rec, struct ditem *it)
{
	size_t words = 0;
	for (size_t i = 0; i < a->nvals; i++)
		if (a->vals[i].argtype.cls == DFMT_ARG_STACK && a->vals[i].kind != DOBJ_V_INT &&
		    a->vals[i].kind != DOBJ_V_FLOAT)
			words += a->vals[i].size / 8;
	it->fvals = xcalloc(a->nvals ? a->nvals : 1, sizeof(*it->fvals));
	it->stackbuf = words ? xcalloc(words, 8) : NULL;
	uint64_t *next = it->stackbuf;
	for (size_t i = 0; i < a->nvals; i++) {
		const struct dobj_val *dv = &a->vals[i];
		const struct dval *v = &it->vals[i];
		struct dfmt_value *f = &it->fvals[i];
		f->size = dv->size;
		f->is_signed = dv->is_signed;
		switch (dv->kind) {
		case DOBJ_V_INT:
			f->kind = DFMT_V_INT;
			f->u.u = v->u;
			break;
		case DOBJ_V_FLOAT:
			f->kind = DFMT_V_FLOAT;
			f->u.d = v->d;
			break;
		case DOBJ_V_STRING:
		case DOBJ_V_BYTES:
			if (dv->argtype.cls == DFMT_ARG_STACK) {
				size_t n = dv->size / 8;
				memcpy(next, rec + dv->off, n * 8);
				f->kind = DFMT_V_STACK;
				f->u.stack.pcs = next;
				f->u.stack.n = n;
				next += n;
			} else {
				f->kind = DFMT_V_STRING;
				f->u.s.p = (const char *)rec + dv->off;
				f->u.s.len = dv->size;
			}
			break;
		}
	}
}

/* ustack()/uaddr()/usym()/umod(): the pid (u64), then the frames or the address. */
static void decode_usym(const struct dobj_action *a, const unsigned char *rec,
			const struct drec_syms *syms, struct ditem *it)
{
	const struct dobj_val *dv = &a->vals[0];
	struct dval *v = &it->vals[0];
	const unsigned char *p = rec + dv->off;
	uint64_t pid, addr;
	memcpy(&pid, p, 8);
	v->pid = (int64_t)pid;
	if (a->kind == DOBJ_ACT_USTACK) {
		it->kind = DI_STACK;
		/* the pid is recorded as a u64: the kernel's USYM_KERNEL_PID is its low 32 bits'
		 * -1 only when read as a pid_t, as trace_usym always has read it */
		decode_frames(p + 8, (dv->size - 8) / 8, (int64_t)(pid_t)pid, true, syms, v);
		v->pid = (int64_t)(pid_t)pid;
		return;
	}
	memcpy(&addr, p + 8, 8);
	v->kind = DV_SYM;
	v->pid = (int64_t)(pid_t)pid;
	v->frames = xcalloc(1, sizeof(*v->frames));
	v->nframes = 1;
	struct dfmt_sym s = { 0 };
	bool known = syms && syms->sym && syms->sym(syms->arg, v->pid, addr, &s);
	if (a->kind == DOBJ_ACT_USYM && known && s.module && s.func)
		addr = s.func_addr;
	drec_frame(addr, known, &s, &v->frames[0]);
	if (a->kind == DOBJ_ACT_UMOD) {
		v->frames[0].function = NULL;
		v->frames[0].offset = 0;
	}
	it->kind = a->kind == DOBJ_ACT_UADDR ? DI_UADDR : a->kind == DOBJ_ACT_USYM ? DI_USYM : DI_UMOD;
}

void drec_decode_action(const struct dobj_action *a, const unsigned char *rec,
			const struct drec_syms *syms, struct ditem *it)
{
	memset(it, 0, sizeof(*it));
	it->act = a;
	it->nvals = a->nvals;
	it->vals = xcalloc(a->nvals ? a->nvals : 1, sizeof(*it->vals));
	switch (a->kind) {
	case DOBJ_ACT_TRACE:
		it->kind = DI_TRACE;
		if (a->nvals)
			decode_val(&a->vals[0], rec, syms, &it->vals[0]);
		it->nvals = a->nvals ? 1 : 0;
		break;
	case DOBJ_ACT_TRACEMEM:
		it->kind = DI_TRACEMEM;
		if (!a->nvals)
			break;
		it->vals[0].kind = DV_BYTES;
		it->vals[0].p = rec + a->vals[0].off;
		it->vals[0].len = a->vals[0].size;
		if (a->nvals > 1) {
			int64_t dyn = (int64_t)drec_read_uint(rec + a->vals[1].off, 8);
			if (dyn >= 0 && (uint64_t)dyn < it->vals[0].len)
				it->vals[0].len = (size_t)dyn;
		}
		it->nvals = 1;
		break;
	case DOBJ_ACT_PCAP: {
		it->kind = DI_PCAP;
		if (a->nvals < 4)
			break;
		for (int i = 0; i < 2; i++) {
			const struct dobj_val *v = &a->vals[i ? 2 : 0];
			it->vals[i].kind = DV_INT;
			it->vals[i].type = v->argtype.name;
			it->vals[i].size = v->size;
			it->vals[i].is_signed = v->is_signed;
			it->vals[i].u = drec_read_uint(rec + v->off, v->size);
		}
		/* the bytes captured, never more than the record holds */
		uint64_t n = drec_read_uint(rec + a->vals[1].off, 4);
		it->vals[2].kind = DV_BYTES;
		it->vals[2].p = rec + a->vals[3].off;
		it->vals[2].len = n < a->vals[3].size ? (size_t)n : a->vals[3].size;
		it->nvals = 3;
		break;
	}
	case DOBJ_ACT_PRINTF:
	case DOBJ_ACT_SYSTEM:
	case DOBJ_ACT_FREOPEN:
		it->kind = DI_PRINTF;
		for (size_t i = 0; i < a->nvals; i++)
			decode_val(&a->vals[i], rec, syms, &it->vals[i]);
		printf_values(a, rec, it);
		break;
	case DOBJ_ACT_PRINT:
		it->kind = DI_PRINT;
		it->ptype = a->ptype;
		if (a->nvals == 2) {
			it->is_ptr = true;
			it->addr = drec_read_uint(rec + a->vals[0].off, 8);
			it->vals[0].kind = DV_BYTES;
			it->vals[0].p = rec + a->vals[1].off;
			it->vals[0].len = a->vals[1].size;
			it->nvals = 1;
		} else if (a->nvals) {
			it->vals[0].kind = DV_BYTES;
			it->vals[0].p = rec + a->vals[0].off;
			it->vals[0].len = a->vals[0].size;
			it->nvals = 1;
		}
		break;
	case DOBJ_ACT_USTACK:
	case DOBJ_ACT_UADDR:
	case DOBJ_ACT_USYM:
	case DOBJ_ACT_UMOD:
		it->kind = a->kind == DOBJ_ACT_USTACK ? DI_STACK : DI_UADDR;
		if (a->nvals == 0 || a->vals[0].size < 16) {
			it->nvals = 0;
			break;
		}
		it->nvals = 1;
		decode_usym(a, rec, syms, it);
		break;
	default:
		it->nvals = 0;
		break;
	}
}

void ditem_free(struct ditem *it)
{
	for (size_t i = 0; it->vals && i < it->nvals; i++)
		free(it->vals[i].frames);
	free(it->vals);
	free(it->fvals);
	free(it->stackbuf);
	memset(it, 0, sizeof(*it));
}
