/* dfold.c — see dfold.h. */
#include "dfold.h"

enum dfold_status dfold_binary(enum dop op, uint64_t a, uint64_t b, bool uns, bool lhs_uns,
			       uint64_t *v)
{
	int64_t sa = (int64_t)a, sb = (int64_t)b;

	switch (op) {
	case DOP_LOR:  *v = a || b; break;
	case DOP_LXOR: *v = (a != 0) ^ (b != 0); break;
	case DOP_LAND: *v = a && b; break;
	case DOP_BOR:  *v = a | b; break;
	case DOP_XOR:  *v = a ^ b; break;
	case DOP_BAND: *v = a & b; break;
	case DOP_EQ:   *v = a == b; break;
	case DOP_NE:   *v = a != b; break;
	case DOP_LT:   *v = uns ? a < b : sa < sb; break;
	case DOP_GT:   *v = uns ? a > b : sa > sb; break;
	case DOP_LE:   *v = uns ? a <= b : sa <= sb; break;
	case DOP_GE:   *v = uns ? a >= b : sa >= sb; break;
	case DOP_SHL: case DOP_SHR:
		if (b >= 64) {
			*v = op == DOP_SHL || lhs_uns || sa >= 0 ? 0 : UINT64_MAX;
			return DFOLD_SHIFT_RANGE;
		}
		if (op == DOP_SHL)
			*v = a << b;
		else
			*v = lhs_uns ? a >> b : (uint64_t)(sa >> b);
		break;
	case DOP_ADD:  *v = a + b; break;
	case DOP_SUB:  *v = a - b; break;
	case DOP_MUL:  *v = a * b; break;
	case DOP_DIV: case DOP_MOD:
		if (b == 0)
			return DFOLD_DIV_ZERO;
		if (uns)
			*v = op == DOP_DIV ? a / b : a % b;
		else if (sb == -1)  /* INT64_MIN / -1 wraps, as the machine's */
			*v = op == DOP_DIV ? -a : 0;
		else
			*v = (uint64_t)(op == DOP_DIV ? sa / sb : sa % sb);
		break;
	default:
		return DFOLD_NONE;
	}
	return DFOLD_OK;
}

enum dfold_status dfold_unary(enum dop op, uint64_t a, uint64_t *v)
{
	switch (op) {
	case DOP_NEG:  *v = -a; break;
	case DOP_PLUS: *v = a; break;
	case DOP_BNOT: *v = ~a; break;
	case DOP_LNOT: *v = a == 0; break;
	default:
		return DFOLD_NONE;
	}
	return DFOLD_OK;
}

int64_t dfold_convert(uint64_t v, int64_t size, bool uns, bool is_bool)
{
	if (is_bool)
		return v != 0;
	if (size <= 0 || size >= 8)
		return (int64_t)v;
	unsigned bits = (unsigned)size * 8;
	uint64_t mask = (UINT64_C(1) << bits) - 1;
	v &= mask;
	if (!uns && (v >> (bits - 1)) & 1)
		v |= ~mask;
	return (int64_t)v;
}

bool dfold_cast_cuts(int64_t from_size, bool from_uns, int64_t to_size, bool to_uns)
{
	if (to_size >= 8)
		return false;
	if (to_size > from_size)
		return to_uns && !from_uns;
	if (to_size == from_size)
		return to_uns != from_uns;
	return true;
}
