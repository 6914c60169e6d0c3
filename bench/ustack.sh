#!/bin/sh
# ustack.sh — user stacks on a real program without frame pointers (issue 22): Debian's
# /usr/bin/python3.11 running a recursive function, profiled at 997 Hz. Not part of `make check`.
#
#   sh bench/ustack.sh [RUNS] [SECONDS]     (default 3 runs of 10 s; root)
#
# Reports, per tool, over RUNS runs (medians):
#   * reach: the share of python3.11's samples whose stack goes down to _start (so through
#     main and __libc_start_call_main): `@[ustack(100)] = count()` aggregated in the kernel,
#     printed at the end, each stack counted with its samples;
#   * cost: nanoseconds of BPF per firing of each tool's profile program, from the kernel's BPF
#     statistics (kernel.bpf_stats_enabled=1, bench/progstat), all tools attached at once to the
#     same samples.
# Tools: usdtrace (the CFI walk in BPF), bpftrace 0.17's ustack (the kernel's frame-pointer
# walk, bpf_get_stackid), and, when USDTRACE_FP names a usdtrace built before issue 22 (its
# ustack() was bpf_get_stack, frame pointers only), that one too; when USDTRACE_BASE names
# another build of usdtrace (an earlier CFI walk: before/after a change), that one as well.
#
# Environment: USDTRACE (default build/usdtrace), USDTRACE_FP (optional), USDTRACE_BASE
# (optional), BPFTRACE, PYTHON (default /usr/bin/python3.11), CC.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
USDTRACE_FP=${USDTRACE_FP:-}
USDTRACE_BASE=${USDTRACE_BASE:-}
BPFTRACE=${BPFTRACE:-$(command -v bpftrace)}
PYTHON=${PYTHON:-/usr/bin/python3.11}
CC=${CC:-cc}
RUNS=${1:-3}
SECS=${2:-10}

die() { echo "bench/ustack.sh: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "tracing needs root; run it as root"
case $RUNS$SECS in *[!0-9]*|'') die "RUNS and SECONDS must be positive numbers" ;; esac
[ -x "$USDTRACE" ] || die "no usdtrace at $USDTRACE (run make)"
[ -x "$BPFTRACE" ] || die "no bpftrace (set BPFTRACE)"
[ -x "$PYTHON" ] || die "no $PYTHON (set PYTHON)"

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

