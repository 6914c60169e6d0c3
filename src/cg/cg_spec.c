/* cg_spec.c — speculations in BPF: speculation(), speculate(), commit(), discard() and the
 * speculative send of a clause's record.
 *
 * Division of labour (the tracer's half is spec_buf.c): BPF allocates speculation ids and
 * accounts their size; user space holds their data. Each speculation id has a state word in the
 * "spec" array map (layout in dobj.h) changed only by compare-and-exchange, so CPUs racing for
 * one id cannot both win. A speculative record goes through the ring buffer like any other,
 * marked (DOBJ_EPID_SPEC) and tagged with (id, generation); commit() and discard() send a
 * struct dobj_rec_spec. The ring buffer keeps the order records were reserved in across CPUs,
 * so the tracer sees a speculation's data before its commit, and a reused id's new data after.
 *
 * The states are those the Dynamic Tracing Guide ("Committing a Speculation") implies for a
 * tracer that copies committed data out itself, and DTrace for Linux's (bpf/speculation.c):
 *   speculation()  INACTIVE -> ACTIVE (generation + 1); none free: a failed speculation,
 *                  "busy" if some id is BUSY, else "unavailable"
 *   speculate(id)  ACTIVE: the clause's record is speculative; INACTIVE or BUSY: the clause
 *                  stops silently (dtrace's CPU_DTRACE_DROP), as it does for id 0 and ids above
 *                  nspec; no room in specsize: a speculative drop
 *   commit(id), discard(id)  ACTIVE -> BUSY, and a commit/discard record; the tracer writes
 *                  INACTIVE when it has consumed the record: a committing buffer is not
 *                  available to speculation() until its data is copied out (the Guide), and the
 *                  copy is the tracer's. So a speculation() in the same firing fails, "busy",
 *                  as in DTrace for Linux. INACTIVE or BUSY: nothing (the Guide: they "silently
 *                  fail").
 *   commit/discard of an id above nspec: an "illegal operation" fault, as in dtrace.
 * Sizes: dtrace gives each speculation specsize bytes per CPU; so do we, in the per-CPU
 * "spec_used" map ({generation, bytes}: a stale generation means empty). A record is accounted
 * when speculate() runs, at what dtrace counts for the clause's record (spec_cost). */
#include <string.h>

#include "cg_clause.h"

#define SPEC_NSPEC_MAX 256    /* speculation() scans every id and the verifier walks the scan:
                               * measured, one call loads with nspec=512 and not with 1024 */

static uint32_t nspec_of(const struct cgc *c)
{
	int64_t n = c->in->opts ? c->in->opts->nspec : 1;
	return n < 1 ? 1 : (uint32_t)n;
}

static bool node_uses_spec(const struct dnode *n)
{
	if (!n)
		return false;
	if (n->kind == DN_CALL && (n->subr == DS_SPECULATION || n->subr == DS_SPECULATE ||
				   n->subr == DS_COMMIT || n->subr == DS_DISCARD))
		return true;
	return false;
}

void cgc_spec_setup(struct cgc *c)
{
	bool used = false;

	c->m_spec = c->m_spec_used = -1;
	c->spec_size_ecb = -1;
	for (struct dnode *n = c->ck->prog->pool.all; n && !used; n = n->pool_next)
		used = node_uses_spec(n);
	if (!used)
		return;
	uint32_t nspec = nspec_of(c);
	if (nspec > SPEC_NSPEC_MAX)
		cgc_fail(c, NULL, "nspec %u is not supported: use 1 to %u speculations", nspec,
			 SPEC_NSPEC_MAX);
	c->m_spec = cgc_add_map(c, "spec", BPF_SYS_MAP_ARRAY, 4, 8, nspec + 1);
	c->m_spec_used = cgc_add_map(c, "spec_used", BPF_SYS_MAP_PERCPU_ARRAY, 4, 16, nspec + 1);
	c->o->spec_map = c->m_spec;
	c->o->nspec = nspec;
}

