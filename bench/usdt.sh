#!/bin/sh
# usdt.sh — the USDT provider's costs, side by side with bpftrace 0.17 in one run.
# Not part of `make check`.
#
#   sh bench/usdt.sh [fire|stats|attach|all] [RUNS]   (default: all, 5 runs; must run as root)
#
# fire: per-firing cost of one USDT probe. bench/usdt_fire (built here with our sdt.h) fires
#   bench:fire N times in a loop and times the loop itself; the cost per firing is
#   (median traced loop time - median untraced loop time) / N. Four programs, each as the
#   same work in both tracers' languages:
#     pred    a predicate that is never true: uprobe, program entry, one argument fetched
#               usdtrace: bench$target:::fire /arg0 == -1/ { }
#               bpftrace: usdt:BIN:bench:fire /arg0 == -1/ { }
#             (bpftrace's compiler drops the predicate of an empty clause: its program is
#             "r0 = 0; exit", so this row compares our predicate with no work at all)
#     predc   the same never-true predicate guarding work, so both tracers evaluate it:
#               usdtrace: /arg0 == -1/ { @ = count(); }   bpftrace: the same
#     count   usdtrace: { @ = count(); }              bpftrace: { @ = count(); }
#     strkey  usdtrace -x strsize=64: { @[copyinstr(arg1)] = count(); }
#             bpftrace: { @[str(arg1)] = count(); }  (64 bytes: bpftrace's default str size)
#     ustack  usdtrace: { @[ustack(20)] = count(); }  bpftrace: { @[ustack(20)] = count(); }
#             (the frames of usdt_fire's stack: usdtrace keys on pid + 20 pcs, bpftrace on a
#             stack id from its stack map; usdt_fire is built without frame pointers, so
#             bpftrace's frame-pointer walk stops after main while ours follows the CFI down
#             to _start: not the same work)
#   Both tracers start the program with -c; runs alternate untraced, usdtrace, bpftrace so
#   that drifting load hits all alike. A count run whose output lacks N (a lost firing) is
#   reported.
#   Then the site forms: the same pred, count and strkey programs, usdtrace on our sdt.h site
#   (on x86-64 a 5-byte nop between two %rsp moves, which kernels 6.18+ turn into a call to a
#   trampoline: docs/sdt-sites.md) against bpftrace on systemtap's <sys/sdt.h> site (a 1-byte
#   nop: an int3 trap each firing), bench/usdt_fire_stap, each less its own untraced loop.
#   "ratio u/s" is usdtrace's cost over bpftrace's: what a program gains by using our sites.
# stats: the same four programs, but the cost inside BPF only: with kernel.bpf_stats_enabled=1
#   (restored afterwards), the run_time_ns / run_cnt the kernel keeps for the tracer's busiest
#   program (read from /proc/TRACER/fdinfo while usdt_fire holds after its loop), median over
#   the runs. This leaves out the uprobe trap, which is the same for both and dominates "fire".
#   bpf_stats_enabled is machine-wide: every BPF program on the machine pays for the
#   accounting while it is on.
#   stats adds a row of equal work for the stack walk: ustackfp, the ustack program on
#   bench/usdt_fire_fp (the same source built with frame pointers, the site called from a
#   frame-pointer function chain fire_a -> fire_b -> fire_c), both tracers with ustack(4):
#   the four frames from the site up to main, which both walk whole (bpftrace by frame
#   pointers, usdtrace by CFI); "frames" gives the frames of the stack each printed.
# attach: time to attach every probe site of OpenJDK 17's libjvm.so (hotspot, hotspot_jni and
#   hs_private providers). An idle JVM runs meanwhile (usdtrace matches "provider*" against
#   the objects processes map now; bpftrace attaches by path and does not need it).
#     usdtrace -n 'hotspot*:::,hotspot_jni*:::,hs_private*::: { }' -n 'BEGIN { ...; exit(0); }'
#     bpftrace -e 'usdt:LIBJVM:*:* { } BEGIN { ...; exit(); }'
#       (with BPFTRACE_MAX_PROBES and BPFTRACE_MAX_BPF_PROGS raised: 512 is its default cap)
#   Each BEGIN prints the monotonic clock (usdtrace's timestamp, bpftrace's nsecs); against the
#   moment bench/stamprun forked the tracer, that is "attach": start until every probe is in
#   place (both fire BEGIN after attaching everything). "total" is start to exit, detaching
#   included.
# Printed: medians and ratios bpftrace/usdtrace. A tool that is missing, or a program one
# tracer rejects, is reported and skipped; the script exits 1 if any run failed.
#
# Environment: USDTRACE (default build/usdtrace), BPFTRACE (default: bpftrace on PATH), CC,
# FIRINGS (default 1000000), JAVA_HOME (default /usr/lib/jvm/java-17-openjdk-amd64).
top=$(cd "$(dirname "$0")/.." && pwd)
USDTRACE=${USDTRACE:-$top/build/usdtrace}
BPFTRACE=${BPFTRACE:-$(command -v bpftrace)}
CC=${CC:-cc}
FIRINGS=${FIRINGS:-1000000}
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
LIBJVM=$JAVA_HOME/lib/server/libjvm.so
what=${1:-all}
RUNS=${2:-5}
me=bench/usdt.sh

