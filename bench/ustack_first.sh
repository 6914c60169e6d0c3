#!/bin/sh
# ustack_first.sh — how soon tracing a -c program starts and how soon its user stacks are whole,
# with the unwind rows of large objects read before the program runs (USDTRACE_USTACK_SYNC=1, as
# before issue 22's builder thread) and off the start path (the default), the unwind table cache
# cold (an empty directory: rows built) and warm (the same directory again). Not part of
# `make check`; root.
#
#   sh bench/ustack_first.sh [RUNS]     (default 5)
#
# Programs, each profiled at 997 Hz with `@[ustack(100)]`-style records (one printed stack per
# sample) from its first instruction to its exit:
#   python   Debian's /usr/bin/python3.11 running a loop for 1.5 s (python3.11 64 575 rows,
#            libc 28 274, ...: a cache entry of python3.11's is read at once, its build is not)
#   clang    clang-14 -O2 -c on a generated file of 150 functions (libclang-cpp.so.14 1 000 508
#            rows and libLLVM-14 948 864: more than the rows map holds together, so one of them
#            is left to frame pointers whichever way; what this measures is the start)
# Reported per program and mode, medians over RUNS: the milliseconds from starting usdtrace to
# its first sample of the program (the start of tracing, tables included), and the share of
# samples whose stack is whole (its last frame _start) in the first 50 ms of samples, 50-100,
# 100-200, 200-500 ms, and after 500 ms; and, where bpftrace is installed, the time the tables
# of the target took before it was let run: bpftrace's uprobe and uretprobe on usdtrace's
# ustack_tables_pid, its first call in each run (the start: reading the target's maps, each
# object's rows read at once or handed to the builder, written to the maps), in ms.
# Environment: USDTRACE (default build/usdtrace), PYTHON (default /usr/bin/python3.11), CLANG
# (default clang-14).
top=$(cd "$(dirname "$0")/.." && pwd)
USDTRACE=${USDTRACE:-$top/build/usdtrace}
PYTHON=${PYTHON:-/usr/bin/python3.11}
CLANG=${CLANG:-clang-14}
RUNS=${1:-5}
me=ustack_first.sh
die() { echo "bench/$me: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "tracing needs root; run it as root"
[ -x "$USDTRACE" ] || die "no usdtrace at $USDTRACE (run make)"
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
. "$top/bench/lib.sh"

printf 'import time\nt = time.time() + 1.5\nwhile time.time() < t:\n    pass\n' >"$w/loop.py"
awk 'BEGIN { for (i = 0; i < 150; i++)
	printf "int f%d(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i] * %d ^ (s >> 3); return s; }\n", i, i }' \
	>"$w/gen.c"
progs=""
[ -x "$PYTHON" ] && progs="$progs python"
command -v "$CLANG" >/dev/null 2>&1 && progs="$progs clang"
[ -n "$progs" ] || die "neither $PYTHON nor $CLANG"

# one PROG MODE CACHE: one traced run; appends the start time and the whole shares by period
one() {
	prog=$1 mode=$2 cache=$3
	case $prog in
	python) cmd="$PYTHON $w/loop.py" ;;
	clang) cmd="$CLANG -O2 -c -o $w/gen.o $w/gen.c" ;;
	esac
	[ "$cache" = cold ] && rm -rf "$w/cache"
	sync=0
	[ "$mode" = sync ] && sync=1
	echo "$prog.$mode.$cache" >>"$w/order"
	s=$(date +%s%N)
	USDTRACE_USTACK_SYNC=$sync USDTRACE_CFI_CACHE="$w/cache" timeout 300 "$USDTRACE" -q -n \
		'profile-997 /pid == $target/ { printf("S %d\n", walltimestamp); ustack(100); }' \
		-c "$cmd" >"$w/out" 2>"$w/err" || echo "$me: $prog $mode $cache: exit $?: $(head -c 200 "$w/err")" >&2
	# per sample: its time (ns) and whether its last frame is _start
	awk '/^S / { if (t) print t, last; t = $2; last = ""; next }
	     NF == 1 { last = $1 }
	     END { if (t) print t, last }' "$w/out" |
		awk -v s="$s" -v k="$w/r.$prog.$mode.$cache" '
		{ if (!f) { f = $1; printf "%.1f\n", (f - s) / 1e6 >> (k ".start") }
		  ms = ($1 - f) / 1e6
		  p = ms < 50 ? 0 : ms < 100 ? 1 : ms < 200 ? 2 : ms < 500 ? 3 : 4
		  n[p]++; if ($2 ~ /`_start(\+0x[0-9a-f]+)?$/) y[p]++ }
		END { for (p = 0; p < 5; p++) if (n[p]) printf "%.1f\n", 100 * y[p] / n[p] >> (k ".p" p) }'
}

: >"$w/order"
bt=""
if command -v bpftrace >/dev/null 2>&1; then
	bpftrace -e "uprobe:$USDTRACE:ustack_tables_pid { @s[tid] = nsecs; }
		uretprobe:$USDTRACE:ustack_tables_pid /@s[tid]/ { printf(\"T %d %d\\n\", pid, (nsecs - @s[tid]) / 1000); delete(@s[tid]); }" \
		>"$w/bt" 2>&1 &
	bt=$!
	i=0
	while [ $i -lt 120 ] && ! grep -q Attaching "$w/bt"; do sleep 1; i=$((i + 1)); done
fi
r=1
while [ $r -le "$RUNS" ]; do
	for prog in $progs; do
		# the order rotated from run to run: a run warms the page cache for the next
		if [ $((r % 2)) -eq 1 ]; then modes="sync async"; else modes="async sync"; fi
		for mode in $modes; do
			one $prog $mode cold
			one $prog $mode warm
		done
	done
	r=$((r + 1))
done
if [ -n "$bt" ]; then
	# SIGINT again every 5 s (bpftrace 0.17 ignores one that comes while it is busy), then KILL
	i=0
	while [ $i -lt 12 ] && kill -INT "$bt" 2>/dev/null; do
		j=0
		while [ $j -lt 50 ] && kill -0 "$bt" 2>/dev/null; do sleep 0.1; j=$((j + 1)); done
		i=$((i + 1))
	done
	kill -KILL "$bt" 2>/dev/null
	wait "$bt" 2>/dev/null
	# the first call of each usdtrace process, in the order of the runs
	awk '$1 == "T" && !($2 in seen) { seen[$2] = 1; print $3 / 1000 }' "$w/bt" >"$w/bt.first"
	paste -d' ' "$w/order" "$w/bt.first" | while read -r key ms; do
		[ -n "$ms" ] && echo "$ms" >>"$w/r.$key.tables"
	done
fi
echo "$RUNS runs, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-7s %-6s %-5s %10s %10s   %s\n' program rows cache "start ms" "tables ms" "whole stacks, % of samples: 0-50 ms, 50-100, 100-200, 200-500, 500- (medians)"
for prog in $progs; do
	for mode in sync async; do
		for cache in cold warm; do
			k="$w/r.$prog.$mode.$cache"
			sh=""
			for p in 0 1 2 3 4; do
				if [ -s "$k.p$p" ]; then sh="$sh $(median "$k.p$p")"; else sh="$sh -"; fi
			done
			st=nan tb=-
			[ -s "$k.start" ] && st=$(median "$k.start")
			[ -s "$k.tables" ] && tb=$(median "$k.tables")
			printf '%-7s %-6s %-5s %10s %10s  %s\n' $prog $mode $cache "$st" "$tb" "$sh"
		done
	done
done