static bool body_has_speculate(const struct dnode *n)
{
	if (!n)
		return false;
	switch (n->kind) {
	case DN_EXPR_STMT:
		return n->lhs && n->lhs->kind == DN_CALL && n->lhs->subr == DS_SPECULATE;
	case DN_IF:
		return body_has_speculate(n->lhs) || body_has_speculate(n->rhs);
	case DN_BLOCK:
		for (const struct dnode *s = n->args; s; s = s->next)
			if (body_has_speculate(s))
				return true;
		return false;
	default:
		return false;
	}
}

bool cgc_spec_clause_speculates(const struct dnode *cl)
{
	return body_has_speculate(cl->body);
}

void cgc_spec_clause_begin(struct cgc *c, struct dnode *cl)
{
	c->spec_clause = body_has_speculate(cl->body);
	c->spec_size_ecb = -1;
	if (c->spec_clause)
		cgc_emit(c, bi_st(BPF_DW, 10, CGC_SPEC, 0));
}

/* What a speculative record of `size` bytes (our header included) takes of specsize: what
 * DTrace for Linux's consumer counts for it (dt_consume.c, dt_consume_one_probe: a record is
 * dropped when the speculation's bytes plus its size would pass specsize), the perf sample's
 * size, which is its 16 bytes of header (size, specid, probe and statement ids) and the data,
 * rounded up to 8; our header is 8 bytes. Measured with dtrace -x specsize=N: printf("x\n")
 * takes 16 (specsize=32 holds two), trace(1) 24 (specsize=48 holds two). */
static uint32_t spec_cost(uint32_t size)
{
	return (size + 8 + 7) & ~7u;
}

/* The bytes DTrace for Linux records for an action where ours records nothing: printa(),
 * clear(), denormalize() and trunc() without a count hold the aggregation's 4-byte id in
 * dtrace's record (dtrace -x specsize=N with three clauses of speculate(s); printa(@c);
 * keeps one at 24, two at 48, three at 72: 24 each, as a trace(1); speculate(s);
 * printa(@c); trace(71); takes 24 too: the id and the int share a word). */
static uint32_t dtrace_agg_id_bytes(const struct dobj_action *a)
{
	switch (a->kind) {
	case DOBJ_ACT_PRINTA:
	case DOBJ_ACT_CLEAR:
	case DOBJ_ACT_DENORMALIZE:
		return 4;
	case DOBJ_ACT_TRUNC:
		return a->nvals ? 0 : 4;
	default:
		return 0;
	}
}

/* setopt() in dtrace's record: an 8-byte word and each string argument at strsize (one
 * argument: 280 bytes each, two: 536, with strsize 256), where ours holds only the strings
 * known at run time; the bytes beyond ours. */
static uint32_t dtrace_setopt_extra(const struct cgc *c, const struct dobj_action *a)
{
	uint64_t strsize = c->in->opts ? c->in->opts->strsize : 256;
	uint64_t nargs = a->opt ? (a->optval ? 2 : 1) : a->nvals, ours = 0;
	for (size_t i = 0; i < a->nvals; i++)
		ours += a->vals[i].size;
	uint64_t theirs = 8 + nargs * strsize;
	return theirs > ours ? (uint32_t)(theirs - ours) : 0;
}

static uint32_t align_up(uint32_t off, uint32_t align)
{
	return (off + align - 1) & ~(align - 1);
}

/* The size of an ecb's record as dtrace lays out the same actions, in our terms (an 8-byte
 * header; spec_cost adds the 8 more of dtrace's and rounds): our record's size when no
 * action records an aggregation id, else the values laid out again in order with the ids
 * among them, each at its natural alignment (integers and floats their size up to 8,
 * strings and bytes 1). */
