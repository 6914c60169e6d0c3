# buffers.sh — aggsize as dtrace sizes it: string keys count at strsize + 1 (so a small aggsize
# holds few entries and the rest are aggregation drops, tagged under -x droptags), and an
# entry that cannot fit at all is a refusal to enable, not a drop. DTrace for Linux holds two
# of ad.d's three keys at aggsize 600 (4 + 257 + 24 = 285 bytes each) and drops the third.
# shellcheck disable=SC2154 # cli_lib.sh sets cli_why

cli_needs_root agg_drops || return 0

printf '#pragma D option quiet\n#pragma D option strsize=256\n#pragma D option aggsize=600\n\nBEGIN\n{\n\t@["one"] = count();\n\t@["two"] = count();\n\t@["three"] = count();\n\texit(0);\n}\n' >"$W/ad.d"
cli_run agg_drops 0 '\n  one                                                               1\n  two                                                               1\n' \
	'~^usdtrace: \[DTRACEDROP_AGGREGATION\] 1 aggregation drop on CPU [0-9]+$' \
	"$USDTRACE" -x droptags -s "$W/ad.d"
cli_run agg_drops_untagged 0 '*' \
	'~^usdtrace: 1 aggregation drop on CPU [0-9]+$' "$USDTRACE" -s "$W/ad.d"
cli_run aggsize_too_small 1 '' \
	"usdtrace: description 'BEGIN ' matched 1 probe\nusdtrace: could not enable tracing: Enabling exceeds size of buffer\n" \
	"$USDTRACE" -x aggsize=8 -n 'BEGIN { @ = count(); exit(0); }'

# bufsize too small for the program's largest record: dtrace refuses to enable (its record
# header is 24 bytes and it takes no buffer under 64 bytes: -b63 fails on BEGIN { exit(0); },
# -b64 runs; trace(execname) at strsize 100 needs 132 bytes), from -b, -x and the pragma alike.
cli_run bufsize_too_small 1 '' \
	"usdtrace: description 'BEGIN ' matched 1 probe\nusdtrace: could not enable tracing: Enabling exceeds size of buffer\n" \
	"$USDTRACE" -b63 -n 'BEGIN { exit(0); }'
# The buffer is a power of two of pages (dtrace's perf buffers, our ring buffer), and a bufsize
# rounded up is reported on stderr, unprefixed, as dtrace reports it (dt_peb.c; observed:
# -b64 -> 4096, -x bufsize=5000 -> 8192, 4k and the default 4m: nothing).
cli_run bufsize_smallest 0 '\n' 'bufsize increased to 4096\n' "$USDTRACE" -q -b64 -n 'BEGIN { exit(0); }'
cli_run bufsize_rounded_pages 0 '\n' 'bufsize increased to 8192\n' \
	"$USDTRACE" -q -x bufsize=5000 -n 'BEGIN { exit(0); }'
cli_run bufsize_whole_pages 0 '\n' '' "$USDTRACE" -q -x bufsize=4k -n 'BEGIN { exit(0); }'
cli_run bufsize_string_short 1 '' \
	'usdtrace: could not enable tracing: Enabling exceeds size of buffer\n' \
	"$USDTRACE" -q -xstrsize=100 -xbufsize=131 -n 'BEGIN { trace(execname); exit(0); }'
cli_run bufsize_string_fits 0 '~^.+$' 'bufsize increased to 4096\n' \
	"$USDTRACE" -q -xstrsize=100 -xbufsize=132 -n 'BEGIN { trace(execname); exit(0); }'
printf '#pragma D option bufsize=40\nBEGIN\n{\n\texit(0);\n}\n' >"$W/b40.d"
cli_run bufsize_pragma_too_small 1 '' \
	"usdtrace: script '$W/b40.d' matched 1 probe\nusdtrace: could not enable tracing: Enabling exceeds size of buffer\n" \
	"$USDTRACE" -s "$W/b40.d"