case $what in
fire | stats | attach | all) ;;
*) echo "$me: what to measure: fire, stats, attach or all, not '$what'" >&2; exit 2 ;;
esac
case $RUNS in
'' | *[!0-9]*) echo "$me: RUNS must be a positive number, not '$RUNS'" >&2; exit 2 ;;
esac
[ "$RUNS" -gt 0 ] || { echo "$me: RUNS must be at least 1" >&2; exit 2; }
if [ "$(id -u)" -ne 0 ]; then
	echo "$me: tracing needs root; run it as root" >&2
	exit 1
fi
have_u=1 have_b=1
[ -x "$USDTRACE" ] || { echo "$me: no usdtrace at $USDTRACE (run make): usdtrace skipped" >&2; have_u=0; }
[ -n "$BPFTRACE" ] && [ -x "$BPFTRACE" ] || { echo "$me: no bpftrace: bpftrace skipped" >&2; have_b=0; }

bin=$top/build/bench
. "$top/bench/lib.sh"
bench_cc usdt_fire usdt_fire -I"$top/include"
bench_cc usdt_fire_stap usdt_fire -DUSDT_FIRE_SYS_SDT
bench_cc usdt_fire_fp usdt_fire -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer \
	-DUSDT_FIRE_CHAIN -I"$top/include"
bench_cc stamprun stamprun

w=$(mktemp -d)
jvm="" stats_was=""
trap '[ -n "$jvm" ] && kill -KILL $jvm 2>/dev/null
	[ -n "$stats_was" ] && echo "$stats_was" >/proc/sys/kernel/bpf_stats_enabled
	rm -rf "$w"' EXIT
trap 'exit 1' INT TERM
bad=0

FIRE_PROG=$bin/usdt_fire FIRE_N=$FIRINGS FIRE_COUNTED='*count'

