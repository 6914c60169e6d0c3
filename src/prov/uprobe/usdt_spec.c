/* usdt_spec.c — encoding USDT sites for the generated code; see usdt_spec.h. */
#include "usdt_spec.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static uint8_t reg_word(enum usdt_reg r)
{
	if (r == USDT_REG_NONE)
		return DOBJ_UREG_NONE;
	int off = usdt_reg_ptregs_offset(r);
	return off < 0 ? DOBJ_UREG_NONE : (uint8_t)(off / 8);
}

static uint8_t log2_scale(uint8_t scale)
{
	return scale == 8 ? 3 : scale == 4 ? 2 : scale == 2 ? 1 : 0;
}

/* Returns NULL when encoded, else why not. */
static const char *encode_arg(const struct usdt_file *f, const struct usdt_site *s,
			      const struct usdt_arg *a, struct dobj_usdt_arg *out)
{
	memset(out, 0, sizeof(*out));
	out->size = (uint8_t)a->size;
	out->is_signed = a->is_signed;
	out->base = out->index = DOBJ_UREG_NONE;
	if (a->sym && !a->sym_resolved && a->kind != USDT_LOC_INVALID)
		return a->error ? a->error : "unresolved symbol";
	switch (a->kind) {
	case USDT_LOC_INVALID:
		return a->error ? a->error : "undecodable operand";
	case USDT_LOC_IMM:
		out->kind = DOBJ_UARG_IMM;
		out->disp = a->disp;
		return NULL;
	case USDT_LOC_REG:
		if (reg_word(a->reg) == DOBJ_UREG_NONE)
			return "vector registers are not saved for uprobes";
		out->kind = DOBJ_UARG_REG;
		out->base = reg_word(a->reg);
		out->reg_shift = a->reg_shift;
		return NULL;
	case USDT_LOC_TLS:
		out->kind = DOBJ_UARG_TLS;
		out->disp = a->disp + (a->sym ? a->sym_addr : 0);
		return NULL;
	case USDT_LOC_MEM:
		break;
	}
	if (a->sym && f && f->elf_type != ET_EXEC) {
		/* the symbol's run-time address is the site's plus their link-time distance */
		out->pcrel = 1;
		out->kind = DOBJ_UARG_MEM;
		out->disp = a->sym_addr + a->disp - (int64_t)s->pc;
		if (a->base == USDT_REG_RIP)
			return NULL;
	} else if (a->base == USDT_REG_RIP) {
		out->kind = DOBJ_UARG_MEM;
		out->disp = a->sym_addr + a->disp;   /* an executable: no bias */
		return NULL;
	} else {
		out->disp = a->disp + (a->sym ? a->sym_addr : 0);
	}
	out->kind = DOBJ_UARG_MEM;
	out->base = reg_word(a->base);
	out->index = reg_word(a->index);
	out->scale_shift = log2_scale(a->scale);
	if ((a->base != USDT_REG_NONE && out->base == DOBJ_UREG_NONE) ||
	    (a->index != USDT_REG_NONE && out->index == DOBJ_UREG_NONE))
		return "a vector register as an address";
	return NULL;
}

int usdt_spec_encode(const struct usdt_file *f, const struct usdt_site *s,
		     struct dobj_usdt_spec *out, char **why)
{
	memset(out, 0, sizeof(*out));
	*why = NULL;
	int bad = 0;
	int n = s->nargs < DOBJ_USDT_MAXARGS ? s->nargs : DOBJ_USDT_MAXARGS;
	out->nargs = (uint16_t)n;
	for (int i = 0; i < n; i++) {
		const char *no = encode_arg(f, s, &s->args[i], &out->args[i]);
		if (!no)
			continue;
		out->args[i].kind = DOBJ_UARG_NONE;
		if (bad++ == 0)
			*why = xasprintf("argument %d (%s): %s", i, s->args[i].spec ? s->args[i].spec : "?", no);
	}
	return bad;
}

/* The fields a direct read depends on (disp, pcrel and index mean nothing for a register). */
static bool same_reg(const struct dobj_usdt_arg *a, const struct dobj_usdt_arg *b)
{
	return a->kind == DOBJ_UARG_REG && b->kind == DOBJ_UARG_REG && a->base == b->base &&
	       a->reg_shift == b->reg_shift && a->size == b->size && a->is_signed == b->is_signed;
}

void usdt_spec_layout(const struct dobj_usdt_spec *specs, size_t n,
		      struct dobj_usdt_arg out[DOBJ_USDT_MAXARGS])
{
	memset(out, 0, sizeof(*out) * DOBJ_USDT_MAXARGS);
	for (int i = 0; i < DOBJ_USDT_MAXARGS; i++) {
		/* a majority vote (Boyer-Moore): one pass, no table; with no majority, the
		 * candidate left is just one of the layouts, which only costs speed */
		const struct dobj_usdt_arg *cand = NULL;
		size_t votes = 0;
		for (size_t k = 0; k < n; k++) {
			const struct dobj_usdt_arg *a = &specs[k].args[i];
			if (a->kind != DOBJ_UARG_REG)
				continue;
			if (votes == 0)
				cand = a, votes = 1;
			else if (same_reg(a, cand))
				votes++;
			else
				votes--;
		}
		if (cand) {
			out[i] = *cand;
			out[i].disp = 0;
			out[i].index = DOBJ_UREG_NONE;
			out[i].scale_shift = out[i].pcrel = 0;
		}
	}
}

bool usdt_spec_fits(const struct dobj_usdt_spec *spec, const struct dobj_usdt_arg *fast)
{
	bool any = false;
	for (int i = 0; i < DOBJ_USDT_MAXARGS; i++) {
		if (fast[i].kind != DOBJ_UARG_REG)
			continue;
		if (!same_reg(&spec->args[i], &fast[i]))
			return false;
		any = true;
	}
	return any;
}

uint64_t usdt_spec_cookie(uint32_t key, uint32_t epid_base, bool fast)
{
	return (uint64_t)key | (uint64_t)(epid_base & DOBJ_USDT_COOKIE_EPID_MAX) << DOBJ_USDT_COOKIE_EPID_SHIFT |
	       (fast ? DOBJ_USDT_COOKIE_FAST : 0);
}

void usdt_spec_class_layout(const struct uprov *up, const int *clauses, const int *stmts,
			    int nclauses,
			    struct dobj_usdt_arg out[DOBJ_USDT_MAXARGS])
{
	struct dobj_usdt_spec *specs = NULL;
	size_t n = 0, cap = 0;
	for (int i = 0; i < up->nprobes; i++) {
		const struct uprov_probe *p = &up->probes[i];
		if (!uprov_same_enablings(p->clauses, p->stmts, p->nclauses, clauses, stmts,
					  nclauses))
			continue;
		for (int k = 0; k < uprov_nsites(p); k++) {
			xgrow(&specs, sizeof(*specs), &cap, n + 1);
			char *why;
			usdt_spec_encode(uprov_notes(up, p), uprov_site(up, p, k),
					 &specs[n++], &why);
			free(why);
		}
	}
	usdt_spec_layout(specs, n, out);
	free(specs);
}

void usdt_spec_names(char *value, size_t namesz, const char *provider, const char *module,
		     const char *function, const char *name)
{
	const char *v[4] = { provider, module, function, name };
	memset(value, 0, 4 * namesz);
	for (int i = 0; i < 4; i++)
		snprintf(value + (size_t)i * namesz, namesz, "%s", v[i] ? v[i] : "");
}
