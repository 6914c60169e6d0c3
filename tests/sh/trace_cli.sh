# tier: fast
# trace_cli.sh — the tracer command's command line, without the kernel: usage errors (exit 2),
# processes that cannot be grabbed or run, probe descriptions that match nothing (dtrace's
# "invalid probe specifier" / "failed to compile script" wording, line numbers), pragma and
# macro-argument errors, -Z, and -e / -S, which compile without privileges (run as nobody when
# the test runs as root). Messages are compared whole.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
w=$W

# expect_usage NAME ARGS...: exit status 2, a message on stderr, nothing on stdout.
expect_usage() {
	name=$1; shift
	"$USDTRACE" "$@" >"$w/out" 2>"$w/err"
	rc=$?
	if [ $rc -ne 2 ]; then notok "$name" "exit $rc (want 2): $(head -c 200 "$w/err")"
	elif [ ! -s "$w/err" ] || [ -s "$w/out" ]; then notok "$name" "stderr/stdout wrong"
	else ok "$name"; fi
}

expect_usage no_arguments
expect_usage unknown_option -Q -n BEGIN
expect_usage missing_option_argument -n

EXPECT_FAIL_QUIET=1
expect_fail bad_pid_syntax "usdtrace: invalid pid: 12x" "$USDTRACE" -p 12x -n BEGIN
expect_fail no_probes_specified "usdtrace: no probes specified" "$USDTRACE" -q
expect_fail nonexistent_pid "usdtrace: No such process" \
	"$USDTRACE" -p 2147483000 -n BEGIN
# a command that cannot be run is libproc's "No such process" to dtrace (dtrace -c /nonexistent/cmd)
expect_fail no_such_command "usdtrace: No such process" \
	"$USDTRACE" -c /nonexistent/cmd -n BEGIN
expect_fail no_match "usdtrace: invalid probe specifier FOO: probe description :::FOO does not match any probes" \
	"$USDTRACE" -n FOO
expect_fail no_match_with_action \
	"usdtrace: invalid probe specifier foo:bar { exit(0); }: probe description ::foo:bar does not match any probes" \
	"$USDTRACE" -n 'foo:bar { exit(0); }'
expect_fail no_match_provider "usdtrace: invalid probe specifier nosuch: probe description nosuch::: does not match any probes" \
	"$USDTRACE" -P nosuch
expect_fail no_match_id "usdtrace: invalid probe specifier 99999: invalid probe identifier 99999: Unknown probe identifier" \
	"$USDTRACE" -i 99999
# dtrace's lexer: leading digits are an id of their own, so "4-2" is id 4 then :::-2
expect_fail id_zero "usdtrace: invalid probe specifier 0: invalid probe identifier 0: Unknown probe identifier" \
	"$USDTRACE" -i 0 - 2
expect_fail id_then_name "usdtrace: invalid probe specifier 1-2: probe description :::-2 does not match any probes" \
	"$USDTRACE" -i 1-2
expect_fail id_for_function "usdtrace: invalid probe specifier 4.56: probe identifier 4 not permitted when specifying functions" \
	"$USDTRACE" -f 4.56
expect_fail leading_colon "usdtrace: invalid probe specifier ::nosuch:: probe description :nosuch:: does not match any probes" \
	"$USDTRACE" -f ::nosuch:
expect_fail overspecified_module "usdtrace: invalid probe specifier :a::: invalid probe description \":a::\": Overspecified probe description" \
	"$USDTRACE" -m :a::
expect_fail tick_too_fast "usdtrace: invalid probe specifier tick-100us: probe description :::tick-100us does not match any probes" \
	"$USDTRACE" -n tick-100us
expect_fail tick_bad_unit "usdtrace: invalid probe specifier profile:::tick-3weeks: probe description profile:::tick-3weeks does not match any probes" \
	"$USDTRACE" -n profile:::tick-3weeks
expect_fail profile_zero "usdtrace: invalid probe specifier profile-0: probe description :::profile-0 does not match any probes" \
	"$USDTRACE" -n profile-0
# The second description of a clause matches nothing: still an error.
expect_fail second_desc_unmatched "usdtrace: invalid probe specifier BEGIN,FOO: probe description :::FOO does not match any probes" \
	"$USDTRACE" -n BEGIN,FOO

printf 'BEGIN\n{\n}\n\ndtrace:::NOPE\n{\n}\n' >"$w/nomatch.d"
expect_fail script_no_match \
	"usdtrace: failed to compile script $w/nomatch.d: line 5: probe description dtrace:::NOPE does not match any probes" \
	"$USDTRACE" -s "$w/nomatch.d"
