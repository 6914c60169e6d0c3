#!/bin/sh
# start.sh — start-to-exit cost of the smallest tracing program: usdtrace's
# `-n 'BEGIN { exit(0); }'` against bpftrace's `BEGIN { exit(); }`, side by side in one run;
# then of a clause on every system call (370 probes: one program for all of them, loaded and
# verified once, so start-up does not grow with the probes), with basename() (a loop the
# verifier walks) and with probefunc, beside bpftrace's one program on raw_syscalls:sys_enter.
# Not part of `make check`.
#
#   sh bench/start.sh [RUNS]        (default 11 runs of each; must run as root)
#
# Each run is measured by bench/runstat (built here, into build/bench/): wall time from fork to wait4 and the peak RSS wait4 reports. The two commands
# alternate run by run so that drifting machine load affects both alike. Printed: the medians
# of wall time and peak RSS for each, and the ratios bpftrace/usdtrace. A run that exits
# non-zero is reported and makes the script exit 1 after the table.
#
# Environment: USDTRACE (default build/usdtrace), BPFTRACE (default: bpftrace on PATH), CC.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
BPFTRACE=${BPFTRACE:-$(command -v bpftrace)}
CC=${CC:-cc}
RUNS=${1:-11}

if [ "$(id -u)" -ne 0 ]; then
	echo "bench/start.sh: tracing needs root; run it as root" >&2
	exit 1
fi
case $RUNS in
'' | *[!0-9]*) echo "bench/start.sh: RUNS must be a positive number, not '$RUNS'" >&2; exit 2 ;;
esac
[ "$RUNS" -gt 0 ] || { echo "bench/start.sh: RUNS must be at least 1" >&2; exit 2; }
[ -x "$USDTRACE" ] || { echo "bench/start.sh: no usdtrace at $USDTRACE (run make)" >&2; exit 1; }

me=bench/start.sh
runstat=$top/build/bench/runstat
bench_cc runstat runstat

w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
trap 'exit 1' INT TERM
bad=0

# measure NAME COMMAND...: one run, appended to $w/NAME as "WALL_NS MAXRSS_KB STATUS".
measure() {
	name=$1
	shift
	if ! line=$("$runstat" "$@"); then
		echo "bench/start.sh: $name: runstat failed" >&2
		bad=1
		return
	fi
	echo "$line" >>"$w/$name"
	status=${line##* }
	if [ "$status" -ne 0 ]; then
		echo "bench/start.sh: $name exited with status $status" >&2
		bad=1
	fi
}


have_bpftrace=0
[ -n "$BPFTRACE" ] && [ -x "$BPFTRACE" ] && have_bpftrace=1

i=0
while [ $i -lt "$RUNS" ]; do
	measure usdtrace "$USDTRACE" -n 'BEGIN { exit(0); }'
	if [ $have_bpftrace -eq 1 ]; then
		measure bpftrace "$BPFTRACE" -e 'BEGIN { exit(); }'
	fi
	i=$((i + 1))
done

echo "start-to-exit, $RUNS runs each, medians:"
printf '%-10s %12s %14s  %s\n' "" "wall (ms)" "peak RSS (KiB)" "command"
for name in usdtrace bpftrace; do
	[ -s "$w/$name" ] || continue
	wall=$(cut -d " " -f 1 "$w/$name" | median)
	rss=$(cut -d " " -f 2 "$w/$name" | median)
	if [ "$name" = usdtrace ]; then
		cmd="usdtrace -n 'BEGIN { exit(0); }'"
		uwall=$wall urss=$rss
	else
		cmd="bpftrace -e 'BEGIN { exit(); }'"
		bwall=$wall brss=$rss
	fi
	awk -v n="$name" -v wl="$wall" -v r="$rss" -v c="$cmd" \
		'BEGIN { printf "%-10s %12.3f %14d  %s\n", n, wl / 1e6, r, c }'
done
if [ $have_bpftrace -eq 1 ] && [ -s "$w/bpftrace" ] && [ -s "$w/usdtrace" ]; then
	awk -v uw="$uwall" -v bw="$bwall" -v ur="$urss" -v br="$brss" 'BEGIN {
		printf "ratio bpftrace/usdtrace: wall %.1fx, peak RSS %.1fx\n", bw / uw, br / ur
		printf "usdtrace takes %.1f%% of bpftrace'"'"'s time and %.1f%% of its memory\n",
			100 * uw / bw, 100 * ur / br }'
else
	echo "bpftrace not available: no comparison"
fi

# clauses on every system call: the same alternation, medians of wall time
SYS_BASENAME='syscall:::entry { @[basename(execname)] = count(); } BEGIN { exit(0); }'
SYS_PROBEFUNC='syscall:::entry { @[probefunc] = count(); } BEGIN { exit(0); }'
SYS_BT='tracepoint:raw_syscalls:sys_enter { @[comm] = count(); } BEGIN { exit(); }'
i=0
while [ $i -lt "$RUNS" ]; do
	measure sys_basename "$USDTRACE" -q -n "$SYS_BASENAME"
	measure sys_probefunc "$USDTRACE" -q -n "$SYS_PROBEFUNC"
	if [ $have_bpftrace -eq 1 ]; then
		measure sys_bpftrace "$BPFTRACE" -e "$SYS_BT"
	fi
	i=$((i + 1))
done
echo
echo "a clause on every system call, start-to-exit, $RUNS runs each, medians:"
printf '%-10s %12s  %s\n' "" "wall (ms)" "command"
for name in sys_basename sys_probefunc sys_bpftrace; do
	[ -s "$w/$name" ] || continue
	case $name in
	sys_basename) who=usdtrace cmd="usdtrace -q -n '$SYS_BASENAME'" ;;
	sys_probefunc) who=usdtrace cmd="usdtrace -q -n '$SYS_PROBEFUNC'" ;;
	*) who=bpftrace cmd="bpftrace -e '$SYS_BT'" ;;
	esac
	awk -v n="$who" -v wl="$(cut -d " " -f 1 "$w/$name" | median)" -v c="$cmd" \
		'BEGIN { printf "%-10s %12.3f  %s\n", n, wl / 1e6, c }'
done
exit $bad
