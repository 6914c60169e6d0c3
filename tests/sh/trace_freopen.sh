# tier: full
# trace_freopen.sh — the consumer's output stream actions: freopen() sends later output to a
# file (appending; "" restores the original output; a file that cannot be opened is an error
# on the probe and output stays where it was), ftruncate() empties the -o file. freopen() is
# destructive (refused without -w), ftruncate() is not.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip trace-freopen "needs root (traces)"
	exit 0
fi
cd "$W" || exit 1

"$U" -wq -o out -n "BEGIN { printf(\"a\\n\"); freopen(\"$W/f.%d\", 7); printf(\"b\\n\");
	freopen(\"$W/f.%d\", 7); printf(\"c\\n\"); freopen(\"\"); printf(\"d\\n\");
	freopen(\"$W\"); printf(\"e\\n\"); exit(0) }" 2>err
if [ "$(cat out)" = "a
d
e" ] && [ "$(cat f.7)" = "b
c" ] && grep -q "couldn't freopen() \"$W\": Is a directory" err; then
	ok freopen-switch-restore
else
	notok freopen-switch-restore "out [$(cat out)] f.7 [$(cat f.7 2>&1)] err [$(cat err)]"
fi

w=$W
expect_fail freopen-destructive "${U##*/}: could not enable tracing: Destructive actions not allowed" \
	"$U" -qn 'BEGIN { freopen("/dev/null"); exit(0) }'

"$U" -q -o trunc -n 'BEGIN { printf("gone\n"); ftruncate(); printf("kept\n"); exit(0) }' 2>err
if [ "$(cat trunc)" = "kept" ] && [ ! -s err ]; then
	ok ftruncate-output
else
	notok ftruncate-output "[$(cat trunc)] err [$(cat err)]"
fi