expect_fail script_missing "usdtrace: failed to open $w/missing.d: No such file or directory" \
	"$USDTRACE" -s "$w/missing.d"
printf '#pragma D option quiet\n#pragma D option nosuchoption\nBEGIN {}\n' >"$w/pragma.d"
expect_fail bad_pragma_option \
	"usdtrace: failed to compile script $w/pragma.d: line 2: failed to set option 'nosuchoption': Invalid option name" \
	"$USDTRACE" -s "$w/pragma.d"
printf '#pragma D option bufsize=lots\nBEGIN {}\n' >"$w/pragma2.d"
expect_fail bad_pragma_value \
	"usdtrace: failed to compile script $w/pragma2.d: line 1: failed to set option 'bufsize' to 'lots': Invalid value for specified option" \
	"$USDTRACE" -s "$w/pragma2.d"
# A compiler switch set by a pragma applies to the program it stands in (DTrace for Linux sets
# the compilation's flags): zdefs lets NOPE compile, matching nothing, and the run then stops
# as dtrace's does, "no probes matched" (issue 20: it was refused before).
printf '#pragma D option quiet\n#pragma D option zdefs\nNOPE {}\n' >"$w/pragma3.d"
expect_fail pragma_compile_switch "usdtrace: no probes matched" "$USDTRACE" -s "$w/pragma3.d"
# An error in a -n program's predicate names that region (dtrace's dt_cook_clause labels it
# "predicate"; issue 20: it said "in action list").
expect_fail predicate_region "usdtrace: invalid probe specifier BEGIN /nosuch/ { trace(1); }: in predicate: failed to resolve nosuch: Unknown variable name" \
	"$USDTRACE" -n 'BEGIN /nosuch/ { trace(1); }'
# dtrace compiles each -n alone: an error names the argument it is in, not the first one; a
# printf format's error is checked outside the labelled regions (dt_printf_validate), so it has
# no "in action list" (issue 20).
expect_fail error_names_its_argument "usdtrace: invalid probe specifier tick-1s
{
	trace(nosuch);
}: in action list: failed to resolve nosuch: Unknown variable name" \
	"$USDTRACE" -n 'BEGIN
{
	trace(1);
}' -n 'tick-1s
{
	trace(nosuch);
}'
expect_fail format_error_no_region "usdtrace: invalid probe specifier BEGIN { printf(\"%d\"); }: printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding value argument" \
	"$USDTRACE" -n 'BEGIN { printf("%d"); }'
# Type errors in a description name the region, not a line (dtrace numbers lines of files only).
expect_fail description_type_error "usdtrace: invalid probe specifier BEGIN { x = nosuch; }: in action list: failed to resolve nosuch: Unknown variable name" \
	"$USDTRACE" -n 'BEGIN { x = nosuch; }'
printf 'BEGIN\n{\n\tx = nosuch;\n}\n' >"$w/type.d"
expect_fail script_type_error "usdtrace: failed to compile script $w/type.d: line 3: failed to resolve nosuch: Unknown variable name" \
	"$USDTRACE" -s "$w/type.d"
expect_fail undefined_macro_arg "usdtrace: invalid probe specifier BEGIN { trace(\$1); }: macro argument \$1 is not defined" \
	"$USDTRACE" -n 'BEGIN { trace($1); }'
expect_fail unused_macro_arg "usdtrace: invalid probe specifier BEGIN { trace(\$1); }: extraneous argument 'b' (\$2 is not referenced)" \
	"$USDTRACE" -n 'BEGIN { trace($1); }' a b
expect_fail syntax_error_in_description "usdtrace: invalid probe specifier BEGIN { trace(1 }: syntax error near \"}\"" \
	"$USDTRACE" -n 'BEGIN { trace(1 }'

# -e and -S compile without privileges: run as nobody when we are root.
asuser() {
	if [ "$(id -u)" -eq 0 ]; then
		setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
	else
		"$@"
	fi
}
cp "$USDTRACE" "$w/usdtrace" && chmod 755 "$w" "$w/usdtrace"
U=$w/usdtrace
asuser "$U" -e -n 'BEGIN { trace(1); exit(0); }' -n tick-1s >"$w/out" 2>"$w/err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$w/out" ] || [ -s "$w/err" ]; then
	notok compile_only_unprivileged "exit $rc, out [$(head -c 200 "$w/out")] err [$(head -c 300 "$w/err")]"
