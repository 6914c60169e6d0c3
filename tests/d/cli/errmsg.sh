# errmsg.sh — compile errors of -n programs as DTrace for Linux words them (issue 20, "error
# messages"): each expectation is what /opt/oracle-dtrace/sbin/dtrace -x errtags -e printed for
# the same program. What they pin down:
#  - the region a description's error names: "in action list: " while dtrace cooks a clause's
#    actions, "in predicate: " while it cooks the predicate, nothing for what it finds building
#    the parse tree (calls of unknown names, constant division by zero) or generating code
#    (trace() of void, printf() formats, ustack() arguments, undefined aggregations' actions);
#  - the tag of a read of a variable never assigned: D_VAR_UNDEF ("has not yet been declared
#    or assigned"), D_IDENT_UNDEF only for a name that resolves to nothing;
#  - qualifiers: the D compiler drops const and volatile, so types are spelled without them,
#    prototypes included ("const char *" reads "char *");
#  - the detail lines of a prototype mismatch, for subroutines whose parameter is a struct
#    pointer (inet_ntoa6) or ipaddr_t * (inet_ntoa), and for the kernel's destructive actions
#    chill(), breakpoint() and panic(), checked before they are refused;
#  - the lexer: bad octal digits, constants that overflow 64 bits or fit no signed type, and
#    floating-point constants.
# Compile only (-e): nothing traces, so this runs in the fast tier too.
# shellcheck disable=SC2016 # D text, not shell expansions
P='usdtrace: invalid probe specifier'

e() { # CASE PROGRAM EXPECTED-STDERR-AFTER-"PROGRAM: " (a printf format)
	cli_run "$1" 1 '' "$P $(printf '%s' "$2" | sed 's/%/%%/g'): $3\n" "$USDTRACE" -x errtags -e -n "$2"
}

# qualifiers
e const_var 'BEGIN { x = (const char *)0; x = 1; }' \
	'[D_OP_INCOMPAT] in action list: operands have incompatible types: "char *" = "int"'
e volatile_var 'BEGIN { x = (const int *)0; x = (volatile int *)0; x = 1; }' \
	'[D_OP_INCOMPAT] in action list: operands have incompatible types: "int *" = "int"'
e const_member 'struct s { const int a; }; BEGIN { x = (struct s *)0; x->a = "a"; }' \
	'[D_OP_INCOMPAT] in action list: operands have incompatible types: "int" = "string"'
e typedef_const 'typedef const int cint; BEGIN { x = (cint)0; x = "s"; }' \
	'[D_OP_INCOMPAT] in action list: operands have incompatible types: "cint" = "string"'
# prototype detail lines
e proto_strlen 'BEGIN { strlen(1); }' \
	'[D_PROTO_ARG] in action list: strlen( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int'
e proto_substr 'BEGIN { substr(1, 2); }' \
	'[D_PROTO_ARG] in action list: substr( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int'
e proto_strjoin 'BEGIN { strjoin(1, "a"); }' \
	'[D_PROTO_ARG] in action list: strjoin( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int'
e proto_setopt 'BEGIN { setopt(1); }' \
	'[D_PROTO_ARG] in action list: setopt( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int'
e proto_ntoa6_int 'BEGIN { inet_ntoa6(1); }' \
	'[D_PROTO_ARG] in action list: inet_ntoa6( ) argument #1 is incompatible with prototype:\n\tprototype: struct in6_addr *\n\t argument: int'
e proto_ntoa6_ptr 'BEGIN { inet_ntoa6((char *)0); }' \
	'[D_PROTO_ARG] in action list: inet_ntoa6( ) argument #1 is incompatible with prototype:\n\tprototype: struct in6_addr *\n\t argument: char *'
e proto_ntoa_ptr 'BEGIN { inet_ntoa((int *)0); }' \
	'[D_PROTO_ARG] in action list: inet_ntoa( ) argument #1 is incompatible with prototype:\n\tprototype: unsigned int *\n\t argument: int *'
e proto_ntoa_str 'BEGIN { inet_ntoa("a"); }' \
	'[D_PROTO_ARG] in action list: inet_ntoa( ) argument #1 is incompatible with prototype:\n\tprototype: unsigned int *\n\t argument: string'
e proto_chill 'BEGIN { chill("a"); }' \
	'[D_PROTO_ARG] in action list: chill( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string'
e proto_breakpoint 'BEGIN { breakpoint(1); }' \
	'[D_PROTO_LEN] in action list: breakpoint( ) prototype mismatch: 1 arg passed, 0 expected'
e proto_panic 'BEGIN { panic(1); }' \
	'[D_PROTO_LEN] in action list: panic( ) prototype mismatch: 1 arg passed, 0 expected'
e proto_exit 'BEGIN { exit(); }' \
	'[D_PROTO_LEN] in action list: exit( ) prototype mismatch: 0 args passed, 1 expected'
# which tag: a variable that exists but was never assigned, a name that resolves to nothing
e undef_self 'BEGIN { x = self->y; }' \
	'[D_VAR_UNDEF] in action list: self->y has not yet been declared or assigned'
e undef_this 'BEGIN { x = this->y; }' \
	'[D_VAR_UNDEF] in action list: this->y has not yet been declared or assigned'