# ------------------------------------------------------------------ per-firing cost
fire_bench() {
	B=$bin/usdt_fire
	i=0
	while [ $i -lt "$RUNS" ]; do
		fire_run none
		if [ $have_u -eq 1 ]; then
			fire_run u.pred "$USDTRACE" -q -n 'bench$target:::fire /arg0 == -1/ { }'
			fire_run u.predc "$USDTRACE" -q -n 'bench$target:::fire /arg0 == -1/ { @ = count(); }'
			fire_run u.count "$USDTRACE" -q -n 'bench$target:::fire { @ = count(); }'
			fire_run u.strkey "$USDTRACE" -q -x strsize=64 -n 'bench$target:::fire { @[copyinstr(arg1)] = count(); }'
			fire_run u.ustack "$USDTRACE" -q -n 'bench$target:::fire { @[ustack(20)] = count(); }'
		fi
		if [ $have_b -eq 1 ]; then
			fire_run b.pred "$BPFTRACE" -e "usdt:$B:bench:fire /arg0 == -1/ { }"
			fire_run b.predc "$BPFTRACE" -e "usdt:$B:bench:fire /arg0 == -1/ { @ = count(); }"
			fire_run b.count "$BPFTRACE" -e "usdt:$B:bench:fire { @ = count(); }"
			fire_run b.strkey "$BPFTRACE" -e "usdt:$B:bench:fire { @[str(arg1)] = count(); }"
			fire_run b.ustack "$BPFTRACE" -e "usdt:$B:bench:fire { @[ustack(20)] = count(); }"
		fi
		i=$((i + 1))
	done
	base=$(median "$w/fire.none")
	echo "per-firing cost, $FIRINGS firings a run, $RUNS runs, medians of the loop's own time:"
	echo "  untraced loop: $(awk -v b="$base" 'BEGIN { printf "%.3f ms (%.2f ns/iteration)", b / 1e6, b / '"$FIRINGS"' }')"
	printf '  %-8s %16s %16s %10s\n' program "usdtrace ns/fire" "bpftrace ns/fire" "ratio b/u"
	for v in pred predc count strkey ustack; do
		fire_row "$v" "$base"
	done
	[ $have_u -eq 1 ] && [ $have_b -eq 1 ] || return
	# our sites traced by usdtrace against systemtap's traced by bpftrace
	S=$bin/usdt_fire_stap
	# stap_run KEY ARGS...: fire_run on the systemtap-site program
	stap_run() {
		FIRE_PROG=$S
		fire_run "$@"
		FIRE_PROG=$bin/usdt_fire
	}
	i=0
	while [ $i -lt "$RUNS" ]; do
		stap_run stapnone
		fire_run none
		fire_run u.pred "$USDTRACE" -q -n 'bench$target:::fire /arg0 == -1/ { }'
		fire_run u.count "$USDTRACE" -q -n 'bench$target:::fire { @ = count(); }'
		fire_run u.strkey "$USDTRACE" -q -x strsize=64 -n 'bench$target:::fire { @[copyinstr(arg1)] = count(); }'
		stap_run s.pred "$BPFTRACE" -e "usdt:$S:bench:fire /arg0 == -1/ { }"
		stap_run s.count "$BPFTRACE" -e "usdt:$S:bench:fire { @ = count(); }"
		stap_run s.strkey "$BPFTRACE" -e "usdt:$S:bench:fire { @[str(arg1)] = count(); }"
		i=$((i + 1))
	done
	base=$(median "$w/fire.none")
	sbase=$(median "$w/fire.stapnone")
	echo "site forms: usdtrace on usdtrace/sdt.h sites, bpftrace on systemtap <sys/sdt.h> sites (runs added to the above):"
	echo "  untraced loops: $(awk -v b="$base" -v s="$sbase" 'BEGIN { printf "sdt.h %.2f ns/iteration, sys/sdt.h %.2f ns/iteration", b / '"$FIRINGS"', s / '"$FIRINGS"' }')"
	printf '  %-8s %16s %16s %10s\n' program "usdtrace ns/fire" "bpftrace ns/fire" "ratio u/s"
	for v in pred count strkey; do
		for t in u s; do
			b=$base
			[ $t = s ] && b=$sbase
			if [ -f "$w/fire.$t.$v.failed" ] || [ ! -s "$w/fire.$t.$v" ]; then
				eval "c_$t=n/a"
				bad=1
			else
				m=$(median "$w/fire.$t.$v")
				eval "c_$t=$(awk -v m="$m" -v b="$b" 'BEGIN { printf "%.1f", (m - b) / '"$FIRINGS"' }')"
			fi
		done
		ratio=$(awk -v u="$c_u" -v s="$c_s" 'BEGIN { if (u + 0 > 0 && s + 0 > 0) printf "%.2fx", u / s; else print "-" }')
		printf '  %-8s %16s %16s %10s\n' "$v" "$c_u" "$c_s" "$ratio"
	done
}

