#!/bin/sh
# lockstat.sh — what a lockstat probe costs (lib/usdtrace/lockstat.d, a formula provider with
# companions: docs/formula-providers.md): lockstat:::adaptive-spin against the same D written
# by hand on the lock tracepoints (the begin's time kept in self-> variables, read and let go
# at the end), and bpftrace 0.17 doing the same pairing, all three tracing at once the same
# contended mutex. Not part of `make check`.
#
#   sh bench/lockstat.sh [RUNS] [SECONDS]   (default 5 runs of 3 s; must run as root)
#
# Workload: tests/tools/lockload (make tools) in a loop: 4 threads writing 1-byte messages
# into one pipe, whose mutex is contended (tens of thousands of contentions a second, most of
# them adaptive-spin). Cost: from the kernel's BPF statistics (kernel.bpf_stats_enabled,
# bench/progstat.c), per run, each tracer's run time summed over all its programs on the two
# tracepoints, divided by the contentions (the run count of its program on contention_end that
# fires at every end): ns per contention, the whole price of the pairing. Printed are the
# medians and the ratio formula / by hand (1.00: the same cost). Which usdtrace tracer attaches
# first alternates from run to run.
#     formula   lockstat:::adaptive-spin { @ = sum(args[1]); }: 2 programs (the probe on
#               contention_end with the end's companion a clause of it, the begin's companion)
#     by hand   contention_end /self->ts[args[0]] && self->fl[args[0]] == 0x21 && args[1] == 0/
#               { @ = sum(timestamp - self->ts[args[0]]); }, contention_begin keeping ts and fl,
#               contention_end letting them go: 2 programs (both end clauses in one)
#     bpftrace  the same three clauses on tracepoint:lock:contention_*, maps keyed (tid, lock)
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
BPFTRACE=${BPFTRACE:-$(command -v bpftrace)}
CC=${CC:-cc}
RUNS=${1:-5}
SECS=${2:-3}
die() { echo "bench/lockstat.sh: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "tracing needs root; run it as root"
case $RUNS$SECS in *[!0-9]*|'') die "RUNS and SECONDS must be positive numbers" ;; esac
[ -x "$USDTRACE" ] || die "no usdtrace at $USDTRACE (run make)"
LOAD=$top/build/tools/lockload
[ -x "$LOAD" ] || die "no $LOAD (run make tools)"
have_b=1
[ -n "$BPFTRACE" ] && [ -x "$BPFTRACE" ] || { echo "bench/lockstat.sh: no bpftrace: skipped" >&2; have_b=0; }
. "$top/bench/stats.sh"
stats_build

w=$(mktemp -d)
pids= loadpid=
cleanup() {
	for p in $pids; do kill -INT "$p" 2>/dev/null; done
	sleep 1
	for p in $pids; do kill -9 "$p" 2>/dev/null; done
	# the loop; the lockload it runs ends with its 200000 messages
	[ -n "$loadpid" ] && kill "$loadpid" 2>/dev/null
	wait 2>/dev/null
	stats_restore
	rm -rf "$w"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
stats_on

# start NAME CMD...: the tracer started, the ids of the programs it added on the lock
# tracepoints (named after them or after a lockstat probe) into $w/NAME.ids and the one on
# contention_end that counts every end into $w/NAME.end; its pid into $w/NAME.pid
start() {
	name=$1
	shift
	"$progstat" | awk '{ print $1 }' | sort >"$w/before"
	"$@" >/dev/null 2>"$w/$name.err" &
	echo $! >"$w/$name.pid"
	n=0
	while [ $n -lt 150 ]; do
		sleep 0.1
		"$progstat" | awk '$2 > 0 && $4 ~ /^(contention_|adaptive_spin)/ { print $1, $4 }' |
			sort >"$w/now"
		awk '{ print $1 }' "$w/now" | comm -13 "$w/before" - >"$w/$name.ids"
		# every program of the tracer has fired (usdtrace's 2, bpftrace's 3)
		want=2
		[ "$name" = b ] && want=3
		if [ "$(wc -l <"$w/$name.ids")" -ge $want ]; then
			# its program on contention_end that fires at every end (the probe's with
			# the end's companion, the hand-written one, bpftrace's last: its delete)
			grep -Fwf "$w/$name.ids" "$w/now" |
				awk '$2 ~ /^(contention_end|adaptive_spin)/ { id = $1 } END { print id }' \
				>"$w/$name.end"
			return 0
		fi
		kill -0 "$(cat "$w/$name.pid")" 2>/dev/null || break
		n=$((n + 1))
	done
	echo "bench/lockstat.sh: $name did not start: $(head -c 300 "$w/$name.err")" >&2
	return 1
}
# snap NAME: "TOTAL_NS END_COUNT" of the tracer's programs now
snap() {
	"$progstat" | awk -v ids=" $(tr '\n' ' ' <"$w/$1.ids")" -v end="$(cat "$w/$1.end")" '
		index(ids, " " $1 " ") { t += $3 } $1 == end { c = $2 } END { print t, c }'
}
stop() {
	for t in "$@"; do
		p=$(cat "$w/$t.pid")
		kill -INT "$p" 2>/dev/null
		n=0
		while kill -0 "$p" 2>/dev/null && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
		kill -9 "$p" 2>/dev/null
	done
	return 0
}

sh -c "while :; do echo go | '$LOAD' pipe 4 200000 >/dev/null; done" &
loadpid=$!

F_PROG='lockstat:::adaptive-spin { @ = sum(args[1]); }'
H_PROG='rawtp:lock::contention_end /self->ts[args[0]] && self->fl[args[0]] == 0x21 && args[1] == 0/ {
	@ = sum(timestamp - self->ts[args[0]]); }