e undef_assoc 'BEGIN { trace(y[1]); }' \
	'[D_VAR_UNDEF] in action list: y has not yet been declared or assigned'
e undef_compound 'BEGIN { y += 1; }' \
	'[D_VAR_UNDEF] in action list: y has not yet been declared or assigned'
e undef_self_compound 'BEGIN { self->y += 1; }' \
	'[D_VAR_UNDEF] in action list: self->y has not yet been declared or assigned'
e undef_ident 'BEGIN { x = y + 1; }' \
	'[D_IDENT_UNDEF] in action list: failed to resolve y: Unknown variable name'
# regions
e region_predicate 'BEGIN /y/ { trace(z); }' \
	'[D_IDENT_UNDEF] in predicate: failed to resolve y: Unknown variable name'
e region_pred_scalar 'BEGIN /trace(1)/ { }' \
	'[D_PRED_SCALAR] in predicate: predicate result must be of scalar type'
e region_func_undef 'BEGIN { y(); }' '[D_FUNC_UNDEF] undefined function name: y'
e region_func_idkind 'BEGIN { trace(probefunc()); }' \
	"[D_FUNC_IDKIND] scalar 'probefunc' may not be referenced as a function"
e region_div_zero 'BEGIN { x = 1 / 0; }' '[D_DIV_ZERO] expression contains division by zero'
e region_div_zero_pred 'BEGIN /1 / 0/ { }' '[D_DIV_ZERO] expression contains division by zero'
e region_agg_null 'BEGIN /1/ { @a[1]; }' '[D_AGG_NULL] expression has null effect: @a'
e region_printf 'BEGIN { printf("%d"); }' \
	'[D_PRINTF_ARG_PROTO] printf( ) prototype mismatch: conversion #1 (%%d) is missing a corresponding value argument'
e region_ustack 'BEGIN { ustack(-1); }' \
	'[D_USTACK_FRAMES] ustack( ) argument #1 must be a non-zero positive integer constant'
e region_tracemem 'BEGIN { tracemem(1, 0); }' \
	'[D_TRACEMEM_SIZE] tracemem( ) argument #2 must be a non-zero positive integral constant expression'
# the lexer
e lex_octal 'BEGIN { x = 09; }' '[D_INT_DIGIT] constant 09 contains invalid digit 9'
e lex_octal_suffix 'BEGIN { x = 0189ul; }' '[D_INT_DIGIT] constant 0189ul contains invalid digit 8'
e lex_overflow 'BEGIN { x = 99999999999999999999; }' \
	'[D_INT_OFLOW] constant 99999999999999999999 results in integer overflow'
e lex_overflow_hex 'BEGIN { x = 0x1ffffffffffffffff; }' \
	'[D_INT_OFLOW] constant 0x1ffffffffffffffff results in integer overflow'
e lex_no_type 'BEGIN { x = 18446744073709551615; }' \
	'[D_INT_OFLOW] integer constant 0xffffffffffffffff cannot be represented in any built-in integral type'
e lex_float 'BEGIN { x = 1.5e; }' '[D_SYNTAX] floating-point constants are not permitted'

# `#line N "FILE"` in a -n program: dtrace names the file but numbers no line (it reads no file:
# "FILE", line 0), for the lexer's, the parser's and the checker's errors alike
e hashline_syntax '#line 5 "foo.d"
BEGIN { x = ; }' '[D_SYNTAX] "foo.d", line 0: syntax error near ";"'
e hashline_check '#line 5 "foo.d"
BEGIN { trace(y); }' '[D_IDENT_UNDEF] "foo.d", line 0: failed to resolve y: Unknown variable name'
e hashline_lex '#line 5 "foo.d"
BEGIN { x = "abc' '[D_SYNTAX] "foo.d", line 0: syntax error near """'
# D has no // comments: dtrace's lexer takes a `/` followed by `/`, `;`, `{` or the end for a
# predicate's end, and refuses it inside parentheses or brackets, in clauses too
e slash_in_parens 'BEGIN { x = (1 // c
+ 2); }' '[D_SYNTAX] closing ) expected in predicate before /'
e slash_in_brackets 'BEGIN { x = a[1 / ; }' '[D_SYNTAX] closing ] expected in predicate before /'
# an aggregating function's argument past its increment: found generating the aggregation's
# code, so no region (dtrace -x errtags -e -n 'BEGIN { @ = quantize(1, 2, 3); }')
e agg_quantize_extra 'BEGIN { @ = quantize(1, 2, 3); }' \
	'[D_PROTO_LEN] quantize( ) prototype mismatch: 3 args passed, at most 2 expected'
e agg_lquantize_extra 'BEGIN { @ = lquantize(1, 0, 10, 1, 1, 1); }' \
	'[D_PROTO_LEN] lquantize( ) prototype mismatch: 6 args passed, at most 5 expected'
e agg_llquantize_extra 'BEGIN { @ = llquantize(1, 10, 0, 6, 20, 1, 1); }' \
	'[D_PROTO_LEN] llquantize( ) prototype mismatch: 7 args passed, at most 6 expected'
# lquantize( ) with base == limit: the base/limit rule, before the step's
e agg_lquantize_base_eq_limit 'BEGIN { @ = lquantize(1, 10, 10, 1); }' \
	'[D_LQUANT_MISMATCH] lquantize( ) base (argument #1) must be less than limit (argument #2)'