# ------------------------------------------------------------------ BPF run time per firing
# stats_run KEY TRACER-ARGS...: one traced run of usdt_fire holding after its loop; appends
# run_time_ns / run_cnt of the tracer's program with the most runs to $w/stats.KEY.
stats_run() {
	key=$1
	shift
	rm -f "$w/st.rep" "$w/st.hold"
	"$@" -c "${STATS_PROG:-$bin/usdt_fire} $FIRINGS $w/st.rep $w/st.hold" >"$w/st.out" 2>"$w/st.err" &
	tp=$!
	n=0
	while [ ! -s "$w/st.rep" ] && kill -0 $tp 2>/dev/null && [ $n -lt 6000 ]; do
		sleep 0.02
		n=$((n + 1))
	done
	if [ -s "$w/st.rep" ]; then
		for f in /proc/$tp/fdinfo/*; do
			awk '$1 == "run_time_ns:" { t = $2 } $1 == "run_cnt:" { c = $2 }
				END { if (c > 0) print c, t }' "$f" 2>/dev/null
		done | sort -n | tail -1 | awk '{ printf "%.1f\n", $2 / $1 }' >>"$w/stats.$key"
	fi
	touch "$w/st.hold"
	wait $tp
	st=$?
	# the frames of the (one) stack printed: usdtrace's "prog`func+0x.." lines, bpftrace's
	# "        func+N" lines inside @[ ... ]
	awk '/^@\[/ { b = 1; next } /^\]/ { b = 0 } /`/ || (b && NF == 1) { n++ }
		END { print n + 0 }' "$w/st.out" >"$w/stats.$key.frames"
	if [ $st -ne 0 ] || [ ! -s "$w/st.rep" ]; then
		[ -f "$w/stats.$key.failed" ] ||
			echo "$me: stats $key: exit $st: $(head -c 300 "$w/st.err" | tr '\n' ' ')" >&2
		echo "exit $st" >>"$w/stats.$key.failed"
	fi
}

stats_bench() {
	B=$bin/usdt_fire
	stats_was=$(cat /proc/sys/kernel/bpf_stats_enabled) || return
	echo 1 >/proc/sys/kernel/bpf_stats_enabled || { echo "$me: cannot enable bpf_stats" >&2; bad=1; return; }
	i=0
	while [ $i -lt "$RUNS" ]; do
		if [ $have_u -eq 1 ]; then
			stats_run u.pred "$USDTRACE" -q -n 'bench$target:::fire /arg0 == -1/ { }'
			stats_run u.predc "$USDTRACE" -q -n 'bench$target:::fire /arg0 == -1/ { @ = count(); }'
			stats_run u.count "$USDTRACE" -q -n 'bench$target:::fire { @ = count(); }'
			stats_run u.strkey "$USDTRACE" -q -x strsize=64 -n 'bench$target:::fire { @[copyinstr(arg1)] = count(); }'
			stats_run u.ustack "$USDTRACE" -q -n 'bench$target:::fire { @[ustack(20)] = count(); }'
			STATS_PROG=$bin/usdt_fire_fp stats_run u.ustackfp "$USDTRACE" -q -n 'bench$target:::fire { @[ustack(4)] = count(); }'
		fi
		if [ $have_b -eq 1 ]; then
			stats_run b.pred "$BPFTRACE" -e "usdt:$B:bench:fire /arg0 == -1/ { }"
			stats_run b.predc "$BPFTRACE" -e "usdt:$B:bench:fire /arg0 == -1/ { @ = count(); }"
			stats_run b.count "$BPFTRACE" -e "usdt:$B:bench:fire { @ = count(); }"
			stats_run b.strkey "$BPFTRACE" -e "usdt:$B:bench:fire { @[str(arg1)] = count(); }"
			stats_run b.ustack "$BPFTRACE" -e "usdt:$B:bench:fire { @[ustack(20)] = count(); }"
			STATS_PROG=$bin/usdt_fire_fp stats_run b.ustackfp "$BPFTRACE" -e "usdt:$bin/usdt_fire_fp:bench:fire { @[ustack(4)] = count(); }"
		fi
		i=$((i + 1))
	done
	echo "$stats_was" >/proc/sys/kernel/bpf_stats_enabled
	stats_was=""
	echo "BPF program time per firing (bpf_stats run_time_ns / run_cnt), $FIRINGS firings, $RUNS runs, medians:"
	printf '  %-8s %16s %16s %10s\n' program "usdtrace ns" "bpftrace ns" "ratio b/u"
	for v in pred predc count strkey ustack ustackfp; do
		for t in u b; do
			if [ -f "$w/stats.$t.$v.failed" ] || [ ! -s "$w/stats.$t.$v" ]; then
				eval "c_$t=n/a"
				[ -f "$w/stats.$t.$v.failed" ] && bad=1
			else
				eval "c_$t=$(median "$w/stats.$t.$v")"
			fi
		done
		ratio=$(awk -v u="$c_u" -v b="$c_b" 'BEGIN { if (u + 0 > 0 && b + 0 > 0) printf "%.2fx", b / u; else print "-" }')
		printf '  %-8s %16s %16s %10s' "$v" "$c_u" "$c_b" "$ratio"
		case $v in
		ustack*) printf '   frames %s/%s' "$(cat "$w/stats.u.$v.frames" 2>/dev/null)" \
				"$(cat "$w/stats.b.$v.frames" 2>/dev/null)" ;;
		esac
		echo
	done
}

# ------------------------------------------------------------------ attach time
# attach_run KEY CLOCK-PARSER COMMAND...: one run under stamprun; appends "ATTACH_NS TOTAL_NS".
attach_run() {
	stamp_run "$@" || return
	key=$1
	echo "$((begin - t0)) $total" >>"$w/att.$key"
	# How many probes: usdtrace says "matched N probes" per description, bpftrace "Attaching N".
	[ -s "$w/att.$key.n" ] || sed -n 's/.*matched \([0-9]*\) probes*$/\1/p; s/^Attaching \([0-9]*\) probes.*/\1/p' \
		"$w/att.out" "$w/att.out.err" | awk '{ s += $1 } END { print s }' >"$w/att.$key.n"
}

