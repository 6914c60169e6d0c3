/* Unit tests for dop.c (the operator table) and dfold.c (constant folding): every operator has
 * a spelling, class and the lookups the parser uses; folding's edge cases (signedness,
 * INT64_MIN / -1, shift counts, division by zero, conversions). End to end, the parser's and
 * the checker's folding are tested by test_dparse and test_dcheck. */
#include <stdint.h>

#include "t.h"
#include "dfold.h"
#include "dop.h"

T_CASE(every_operator_is_described)
{
	for (int op = DOP_NONE + 1; op < DOP_COUNT; op++) {
		const struct dop_info *d = &dop_table[op];
		T_CHECK(d->text && d->text[0] && d->name && d->name[0]);
		T_CHECK(d->cls != DOPC_NONE);
		T_CHECK((d->cls == DOPC_BINARY) == (d->prec >= 1 && d->prec <= DOP_NPREC));
		if (d->cls == DOPC_ASSIGN && op != DOP_ASSIGN) {
			/* "+=" applies "+" */
			const char *a = dop_text(d->arith);
			T_CHECK(strlen(d->text) == strlen(a) + 1 && strncmp(d->text, a, strlen(a)) == 0);
		}
	}
	T_EQ_STR(dop_name(DOP_POSTINC), "post++");
	T_EQ_STR(dop_text(DOP_POSTINC), "++");
	T_EQ_INT(dop_arith(DOP_POSTDEC), DOP_SUB);
	T_EQ_INT(dop_arith(DOP_SHR_ASSIGN), DOP_SHR);
	T_CHECK(dop_is_incdec(DOP_PREINC) && dop_is_postfix(DOP_POSTDEC) && !dop_is_postfix(DOP_PREDEC));
}

T_CASE(lookup_by_class)
{
	T_EQ_INT(dop_lookup(DOPC_UNARY, "-", 1), DOP_NEG);
	T_EQ_INT(dop_lookup(DOPC_BINARY, "-", 1), DOP_SUB);
	T_EQ_INT(dop_lookup(DOPC_UNARY, "++", 2), DOP_PREINC);
	T_EQ_INT(dop_lookup(DOPC_ASSIGN, ">>=", 3), DOP_SHR_ASSIGN);
	T_EQ_INT(dop_lookup(DOPC_BINARY, ">>=", 3), DOP_NONE);
	T_EQ_INT(dop_lookup(DOPC_BINARY, "^^", 2), DOP_LXOR);
	T_EQ_INT(dop_lookup(DOPC_BINARY, "<", 1), DOP_LT);
	T_EQ_INT(dop_lookup(DOPC_MEMBER, "->", 2), DOP_ARROW);
	T_EQ_INT(dop_lookup(DOPC_UNARY, "post++", 6), DOP_NONE);
	T_EQ_INT(dop_table[DOP_LOR].prec, 1);
	T_EQ_INT(dop_table[DOP_MOD].prec, DOP_NPREC);
	T_CHECK(dop_table[DOP_SHL].prec < dop_table[DOP_ADD].prec);
}

static uint64_t bin(enum dop op, uint64_t a, uint64_t b, bool uns, bool lhs_uns)
{
	uint64_t v = 0xdeadbeef;
	T_EQ_INT(dfold_binary(op, a, b, uns, lhs_uns, &v), DFOLD_OK);
	return v;
}

T_CASE(binary)
{
	uint64_t m1 = UINT64_MAX, min = (uint64_t)INT64_MIN;
	T_EQ_UINT(bin(DOP_ADD, m1, 2, false, false), 1);
	T_EQ_UINT(bin(DOP_LT, m1, 1, false, false), 1);       /* -1 < 1 */
	T_EQ_UINT(bin(DOP_LT, m1, 1, true, false), 0);        /* UINT64_MAX < 1 */
	T_EQ_UINT(bin(DOP_DIV, m1, 2, false, false), 0);      /* -1 / 2 */
	T_EQ_UINT(bin(DOP_DIV, m1, 2, true, true), INT64_MAX);
	T_EQ_UINT(bin(DOP_MOD, (uint64_t)-7, 3, false, false), (uint64_t)-1);
	T_EQ_UINT(bin(DOP_DIV, min, m1, false, false), min);  /* wraps */
	T_EQ_UINT(bin(DOP_MOD, min, m1, false, false), 0);
	T_EQ_UINT(bin(DOP_SHR, m1, 4, false, false), m1);     /* arithmetic */
	T_EQ_UINT(bin(DOP_SHR, m1, 4, false, true), m1 >> 4); /* logical */
	T_EQ_UINT(bin(DOP_SHL, 1, 63, false, false), min);
	T_EQ_UINT(bin(DOP_LXOR, 5, 0, false, false), 1);
	T_EQ_UINT(bin(DOP_LXOR, 5, 7, false, false), 0);
	T_EQ_UINT(bin(DOP_LAND, 5, 7, false, false), 1);
	T_EQ_UINT(bin(DOP_NE, 5, 7, false, false), 1);

	uint64_t v = 42;
	T_EQ_INT(dfold_binary(DOP_DIV, 1, 0, false, false, &v), DFOLD_DIV_ZERO);
	T_EQ_INT(dfold_binary(DOP_MOD, 1, 0, true, true, &v), DFOLD_DIV_ZERO);
	T_EQ_UINT(v, 42);
	T_EQ_INT(dfold_binary(DOP_SHR, m1, 64, false, false, &v), DFOLD_SHIFT_RANGE);
	T_EQ_UINT(v, m1);
	T_EQ_INT(dfold_binary(DOP_SHR, m1, m1, false, true, &v), DFOLD_SHIFT_RANGE);
	T_EQ_UINT(v, 0);
	T_EQ_INT(dfold_binary(DOP_SHL, 1, 64, false, false, &v), DFOLD_SHIFT_RANGE);
	T_EQ_UINT(v, 0);
	T_EQ_INT(dfold_binary(DOP_ASSIGN, 1, 2, false, false, &v), DFOLD_NONE);
}

T_CASE(unary_and_convert)
{
	uint64_t v = 0;
	T_EQ_INT(dfold_unary(DOP_NEG, 5, &v), DFOLD_OK);
	T_EQ_UINT(v, (uint64_t)-5);
	T_EQ_INT(dfold_unary(DOP_BNOT, 0, &v), DFOLD_OK);
	T_EQ_UINT(v, UINT64_MAX);
	T_EQ_INT(dfold_unary(DOP_LNOT, 0, &v), DFOLD_OK);
	T_EQ_UINT(v, 1);
	T_EQ_INT(dfold_unary(DOP_PLUS, 9, &v), DFOLD_OK);
	T_EQ_UINT(v, 9);
	T_EQ_INT(dfold_unary(DOP_SIZEOF, 9, &v), DFOLD_NONE);

	T_EQ_INT(dfold_convert(0x1ff, 1, false, false), -1);
	T_EQ_INT(dfold_convert(0x1ff, 1, true, false), 0xff);
	T_EQ_INT(dfold_convert(0x80000000, 4, false, false), INT32_MIN);
	T_EQ_INT(dfold_convert(0x180000000ull, 4, true, false), 0x80000000ll);
	T_EQ_INT(dfold_convert(UINT64_MAX, 8, true, false), -1);
	T_EQ_INT(dfold_convert(256, 1, true, true), 1);
	T_EQ_INT(dfold_convert(0, 1, true, true), 0);
}

T_MAIN()