else
	ok compile_only_unprivileged
fi
asuser "$U" -S -e -n 'BEGIN { trace(1); exit(0); }' >"$w/out" 2>"$w/err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$w/out" ] || ! grep -q 'dtrace:::BEGIN' "$w/err" || ! grep -q 'exit' "$w/err"; then
	notok disasm_unprivileged "exit $rc, out [$(head -c 200 "$w/out")] err [$(head -c 300 "$w/err")]"
else
	ok disasm_unprivileged
fi
# -Z: a description that matches nothing is allowed
asuser "$U" -Z -e -n FOO -n 'BEGIN { exit(0); }' >"$w/out" 2>"$w/err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$w/err" ]; then notok zdefs "exit $rc: $(head -c 300 "$w/err")"; else ok zdefs; fi
# Script arguments: operands after -s become $1..; $0 is the script name.
printf 'BEGIN\n{\n\tprintf("%%s %%d %%s", $$0, $1, $$2);\n}\n' >"$w/args.d"
asuser "$U" -e -s "$w/args.d" 42 hello >"$w/out" 2>"$w/err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$w/err" ]; then notok script_arguments "exit $rc: $(head -c 300 "$w/err")"; else ok script_arguments; fi
asuser "$U" -e -s "$w/args.d" 42 >"$w/out" 2>"$w/err"
if [ "$(cat "$w/err")" != "usdtrace: failed to compile script $w/args.d: line 3: macro argument \$\$2 is not defined" ]; then
	notok script_missing_argument "stderr [$(cat "$w/err")]"
else
	ok script_missing_argument
fi
# An interpreter file: "#!/path/usdtrace -eqs" passes its options and the script's arguments.
printf '#!%s -eqs\nBEGIN\n{\n\ttrace($1);\n}\n' "$U" >"$w/interp.d"
chmod 755 "$w/interp.d"
asuser "$w/interp.d" 7 >"$w/out" 2>"$w/err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$w/err" ]; then notok interpreter_file "exit $rc: $(head -c 300 "$w/err")"; else ok interpreter_file; fi
asuser "$w/interp.d" 7 8 >"$w/out" 2>"$w/err"
rc=$?
if [ $rc -ne 1 ] || ! grep -q "extraneous argument '8'" "$w/err"; then
	notok interpreter_file_extra_arg "exit $rc: $(head -c 300 "$w/err")"
else
	ok interpreter_file_extra_arg
fi
# -L DIR: the directory's D libraries are compiled before the program, each after the
# libraries it depends on (#pragma D depends_on library); a missing one or a cycle is an error.
mkdir -p "$w/lib" "$w/badlib" "$w/cyclib"
printf '#pragma D depends_on library libb.d\ninline int A = B + 1;\n' >"$w/lib/liba.d"
printf 'inline int B = 41;\n' >"$w/lib/libb.d"
chmod -R a+rX "$w/lib"
asuser "$U" -L "$w/lib" -e -n 'BEGIN { trace(A); }' >"$w/out" 2>"$w/err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$w/err" ]; then notok libdir_inlines "exit $rc: $(head -c 300 "$w/err")"; else ok libdir_inlines; fi
printf '#pragma D depends_on library libnothere.d\n' >"$w/badlib/liba.d"
expect_fail libdir_missing_dependency "usdtrace: invalid probe specifier BEGIN { exit(0); }: Invalid library dependency in $w/badlib/liba.d: $w/badlib/libnothere.d" \
	"$USDTRACE" -L "$w/badlib" -e -n 'BEGIN { exit(0); }'
printf '#pragma D depends_on library libb.d\n' >"$w/cyclib/liba.d"
printf '#pragma D depends_on library liba.d\n' >"$w/cyclib/libb.d"
expect_fail libdir_cycle "usdtrace: invalid probe specifier BEGIN { exit(0); }: Cyclic dependency detected: $w/cyclib/liba.d => $w/cyclib/libb.d" \
	"$USDTRACE" -L "$w/cyclib" -e -n 'BEGIN { exit(0); }'
printf 'BEGIN { exit(0); }\n' >"$w/badlib/liba.d"
expect_fail libdir_no_clauses "usdtrace: invalid probe specifier BEGIN { exit(0); }: $w/badlib/liba.d: a library may not hold probe clauses" \
	"$USDTRACE" -L "$w/badlib" -e -n 'BEGIN { exit(0); }'
