# scripts.sh — "#!" interpreter scripts with arguments (the kernel passes the interpreter line's
# one option word, then the script path, then the arguments: usdtrace -qs PATH ARGS...), and
# -C with -I and -D.
# shellcheck disable=SC2016,SC2154 # $1, $target... are D macro variables; cli_lib.sh sets cli_why

cli_needs_root shebang_qs || return 0

printf '#!%s -qs\n\nBEGIN\n{\n\tprintf("%%s %%d\\n", $$1, $2 * 2);\n\texit(0);\n}\n' "$USDTRACE" >"$W/hb.d"
chmod +x "$W/hb.d"
cli_run shebang_qs 0 'foo 42\n\n' '' "$W/hb.d" foo 21

printf '#!%s -s\n#pragma D option quiet\n\nBEGIN\n{\n\tprintf("[%%s]\\n", $$1);\n\texit($2);\n}\n' "$USDTRACE" >"$W/hs.d"
chmod +x "$W/hs.d"
cli_run shebang_s_status 5 '[two words]\n\n' '' "$W/hs.d" "two words" 5

# Without -q the notice names the script as it was passed (the path the kernel hands over).
printf '#!%s -s\n\nBEGIN\n{\n\texit(0);\n}\n' "$USDTRACE" >"$W/hn.d"
chmod +x "$W/hn.d"
"$W/hn.d" >/dev/null 2>"$W/hn.err"
if cli_match "usdtrace: script '$W/hn.d' matched 1 probe\n" "$W/hn.err"; then
	cli_ok shebang_notice
else
	cli_notok shebang_notice "$cli_why"
fi

mkdir -p "$W/inc"
printf '#define FROM_INC "included"\n' >"$W/inc/defs.h"
printf '#include <defs.h>\nBEGIN\n{\n\tprintf("%%s %%d\\n", FROM_INC, N);\n\texit(0);\n}\n' >"$W/c.d"
cli_run cpp_I_D 0 'included 3\n\n' '' "$USDTRACE" -q -C -I "$W/inc" -D N=3 -s "$W/c.d"

# -U removes a definition made before it (cpp sees -D and -U in command-line order).
printf 'BEGIN\n{\n#ifdef GONE\n\tprintf("defined\\n");\n#else\n\tprintf("undefined\\n");\n#endif\n\texit(0);\n}\n' >"$W/u.d"
cli_run cpp_U 0 'undefined\n\n' '' "$USDTRACE" -q -C -D GONE -U GONE -s "$W/u.d"
cli_run cpp_D_only 0 'defined\n\n' '' "$USDTRACE" -q -C -D GONE -s "$W/u.d"

# dtrace compiles each -s and -n argument alone, and each must reference the last macro
# argument: a script that does not is an error even when another one uses it (observed:
# dtrace -q -s uses.d -s plain.d 5, "extraneous argument" for plain.d at its end).
printf 'BEGIN\n{\n\ttrace($1);\n}\n' >"$W/uses.d"
printf 'BEGIN\n{\n\texit(0);\n}\n' >"$W/plain.d"
cli_run macro_unused_per_script 1 '' "usdtrace: failed to compile script $W/plain.d: line 5: extraneous argument '5' (\$1 is not referenced)\n" \
	"$USDTRACE" -q -s "$W/uses.d" -s "$W/plain.d" 5
cli_run macro_unused_per_clause_arg 1 '' "usdtrace: invalid probe specifier BEGIN { exit(0); }: extraneous argument '5' (\$1 is not referenced)\n" \
	"$USDTRACE" -q -n 'BEGIN { exit(0); }' -s "$W/uses.d" 5