attach_bench() {
	if [ ! -f "$LIBJVM" ] || [ ! -x "$JAVA_HOME/bin/java" ]; then
		echo "$me: attach: no OpenJDK 17 at $JAVA_HOME (apt-get install openjdk-17-jdk-headless): skipped" >&2
		return
	fi
	sites=$(readelf -n "$LIBJVM" | grep -c 'Provider:')
	# An idle JVM for usdtrace's provider* to find; it sleeps at most an hour and is killed
	# when this script ends.
	printf '%s\n' 'public class Idle { public static void main(String[] a) throws Exception { Thread.sleep(3600000L); } }' >"$w/Idle.java"
	"$JAVA_HOME/bin/java" -XX:+UseSerialGC "$w/Idle.java" >/dev/null 2>&1 &
	jvm=$!
	n=0
	until grep -q libjvm.so "/proc/$jvm/maps" 2>/dev/null; do
		n=$((n + 1))
		[ $n -gt 600 ] && { echo "$me: attach: the idle JVM did not start" >&2; bad=1; return; }
		sleep 0.05
	done
	i=0
	while [ $i -lt "$RUNS" ]; do
		if [ $have_u -eq 1 ]; then
			# Not quiet (so it reports what it matched): BEGIN's line ends with the clock.
			attach_run u "awk '/:BEGIN/ { print \$NF; exit }'" "$USDTRACE" \
				-n 'hotspot*:::,hotspot_jni*:::,hs_private*::: { }' \
				-n 'BEGIN { printf("%d\n", timestamp); exit(0); }'
			# the same with one perf event per site, as on kernels without uprobe_multi
			attach_run p "awk '/:BEGIN/ { print \$NF; exit }'" env USDTRACE_NO_UPROBE_MULTI=1 \
				"$USDTRACE" -n 'hotspot*:::,hotspot_jni*:::,hs_private*::: { }' \
				-n 'BEGIN { printf("%d\n", timestamp); exit(0); }'
		fi
		if [ $have_b -eq 1 ]; then
			attach_run b "awk '/^[0-9]+\$/ { print; exit }'" env BPFTRACE_MAX_PROBES=4096 \
				BPFTRACE_MAX_BPF_PROGS=4096 "$BPFTRACE" \
				-e "usdt:$LIBJVM:*:* { } BEGIN { printf(\"%lld\\n\", nsecs); exit(); }"
		fi
		i=$((i + 1))
	done
	kill -KILL $jvm 2>/dev/null
	wait $jvm 2>/dev/null
	jvm=""
	echo "attach every probe of $LIBJVM ($sites sites), $RUNS runs, medians:"
	printf '  %-22s %12s %12s %10s\n' "" "attach (ms)" "total (ms)" "probes"
	for t in u p b; do
		[ -s "$w/att.$t" ] || continue
		cut -d ' ' -f 1 "$w/att.$t" >"$w/att.$t.a"
		cut -d ' ' -f 2 "$w/att.$t" >"$w/att.$t.t"
		a=$(median "$w/att.$t.a") tt=$(median "$w/att.$t.t")
		eval "a_$t=$a t_$t=$tt"
		name=usdtrace
		[ $t = p ] && name="usdtrace (perf events)"
		[ $t = b ] && name=bpftrace
		awk -v n="$name" -v a="$a" -v t="$tt" -v p="$(cat "$w/att.$t.n")" \
			'BEGIN { printf "  %-22s %12.1f %12.1f %10s\n", n, a / 1e6, t / 1e6, p }'
	done
	if [ -s "$w/att.u" ] && [ -s "$w/att.b" ]; then
		awk -v au="$a_u" -v ab="$a_b" -v tu="$t_u" -v tb="$t_b" 'BEGIN {
			printf "  ratio bpftrace/usdtrace: attach %.1fx, total %.1fx\n", ab / au, tb / tu }'
	fi
	if [ -s "$w/att.p" ] && [ -s "$w/att.b" ]; then
		awk -v ap="$a_p" -v ab="$a_b" -v tp="$t_p" -v tb="$t_b" 'BEGIN {
			printf "  ratio bpftrace/usdtrace (perf events): attach %.1fx, total %.1fx\n", ab / ap, tb / tp }'
	fi
}

case $what in
fire) fire_bench ;;
stats) stats_bench ;;
attach) attach_bench ;;
all) fire_bench; stats_bench; attach_bench ;;
esac
exit $bad
