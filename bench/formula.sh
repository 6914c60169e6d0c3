#!/bin/sh
# formula.sh — what a formula probe costs (docs/formula-providers.md): io:::start against the
# same clause written by hand on its underlying tracepoint with the formula's expressions in
# place, and bpftrace 0.17 on the same tracepoint, all three tracing at once the same I/O.
# Then the same for a user-space formula: kf:::put, a formula on kv_put's entry in
# tests/progs/formula/kvstore.c, against the same clause written on the pid probe there, and
# bpftrace's uprobe on it. Not part of `make check`.
#
#   sh bench/formula.sh [RUNS] [SECONDS]   (default 5 runs of 3 s; must run as root)
#   PARTS="io user" (the default), PARTS=io or PARTS=user: which comparisons to make
#
# Workload: dd writing 4 KiB blocks with O_DIRECT to a loop device over a file in /var/tmp
# (made and removed here), in a loop, so that block_rq_issue fires a few thousand times a
# second. Cost: each program's run time over its run count from the kernel's BPF statistics
# (kernel.bpf_stats_enabled, bench/progstat.c) over SECONDS, per run; printed are the medians
# in ns per firing and the ratio formula / hand-written (1.00: the same cost). The two usdtrace
# programs are the same instructions (tests/sh/formula_syntax.sh checks it); which is attached
# first alternates from run to run, as the first to run at a firing reads the request cold.
#     formula   io:::start /args[0]->b_flags & B_WRITE/ {
#                   @[args[1]->dev_statname] = sum(args[0]->b_bcount); }
#     by hand   the same on rawtp:block::block_rq_issue with xlate <bufinfo_t *> (args[0]) and
#               xlate <devinfo_t *> (args[0]) written out
#     bpftrace  tracepoint:block:block_rq_issue /rwbs starts with W/ { @[args->dev] =
#               sum(args->bytes); } (less work: no device name; a reference point)
# User space: kvstore running (2 billion rounds: it is killed at the end), all three attached to
# it with -p / to its file; kv_put runs a few hundred thousand times a second.
#     formula   kf$target:::put /args[1] > 3/ { @[args[0]] = sum(args[1]); } with
#               kf:::put(string key, long val) = pid$target:a.out:kv_put:entry(uintptr_t key,
#               long val) : (copyinstr(key), val)
#     by hand   pid$target:a.out:kv_put:entry /(long)arg1 > 3/ {
#               @[copyinstr((uintptr_t)arg0)] = sum((long)arg1); }
#     bpftrace  uprobe:KVSTORE:kv_put /arg1 > 3/ { @[str(arg0)] = sum(arg1); }
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
BPFTRACE=${BPFTRACE:-$(command -v bpftrace)}
CC=${CC:-cc}
RUNS=${1:-5}
SECS=${2:-3}
PARTS=${PARTS:-io user}
want() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
die() { echo "bench/formula.sh: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "tracing needs root; run it as root"
case $RUNS$SECS in *[!0-9]*|'') die "RUNS and SECONDS must be positive numbers" ;; esac
[ -x "$USDTRACE" ] || die "no usdtrace at $USDTRACE (run make)"
have_b=1
[ -n "$BPFTRACE" ] && [ -x "$BPFTRACE" ] || { echo "bench/formula.sh: no bpftrace: skipped" >&2; have_b=0; }
! want io || command -v losetup >/dev/null || die "no losetup"
. "$top/bench/stats.sh"
stats_build

