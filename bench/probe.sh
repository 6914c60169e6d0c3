#!/bin/sh
# probe.sh — what firing a runtime probe (libusdtrace-probe, python/usdtrace) costs, untraced and
# traced by usdtrace (@ = count()), beside a static probe of our sdt.h; medians of RUNS runs.
#   sh bench/probe.sh [RUNS] [N]      (default 5 runs of 10M firings from C, 1M from Python;
#                                      traced runs use N/10: each firing then traps)
# Needs root for the traced runs (untraced ones run anyway). Build first: make.
me=probe.sh
top=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${1:-5}
N=${2:-10000000}
U=$top/build/usdtrace
PY=${PYTHON:-/usr/bin/python3.11}
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
bad=0
. "$top/bench/lib.sh"
cc -std=gnu11 -O2 -Wall -Wextra -Werror -I"$top/include" -o "$w/probe_fire" "$top/bench/probe_fire.c" \
	-L"$top/build" -lusdtrace-probe -Wl,-rpath,"$top/build" || exit 1

# one RUNLABEL N CMD...: a run, untraced or (TRACE=1) under usdtrace; appends "KIND NS" lines
# to $w/RUNLABEL.KIND
one() {
	label=$1 n=$2
	shift 2
	rm -f "$w/go" "$w/out"
	"$@" "$n" "$w/go" >"$w/out" 2>&1 &
	pid=$!
	i=0
	while [ $i -lt 200 ] && ! grep -q '^pid' "$w/out" 2>/dev/null; do sleep 0.05; i=$((i + 1)); done
	upid=
	if [ "${TRACE:-0}" = 1 ]; then
		timeout 300 "$U" -Z -q -p $pid -n 'BEGIN { printf("ready\n"); }
			bench$target:::fire, bench$target:::guarded, rtbench$target:::fire, pybench$target:::fire { @[probeprov] = count(); }' \
			>"$w/ut" 2>"$w/ut.err" &
		upid=$!
		i=0
		while [ $i -lt 600 ] && ! grep -q '^ready' "$w/ut"; do sleep 0.05; i=$((i + 1)); done
	fi
	touch "$w/go"
	wait $pid
	[ -n "$upid" ] && { kill -INT $upid 2>/dev/null; wait $upid; }
	grep -v '^pid' "$w/out" | while read -r kind ns; do echo "$ns" >>"$w/$label.$kind"; done
}

r=0
while [ $r -lt "$RUNS" ]; do
	one c "$N" "$w/probe_fire"
	[ -x "$PY" ] && PYTHONPATH="$top/python" one py $((N / 10)) "$PY" "$top/bench/probe_fire.py"
	if [ "$(id -u)" -eq 0 ]; then
		TRACE=1 one ct $((N / 10)) "$w/probe_fire"
		[ -x "$PY" ] && PYTHONPATH="$top/python" TRACE=1 one pyt $((N / 100)) "$PY" "$top/bench/probe_fire.py"
	fi
	r=$((r + 1))
done
echo "ns per firing, median of $RUNS runs ($(uname -r), $(nproc) CPUs)"
printf '%-14s %12s %12s\n' kind untraced traced
for f in "$w"/c.* "$w"/py.*; do
	[ -f "$f" ] || continue
	base=$(basename "$f")
	label=${base%%.*} kind=${base#*.}
	t=nan
	[ -f "$w/${label}t.$kind" ] && t=$(median "$w/${label}t.$kind")
	printf '%-14s %12s %12s\n' "$kind" "$(median "$f")" "$t"
done
