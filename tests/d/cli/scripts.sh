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
