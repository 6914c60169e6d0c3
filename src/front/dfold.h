/* dfold.h — D's integer constant folding, one implementation for the parser (the constant
 * expressions of declarations: array sizes, enumerator values, bit-field widths) and the
 * checker (every operator over integer constants in a program, dcheck.h's isconst/cval).
 *
 * D folds in 64 bits. An operand is its value as a 64-bit number (sign- or zero-extended from
 * its type, as dfold_convert leaves it), and an operator's result is not cut to its type's
 * width: dtrace's dt_node_op1/op2 keep the uintmax_t they compute, so (1 << 63) - 1 is
 * INT64_MAX although its type is int. Only a conversion to a type (a cast, a store into
 * something narrower) cuts a value: dfold_convert.
 *
 * Signedness is the caller's, who knows the operands' types:
 *   uns      the operands' type after C's usual arithmetic conversions is unsigned: / % < <=
 *            > >= divide and compare as unsigned (== != && || ^^ and the bitwise and additive
 *            operators give the same bits either way)
 *   lhs_uns  the promoted left operand's type (a shift's type) is unsigned: >> shifts zeros
 *            in, otherwise copies of the sign bit (the BPF code's BPF_RSH / BPF_ARSH)
 * Signed division wraps as the machine's: INT64_MIN / -1 is INT64_MIN, INT64_MIN % -1 is 0.
 * Comparisons and the logical operators give 0 or 1. */
#ifndef USDTRACE_DFOLD_H
#define USDTRACE_DFOLD_H
#include <stdbool.h>
#include <stdint.h>

#include "dop.h"

enum dfold_status {
	DFOLD_OK,
	DFOLD_NONE,           /* no integer operator (DOP_SIZEOF, DOP_DEREF, ...): *v untouched */
	DFOLD_DIV_ZERO,       /* / or % by 0: *v untouched */
	DFOLD_SHIFT_RANGE,    /* << or >> by a count outside 0..63 (taken as unsigned): *v holds
	                       * what shifting every bit out leaves (0, or all ones for >> of a
	                       * negative signed value), for callers that accept it */
};

/* *v = a op b for a binary operator (DOPC_BINARY). */
enum dfold_status dfold_binary(enum dop op, uint64_t a, uint64_t b, bool uns, bool lhs_uns,
			       uint64_t *v);
/* *v = op a for DOP_NEG, DOP_PLUS, DOP_BNOT and DOP_LNOT (0 or 1). */
enum dfold_status dfold_unary(enum dop op, uint64_t a, uint64_t *v);
/* v as an integer type of `size` bytes holds it, extended back to 64 bits (sign-extended
 * unless uns); a _Bool (is_bool) holds v != 0. A size outside 1..7 keeps all 64 bits. */
int64_t dfold_convert(uint64_t v, int64_t size, bool uns, bool is_bool);
/* Whether a cast from an integer type (from_size bytes, from_uns) to another (to_size, to_uns)
 * cuts the 64-bit value to the new type, as dtrace's casts do (dt_cg_typecast, and the folding
 * of a constant's cast): only when the new type is narrower, has the same size and the other
 * signedness, or is a wider unsigned type of a signed value; otherwise (a 64-bit type, a wider
 * signed one, a wider unsigned one of an unsigned value) the 64 bits pass unchanged, so
 * (int)(uc + uc) keeps an unsigned char sum's 400 (docs/arithmetic.md). */
bool dfold_cast_cuts(int64_t from_size, bool from_uns, int64_t to_size, bool to_uns);
#endif
