# oneliners.sh — -n descriptions on the command line: default output and the "description
# 'TEXT' matched N probes" notice (TEXT is the argument cut at its first '{', '/' or ';':
# dtrace.c compile_str), -q, several -n, compile errors reported as "invalid probe specifier"
# with the "in action list:" region (dt_error.c dt_set_errmsg, no line number for strings).
# shellcheck disable=SC2016,SC2154 # $1, $target... are D macro variables; cli_lib.sh sets cli_why
H='CPU     ID                    FUNCTION:NAME'
PB='  *      1                           :BEGIN '

if cli_needs_root n_default; then
	CLI_CPU=1 cli_run n_default 0 "$H\n$PB\n\n" "usdtrace: description 'BEGIN ' matched 1 probe\n" \
		"$USDTRACE" -n 'BEGIN { exit(0); }'
fi
if cli_needs_root n_predicate_crop; then
	CLI_CPU=1 cli_run n_predicate_crop 0 "$H\n${PB}yes\n\n" \
		"usdtrace: description 'dtrace:::BEGIN' matched 1 probe\n" \
		"$USDTRACE" -n 'dtrace:::BEGIN/1/{ printf("yes"); exit(0); }'
fi
if cli_needs_root n_quiet; then
	cli_run n_quiet 0 'hi\n\n' '' "$USDTRACE" -q -n 'BEGIN { printf("hi\n"); exit(0); }'
fi
# DTrace for Linux's curcpu is a built-in variable holding a pointer (not translated data, as
# curpsinfo is): trace() takes it and prints the pointer, a non-zero integer.
if cli_needs_root trace_curcpu; then
	cli_run trace_curcpu 0 '~^[1-9][0-9]*$' '' "$USDTRACE" -q -n 'BEGIN { trace(curcpu); exit(0); }'
fi
if cli_needs_root n_several; then
	cli_run n_several 0 'a\nb\n\n' '' "$USDTRACE" -q -n 'BEGIN { printf("a\n"); }' \
		-n 'BEGIN { printf("b\n"); }' -n 'BEGIN { exit(0); }'
fi
# One -n argument may hold several clauses (dt_compile starts a description argument in the
# clause state, like a script): the one-liner idiom 'probe { ... } tick-1s { exit(0); }'.
if cli_needs_root n_several_clauses; then
	cli_run n_several_clauses 0 'n=1\n\n' '' "$USDTRACE" -q \
		-n 'BEGIN { n++; } tick-10ms /n == 1/ { exit(0); } END { printf("n=%d\n", n); }'
fi
cli_run n_several_clauses_error 1 '' \
	'usdtrace: invalid probe specifier BEGIN { exit(0); } }: syntax error near "}"\n' \
	"$USDTRACE" -n 'BEGIN { exit(0); } }'
# Declarations in a description argument, as in a script (dt_compile reads -n text with the
# program grammar; keywords stay keywords there): an inline, a typedef and a global variable
# before the clause. The notice names the argument up to its first ';' (compile_str).
if cli_needs_root n_declarations; then
	CLI_CPU=1 cli_run n_declarations 0 "$H\n${PB}42 7\n\n" \
		"usdtrace: description 'inline int A = 42' matched 1 probe\n" "$USDTRACE" \
		-n 'inline int A = 42; typedef int myint_t; int x; BEGIN { x = 7; printf("%d %d", A, (myint_t)x); exit(0); }'
fi
if cli_needs_root n_declaration_after_clause; then
	cli_run n_declaration_after_clause 0 '5\n\n' '' "$USDTRACE" -q \
		-n 'BEGIN { self->v = 5; printf("%d\n", self->v); exit(0); } self int v;'
fi
cli_run n_declaration_error 1 '' \
	'usdtrace: invalid probe specifier inline int A = 42 BEGIN: syntax error near "BEGIN"\n' \
	"$USDTRACE" -n 'inline int A = 42 BEGIN'
# A description argument starting with a word that starts a declaration (a type, a storage
# class, a qualifier, struct/union/enum...) is a declaration whatever follows it, as dtrace
# reads it (observed: -n 'int;' is a useless declaration, -n 'struct { int a; } v; ...' declares
# v, -n 'int { }' is a syntax error at the `{`); another keyword before `{` names a probe
if cli_needs_root n_decl_anon_struct; then
	cli_run n_decl_anon_struct 0 '4\n\n' '' "$USDTRACE" -q \
		-n 'struct { int a; } v; BEGIN { v.a = 4; printf("%d\n", v.a); exit(0); }'
fi
if cli_needs_root n_decl_anon_enum; then
	cli_run n_decl_anon_enum 0 '3\n\n' '' "$USDTRACE" -q \
		-n 'enum { A = 3 }; BEGIN { printf("%d\n", A); exit(0); }'