w=$(mktemp -d)
img=
loop= pids=
cleanup() {
	for p in $pids; do kill -INT "$p" 2>/dev/null; kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	[ -n "$loop" ] && losetup -d "$loop"
	[ -n "$img" ] && rm -f "$img"
	stats_restore
	rm -rf "$w"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
stats_on
# start NAME PROGNAME CMD...: the tracer's program (the one named PROGNAME that appeared when it
# started and has fired) into $w/NAME.id; its pid echoed
start() {
	name=$1 pname=$2
	shift 2
	"$progstat" | awk '{ print $1 }' | sort >"$w/before"
	"$@" >/dev/null 2>"$w/$name.err" &
	pid=$!
	n=0
	while [ $n -lt 150 ]; do
		sleep 0.1
		"$progstat" | awk -v p="$pname" '$4 == p && $2 > 0 { print $1 }' | sort >"$w/now"
		comm -13 "$w/before" "$w/now" | head -n 1 >"$w/$name.id"
		if [ -s "$w/$name.id" ]; then
			echo "$pid"
			return 0
		fi
		kill -0 "$pid" 2>/dev/null || break
		n=$((n + 1))
	done
	echo "bench/formula.sh: $name did not start: $(head -c 300 "$w/$name.err")" >&2
	kill "$pid" 2>/dev/null
	return 1
}
# reap PID...: wait for the tracers (not this shell's children: started in $(start ...)) to
# exit after their SIGINT, SIGKILLing any still there after 60 s (a bpftrace once outlived the
# bench, idle, when its SIGINT came while it was busy)
reap() {
	for p in "$@"; do
		n=0
		while kill -0 "$p" 2>/dev/null && [ $n -lt 600 ]; do
			sleep 0.1
			n=$((n + 1))
		done
		kill -9 "$p" 2>/dev/null
	done
	return 0
}
stat() { "$progstat" | awk -v id="$(cat "$w/$1.id")" '$1 == id { print $2, $3 }'; }

# compare LABEL_F LABEL_H LABEL_B: RUNS runs of SECS s with the three tracers attached at once,
# each started by the part's start_f, start_h and start_b (which echo its pid); per run the ns
# per firing of each, then the medians and the ratio formula / by hand
compare() {
	label_f=$1 label_h=$2 label_b=$3
	tools="f h"
	[ $have_b -eq 1 ] && tools="f h b"
	for t in $tools; do : >"$w/$t.ns"; done
	r=1
	while [ $r -le "$RUNS" ]; do
		# the program attached first runs first at each firing and pays the cache misses of
		# reading the data: the two usdtrace programs take turns at it
		if [ $((r % 2)) -eq 1 ]; then
			fp=$(start_f) || exit 1
			pids="$pids $fp"
			hp=$(start_h) || exit 1
		else
			hp=$(start_h) || exit 1
			pids="$pids $hp"
			fp=$(start_f) || exit 1
		fi
		pids="$pids $fp $hp"
		bp=
		if [ $have_b -eq 1 ]; then
			bp=$(start_b) || exit 1
		fi
		pids="$pids $bp"   # killed at exit whatever happens
		for t in $tools; do stat $t >"$w/$t.0"; done
		sleep "$SECS"
		line="  run $r:"
		for t in $tools; do
			set -- $(cat "$w/$t.0") $(stat $t)
			awk -v c=$(($3 - $1)) -v n=$(($4 - $2)) 'BEGIN { if (c > 0) printf "%.1f\n", n / c }' >>"$w/$t.ns"
			line="$line $t $(tail -n 1 "$w/$t.ns") ns ($(($3 - $1)) firings)"
		done
		echo "$line"
		kill -INT $fp $hp $bp 2>/dev/null
		reap $fp $hp $bp
		r=$((r + 1))
	done
	fm=$(median <"$w/f.ns")
	hm=$(median <"$w/h.ns")
	echo "medians, ns per firing (kernel BPF stats):"
	printf '  %-8s %-34s %s\n' formula "$label_f" "$fm" "by hand" "$label_h" "$hm"
	[ $have_b -eq 1 ] && printf '  %-8s %-34s %s\n' bpftrace "$label_b" "$(median <"$w/b.ns")"
	echo "  formula / by hand: $(awk -v f="$fm" -v h="$hm" 'BEGIN { printf "%.2f", f / h }')"
}

if want io; then
	img=$(mktemp /var/tmp/usdtrace-bench-io.XXXXXX)
	dd if=/dev/zero of="$img" bs=1M count=16 status=none
	loop=$(losetup --find --show "$img") || die "losetup failed"
	name=${loop#/dev/}
	sh -c "while :; do dd if=/dev/zero of=$loop bs=4k count=2048 oflag=direct status=none; done" &
	pids="$pids $!"

	F_PROG="io:::start /args[0]->b_flags & B_WRITE/ { @[args[1]->dev_statname] = sum(args[0]->b_bcount); }"
	H_PROG="rawtp:block::block_rq_issue /xlate <bufinfo_t *> (args[0])->b_flags & B_WRITE/ {
		@[xlate <devinfo_t *> (args[0])->dev_statname] = sum(xlate <bufinfo_t *> (args[0])->b_bcount); }"
	B_PROG='tracepoint:block:block_rq_issue /strncmp(args->rwbs, "W", 1) == 0/ { @[args->dev] = sum(args->bytes); }'
	start_f() { start f start "$USDTRACE" -q -n "$F_PROG"; }
	start_h() { start h block_rq_issue "$USDTRACE" -q -n "$H_PROG"; }
	start_b() { start b block_rq_issue "$BPFTRACE" -e "$B_PROG"; }
	echo "formula probe cost: $RUNS runs of $SECS s, dd 4 KiB O_DIRECT writes to $loop, $(nproc) CPUs" \
		"(the machine is shared: other work runs beside)"
	compare io:::start rawtp:block::block_rq_issue tracepoint:block:block_rq_issue
fi

if want user; then
	kv=$w/kvstore
	$CC -std=gnu11 -O2 -g -o "$kv" "$top/tests/progs/formula/kvstore.c" || die "cannot build kvstore"
	mkdir "$w/lib"
	printf '%s\n' 'provider kf {' '	probe put(string key, long val) =' \
		'		pid$target:a.out:kv_put:entry(uintptr_t key, long val) : (copyinstr(key), val);' \
		'};' >"$w/lib/kf.d"
	"$kv" 2000000000 >/dev/null &
	kvpid=$!
	pids="$pids $kvpid"
	UF_PROG='kf$target:::put /args[1] > 3/ { @[args[0]] = sum(args[1]); }'
	UH_PROG='pid$target:a.out:kv_put:entry /(long)arg1 > 3/ {
		@[copyinstr((uintptr_t)arg0)] = sum((long)arg1); }'
	UB_PROG="uprobe:$kv:kv_put /arg1 > 3/ { @[str(arg0)] = sum(arg1); }"
	start_f() { start f put "$USDTRACE" -L "$w/lib" -q -n "$UF_PROG" -p $kvpid; }
	start_h() { start h entry "$USDTRACE" -q -n "$UH_PROG" -p $kvpid; }
	start_b() { start b kv_put "$BPFTRACE" -e "$UB_PROG"; }
	echo "user-space formula cost: $RUNS runs of $SECS s, kvstore's kv_put, $(nproc) CPUs" \
		"(the machine is shared: other work runs beside)"
	compare "kf:::put (kv_put's entry)" 'pid$target:a.out:kv_put:entry' uprobe:kvstore:kv_put
	kill $kvpid 2>/dev/null
	wait $kvpid 2>/dev/null || :   # killed by us: its 143 is not the bench's status
fi
