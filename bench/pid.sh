#!/bin/sh
# pid.sh — the pid provider's costs, side by side with bpftrace 0.17 in one run.
# Not part of `make check`.
#
#   sh bench/pid.sh [fire|attach|all] [RUNS]     (default: all, 5 runs; must run as root)
#
# fire: per-call cost of an entry and of a return probe. bench/pid_fire (built here) calls
#   pid_fire_fn N times in a loop and times the loop itself; the cost per call is
#   (median traced loop time - median untraced loop time) / N:
#     entry   usdtrace: pid$target:a.out:pid_fire_fn:entry { @ = count(); }
#             bpftrace: uprobe:BIN:pid_fire_fn { @ = count(); }
#     return  usdtrace: pid$target:a.out:pid_fire_fn:return { @ = count(); }
#             bpftrace: uretprobe:BIN:pid_fire_fn { @ = count(); }
#   Both start the program with -c; runs alternate untraced, usdtrace, bpftrace so that
#   drifting load hits all alike. A run whose output lacks the count N (a lost call) is
#   reported.
# attach: time to attach, and to detach, an entry probe on every function of libc, on an idle
#   process (sleep) given with -p:
#     usdtrace -n 'pid$target:libc.so.6::entry { }' -n 'BEGIN { ...; exit(0); }' -p PID
#     bpftrace 'uprobe:LIBC:f1, uprobe:LIBC:f2, ... { } BEGIN { ...; exit(); }' -p PID
#       (the functions usdtrace -l lists for that description, by name)
#       (BPFTRACE_MAX_PROBES and BPFTRACE_MAX_BPF_PROGS raised: 512 is its default cap)
#   bench/stamprun starts the tracer and notes the monotonic clock; BEGIN prints the monotonic
#   clock once every probe is attached (usdtrace's timestamp, bpftrace's nsecs): "attach" is
#   start to BEGIN. BEGIN then exits: "detach" is from BEGIN to the tracer's exit (what SIGINT
#   would start, without the delay of a shell noticing BEGIN and sending it). bpftrace 0.17
#   attaches one perf event per function: a run takes minutes (ATTACH_RUNS caps its runs).
# Printed: medians and ratios bpftrace/usdtrace. A tool that is missing, or a program one
# tracer rejects, is reported and skipped; the script exits 1 if any run failed.
#
# Environment: USDTRACE (default build/usdtrace), BPFTRACE (default: bpftrace on PATH), CC,
# CALLS (default 1000000), ATTACH_RUNS (default RUNS), LIBC (default
# /lib/x86_64-linux-gnu/libc.so.6).
top=$(cd "$(dirname "$0")/.." && pwd)
USDTRACE=${USDTRACE:-$top/build/usdtrace}
BPFTRACE=${BPFTRACE:-$(command -v bpftrace)}
CC=${CC:-cc}
CALLS=${CALLS:-1000000}
LIBC=${LIBC:-/lib/x86_64-linux-gnu/libc.so.6}
WHAT=all
case $1 in fire | attach | all) WHAT=$1; shift ;; esac
RUNS=${1:-5}
me=bench/pid.sh

case $RUNS in
'' | *[!0-9]*) echo "$me: RUNS must be a positive number, not '$RUNS'" >&2; exit 2 ;;
esac
[ "$RUNS" -gt 0 ] || { echo "$me: RUNS must be at least 1" >&2; exit 2; }
ATTACH_RUNS=${ATTACH_RUNS:-$RUNS}
if [ "$(id -u)" -ne 0 ]; then
	echo "$me: tracing needs root; run it as root" >&2
	exit 1
fi
have_u=1 have_b=1
[ -x "$USDTRACE" ] || { echo "$me: no usdtrace at $USDTRACE (run make): usdtrace skipped" >&2; have_u=0; }
[ -n "$BPFTRACE" ] && [ -x "$BPFTRACE" ] || { echo "$me: no bpftrace: bpftrace skipped" >&2; have_b=0; }

bin=$top/build/bench
. "$top/bench/lib.sh"
bench_cc pid_fire pid_fire
bench_cc stamprun stamprun

w=$(mktemp -d)
idle=""
trap '[ -n "$idle" ] && kill -KILL $idle 2>/dev/null; rm -rf "$w"' EXIT
trap 'exit 1' INT TERM
bad=0

FIRE_PROG=$bin/pid_fire FIRE_N=$CALLS FIRE_COUNTED='*'

# ------------------------------------------------------------------ per-call cost
fire_bench() {
	F=$bin/pid_fire
	i=0
	while [ $i -lt "$RUNS" ]; do
		fire_run none
		if [ $have_u -eq 1 ]; then
			fire_run u.entry "$USDTRACE" -q -n 'pid$target:a.out:pid_fire_fn:entry { @ = count(); }'
			fire_run u.return "$USDTRACE" -q -n 'pid$target:a.out:pid_fire_fn:return { @ = count(); }'
		fi
		if [ $have_b -eq 1 ]; then
			fire_run b.entry "$BPFTRACE" -e "uprobe:$F:pid_fire_fn { @ = count(); }"
			fire_run b.return "$BPFTRACE" -e "uretprobe:$F:pid_fire_fn { @ = count(); }"
		fi
		i=$((i + 1))
	done
	base=$(median "$w/fire.none")
	echo "per-call cost, $CALLS calls a run, $RUNS runs, medians of the loop's own time:"
	echo "  untraced loop: $(awk -v b="$base" 'BEGIN { printf "%.3f ms (%.2f ns/call)", b / 1e6, b / '"$CALLS"' }')"
	printf '  %-8s %16s %16s %10s\n' probe "usdtrace ns/call" "bpftrace ns/call" "ratio b/u"
	for v in entry return; do
		fire_row "$v" "$base"
	done
}