static uint32_t dtrace_rec_size(const struct cgc *c, const struct dobj_ecb *e)
{
	uint32_t extra = 0;
	bool ids = false;
	for (size_t i = 0; i < e->nacts; i++) {
		ids |= dtrace_agg_id_bytes(&e->acts[i]) > 0;
		if (e->acts[i].kind == DOBJ_ACT_SETOPT)
			extra += dtrace_setopt_extra(c, &e->acts[i]);
	}
	if (!ids)
		return e->size + extra;
	uint32_t end = 8;
	for (size_t i = 0; i < e->nacts; i++) {
		const struct dobj_action *a = &e->acts[i];
		if (dtrace_agg_id_bytes(a))
			end = align_up(end, 4) + dtrace_agg_id_bytes(a);
		for (size_t j = 0; j < a->nvals; j++) {
			const struct dobj_val *v = &a->vals[j];
			uint32_t al = 1;
			if (v->kind == DOBJ_V_INT || v->kind == DOBJ_V_FLOAT)
				al = v->size < 8 ? v->size : 8;
			end = align_up(end, al ? al : 1) + v->size;
		}
	}
	return end + extra;
}

void cgc_spec_clause_end(struct cgc *c)
{
	if (c->spec_size_ecb >= 0) {
		uint32_t size = dtrace_rec_size(c, &c->o->ecbs[c->spec_size_ecb]);
		uint64_t specsize = c->in->opts ? c->in->opts->specsize : (32u << 10);
		c->buf.insns[c->spec_size_at].imm = (int32_t)spec_cost(size);
		/* dtrace's BPF code checks each value it stores against specsize at the value's
		 * end (16-byte header before the data): a value that cannot fit even in an empty
		 * buffer stops the clause there (dt_cg.c, dt_cg_store_val) */
		c->buf.insns[c->spec_alone_at].imm = size > 8 && size + 8 > specsize;
	}
	c->spec_size_ecb = -1;
	c->spec_clause = false;
}

uint32_t cgc_spec_rec_extra(const struct cgc *c)
{
	return c->spec_clause ? (uint32_t)sizeof(struct dobj_spec_tag) : 0;
}

int cgc_spec_send(struct cgc *c, uint32_t epid, uint32_t size)
{
	int normal = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	int sent = bpb_label_new(&c->buf);

	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_SPEC));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 1, 0, normal);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 1, CGC_SPEC_DROPPED, done);
	/* held: mark the epid, tag the speculation after the layout. A provider whose epids
	 * are numbered at run time (cg_epid: USDT and pid classes, one program for many ecbs)
	 * marks the run-time epid its record carries, not the template's: the consumer looks
	 * the marked epid up in the run-time table. A provider may number some programs at run
	 * time and not others (syscall: one program for many calls, or one per call). */
	if (cgc_probe_at_run_time(c) && c->probe->prov->cg_epid) {
		c->probe->prov->cg_epid(c, 2, epid); /* clobbers R0-R5: R1 is read again */
		cgc_emit(c, bi_alu64_imm(BPF_OR, 2, (int32_t)DOBJ_EPID_SPEC));
		cgc_emit(c, bi_stx(BPF_W, CG_R_SCRATCH, 2, 0));
		cgc_patch_here(c, CGC_PATCH_REC_OFF);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_SPEC));
	} else {
		cgc_emit(c, bi_st(BPF_W, CG_R_SCRATCH, 0, (int32_t)(epid | DOBJ_EPID_SPEC)));
		cgc_patch_here(c, CGC_PATCH_REC_OFF);
	}
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 1, (int16_t)size));
	cgc_patch_here(c, CGC_PATCH_REC_OFF);
	cgc_ld_map(c, 1, cgc_out_map(c));
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, 0));
	cgc_patch_here(c, CGC_PATCH_REC_IMM);
	cgc_emit(c, bi_mov64_imm(3, (int32_t)(size + sizeof(struct dobj_spec_tag))));
	cgc_emit(c, bi_mov64_imm(4, 0));
	cgc_emit(c, bi_call(BPF_FUNC_ringbuf_output));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, sent);
	cgc_count_drop(c, DOUT_DROP_PRINCIPAL);
	bpb_label_place(&c->buf, sent);
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, normal);
	return done;
}

/* R0 = the spec map value of the id in the u32 at fp + CGC_KEY, or jump to `none`. */
static void lookup_spec(struct cgc *c, int map, int none)
{
	cgc_lookup_key(c, map);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, none);
}

