/* cg_ustack.c — user stacks and user symbols in the generated code: ustack()/jstack() and
 * uaddr()/usym()/ufunc()/umod(), as actions (a value in the clause's record) and as whole
 * aggregation keys.
 *
 * Both record the same bytes, the layout dtrace's records have: the pid (the thread group id,
 * 8 bytes), then either the frames of the user stack or the address given. The frames come
 * from bpf_get_stack(BPF_F_USER_STACK), which the kernel unwinds by frame pointers from the
 * user registers: the probe's registers for uprobes and clock samples (or the thread's user
 * registers when a sample hit the kernel); in BEGIN/END/ERROR, which the tracer runs in its
 * own bpf() call, the tracer's own stack, as dtrace's BEGIN sees dtrace's (its ioctl). The
 * helper zeroes what it does not fill, so a stack ends at the first 0 and equal stacks give
 * equal keys. Nothing is symbolized here: the tracer does it (usym.h).
 *
 * The kernel's stack(), sym(), func() and mod() record the same layout with the pid
 * USYM_KERNEL_PID in place of the process's (usym.h symbolizes that from /proc/kallsyms) and,
 * for stack(), the kernel frames bpf_get_stack walks from the probe's kernel context. */
#include <string.h>

#include "agg.h"
#include "cg_clause.h"
#include "dcheck.h"
#include "usym.h"

static bool is_kernel(const struct dnode *call)
{
	return call->subr >= DS_STACK && call->subr <= DS_MOD;
}

/* The kernel walks at most perf_event_max_stack frames (127 unless raised). */
#define MAX_FRAMES 127

static uint32_t frames_of(struct cgc *c, const struct dnode *call)
{
	int64_t n;
	if (call->args && call->args->isconst)
		n = call->args->cval;
	else if (call->subr == DS_JSTACK)
		n = c->in->opts ? c->in->opts->jstackframes : 50;
	else if (call->subr == DS_STACK)
		n = c->in->opts ? c->in->opts->stackframes : 20;
	else
		n = c->in->opts ? c->in->opts->ustackframes : 20;
	if (n < 1)
		n = 1;
	return n > MAX_FRAMES ? MAX_FRAMES : (uint32_t)n;
}

/* R0 = the current thread group id (the pid), or for the kernel's USYM_KERNEL_PID, stored at
 * off. */
static void store_pid(struct cgc *c, uint32_t off, bool rec, bool kernel)
{
	if (kernel) {
		cgc_emit(c, bi_mov64_imm(0, USYM_KERNEL_PID));
	} else {
		cgc_emit(c, bi_call(BPF_FUNC_get_current_pid_tgid));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 32));
	}
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)off));
	if (rec)
		cgc_patch_here(c, CGC_PATCH_REC_OFF);
}

/* pid at off, then nframes user (or kernel) frames (zero-filled beyond the stack's end). */
static void emit_stack(struct cgc *c, uint32_t off, uint32_t nframes, bool rec, bool kernel)
{
	store_pid(c, off, rec, kernel);
	cgc_emit(c, bi_mov64_reg(1, CG_R_CTX));
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, (int32_t)(off + 8)));
	if (rec)
		cgc_patch_here(c, CGC_PATCH_REC_IMM);
	cgc_emit(c, bi_mov64_imm(3, (int32_t)(nframes * 8)));
	cgc_emit(c, bi_mov64_imm(4, kernel ? 0 : BPF_F_USER_STACK));
	cgc_emit(c, bi_call(BPF_FUNC_get_stack));
}

/* pid at off, the address (the call's argument) after it. */
static void emit_addr(struct cgc *c, struct dnode *call, uint32_t off, bool rec)
{
	cgc_eval_int(c, call->args);
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(off + 8)));
	if (rec)
		cgc_patch_here(c, CGC_PATCH_REC_OFF);
	store_pid(c, off, rec, is_kernel(call));
}

void cgc_ustack_action(struct cgc *c, struct dnode *call)
{
	bool stack = call->subr == DS_USTACK || call->subr == DS_JSTACK || call->subr == DS_STACK;
	enum dobj_act_kind kind = stack ? DOBJ_ACT_USTACK :
				  call->subr == DS_UADDR ? DOBJ_ACT_UADDR :
				  call->subr == DS_UMOD || call->subr == DS_MOD ? DOBJ_ACT_UMOD
										: DOBJ_ACT_USYM;
	uint32_t size = stack ? 8 + 8 * frames_of(c, call) : 16;
	struct dobj_val *v = cgc_new_action(c, kind, 1)->vals;

	v->off = cgc_rec_alloc(c, size, 8);
	v->size = size;
	v->kind = DOBJ_V_BYTES;
	v->argtype = (struct dfmt_argtype){ stack ? DFMT_ARG_STACK : DFMT_ARG_USYMADDR, size,
					    false, stack ? "stack" : "_usymaddr" };
	if (stack)
		emit_stack(c, v->off, size / 8 - 1, true, is_kernel(call));
	else
		emit_addr(c, call, v->off, true);
}

static bool key_of(struct cgc *c, const struct dnode *k, struct agg_keydesc *kd)
{
	memset(kd, 0, sizeof(*kd));
	if (!dck_is_ukey(k))
		return false;
	switch (k->subr) {
	case DS_USTACK: case DS_JSTACK: case DS_STACK:
		kd->kind = AGG_KEY_STACK;
		kd->size = 8 + 8 * frames_of(c, k);
		break;
	case DS_UADDR:
		kd->kind = AGG_KEY_UADDR;
		kd->size = 16;
		break;
	case DS_UMOD: case DS_MOD:
		kd->kind = AGG_KEY_UMOD;
		kd->size = 16;
		break;
	default:
		kd->kind = AGG_KEY_USYM;
		kd->size = 16;
		break;
	}
	return true;
}

bool cgc_ustack_key_desc(struct cgc *c, const struct dck_agg *a, int idx, struct agg_keydesc *kd)
{
	bool seen = false, is = false;
	for (struct dnode *n = c->ck->prog->pool.all; n; n = n->pool_next) {
		struct dnode *k;
		if (!cgc_agg_update_key(n, a, idx, &k) || !k)
			continue;
		struct agg_keydesc this;
		bool u = key_of(c, k, &this);
		if (!seen) {
			seen = true;
			is = u;
			*kd = this;
		} else if (u != is || (u && (this.kind != kd->kind || this.size != kd->size))) {
			/* one map key layout per aggregation: ustack(5) and ustack(10), or usym()
			 * and a plain address, cannot share a key position */
			cgc_fail(c, n, "@%s: key #%d must be the same kind of user stack or symbol "
				 "(and the same number of frames) in every use", a->name, idx + 1);
		}
	}
	return is;
}

void cgc_ustack_key(struct cgc *c, struct dnode *call, uint32_t off, const struct agg_keydesc *kd)
{
	if (kd->kind == AGG_KEY_STACK)
		emit_stack(c, off, kd->size / 8 - 1, false, is_kernel(call));
	else
		emit_addr(c, call, off, false);
}
