# buffers.sh — aggsize as dtrace sizes it: string keys count at strsize (so a small aggsize
# holds few entries and the rest are aggregation drops, tagged under -x droptags), and an
# entry that cannot fit at all is a refusal to enable, not a drop.
# shellcheck disable=SC2154 # cli_lib.sh sets cli_why

cli_needs_root agg_drops || return 0

printf '#pragma D option quiet\n#pragma D option strsize=256\n#pragma D option aggsize=600\n\nBEGIN\n{\n\t@["one"] = count();\n\t@["two"] = count();\n\t@["three"] = count();\n\texit(0);\n}\n' >"$W/ad.d"
cli_run agg_drops 0 '\n  one                                                               1\n' \
	'~^usdtrace: \[DTRACEDROP_AGGREGATION\] 2 aggregation drops on CPU [0-9]+$' \
	"$USDTRACE" -x droptags -s "$W/ad.d"
cli_run agg_drops_untagged 0 '*' \
	'~^usdtrace: 2 aggregation drops on CPU [0-9]+$' "$USDTRACE" -s "$W/ad.d"
cli_run aggsize_too_small 1 '' \
	"usdtrace: description 'BEGIN ' matched 1 probe\nusdtrace: could not enable tracing: Enabling exceeds size of buffer\n" \
	"$USDTRACE" -x aggsize=8 -n 'BEGIN { @ = count(); exit(0); }'