void cgc_spec_new(struct cgc *c)
{
	uint32_t nspec = c->o->nspec;
	int16_t s_i = cgc_slot_push(c), s_busy = cgc_slot_push(c);
	int loop = bpb_label_new(&c->buf), next = bpb_label_new(&c->buf);
	int fail = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	int got = bpb_label_new(&c->buf), unavail = bpb_label_new(&c->buf);

	cgc_emit(c, bi_st(BPF_DW, 10, s_i, 1));
	cgc_emit(c, bi_st(BPF_DW, 10, s_busy, 0));
	bpb_label_place(&c->buf, loop);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_i));
	bpb_jmp_imm(&c->buf, BPF_JGT, 1, (int32_t)nspec, fail);
	cgc_emit(c, bi_stx(BPF_W, 10, 1, CGC_KEY));
	lookup_spec(c, c->m_spec, next);
	cgc_emit(c, bi_ldx(BPF_DW, 2, 0, 0));           /* r2 = the state word */
	cgc_emit(c, bi_mov64_reg(3, 2));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 3, 0xff));
	int inactive = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 3, DOBJ_SPEC_INACTIVE, inactive);
	bpb_jmp_imm(&c->buf, BPF_JNE, 3, DOBJ_SPEC_BUSY, next);
	cgc_emit(c, bi_st(BPF_DW, 10, s_busy, 1));
	bpb_ja(&c->buf, next);
	bpb_label_place(&c->buf, inactive);
	/* new word: generation + 1, ACTIVE */
	cgc_emit(c, bi_mov64_reg(4, 2));
	cgc_emit(c, bi_alu64_imm(BPF_RSH, 4, 32));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 4, 1));
	cgc_emit(c, bi_alu64_imm(BPF_LSH, 4, 32));
	cgc_emit(c, bi_alu64_imm(BPF_OR, 4, DOBJ_SPEC_ACTIVE));
	cgc_emit(c, bi_mov64_reg(1, 0));
	cgc_emit(c, bi_mov64_reg(0, 2));
	cgc_emit(c, bi_atomic_cmpxchg(BPF_DW, 1, 4, 0));
	bpb_jmp_reg(&c->buf, BPF_JEQ, 0, 2, got);       /* lost the race: try the next id */
	bpb_label_place(&c->buf, next);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_i));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, 1));
	cgc_emit(c, bi_stx(BPF_DW, 10, 1, s_i));
	bpb_ja(&c->buf, loop);
	bpb_label_place(&c->buf, got);
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, s_i));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, fail);
	/* dtrace_speculation: "busy" if any buffer was still being committed or discarded */
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_busy));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 1, 0, unavail);
	cgc_count_drop(c, DOUT_DROP_SPECBUSY);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, unavail);
	cgc_count_drop(c, DOUT_DROP_SPECUNAVAIL);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, done);
	cgc_slot_pop(c);
	cgc_slot_pop(c);
}

/* R0 = the id argument as dtrace_specid_t (32 bits); 0 jumps to `zero`; ids above nspec jump to
 * `bad`; the id is left in the u32 at fp + CGC_KEY. */
static void spec_id_arg(struct cgc *c, struct dnode *call, int zero, int bad)
{
	cgc_eval_int(c, call->args);
	cgc_emit(c, bi_mov32_reg(0, 0));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, zero);
	bpb_jmp_imm(&c->buf, BPF_JGT, 0, (int32_t)c->o->nspec, bad);
	cgc_emit(c, bi_stx(BPF_W, 10, 0, CGC_KEY));
}

#define SPEC_TRIES 3   /* compare-and-exchange attempts before giving up on a contended word */

