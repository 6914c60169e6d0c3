/* cg_lit.c — string literals a pointer may hold: `char *p; p = "abc";` (or self->p, a[k], a
 * struct member of pointer type). D strings are values in scratch here, but a pointer must keep
 * pointing at the characters after its clause ends: dtrace's literals live in a string table
 * map for the whole run (`char *p; BEGIN { p = "abc"; } BEGIN { trace(stringof(p)); }` prints
 * abc). So each such literal gets bytes of its own at the end of the globals map value, written
 * there when the map is made; a pointer to one is a kernel address in the globals area, which
 * loads (cgs_load_ptr) and string reads (stringof, printf's %s) already accept; stores through
 * such a pointer fault (bad address), the literals being read only. */
#include <stdlib.h>
#include <string.h>
#include "cg_clause.h"
#include "cg_impl.h"
#include "util.h"

/* The literals whose value is stored into a pointer: an assignment's right side, or an arm
 * of a conditional or the last operand of a comma expression there. */
static void reserve(struct cgc *c, struct dnode *n)
{
	if (n->kind == DN_COND) {
		reserve(c, n->lhs);
		reserve(c, n->rhs);
		return;
	}
	if (n->kind == DN_COMMA) {
		reserve(c, n->rhs);
		return;
	}
	if (n->kind != DN_STRING)
		return;
	size_t len = strnlen(n->str, n->slen);
	if (len > c->g.strsize - 1)
		len = c->g.strsize - 1;
	for (size_t i = 0; i < c->nlits; i++)
		if (c->lits[i].len == len && !memcmp(c->lits[i].text, n->str, len)) {
			xgrow(&c->lit_nodes, sizeof *c->lit_nodes, &c->lit_node_cap, c->nlit_nodes + 1);
			c->lit_nodes[c->nlit_nodes++] = (struct cgc_lit_node){ n, c->lits[i].off };
			return;
		}
	xgrow(&c->lits, sizeof *c->lits, &c->lit_cap, c->nlits + 1);
	c->lits[c->nlits++] = (struct cgc_lit){ n->str, len, c->globals_size };
	xgrow(&c->lit_nodes, sizeof *c->lit_nodes, &c->lit_node_cap, c->nlit_nodes + 1);
	c->lit_nodes[c->nlit_nodes++] = (struct cgc_lit_node){ n, c->globals_size };
	c->globals_size += cgc_round8((uint32_t)len + 1);
}

void cgc_lits_layout(struct cgc *c)
{
	c->lits_start = c->globals_size;
	for (struct dnode *n = c->ck->prog->pool.all; n; n = n->pool_next) {
		if (n->kind != DN_ASSIGN || n->op != DOP_ASSIGN || !n->lhs || !n->rhs ||
		    !n->lhs->type || !cgc_is_str(n->rhs))
			continue;
		struct dtype *t = dtype_resolve(n->lhs->type);
		if (t && t->kind == DTY_PTR)
			reserve(c, n->rhs);
	}
	if (c->globals_size > CGC_SCRATCH_LIMIT)
		cgc_fail(c, NULL, "the program's global variables and string literals need %u bytes, "
			 "more than %u", c->globals_size, CGC_SCRATCH_LIMIT);
}

bool cgc_lit_addr(struct cgc *c, const struct dnode *n)
{
	for (size_t i = 0; i < c->nlit_nodes; i++)
		if (c->lit_nodes[i].node == n) {
			cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, CGC_SCR_GBASE));
			cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)c->lit_nodes[i].off));
			return true;
		}
	return false;
}

void cgc_lits_init(struct cgc *c, uint8_t *globals)
{
	for (size_t i = 0; i < c->nlits; i++)
		memcpy(globals + c->lits[i].off, c->lits[i].text, c->lits[i].len);
}

void cgc_lits_free(struct cgc *c)
{
	free(c->lits);
	free(c->lit_nodes);
}