fi
cli_run n_decl_useless 1 '' 'usdtrace: invalid probe specifier int;: useless declaration\n' \
	"$USDTRACE" -n 'int;'
cli_run n_decl_keyword_brace 1 '' 'usdtrace: invalid probe specifier static { }: syntax error near "{"\n' \
	"$USDTRACE" -n 'static { }'
cli_run n_decl_qualifier_only 1 '' \
	'usdtrace: invalid probe specifier const;: failed to resolve type : Unknown type name\n' \
	"$USDTRACE" -n 'const;'
# a description then `;` is no clause in a description argument either: dtrace stops there
# (usdtrace ran BEGIN with no actions and never exited)
cli_run n_desc_semicolon 1 '' 'usdtrace: invalid probe specifier BEGIN;: syntax error near ";"\n' \
	"$USDTRACE" -n 'BEGIN;'
cli_run n_keyword_probe 1 '' \
	'usdtrace: invalid probe specifier sizeof { }: probe description :::sizeof does not match any probes\n' \
	"$USDTRACE" -n 'sizeof { }'
if cli_needs_root n_and_s; then
	printf 'BEGIN\n{\n\tprintf("from script\\n");\n}\n' >"$W/s.d"
	cli_run n_and_s 0 'from script\nfrom n\n\n' '' "$USDTRACE" -q -s "$W/s.d" \
		-n 'BEGIN { printf("from n\n"); exit(0); }'
fi
if cli_needs_root n_defaultargs; then
	cli_run n_defaultargs 0 '0 []\n\n' '' "$USDTRACE" -q -x defaultargs \
		-n 'BEGIN { printf("%d [%s]\n", $1, $$1); exit(0); }'
fi
if cli_needs_root n_args; then
	cli_run n_args 0 'x 7\n\n' '' "$USDTRACE" -q \
		-n 'BEGIN { printf("%s %d\n", $$1, $2); exit(0); }' x 7
fi

cli_run n_compile_error 1 '' \
	'usdtrace: invalid probe specifier BEGIN { x = nosuch; }: in action list: failed to resolve nosuch: Unknown variable name\n' \
	"$USDTRACE" -n 'BEGIN { x = nosuch; }'
cli_run n_type_error 1 '' \
	'usdtrace: invalid probe specifier BEGIN { x = "a" * 2; }: in action list: operator * requires operands of arithmetic type\n' \
	"$USDTRACE" -n 'BEGIN { x = "a" * 2; }'
cli_run n_nomatch 1 '' \
	'usdtrace: invalid probe specifier nosuch:::probe { exit(0); }: probe description nosuch:::probe does not match any probes\n' \
	"$USDTRACE" -n 'nosuch:::probe { exit(0); }'
# dtrace.c main: nothing to enable at all.
cli_run no_probes 1 '' 'usdtrace: no probes specified\n' "$USDTRACE" -q
# $0 of a program given with -n: the command as it was invoked (dtrace's argv[0]), a macro
# argument like any other: a path is a string, a bare name found on PATH an identifier
# (observed: /opt/oracle-dtrace/sbin/dtrace -qn 'BEGIN { trace($0); }' prints the path;
# "dtrace -qn ..." from PATH fails "failed to resolve dtrace: Unknown variable name").
if cli_needs_root n_macro_0_path; then
	cli_run n_macro_0_path 0 "$USDTRACE\n" '' "$USDTRACE" -qn 'BEGIN { trace($0); exit(0); }'
fi
mkdir -p "$W/bin"
ln -sf "$USDTRACE" "$W/bin/usdtrace"
cli_run n_macro_0_bare 1 '' \
	"usdtrace: invalid probe specifier BEGIN { trace(\$0); }: in action list: failed to resolve usdtrace: Unknown variable name\n" \
	env PATH="$W/bin:$PATH" usdtrace -qn 'BEGIN { trace($0); }'
# print() through a pointer to a kernel struct no member access has completed: the struct's
# members come from the kernel's BTF (was refused as "size 0"); "ADDR = *" as dtrace prints it.
if cli_needs_root n_print_kernel_struct; then
	cli_run n_print_kernel_struct 0 '~^(0x[0-9a-f]+ = \*| +\(struct callback_head\) \{| +\}|)$' '' \
		"$USDTRACE" -qn 'BEGIN { print((struct callback_head *)alloca(16)); exit(0); }'
fi
# *p of a kernel struct taken whole (trace() records its bytes as tracemem shows them): the
# size comes from the kernel's BTF (was refused: "cannot use a value of -1 bytes here").
if cli_needs_root n_trace_kernel_deref; then
	cli_run n_trace_kernel_deref 0 '~^( +0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef| +[0-9a-f]+: [0-9a-f]{2} .*|)$' '' \
		"$USDTRACE" -qn 'BEGIN { trace(*curthread->mm); exit(0); }'
fi
