/* dck_fold — integer constant expressions for checking dcheck's C typing and folding against a
 * C compiler.
 *
 *   dck_fold gen SEED COUNT   print COUNT random integer constant expressions, one a line,
 *                             written so that they mean the same in D and in C and have no
 *                             undefined behaviour under gcc -fwrapv (shift counts 0..15,
 *                             divisors 2..7). D folds in 64 bits and does not cut a result
 *                             to its type where C wraps it (INT_MAX + 1 is 2^31 in D), so
 *                             only expressions where no step overflows its type are kept:
 *                             there the two agree.
 *   dck_fold eval FILE        type-check and fold each line of FILE as a D expression and print
 *                             "SIZE SIGNED VALUE" (VALUE as a signed 64-bit number), or
 *                             "error: MESSAGE"
 *
 * tests/sh/dcheck_gcc.sh prints the same three numbers from gcc-compiled C and compares. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dcheck.h"
#include "dparse.h"
#include "dtype.h"
#include "util.h"

static unsigned long long seed;

static unsigned pick(unsigned n)
{
	seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)((seed >> 33) % n);
}

static void gen(struct strbuf *b, int depth)
{
	static const char *const leaves[] = {
		"0", "1", "7", "255", "65535", "2147483647", "2147483648", "0x80000000",
		"0xffffffffffffffff", "4294967295u", "100l", "5ul", "'a'", "3ll", "0x7fffffff",
		"(-1)", "(-128)", "sizeof (short)", "sizeof (long)",
	};
	static const char *const casts[] = {
		"(char)", "(unsigned char)", "(short)", "(unsigned short)", "(int)",
		"(unsigned int)", "(long)", "(unsigned long)", "(long long)", "(unsigned long long)",
		"(int8_t)", "(uint16_t)", "(int32_t)", "(uint64_t)",
	};
	static const char *const binops[] = {
		"+", "-", "*", "&", "|", "^", "&&", "||", "==", "!=", "<", "<=", ">", ">=",
	};
	static const char *const unops[] = { "-", "+", "~", "!" };
	unsigned k = depth >= 4 ? 0 : pick(9);
	switch (k) {
	case 0:
		strbuf_puts(b, leaves[pick(sizeof(leaves) / sizeof(leaves[0]))]);
		return;
	case 1: case 2:
		strbuf_putc(b, '(');
		gen(b, depth + 1);
		strbuf_printf(b, " %s ", binops[pick(sizeof(binops) / sizeof(binops[0]))]);
		gen(b, depth + 1);
		strbuf_putc(b, ')');
		return;
	case 3:
		strbuf_printf(b, "(%s", unops[pick(sizeof(unops) / sizeof(unops[0]))]);
		gen(b, depth + 1);
		strbuf_putc(b, ')');
		return;
	case 4:
		strbuf_printf(b, "(%s", casts[pick(sizeof(casts) / sizeof(casts[0]))]);
		gen(b, depth + 1);
		strbuf_putc(b, ')');
		return;
	case 5:
		strbuf_putc(b, '(');
		gen(b, depth + 1);
		strbuf_printf(b, " %s %u)", pick(2) ? "<<" : ">>", pick(16));
		return;
	case 6:
		strbuf_putc(b, '(');
		gen(b, depth + 1);
		strbuf_printf(b, " %s %u)", pick(2) ? "/" : "%", 2 + pick(6));
		return;
	case 7: {
		/* D takes a constant condition's branch as its parser reads it, with the branch's
		 * own type (dtrace's dt_node_op3), where C converts both branches to one type: the
		 * two agree when both branches have one type of int's rank or above */
		static const char *const wide[] = {
			"(int)", "(unsigned int)", "(long)", "(unsigned long)", "(long long)",
			"(unsigned long long)", "(int32_t)", "(uint64_t)",
		};
		const char *t = wide[pick(sizeof(wide) / sizeof(wide[0]))];
		strbuf_putc(b, '(');
		gen(b, depth + 1);
		strbuf_printf(b, " ? %s", t);
		gen(b, depth + 1);
		strbuf_printf(b, " : %s", t);
		gen(b, depth + 1);
		strbuf_putc(b, ')');
		return;
	}
	default:
		strbuf_putc(b, '(');
		gen(b, depth + 1);
		strbuf_puts(b, ", ");
		gen(b, depth + 1);
		strbuf_putc(b, ')');
		return;
	}
}

/* A negative signed operand of int's width or less meeting an unsigned int: C converts it to
 * unsigned int (-128 becomes 4294967168), D compares and computes in 64 bits (dtrace's
 * dt_node_op2), so the two differ. */
static bool negative_meets_uint(const struct dnode *n)
{
	if (n->kind != DN_BINARY || !n->lhs->type || !n->rhs->type)
		return false;
	for (int side = 0; side < 2; side++) {
		const struct dnode *a = side ? n->rhs : n->lhs, *o = side ? n->lhs : n->rhs;
		struct dtype *at = dtype_resolve(a->type), *ot = dtype_resolve(o->type);
		if (a->isconst && a->cval < 0 && !at->is_unsigned && dtype_sizeof(at) <= 4 &&
		    ot->is_unsigned && dtype_sizeof(ot) == 4)
			return true;
	}
	return false;
}

