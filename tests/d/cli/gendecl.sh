# gendecl.sh — declarations given with -n (issue 20, the gendecl sweep): dtrace compiles a
# description argument with its pspec option on (dtrace.c), so at the start of each later item
# its lexer reads any word that is no keyword as a probe description, a type name a typedef
# just declared included: `t x;` is then two descriptions and a `;`, and dtrace fails there
# (each expectation is what /opt/oracle-dtrace/sbin/dtrace printed for the same -n text; in a
# script, -s, the same declarations are fine). Compile only (-e): this runs in the fast tier.
# shellcheck disable=SC2016 # D text, not shell expansions
P='usdtrace: invalid probe specifier'

e() { # CASE PROGRAM EXPECTED-STDERR-AFTER-"PROGRAM: " (a printf format)
	cli_run "$1" 1 '' "$P $(printf '%s' "$2" | sed 's/%/%%/g'): $3\n" "$USDTRACE" -e -n "$2"
}

e typedef_name_var 'typedef int a_t; a_t x; BEGIN { exit(0); }' 'syntax error near ";"'
e typedef_name_ptr 'typedef int a_t; int y; a_t *x; BEGIN { exit(0); }' 'syntax error near ";"'
e typedef_name_list 'typedef int a_t; a_t x, y; BEGIN { exit(0); }' 'syntax error near ";"'
e typedef_name_array 'typedef int a_t; a_t x[2]; BEGIN { exit(0); }' 'syntax error near ";"'
# a keyword starts a declaration there still (self a_t x; struct s x;)
cli_run self_typedef_name 0 '' '' "$USDTRACE" -e -n 'typedef int a_t; self a_t x; BEGIN { exit(0); }'
