#!/bin/sh
# Runs the unit test binaries (plain and ASan+UBSan) and the shell tests of one tier, and counts
# results.
#   sh tests/run.sh [full]   every test: the real kernel, real programs (make check; what CI runs)
#   sh tests/run.sh fast     the edit-compile-test loop (make check-fast): the unit tests and the
#                            shell tests that trace nothing in the kernel
# Tiers. Every tests/sh/*.sh declares its tier on a line of its own near its top (first 15
# lines): "# tier: fast" — it loads no BPF program, attaches nothing, starts no other tracer
# (bpftrace, perf record) and takes a few seconds at most; or "# tier: full" — anything else.
# The full tier runs both; a test that declares no tier fails in every tier. Tests see the tier
# as $TIER, so a fast test with kernel cases can leave them to the full tier (dcorpus.sh does).
# Protocol: a test prints one line per case: "ok - NAME", "not ok - NAME: why" or
# "skip - NAME: why". A test that exits non-zero without printing "not ok" counts as one failure
# (a crash or an abort is a failure even if every earlier case passed).
# Unit tests run side by side (one per CPU; each uses its own temporary files), shell tests one
# at a time; results print in a fixed order. The last line is "N passed, N failed[, N skipped]".
top=$(cd "$(dirname "$0")/.." && pwd)
B="$top/build"

if [ "${1:-}" = --one ]; then # internal: DIR KIND TEST; one unit test, from the pool below
	d=$2 kind=$3 t=$4
	mkdir -p "$d"
	case $kind in
	asan)
		ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
			"$t" >"$d/out" 2>"$d/err" </dev/null ;;
	*) "$t" >"$d/out" 2>"$d/err" </dev/null ;;
	esac
	echo $? >"$d/rc"
	exit 0
fi

tier=${1:-full}
case $tier in
fast | full) ;;
*) echo "usage: sh tests/run.sh [full|fast]" >&2; exit 2 ;;
esac

log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
pass=0 fail=0 skip=0
# -I flags for every folder of src/ (headers are included by name), for tests that compile
# against the library
src_inc=$(find "$top/src" -type d | sort | sed 's/^/-I/' | tr '\n' ' ')
jobs=$(nproc 2>/dev/null || echo 2)

# report LABEL DIR: count and print the results a test left in DIR (out, err, rc).
report() {
	label=$1 d=$2
	out="$d/out"
	rc=$(cat "$d/rc" 2>/dev/null || echo 1)
	p=$(grep -c '^ok - ' "$out"); f=$(grep -c '^not ok - ' "$out"); s=$(grep -c '^skip - ' "$out")
	grep -E '^(ok|not ok|skip) - ' "$out" | sed "s|^|[$label] |"
	grep '^not ok - ' "$out" | sed "s|^|[$label] |" >>"$log/failed"
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - [$label] exited with status $rc" | tee -a "$log/failed"
		f=1
	fi
	if [ "$f" -ne 0 ] || [ "$rc" -ne 0 ]; then
		echo "---- stderr of $label ----"; tail -n 40 "$d/err"; echo "----"
	fi
	if [ $((p + f + s)) -eq 0 ] && [ "$rc" -eq 0 ]; then
		echo "not ok - [$label] ran no case" | tee -a "$log/failed"
		f=1
	fi
	pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + s))
}

# The tier a shell test declares: fast, full, or "" (none).
declared_tier() {
	sed -n '1,15s/^# tier: *\([a-z]*\) *$/\1/p' "$1" | head -n 1
}

# Unit tests, plain and ASan, side by side: started in the order test_a, ASan test_a, test_b...
# (a slow test's two builds start early, not last), reported plain ones first.
: >"$log/units"
for t in "$B"/tests/test_* "$B"/tests-asan/test_*; do
	[ -x "$t" ] || continue
	case $t in "$B"/tests-asan/*) kind=asan ;; *) kind=unit ;; esac
	echo "$kind $(basename "$t")" >>"$log/units"
done
sort -k 2,2 -k 1,1r "$log/units" | while read -r kind name; do
	case $kind in asan) t="$B/tests-asan/$name" ;; *) t="$B/tests/$name" ;; esac
	printf '%s\0%s\0%s\0' "$log/$kind-$name" "$kind" "$t"
done | xargs -0 -r -n 3 -P "$jobs" sh "$0" --one
while read -r kind name; do
	report "$kind/$name" "$log/$kind-$name"
done <"$log/units"

# Uprobes the kernel gave up unregistering ("failed to unregister, leaking uprobe": a close
# interrupted by SIGKILL). A leaked uprobe keeps the instruction it copied and, once its file is
# deleted, can meet a new file that reuses the inode at the same offset; each test's count is
# listed at the end, so a later failure of a traced program can be traced back to it.
# The kernel log's ring turns over (a test can fill it), so leaks are told by their time stamps:
# log_now prints the time of the log's last line, leaks_since T how many leak lines came after T.
log_now() {
	dmesg 2>/dev/null | tail -n 1 | awk '{ s = substr($0, 2, index($0, "]") - 2); gsub(/ /, "", s); print s }'
}
leaks_since() {
	dmesg 2>/dev/null | awk -v t="$1" '/leaking uprobe/ {
		if (substr($0, 2, index($0, "]") - 2) + 0 > t + 0) n++ } END { print n + 0 }'
}
: >"$log/leaks"

# Shell tests of the tier, one at a time.
for t in "$top"/tests/sh/*.sh; do
	[ -f "$t" ] || continue
	[ "$(basename "$t")" = lib.sh ] && continue # helpers sourced by the tests, not a test
	label=sh/$(basename "$t" .sh)
	case $(declared_tier "$t") in
	fast) ;;
	full) [ "$tier" = full ] || continue ;;
	*)
		echo "not ok - [$label] declares no tier (a line \"# tier: fast\" or \"# tier: full\")" |
			tee -a "$log/failed"
		fail=$((fail + 1))
		continue ;;
	esac
	d="$log/sh"
	rm -rf "$d"; mkdir -p "$d"
	l0=$(log_now)
	env USDTRACE="$B/usdtrace" TOP="$top" B="$B" SRC_INC="$src_inc" TIER="$tier" sh "$t" \
		>"$d/out" 2>"$d/err" </dev/null
	echo $? >"$d/rc"
	l1=$(leaks_since "${l0:-0}")
	[ "$l1" = 0 ] || echo "[$label] $l1" >>"$log/leaks"
	report "$label" "$d"
done

# The failures again, together: a CI log may keep only its tail.
if [ -s "$log/failed" ]; then
	echo "---- failed ----"
	cut -c 1-300 "$log/failed"
fi
if [ -s "$log/leaks" ]; then
	echo "---- uprobes the kernel leaked, by test ----"
	cat "$log/leaks"
fi
if [ "$skip" -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