# prog_ids PID: the ids of the BPF programs process PID holds open (its fdinfo), one a line;
# only the tool's own programs, whatever else the machine's other users load meanwhile
prog_ids() {
	for f in /proc/"$1"/fdinfo/*; do
		awk '$1 == "prog_id:" { print $2 }' "$f" 2>/dev/null
	done | sort -n -u
}

# start NAME COMMAND...: run it in the background (output to $w/NAME.out); its program ids go
# to $w/NAME.ids; prints its pid once a program of it has fired
start() {
	name=$1
	shift
	"$@" >"$w/$name.out" 2>"$w/$name.err" &
	pid=$!
	n=0
	while [ $n -lt 200 ]; do
		sleep 0.1
		prog_ids "$pid" >"$w/$name.ids"
		if [ -s "$w/$name.ids" ] && "$progstat" | grep -F -w -f "$w/$name.ids" |
			awk '$2 > 0 { f = 1 } END { exit !f }'; then
			echo "$pid"
			return 0
		fi
		kill -0 "$pid" 2>/dev/null || break
		n=$((n + 1))
	done
	echo "bench/ustack.sh: $name did not start: $(head -c 300 "$w/$name.err")" >&2
	return 1
}

# cost NAME: "RUN_CNT RUN_TIME_NS" summed over NAME's programs
cost() {
	"$progstat" | awk 'NR == FNR { want[$1] = 1; next } ($1 in want) { c += $2; t += $3 }
		END { print c + 0, t + 0 }' "$w/$1.ids" -
}


# reach_dtrace FILE: the share (%) of samples whose stack has a _start frame, from a printa of
# @[ustack(100)] = count() (dtrace's layout: frames, then the count on a line of its own)
reach_dtrace() {
	awk '/^ +[0-9]+$/ { tot += $1; if (s) hit += $1; s = 0; next }
	     /`_start\+/ { s = 1 }
	     END { if (tot) printf "%.1f\n", 100 * hit / tot; else print "nan" }' "$1"
}
# reach_bpftrace FILE: the same from bpftrace's "@[\n frames\n]: COUNT"
reach_bpftrace() {
	awk '/^\]: [0-9]+$/ { tot += $2; if (s) hit += $2; s = 0; next }
	     /^ +_start\+/ { s = 1 }
	     END { if (tot) printf "%.1f\n", 100 * hit / tot; else print "nan" }' "$1"
}

cat >"$w/work.py" <<'PY'
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
while True:
    fib(22)
PY
tools="usdtrace"
[ -n "$USDTRACE_BASE" ] && tools="$tools usdtrace_base"
[ -n "$USDTRACE_FP" ] && tools="$tools usdtrace_fp"
tools="$tools bpftrace"
for t in $tools; do : >"$w/$t.reach"; : >"$w/$t.cost"; done
r=1
while [ $r -le "$RUNS" ]; do
	"$PYTHON" "$w/work.py" &
	py=$!
	pids="$pids $py"
	sleep 0.5
	D="profile-997 /pid == $py/ { @[ustack(100)] = count(); }"
	tp=""
	# the tools in a different order each run: the program run first at a sample pays for
	# the cache misses of the stack it reads, the later ones find it warm
	order=$(echo $tools | tr ' ' '\n' | awk -v r=$r '{ t[NR - 1] = $0 } END { for (i = 0; i < NR; i++) print t[(i + r - 1) % NR] }')
	for t in $order; do
		case $t in
		usdtrace) p=$(start usdtrace "$USDTRACE" -q -n "$D" -p "$py") ;;
		usdtrace_base) p=$(start usdtrace_base "$USDTRACE_BASE" -q -n "$D" -p "$py") ;;
		usdtrace_fp) p=$(start usdtrace_fp "$USDTRACE_FP" -q -n "$D" -p "$py") ;;
		bpftrace) p=$(start bpftrace "$BPFTRACE" -e "profile:hz:997 /pid == $py/ { @[ustack(100)] = count(); }") ;;
		esac || exit 1
		tp="$tp $p"
	done
	for t in $tools; do cost $t >"$w/$t.c0"; done
	sleep "$SECS"
	for t in $tools; do cost $t >"$w/$t.c1"; done
	kill -INT $tp
	for p in $tp; do wait "$p" 2>/dev/null; done
	kill "$py"
	wait "$py" 2>/dev/null
	line="  run $r (order: $(echo $order)):"
	for t in $tools; do
		set -- $(cat "$w/$t.c0") $(cat "$w/$t.c1")
		awk -v c=$(($3 - $1)) -v t=$(($4 - $2)) 'BEGIN { if (c > 0) printf "%.1f\n", t / c }' >>"$w/$t.cost"
		case $t in bpftrace) reach_bpftrace "$w/$t.out" ;; *) reach_dtrace "$w/$t.out" ;; esac >>"$w/$t.reach"
		line="$line $t reach $(tail -n 1 "$w/$t.reach")% cost $(tail -n 1 "$w/$t.cost") ns ($(($3 - $1)) firings);"
	done
	echo "$line"
	r=$((r + 1))
done
echo "python3.11 at 997 Hz, $RUNS runs of $SECS s, $(nproc) CPUs; $("$BPFTRACE" --version)"
echo "medians: share of samples whose stack reaches _start (through main), BPF ns per firing:"
for t in $tools; do
	printf '  %-12s reach %6s%%   cost %8s ns\n' "$t" "$(median <"$w/$t.reach")" "$(median <"$w/$t.cost")"
done