void cgc_spec_speculate(struct cgc *c, struct dnode *call)
{
	int drop = c->end_label;   /* dtrace: CPU_DTRACE_DROP ends the clause, silently */
	int16_t s_word = cgc_slot_push(c);
	int account = bpb_label_new(&c->buf);

	spec_id_arg(c, call, drop, drop);
	lookup_spec(c, c->m_spec, drop);
	cgc_emit(c, bi_ldx(BPF_DW, 2, 0, 0));
	cgc_emit(c, bi_stx(BPF_DW, 10, 2, s_word));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 2, 0xff));
	bpb_jmp_imm(&c->buf, BPF_JNE, 2, DOBJ_SPEC_ACTIVE, drop);   /* INACTIVE, BUSY */
	/* the ticket: generation << 32 | id */
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_word));
	cgc_emit(c, bi_alu64_imm(BPF_RSH, 1, 32));
	cgc_emit(c, bi_alu64_imm(BPF_LSH, 1, 32));
	cgc_emit(c, bi_ldx(BPF_W, 2, 10, CGC_KEY));
	cgc_emit(c, bi_alu64_reg(BPF_OR, 1, 2));
	cgc_emit(c, bi_stx(BPF_DW, 10, 1, CGC_SPEC));
	/* this CPU's share of specsize: {generation, bytes used} */
	lookup_spec(c, c->m_spec_used, drop);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_SPEC));
	cgc_emit(c, bi_alu64_imm(BPF_RSH, 1, 32));
	cgc_emit(c, bi_ldx(BPF_W, 2, 0, 0));
	bpb_jmp_reg(&c->buf, BPF_JEQ, 1, 2, account);
	cgc_emit(c, bi_stx(BPF_W, 0, 1, 0));
	cgc_emit(c, bi_st(BPF_DW, 0, 8, 0));
	bpb_label_place(&c->buf, account);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 0, 8));
	c->spec_size_at = cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, 0));   /* + the record's size */
	c->spec_size_ecb = c->ecb;
	uint64_t specsize = c->in->opts ? c->in->opts->specsize : (32u << 10);
	int fits = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	if (specsize > 0x7fffffff) {
		bpb_ja(&c->buf, fits);
		c->spec_alone_at = cgc_emit(c, bi_mov64_imm(1, 0));   /* never reached */
	} else {
		/* No room left: a speculative drop. DTrace for Linux's consumer drops the record
		 * and the clause has run on (dt_consume.c: the check is the consumer's), so only
		 * the record is lost (dtrace -x specsize=48 -x strsize=16: a clause of
		 * speculate(s); printf("%s", "abc"); x++; run twice gives x 2, one record); a
		 * record that can never fit stops the clause (cgc_spec_clause_end). */
		int never_fits = bpb_label_new(&c->buf);
		bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)specsize, fits);
		c->spec_alone_at = cgc_emit(c, bi_mov64_imm(1, 0));
		bpb_jmp_imm(&c->buf, BPF_JNE, 1, 0, never_fits);
		cgc_count_drop(c, DOUT_DROP_SPEC);
		cgc_emit(c, bi_st(BPF_DW, 10, CGC_SPEC, CGC_SPEC_DROPPED));
		bpb_ja(&c->buf, done);
		/* dtrace counts a record that can never fit in its BPF code, so its status check
		 * reports it with the firing's failed speculations, before them (dtrace -x
		 * specsize=16 -n 'BEGIN { a = speculation(); b = speculation(); speculate(a);
		 * printf("%d", 1); }' says the drop first); the consumer's drops come a check late */
		bpb_label_place(&c->buf, never_fits);
		cgc_count_drop(c, DOUT_DROP_SPEC_NOFIT);
		bpb_ja(&c->buf, drop);
	}
	bpb_label_place(&c->buf, fits);
	cgc_emit(c, bi_stx(BPF_DW, 0, 1, 8));
	bpb_label_place(&c->buf, done);
	cgc_slot_pop(c);
}

