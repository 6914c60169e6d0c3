# aggs.sh — aggregation one-liners whose -n form matters (issue 20, "aggregations by the
# book"): each expectation is what /opt/oracle-dtrace/sbin/dtrace printed for the same command.
#  - too many arguments to quantize/lquantize/llquantize is found generating code: the message
#    names no region ("in action list: " is absent);
#  - lquantize with limit == base is refused as "base must be less than limit" (Guide,
#    "Aggregations": lquantize's lower bound is below its upper bound), not as a step too large.
# Compile only (-e): runs in the fast tier too.
# shellcheck disable=SC2016 # D text, not shell expansions
P='usdtrace: invalid probe specifier'

e() { # CASE PROGRAM EXPECTED-STDERR-AFTER-"PROGRAM: " (a printf format)
	cli_run "$1" 1 '' "$P $(printf '%s' "$2" | sed 's/%/%%/g'): $3\n" "$USDTRACE" -e -n "$2"
}

e quantize_too_many 'BEGIN { @ = quantize(1, 2, 3); }' \
	'quantize( ) prototype mismatch: 3 args passed, at most 2 expected'
e lquantize_too_many 'BEGIN { @ = lquantize(1, 0, 10, 1, 1, 1); }' \
	'lquantize( ) prototype mismatch: 6 args passed, at most 5 expected'
e llquantize_too_many 'BEGIN { @ = llquantize(1, 10, 0, 2, 10, 1, 1); }' \
	'llquantize( ) prototype mismatch: 7 args passed, at most 6 expected'
e lquantize_empty_range 'BEGIN { @ = lquantize(5, 0, 0); }' \
	'lquantize( ) base (argument #1) must be less than limit (argument #2)'

# A compound assignment to an aggregation cooks its left side as an ordinary operand: @a alone
# is a variable never declared (even after @a = count()), @a[keys] has no type the operator
# accepts (dtrace -x errtags -e -n ...).
t() { # CASE PROGRAM EXPECTED (with -x errtags)
	cli_run "$1" 1 '' "$P $(printf '%s' "$2" | sed 's/%/%%/g'): $3\n" "$USDTRACE" -x errtags -e -n "$2"
}
t compound_after_assign 'BEGIN { @a = count(); @a -= 1; }' \
	'[D_VAR_UNDEF] in action list: @a has not yet been declared or assigned'
t compound_anonymous 'BEGIN { @ += 1; }' \
	'[D_VAR_UNDEF] in action list: @_ has not yet been declared or assigned'
t compound_keyed_add 'BEGIN { @a[1] -= 1; }' \
	'[D_OP_VFPTR] in action list: operator -= requires left-hand scalar operand of known size'
t compound_keyed_mul 'BEGIN { @a[1] *= count(); }' \
	'[D_OP_ARITH] in action list: operator *= requires operands of arithmetic type'
t compound_keyed_shift 'BEGIN { @a[1] <<= 1; }' \
	'[D_OP_INT] in action list: operator <<= requires operands of integral type'

# aggsize is one buffer all aggregations share, of entries of the largest tuple and the largest
# data (DTrace for Linux's dt_bpf.c: one "aggs" hash map per CPU of aggsize / (maxtuplesize +
# maxaggdsize) entries). An int-keyed count()'s entry is 32 bytes: 256 bytes hold 8 entries
# in all, which @a and @b take in turn; the other new keys are drops (dtrace -x aggsize=256:
# a 0-3 and b 0-3; with 16k, 256 of each where usdtrace kept 512 of each before).
if cli_needs_root aggsize_shared; then
	cli_run aggsize_shared 0 'a 0 1\na 1 1\na 2 1\na 3 1\nb 0 1\nb 1 1\nb 2 1\nb 3 1\n\n' \
		'~^usdtrace: [0-9]+ aggregation drops on CPU [0-9]+$' "$USDTRACE" -x aggsize=256 -qn '
int i;
tick-1ms /i < 6/ { @a[i] = count(); @b[i] = count(); i++; }
tick-1ms /i == 6/ { exit(0); }
END { printa("a %d %@d\n", @a); printa("b %d %@d\n", @b); }'
fi
