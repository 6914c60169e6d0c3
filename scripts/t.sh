#!/bin/sh
# Runs named shell tests the way tests/run.sh runs them (same environment), printing their
# output as it comes: the loop for working on one area.
#   sh scripts/t.sh usdt_trace [pid_basic ...]    (names of tests/sh/*.sh, with or without .sh)
# Exit status: non-zero when any named test printed "not ok" or exited non-zero.
top=$(cd "$(dirname "$0")/.." && pwd)
B="$top/build"
src_inc=$(find "$top/src" -type d | sort | sed 's/^/-I/' | tr '\n' ' ')
[ $# -gt 0 ] || { echo "usage: sh scripts/t.sh TEST..." >&2; exit 2; }
status=0
for name; do
	t="$top/tests/sh/${name%.sh}.sh"
	[ -f "$t" ] || { echo "no test $t" >&2; status=1; continue; }
	out=$(mktemp) rcf=$(mktemp)
	{
		env USDTRACE="$B/usdtrace" TOP="$top" B="$B" SRC_INC="$src_inc" TIER=full sh "$t" </dev/null
		echo $? >"$rcf"
	} | tee "$out"
	grep -q '^not ok - ' "$out" && status=1
	[ "$(cat "$rcf")" = 0 ] || { echo "$name exited with status $(cat "$rcf")"; status=1; }
	rm -f "$out" "$rcf"
done
exit $status
