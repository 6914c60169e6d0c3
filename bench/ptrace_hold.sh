#!/bin/sh
# ptrace_hold.sh — what holding a -p target at dlopen() costs it, and what passing its signals
# through the holder costs (src/process/ptrace_hold.c). Not part of `make check`; root.
#
#   sh bench/ptrace_hold.sh [RUNS]      (default 5 runs per case; medians printed)
#
# Cases, each untraced and under `usdtrace -p PID` with a clause on utlib$target:::hello:
#   dlopen    20 fresh copies of tests/progs/usdt/ut_lib.c's library loaded and called once:
#             microseconds per library (traced: each load holds the thread until its probe is
#             attached, so this is the hold's latency as the process sees it)
#   signals   100000 raise(SIGUSR1) with a handler: nanoseconds per signal (traced: each one
#             stops the thread and the holder passes it back)
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
U=${USDTRACE:-$top/build/usdtrace}
RUNS=${1:-5}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cc -O2 -o "$W/hold_bench" "$top/bench/hold_bench.c" -ldl || exit 1
cc -O2 -shared -fPIC -I"$top/include" -o "$W/libut.so" "$top/tests/progs/usdt/ut_lib.c" || exit 1


# one CASE TRACED: one run; prints the number
one() {
	rm -rf "$W/libs" "$W/go"
	mkdir "$W/libs"
	i=0
	while [ $i -lt 20 ]; do cp "$W/libut.so" "$W/libs/libut_$i.so"; i=$((i + 1)); done
	if [ "$1" = dlopen ]; then
		"$W/hold_bench" dlopen "$W/go" "$W/libs" 20 >"$W/out" &
	else
		"$W/hold_bench" signals "$W/go" 100000 >"$W/out" &
	fi
	bp=$!
	if [ "$2" = traced ]; then
		"$U" -Z -q -n 'BEGIN { printf("ready\n"); } utlib$target:::hello { n++; }' -p $bp >"$W/tr" 2>&1 &
		up=$!
		while ! grep -q ready "$W/tr" 2>/dev/null; do sleep 0.05; done
	fi
	touch "$W/go"
	wait $bp
	[ "$2" = traced ] && wait $up
	awk '{ print $2 }' "$W/out"
}

for c in dlopen signals; do
	for t in untraced traced; do
		r=0
		: >"$W/vals"
		while [ $r -lt "$RUNS" ]; do one $c $t >>"$W/vals"; r=$((r + 1)); done
		echo "$c $t: median $(median <"$W/vals") ($(tr '\n' ' ' <"$W/vals"))"
	done
done