rawtp:lock::contention_begin { self->ts[args[0]] = timestamp; self->fl[args[0]] = args[1]; }
rawtp:lock::contention_end { self->ts[args[0]] = 0; self->fl[args[0]] = 0; }'
B_PROG='tracepoint:lock:contention_begin { @ts[tid, args->lock_addr] = nsecs; @fl[tid, args->lock_addr] = args->flags; }
tracepoint:lock:contention_end /@fl[tid, args->lock_addr] == 0x21 && args->ret == 0/ {
	@ = sum(nsecs - @ts[tid, args->lock_addr]); }
tracepoint:lock:contention_end { delete(@ts[tid, args->lock_addr]); delete(@fl[tid, args->lock_addr]); }'

tools="f h"
[ $have_b -eq 1 ] && tools="f h b"
for t in $tools; do : >"$w/$t.ns"; done
echo "lockstat probe cost: $RUNS runs of $SECS s, lockload pipe 4 (a pipe's mutex), $(nproc) CPUs" \
	"(the machine is shared: other work runs beside)"
r=1
while [ "$r" -le "$RUNS" ]; do
	if [ $((r % 2)) -eq 1 ]; then
		start f "$USDTRACE" -q -n "$F_PROG" || exit 1
		start h "$USDTRACE" -q -n "$H_PROG" || exit 1
	else
		start h "$USDTRACE" -q -n "$H_PROG" || exit 1
		start f "$USDTRACE" -q -n "$F_PROG" || exit 1
	fi
	pids="$pids $(cat "$w/f.pid") $(cat "$w/h.pid")"
	if [ $have_b -eq 1 ]; then
		start b "$BPFTRACE" -e "$B_PROG" || exit 1
		pids="$pids $(cat "$w/b.pid")"
	fi
	for t in $tools; do snap $t >"$w/$t.0"; done
	sleep "$SECS"
	line="  run $r:"
	for t in $tools; do
		set -- $(cat "$w/$t.0") $(snap $t)
		awk -v ns=$(($3 - $1)) -v c=$(($4 - $2)) 'BEGIN { if (c > 0) printf "%.1f\n", ns / c }' >>"$w/$t.ns"
		line="$line $t $(tail -n 1 "$w/$t.ns") ns ($(($4 - $2)) contentions)"
	done
	echo "$line"
	stop $tools
	r=$((r + 1))
done
fm=$(median <"$w/f.ns")
hm=$(median <"$w/h.ns")
echo "medians, ns per contention, all of a tracer's programs (kernel BPF stats):"
printf '  %-8s %-44s %s\n' formula "lockstat:::adaptive-spin + companions" "$fm" \
	"by hand" "rawtp:lock::contention_begin/end, self->" "$hm"
[ $have_b -eq 1 ] && printf '  %-8s %-44s %s\n' bpftrace "tracepoint:lock:contention_begin/end" \
	"$(median <"$w/b.ns")"
echo "  formula / by hand: $(awk -v f="$fm" -v h="$hm" 'BEGIN { printf "%.2f", f / h }')"
