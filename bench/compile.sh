#!/bin/sh
# compile.sh — compile time of D programs: `usdtrace -e -s TEST.d` (parse, check, generate
# BPF, then exit without loading or tracing) for every .d test in DTrace's unit test suite.
# Not part of `make check`. There is no peer here: bpftrace does not read D.
#
#   sh bench/compile.sh [RUNS] [SUITE]   (default 5 runs of each test; SUITE default
#                                         ../shared/dtrace-tests next to the checkout)
#
# Each run is timed by bench/runstat (fork to wait4, CLOCK_MONOTONIC). Per test the median of
# RUNS runs is kept; printed are the median, 90th percentile and maximum of those medians over
# all tests, how many tests took 20 ms or more, and the ten slowest. A test that is refused
# (a compile error, a missing macro argument) is timed all the same: refusing is compiling.
# Runs go from the suite's directory, as the suite runs them (relative #include paths).
#
# Environment: USDTRACE (default build/usdtrace), CC.
top=$(cd "$(dirname "$0")/.." && pwd)
USDTRACE=${USDTRACE:-$top/build/usdtrace}
CC=${CC:-cc}
RUNS=${1:-5}
SUITE=${2:-$top/../shared/dtrace-tests}

case $RUNS in
'' | *[!0-9]*) echo "bench/compile.sh: RUNS must be a positive number, not '$RUNS'" >&2; exit 2 ;;
esac
[ "$RUNS" -gt 0 ] || { echo "bench/compile.sh: RUNS must be at least 1" >&2; exit 2; }
[ -x "$USDTRACE" ] || { echo "bench/compile.sh: no usdtrace at $USDTRACE (run make)" >&2; exit 1; }
[ -d "$SUITE/test/unittest" ] || { echo "bench/compile.sh: no test/unittest in $SUITE" >&2; exit 1; }

. "$top/bench/lib.sh"
me=bench/compile.sh
runstat=$top/build/bench/runstat
bench_cc runstat runstat

w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
trap 'exit 1' INT TERM

cd "$SUITE" || exit 1
find test/unittest -name '*.d' | sort >"$w/tests"
while read -r t; do
	i=0
	: >"$w/one"
	while [ "$i" -lt "$RUNS" ]; do
		"$runstat" "$USDTRACE" -e -s "$t" | cut -d ' ' -f 1 >>"$w/one"
		i=$((i + 1))
	done
	m=$(sort -n "$w/one" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
	echo "$m $t" >>"$w/medians"
done <"$w/tests"

sort -n "$w/medians" >"$w/sorted"
awk -v runs="$RUNS" '
	{ v[NR] = $1 }
	END {
		if (NR == 0) { print "no tests"; exit 1 }
		med = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		p90 = v[int(NR * 0.9 + 0.5) < 1 ? 1 : int(NR * 0.9 + 0.5)]
		slow = 0
		for (i = 1; i <= NR; i++) if (v[i] >= 20e6) slow++
		printf "%d tests, %d runs each: median %.2f ms, p90 %.2f ms, max %.2f ms; %d at 20 ms or more\n",
			NR, runs, med / 1e6, p90 / 1e6, v[NR] / 1e6, slow
	}' "$w/sorted"
echo "slowest:"
tail -n 10 "$w/sorted" | sort -rn | awk '{ printf "  %8.2f ms  %s\n", $1 / 1e6, $2 }'