void cgc_spec_commit(struct cgc *c, struct dnode *call, bool discard)
{
	int done = bpb_label_new(&c->buf), bad = bpb_label_new(&c->buf);
	int send = bpb_label_new(&c->buf);
	int16_t s_ptr = cgc_slot_push(c), s_word = cgc_slot_push(c);
	cgc_slot_push(c);
	cgc_slot_push(c);
	int16_t r = cgc_slot_push(c);    /* 24 bytes: struct dobj_rec_spec */

	spec_id_arg(c, call, done, bad);
	lookup_spec(c, c->m_spec, done);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s_ptr));
	for (int t = 0; t < SPEC_TRIES; t++) {
		int retry = bpb_label_new(&c->buf);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_ptr));
		cgc_emit(c, bi_ldx(BPF_DW, 2, 1, 0));
		cgc_emit(c, bi_stx(BPF_DW, 10, 2, s_word));
		cgc_emit(c, bi_mov64_reg(3, 2));
		cgc_emit(c, bi_alu64_imm(BPF_AND, 3, 0xff));
		/* INACTIVE, BUSY: nothing to do (the Guide: commit/discard of a committing
		 * buffer silently fail) */
		bpb_jmp_imm(&c->buf, BPF_JEQ, 3, DOBJ_SPEC_INACTIVE, done);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 3, DOBJ_SPEC_BUSY, done);
		cgc_emit(c, bi_mov64_reg(4, 2));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 4, 32));
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 4, 32));      /* generation << 32 */
		cgc_emit(c, bi_alu64_imm(BPF_OR, 4, DOBJ_SPEC_BUSY));
		cgc_emit(c, bi_mov64_reg(0, 2));
		cgc_emit(c, bi_atomic_cmpxchg(BPF_DW, 1, 4, 0));
		bpb_jmp_reg(&c->buf, BPF_JEQ, 0, 2, send);
		bpb_label_place(&c->buf, retry);
	}
	bpb_ja(&c->buf, done);

	/* the record; the tracer writes the word INACTIVE once it has consumed it */
	bpb_label_place(&c->buf, send);
	cgc_emit(c, bi_st(BPF_W, 10, r + (int)offsetof(struct dobj_rec_spec, pad), 0));
	cgc_emit(c, bi_st(BPF_W, 10, r + (int)offsetof(struct dobj_rec_spec, hdr.epid), 0));
	cgc_emit(c, bi_call(BPF_FUNC_get_smp_processor_id));
	cgc_emit(c, bi_stx(BPF_W, 10, 0, r + (int)offsetof(struct dobj_rec_spec, hdr.cpu)));
	cgc_emit(c, bi_st(BPF_W, 10, r + (int)offsetof(struct dobj_rec_spec, kind),
			  discard ? DOBJ_REC_DISCARD : DOBJ_REC_COMMIT));
	cgc_emit(c, bi_ldx(BPF_W, 1, 10, CGC_KEY));
	cgc_emit(c, bi_stx(BPF_W, 10, 1, r + (int)offsetof(struct dobj_rec_spec, id)));
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_word));
	cgc_emit(c, bi_alu64_imm(BPF_RSH, 1, 32));
	cgc_emit(c, bi_stx(BPF_W, 10, 1, r + (int)offsetof(struct dobj_rec_spec, gen)));
	cgc_ld_map(c, 1, cgc_out_map(c));
	cgc_emit(c, bi_mov64_reg(2, 10));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, r));
	cgc_emit(c, bi_mov64_imm(3, (int32_t)sizeof(struct dobj_rec_spec)));
	cgc_emit(c, bi_mov64_imm(4, 0));
	cgc_emit(c, bi_call(BPF_FUNC_ringbuf_output));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, done);
	/* lost: the tracer will never free it, so we do; its held records go stale */
	cgc_count_drop(c, DOUT_DROP_PRINCIPAL);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_word));
	cgc_emit(c, bi_alu64_imm(BPF_RSH, 1, 32));
	cgc_emit(c, bi_alu64_imm(BPF_LSH, 1, 32));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 10, s_ptr));
	cgc_emit(c, bi_stx(BPF_DW, 2, 1, 0));
	bpb_ja(&c->buf, done);

	bpb_label_place(&c->buf, bad);
	c->g.emit_fault(&c->g, DOUT_FLT_ILLOP, -1);
	bpb_label_place(&c->buf, done);
	for (int i = 0; i < 5; i++)
		cgc_slot_pop(c);
}