/* An operator whose result is narrower than int: D gives it its highest-ranked operand's type
 * (the Guide's rule, no promotion to int), where C promotes to int first, so gcc's sizeof is
 * not a witness for it (tests/sh/arith_conv.sh checks those with the types spelled out). */
static bool narrow_operator(const struct dnode *n, struct dtype *t)
{
	if (n->kind != DN_UNARY && n->kind != DN_BINARY && n->kind != DN_COND)
		return false;
	int64_t size = t && t->kind != DTY_PTR ? dtype_sizeof(t) : 0;
	return size > 0 && size < 4;
}

/* Where dtrace's folding parts from C by design (docs/arithmetic.md; tests/sh/arith_conv.sh
 * checks those against dtrace itself): ! of a constant keeps the constant's type (C: int), and
 * >> of constants is logical (C: arithmetic for a negative signed value). */
static bool folds_unlike_c(const struct dnode *n)
{
	if (n->kind == DN_UNARY && n->op == DOP_LNOT && n->lhs && n->lhs->type) {
		struct dtype *t = dtype_resolve(n->lhs->type);
		return t->kind == DTY_PTR || dtype_sizeof(t) != 4 || t->is_unsigned;
	}
	if (n->kind == DN_BINARY && n->op == DOP_SHR && n->lhs->isconst && n->lhs->type) {
		struct dtype *t = dtype_resolve(n->lhs->type);
		return !t->is_unsigned && n->lhs->cval < 0;
	}
	return false;
}

/* Every integer constant below n holds a value of its own type (no step overflowed it). */
static bool fits_everywhere(const struct dnode *n)
{
	for (; n; n = n->next) {
		if (negative_meets_uint(n) || folds_unlike_c(n))
			return false;
		struct dtype *t = n->type ? dtype_resolve(n->type) : NULL;
		if (narrow_operator(n, t))
			return false;
		if (n->isconst && t && t->kind != DTY_PTR) {
			int64_t size = dtype_sizeof(t);
			if (size > 0 && size < 8) {
				unsigned bits = (unsigned)size * 8;
				int64_t lo = t->is_unsigned ? 0 : -(INT64_C(1) << (bits - 1));
				int64_t hi = t->is_unsigned ? (INT64_C(1) << bits) - 1
							    : (INT64_C(1) << (bits - 1)) - 1;
				if (n->cval < lo || n->cval > hi)
					return false;
			}
		}
		if (!fits_everywhere(n->lhs) || !fits_everywhere(n->rhs) ||
		    !fits_everywhere(n->cond) || !fits_everywhere(n->args))
			return false;
	}
	return true;
}

/* Whether expr type-checks, folds, and never overflows a type on the way. */
static bool usable(const char *expr)
{
	char *src = xasprintf("BEGIN { %s; }", expr);
	struct dprog *p = dprog_new();
	struct dck_prog *ck = NULL;
	bool ok = dparse_script(p, "expr", src, strlen(src), NULL) == 0 &&
		  dcheck_program(p, NULL, &ck, NULL) == 0;
	if (ok) {
		struct dnode *e = p->items->body->args->lhs;
		ok = e->isconst && e->next == NULL && fits_everywhere(e);
	}
	dck_prog_free(ck);
	dprog_free(p);
	free(src);
	return ok;
}

static void eval_line(const char *expr)
{
	char *src = xasprintf("BEGIN { %s; }", expr);
	struct derr err;
	char text[DERR_TEXT_MAX];
	struct dprog *p = dprog_new();
	struct dck_prog *ck = NULL;
	if (dparse_script(p, "expr", src, strlen(src), &err) != 0 ||
	    dcheck_program(p, NULL, &ck, &err) != 0) {
		printf("error: %s\n", derr_format(&err, true, text, sizeof(text)));
	} else {
		struct dnode *e = p->items->body->args->lhs;
		struct dtype *t = dtype_resolve(e->type);
		if (!e->isconst)
			printf("error: not folded\n");
		else
			printf("%lld %d %lld\n", (long long)dtype_sizeof(t),
			       t->kind != DTY_PTR && !t->is_unsigned, (long long)e->cval);
	}
	dck_prog_free(ck);
	dprog_free(p);
	free(src);
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "gen") == 0) {
		seed = strtoull(argv[2], NULL, 10);
		int n = atoi(argv[3]);
		for (int i = 0, tries = 0; i < n && tries < 100 * n; tries++) {
			struct strbuf b = {0};
			gen(&b, 0);
			if (usable(b.s)) {
				printf("%s\n", b.s);
				i++;
			}
			strbuf_free(&b);
		}
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "eval") == 0) {
		FILE *f = fopen(argv[2], "r");
		if (!f) {
			perror(argv[2]);
			return 1;
		}
		char line[8192];
		while (fgets(line, sizeof(line), f)) {
			line[strcspn(line, "\n")] = '\0';
			eval_line(line);
		}
		fclose(f);
		return 0;
	}
	fprintf(stderr, "usage: dck_fold gen SEED COUNT | dck_fold eval FILE\n");
	return 2;
}
