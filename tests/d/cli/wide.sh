# wide.sh — printf widths and precisions far beyond a line (dtrace prints 10^7 blanks or zeros
# when asked), counted rather than compared byte by byte.
# shellcheck disable=SC2154 # cli_lib.sh sets cli_why

cli_needs_root wide_width || return 0
printf 'BEGIN\n{\n\tprintf("%%2000000d|%%.1500000d|%%-1000000s|\\n", 1, 2, "x");\n\texit(0);\n}\n' >"$W/wide.d"
"$USDTRACE" -q -s "$W/wide.d" >"$W/out" 2>"$W/err"
n=$(head -n 1 "$W/out" | awk -F'|' '{ print length($1), length($2), length($3) }')
if [ "$n" = "2000000 1500000 1000000" ] && [ ! -s "$W/err" ]; then
	cli_ok wide_width
else
	cli_notok wide_width "field lengths '$n', stderr: $(head -c 200 "$W/err")"
fi
