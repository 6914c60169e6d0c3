#!/bin/sh
# syscall.sh — the syscall provider's per-firing cost, side by side with bpftrace 0.17 in one run.
# Not part of `make check`.
#
#   sh bench/syscall.sh [RUNS]   (default 5 runs; must run as root)
#
# bench/getppid_loop (built here) makes N getppid() calls in a loop and times the loop in its
# thread's CPU time (so that other load on the machine does not count); the cost
# per firing is (median traced loop time - median untraced loop time) / N, for
#     count   usdtrace: syscall::getppid:entry { @ = count(); }
#             bpftrace: tracepoint:syscalls:sys_enter_getppid { @ = count(); }
#     pred    the same with a predicate that is never true (/pid == 1/ guarding the count)
# Both tracers start the program with -c; runs alternate untraced, usdtrace, bpftrace. A count
# bpftrace's syscall tracepoints need tracefs: when it is
# not mounted, this script mounts it on /sys/kernel/tracing for bpftrace's runs and unmounts it
# at the end (usdtrace needs none: its probes are raw tracepoints).
# Printed: medians in ns per firing and the ratio bpftrace/usdtrace (above 1: usdtrace is
# cheaper). Environment: USDTRACE, BPFTRACE, CC, FIRINGS (default 1000000).
top=$(cd "$(dirname "$0")/.." && pwd)
USDTRACE=${USDTRACE:-$top/build/usdtrace}
BPFTRACE=${BPFTRACE:-$(command -v bpftrace)}
CC=${CC:-cc}
FIRINGS=${FIRINGS:-1000000}
RUNS=${1:-5}
me=bench/syscall.sh
case $RUNS in
'' | *[!0-9]*) echo "$me: RUNS must be a positive number, not '$RUNS'" >&2; exit 2 ;;
esac
if [ "$(id -u)" -ne 0 ]; then
	echo "$me: tracing needs root; run it as root" >&2
	exit 1
fi
have_b=1
[ -x "$USDTRACE" ] || { echo "$me: no usdtrace at $USDTRACE (run make)" >&2; exit 1; }
[ -n "$BPFTRACE" ] && [ -x "$BPFTRACE" ] || { echo "$me: no bpftrace: bpftrace skipped" >&2; have_b=0; }
bin=$top/build/bench
. "$top/bench/lib.sh"
bench_cc getppid_loop getppid_loop
w=$(mktemp -d)
mounted=0
cleanup() {
	[ $mounted -eq 1 ] && umount /sys/kernel/tracing
	rm -rf "$w"
}
trap cleanup EXIT
bad=0
FIRE_PROG=$bin/getppid_loop
FIRE_N=$FIRINGS
# the probes count every process's getppid() calls, the loop's and a few others': no exact
# count to check
FIRE_COUNTED=none
if [ $have_b -eq 1 ] && [ ! -e /sys/kernel/tracing/events ]; then
	mount -t tracefs nodev /sys/kernel/tracing && mounted=1
fi

u_prog() {
	case $1 in
	count) echo 'syscall::getppid:entry { @ = count(); }' ;;
	pred) echo 'syscall::getppid:entry /pid == 1/ { @ = count(); }' ;;
	esac
}
b_prog() {
	case $1 in
	count) echo 'tracepoint:syscalls:sys_enter_getppid { @ = count(); }' ;;
	pred) echo 'tracepoint:syscalls:sys_enter_getppid /pid == 1/ { @ = count(); }' ;;
	esac
}
variants="count pred"
for r in $(seq "$RUNS"); do
	fire_run base
	for v in $variants; do
		fire_run "u.$v" "$USDTRACE" -q -n "$(u_prog $v)"
		[ $have_b -eq 1 ] && fire_run "b.$v" "$BPFTRACE" -e "$(b_prog $v)"
	done
done
base=$(median "$w/fire.base")
echo "syscall provider: ns per firing of syscall::getppid:entry ($FIRINGS calls, median of $RUNS runs)"
echo "untraced loop: $(awk -v b="$base" -v n="$FIRINGS" 'BEGIN { printf "%.1f", b / n }') ns per call"
printf '  %-8s %16s %16s %10s\n' variant usdtrace bpftrace "b/u"
for v in $variants; do
	fire_row "$v" "$base"
done
exit $bad
