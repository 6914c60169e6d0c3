#!/bin/sh
# agg.sh — per-firing cost of aggregations in BPF: usdtrace against bpftrace 0.17, side by side
# in one run, on the same events. Not part of `make check`.
#
#   sh bench/agg.sh [RUNS] [SECONDS]     (default 5 runs of 3 seconds per workload; root)
#
# How: kernel.bpf_stats_enabled=1 makes the kernel time every BPF program run; both tracers
# run at the same time on the same probe source, and bench/progstat reads each program's
# run_time_ns / run_cnt: the nanoseconds one firing of that tracer's program costs (the
# aggregation update plus the program's own prologue; not the kernel's probe dispatch, which
# both pay alike). Each tracer's busiest program is the one measured. Printed per workload:
# the median ns per firing of each tool over RUNS runs, and the ratio usdtrace/bpftrace
# (below 1: usdtrace is cheaper).
#
# Workloads:
#   count     @[probename] = count()           bpftrace: @[probe] = count()
#   strkey    @[execname, probename] = count() bpftrace: @[comm, probe] = count()
# The probe source is SOURCE below: "profile" (profile-997 / profile:hz:997, with a busy loop
# per CPU so every CPU takes samples) until usdtrace has USDT probes; a USDT loop can be
# added as another source (set the D and bpftrace probe names and the workload command).
#
# Environment: USDTRACE (default build/usdtrace), BPFTRACE (default: bpftrace on PATH), CC.
SOURCE=${SOURCE:-profile}

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
BPFTRACE=${BPFTRACE:-$(command -v bpftrace)}
CC=${CC:-cc}
RUNS=${1:-5}
SECS=${2:-3}

die() { echo "bench/agg.sh: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "tracing needs root; run it as root"
case $RUNS$SECS in *[!0-9]*|'') die "RUNS and SECONDS must be positive numbers" ;; esac
[ -x "$USDTRACE" ] || die "no usdtrace at $USDTRACE (run make)"
[ -x "$BPFTRACE" ] || die "no bpftrace (set BPFTRACE)"

case $SOURCE in
profile)
	D_PROBE=profile-997
	BT_PROBE=profile:hz:997
	;;
*) die "unknown SOURCE $SOURCE" ;;
esac

. "$top/bench/stats.sh"
stats_build

w=$(mktemp -d)
pids=""
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	stats_restore
	rm -rf "$w"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
stats_on

# busy loops so every CPU takes profile samples
ncpu=$(nproc)
i=0
while [ $i -lt "$ncpu" ]; do
	sh -c 'while :; do :; done' &
	pids="$pids $!"
	i=$((i + 1))
done

ids() { "$progstat" | awk '{ print $1 }' | sort -n; }

# start NAME COMMAND...: run it in the background; its program ids go to $w/NAME.ids
start() {
	name=$1
	shift
	ids >"$w/before"
	"$@" >/dev/null 2>"$w/$name.err" &
	pid=$!
	pids="$pids $pid"
	n=0
	while [ $n -lt 100 ]; do
		sleep 0.1
		ids >"$w/after"
		comm -13 "$w/before" "$w/after" >"$w/$name.ids"
		# attached and running: the programs are there and one has fired
		if [ -s "$w/$name.ids" ] && "$progstat" | grep -F -w -f "$w/$name.ids" |
			awk '$2 > 0 { f = 1 } END { exit !f }'; then
			echo "$pid"
			return 0
		fi
		kill -0 "$pid" 2>/dev/null || break
		n=$((n + 1))
	done
	echo "bench/agg.sh: $name did not start: $(head -c 300 "$w/$name.err")" >&2
	return 1
}

# cost NAME: "RUN_CNT RUN_TIME_NS" of NAME's busiest program
cost() {
	"$progstat" | awk 'NR == FNR { want[$1] = 1; next } ($1 in want) && $2 > best { best = $2; t = $3 }
		END { print best, t }' "$w/$1.ids" -
}


run_workload() {
	wl=$1 dprog=$2 btprog=$3
	: >"$w/$wl.u"
	: >"$w/$wl.b"
	r=1
	while [ $r -le "$RUNS" ]; do
		upid=$(start usdtrace "$USDTRACE" -q -n "$dprog") || exit 1
		bpid=$(start bpftrace "$BPFTRACE" -e "$btprog") || exit 1
		set -- $(cost usdtrace)
		u0c=$1 u0t=$2
		set -- $(cost bpftrace)
		b0c=$1 b0t=$2
		sleep "$SECS"
		set -- $(cost usdtrace)
		u1c=$1 u1t=$2
		set -- $(cost bpftrace)
		b1c=$1 b1t=$2
		kill -INT "$upid" "$bpid"
		wait "$upid" "$bpid" 2>/dev/null
		awk -v c=$((u1c - u0c)) -v t=$((u1t - u0t)) 'BEGIN { if (c > 0) printf "%.1f\n", t / c }' >>"$w/$wl.u"
		awk -v c=$((b1c - b0c)) -v t=$((b1t - b0t)) 'BEGIN { if (c > 0) printf "%.1f\n", t / c }' >>"$w/$wl.b"
		echo "  $wl run $r: usdtrace $(tail -n 1 "$w/$wl.u") ns/firing ($((u1c - u0c)) firings), bpftrace $(tail -n 1 "$w/$wl.b") ns/firing ($((b1c - b0c)) firings)"
		r=$((r + 1))
	done
	um=$(median <"$w/$wl.u")
	bm=$(median <"$w/$wl.b")
	printf '%-8s %-36s usdtrace %8s ns  bpftrace %8s ns  usdtrace/bpftrace %s\n' "$wl" "$dprog" \
		"$um" "$bm" "$(awk -v u="$um" -v b="$bm" 'BEGIN { printf "%.2f", u / b }')" >>"$w/table"
}

echo "source: $SOURCE, $RUNS runs of $SECS s per workload, $ncpu CPUs; $("$BPFTRACE" --version)"
run_workload count "$D_PROBE { @[probename] = count(); }" "$BT_PROBE { @[probe] = count(); }"
run_workload strkey "$D_PROBE { @[execname, probename] = count(); }" \
	"$BT_PROBE { @[comm, probe] = count(); }"
echo "medians (ns per firing of each tool's program, from kernel BPF stats):"
cat "$w/table"
