#!/bin/sh
# json.sh — the consumer's cost per record: usdtrace's text output, its -x oformat=json, and
# bpftrace 0.17's -f json, on the same records. Not part of `make check`.
#
#   sh bench/json.sh [RUNS] [RECORDS]     (default 5 runs of 500000 records; root)
#
# How: `dd bs=1` makes RECORDS write() calls (plus its 3 lines of statistics); each tracer
# prints one record per write() of that process: printf("%d w\n", timestamp) — an integer
# and a string, formatted (text), or made a JSON document with the message and its typed
# values (usdtrace json), or bpftrace's {"type": "printf", "data": ...}. Output goes to a
# file. The figure is the tracer's CPU time (user + system, from wait4's rusage: getrusage of
# the child) less that of the same run with 0 records (start-up, compile, attach), divided by
# the records it wrote: the consumer's nanoseconds per record. Records lost (ring buffer
# drops, bpftrace's lost events) are counted and shown; a large buffer (-b 64m; bpftrace's
# perf buffers as they come) keeps them few. Printed: the median over RUNS of each, and the
# ratios json/text and json/bpftrace (below 1: cheaper).
#
# Environment: USDTRACE (default build/usdtrace), BPFTRACE (default: bpftrace on PATH), TOOLS
# (default "text json bpftrace": which to run; "text" alone compares the text output of two
# builds, e.g. before and after a change to the consumer).
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
BPFTRACE=${BPFTRACE:-$(command -v bpftrace)}
RUNS=${1:-5}
N=${2:-500000}

die() { echo "bench/json.sh: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "tracing needs root; run it as root"
case $RUNS$N in *[!0-9]*|'') die "RUNS and RECORDS must be positive numbers" ;; esac
[ -x "$USDTRACE" ] || die "no usdtrace at $USDTRACE (run make)"
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

D='syscall::write:entry /pid == $target/ { printf("%d w\n", timestamp); }'
BT='tracepoint:syscalls:sys_enter_write /pid == cpid/ { printf("%d w\n", nsecs); }'

# cpu TOOL RECORDS: "CPU_NS LINES" of one run (CPU of the tracer and its children: dd's
# own time is in it for every tool alike, and cancels out against the 0-record run)
cpu() {
	_cmd="/usr/bin/dd if=/dev/zero of=/dev/null bs=1 count=$2"
	case $1 in
	text) set -- "$USDTRACE" -q -b 64m -n "$D" -c "$_cmd" ;;
	json) set -- "$USDTRACE" -q -b 64m -x oformat=json -n "$D" -c "$_cmd" ;;
	bpftrace) set -- "$BPFTRACE" -f json -e "$BT" -c "$_cmd" ;;
	esac
	python3 - "$w/out" "$@" <<'EOF'
import os, resource, subprocess, sys
with open(sys.argv[1], "wb") as out:
    subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
lines = sum(1 for l in open(sys.argv[1], "rb") if b" w" in l)
print(int((r.ru_utime + r.ru_stime) * 1e9), lines)
EOF
}


tools=${TOOLS:-text json bpftrace}
[ -x "$BPFTRACE" ] || tools=$(echo "$tools" | sed 's/bpftrace//')
echo "consumer CPU per record, $N records a run, median of $RUNS runs (the machine may be shared:"
echo "figures measured under whatever load it has)"
for t in $tools; do
	: >"$w/$t.ns"
	: >"$w/$t.lost"
	i=0
	while [ $i -lt "$RUNS" ]; do
		set -- $(cpu $t 0)
		base=$1
		set -- $(cpu $t "$N")
		full=$1 lines=$2
		if [ "$lines" -gt 0 ]; then
			echo $(( (full - base) / lines )) >>"$w/$t.ns"
		fi
		echo $((N + 3 - lines)) >>"$w/$t.lost"
		i=$((i + 1))
	done
	printf '%-9s %8s ns/record   (records lost: median %s)\n' "$t" \
		"$(median <"$w/$t.ns")" "$(median <"$w/$t.lost")"
done
[ -s "$w/text.ns" ] && [ -s "$w/json.ns" ] || exit 0
tn=$(median <"$w/text.ns") jn=$(median <"$w/json.ns")
awk -v t="$tn" -v j="$jn" 'BEGIN { printf "json/text     %.2f\n", j / t }'
if [ -s "$w/bpftrace.ns" ]; then
	bn=$(median <"$w/bpftrace.ns")
	awk -v b="$bn" -v j="$jn" 'BEGIN { printf "json/bpftrace %.2f\n", j / b }'
fi
