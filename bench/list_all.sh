#!/bin/sh
# list_all.sh — how long `usdtrace -l` takes over the whole machine, and a side-by-side with
# bpftrace on the same python3.11 process. Not part of `make check`.
#
#   sh bench/list_all.sh [RUNS]        (default 11 runs; run as root for a complete listing)
#
# Environment: USDTRACE (default build/usdtrace), BENCH_PROCS (extra python3.11 processes to
# start so the machine has something to list; default 20), PYTHON (default /usr/bin/python3.11).
#
# bpftrace 0.17's `bpftrace -l 'usdt:*'` is not a whole-machine process listing: with a bare
# 'usdt:*' it stops with "usdt probe type requires 2 or 3 arguments", and 'usdt:*:*' lists the
# executables found on PATH (files on disk), not the objects mapped by running processes. So
# the comparison is `bpftrace -l 'usdt:*' -p PID` against `usdtrace -l -p PID`, plus
# 'usdt:*:*' for reference.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
PYTHON=${PYTHON:-/usr/bin/python3.11}
RUNS=${1:-11}
BENCH_PROCS=${BENCH_PROCS:-20}
[ -x "$USDTRACE" ] || { echo "build usdtrace first: make" >&2; exit 1; }
w=$(mktemp -d)
kids=
trap 'for k in $kids; do kill $k 2>/dev/null; done; rm -rf "$w"' EXIT


# Median wall time in milliseconds (3 decimals) of RUNS runs of a command.
median_ms() {
	: >"$w/times"
	i=0
	while [ $i -lt "$RUNS" ]; do
		t0=$(now_ns)
		"$@" >/dev/null 2>&1
		t1=$(now_ns)
		echo $((t1 - t0)) >>"$w/times"
		i=$((i + 1))
	done
	awk -v m="$(median "$w/times")" 'BEGIN { printf "%.3f\n", m / 1e6 }'
}

if [ -x "$PYTHON" ]; then
	i=0
	while [ $i -lt "$BENCH_PROCS" ]; do
		"$PYTHON" -c 'import time; time.sleep(600)' &
		kids="$kids $!"
		i=$((i + 1))
	done
	sleep 1
fi
set -- $kids
pypid=${1:-}

nproc=$(ls /proc | grep -c '^[0-9]*$')
nprobes=$("$USDTRACE" -l 2>/dev/null | tail -n +2 | wc -l)
echo "machine: $nproc processes, usdtrace -l lists $nprobes probes; $RUNS runs each"

all=$(median_ms "$USDTRACE" -l)
echo "usdtrace -l (whole machine)            median ${all} ms"

if command -v bpftrace >/dev/null 2>&1; then
	files=$(median_ms bpftrace -l 'usdt:*:*')
	echo "bpftrace -l 'usdt:*:*' (PATH files)    median ${files} ms  (not the same work: files on PATH)"
	if [ -n "$pypid" ]; then
		u=$(median_ms "$USDTRACE" -l -p "$pypid")
		b=$(median_ms bpftrace -l 'usdt:*' -p "$pypid")
		nu=$("$USDTRACE" -l -p "$pypid" 2>/dev/null | tail -n +2 | wc -l)
		nb=$(bpftrace -l 'usdt:*' -p "$pypid" 2>/dev/null | wc -l)
		echo "usdtrace -l -p $pypid (python3.11)     median ${u} ms  ($nu probes)"
		echo "bpftrace -l 'usdt:*' -p $pypid          median ${b} ms  ($nb probes)"
		awk -v u="$u" -v b="$b" 'BEGIN { if (u > 0) printf "ratio bpftrace/usdtrace (-p): %.1fx\n", b / u }'
	else
		echo "no $PYTHON: skipping the -p comparison"
	fi
else
	echo "bpftrace not installed: no comparison"
fi
