#!/bin/sh
# Runs every unit test binary (plain and ASan+UBSan) and every shell test, and counts results.
# Protocol: a test prints one line per case: "ok - NAME", "not ok - NAME: why" or
# "skip - NAME: why". A test that exits non-zero without printing "not ok" counts as one failure
# (a crash or an abort is a failure even if every earlier case passed).
top=$(cd "$(dirname "$0")/.." && pwd)
B="$top/build"
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
pass=0 fail=0 skip=0
# -I flags for every folder of src/ (headers are included by name), for tests that compile
# against the library
src_inc=$(find "$top/src" -type d | sort | sed 's/^/-I/' | tr '\n' ' ')

run_one() { # label, command...
	label=$1; shift
	out="$log/out"
	"$@" >"$out" 2>"$log/err" </dev/null
	rc=$?
	p=$(grep -c '^ok - ' "$out"); f=$(grep -c '^not ok - ' "$out"); s=$(grep -c '^skip - ' "$out")
	grep -E '^(ok|not ok|skip) - ' "$out" | sed "s|^|[$label] |"
	grep '^not ok - ' "$out" | sed "s|^|[$label] |" >>"$log/failed"
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - [$label] exited with status $rc" | tee -a "$log/failed"
		f=1
	fi
	if [ "$f" -ne 0 ] || [ "$rc" -ne 0 ]; then
		echo "---- stderr of $label ----"; tail -n 40 "$log/err"; echo "----"
	fi
	if [ $((p + f + s)) -eq 0 ] && [ "$rc" -eq 0 ]; then
		echo "not ok - [$label] ran no case" | tee -a "$log/failed"
		f=1
	fi
	pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + s))
}

for t in "$B"/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "unit/$(basename "$t")" "$t"
done
for t in "$B"/tests-asan/test_*; do
	[ -x "$t" ] || continue
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		run_one "asan/$(basename "$t")" "$t"
done
for t in "$top"/tests/sh/*.sh; do
	[ -f "$t" ] || continue
	[ "$(basename "$t")" = lib.sh ] && continue # helpers sourced by the tests, not a test
	run_one "sh/$(basename "$t" .sh)" env USDTRACE="$B/usdtrace" TOP="$top" B="$B" SRC_INC="$src_inc" sh "$t"
done

# The failures again, together: a CI log may keep only its tail.
if [ -s "$log/failed" ]; then
	echo "---- failed ----"
	cut -c 1-300 "$log/failed"
fi
if [ "$skip" -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