# ------------------------------------------------------------------ attach and detach
# attach_run KEY CLOCK-PARSER COMMAND...: one run under stamprun; appends "ATTACH_NS DETACH_NS".
attach_run() {
	stamp_run "$@" || return
	key=$1
	echo "$((begin - t0)) $((total - (begin - t0)))" >>"$w/att.$key"
	# how many probes: usdtrace says "matched N probes", bpftrace "Attaching N probes"
	[ -s "$w/att.$key.n" ] || sed -n "s/.*pid\\\$target:libc.so.6::entry ' matched \\([0-9]*\\) probes*\$/\\1/p; s/^Attaching \\([0-9]*\\) probes.*/\\1/p" \
		"$w/att.out" "$w/att.out.err" | head -1 >"$w/att.$key.n"
}

attach_bench() {
	[ -f "$LIBC" ] || { echo "$me: attach: no $LIBC: skipped" >&2; return; }
	sleep 3600 &
	idle=$!
	n=0
	until grep -q libc.so.6 "/proc/$idle/maps" 2>/dev/null; do
		n=$((n + 1))
		[ $n -gt 200 ] && { echo "$me: attach: the idle process did not start" >&2; bad=1; return; }
		sleep 0.02
	done
	funcs=$(readelf --dyn-syms -W "$LIBC" | awk '$4 == "FUNC" && $7 != "UND" { n = $8; sub(/@.*/, "", n); print n }' | sort -u | wc -l)
	# bpftrace gets the functions usdtrace probes, by name: `uprobe:LIBC:*` also names
	# versioned aliases it cannot attach, and functions whose first instruction the kernel
	# refuses (pthread_spin_lock's lock prefix), and then gives up on all of them
	"$USDTRACE" -l -n 'pid$target:libc.so.6::entry' -p $idle 2>/dev/null |
		awk -v l="$LIBC" 'NR > 1 { print "uprobe:" l ":" $4 "," }' | sed '$ s/,$//' >"$w/every.bt"
	printf '%s\n' '{ } BEGIN { printf("%lld\n", nsecs); exit(); }' >>"$w/every.bt"
	i=0
	while [ $i -lt "$RUNS" ]; do
		if [ $have_u -eq 1 ]; then
			# not quiet (so it reports what it matched): BEGIN's line ends with the clock
			attach_run u "awk '/:BEGIN/ { print \$NF; exit }'" "$USDTRACE" \
				-n 'pid$target:libc.so.6::entry { }' \
				-n 'BEGIN { printf("%d\n", timestamp); exit(0); }' -p $idle
		fi
		if [ $have_b -eq 1 ] && [ $i -lt "$ATTACH_RUNS" ]; then
			attach_run b "awk '/^[0-9]+\$/ { print; exit }'" env BPFTRACE_MAX_PROBES=100000 \
				BPFTRACE_MAX_BPF_PROGS=100000 "$BPFTRACE" "$w/every.bt" -p $idle
		fi
		i=$((i + 1))
	done
	kill -KILL $idle 2>/dev/null
	wait $idle 2>/dev/null
	idle=""
	echo "entry probes on every function of $LIBC ($funcs functions in .dynsym), medians of $RUNS runs (bpftrace: $ATTACH_RUNS):"
	printf '  %-10s %12s %12s %10s\n' "" "attach (ms)" "detach (ms)" "probes"
	for t in u b; do
		[ -s "$w/att.$t" ] || continue
		cut -d ' ' -f 1 "$w/att.$t" >"$w/att.$t.a"
		cut -d ' ' -f 2 "$w/att.$t" >"$w/att.$t.d"
		a=$(median "$w/att.$t.a") d=$(median "$w/att.$t.d")
		eval "a_$t=$a d_$t=$d"
		name=usdtrace
		[ $t = b ] && name=bpftrace
		awk -v n="$name" -v a="$a" -v d="$d" -v p="$(cat "$w/att.$t.n")" \
			'BEGIN { printf "  %-10s %12.1f %12.1f %10s\n", n, a / 1e6, d / 1e6, p }'
	done
	if [ -s "$w/att.u" ] && [ -s "$w/att.b" ]; then
		awk -v au="$a_u" -v ab="$a_b" -v du="$d_u" -v db="$d_b" 'BEGIN {
			printf "  ratio bpftrace/usdtrace: attach %.1fx, detach %.1fx\n", ab / au, db / du }'
	fi
}

case $WHAT in
fire) fire_bench ;;
attach) attach_bench ;;
*) fire_bench; attach_bench ;;
esac
exit $bad
