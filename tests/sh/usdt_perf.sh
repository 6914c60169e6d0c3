#!/bin/sh
# tier: full
# usdt_perf.sh — the USDT provider on per-site perf events, the way kernels before 6.6 (no
# uprobe_multi links) attach. USDTRACE_NO_UPROBE_MULTI=1 makes usdtrace attach that way here:
#   * witness: the tracer's open files are one perf event per probe site plus the dlopen
#     watcher, and no uprobe_multi link (and the other way round without the variable);
#   * every case of usdt_trace.sh (argument forms, pc-relative symbols, faulting pages in,
#     semaphores, -c/-p/every process, dlopen, exec) passes unchanged on perf events.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip usdt_perf "needs root"
	exit 0
fi

prog=$W/ut_prog
if ! gcc -O2 -Wall -Wextra -Werror -I"$TOP/include" -o "$prog" "$TOP/tests/progs/usdt/ut_prog.c" 2>"$W/cc.err"; then
	notok usdt-perf-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi
nsites=$(readelf -n "$prog" | grep -c -e 'Name: tick$' -e 'Name: done$')

# attach_kinds MULTI: trace ut$target:::tick of a waiting ut_prog and print
# "perf=P multi=M other=O": the tracer's perf event files and its BPF links by type
attach_kinds() {
	rm -f "$W/go"
	"$prog" wait "$W/go" 3 >/dev/null &
	wpid=$!
	sdt_wait_exec $wpid "$prog" 10
	USDTRACE_NO_UPROBE_MULTI=$1 "$U" -q -n 'ut$target:::tick { n++; } ut$target:::done { exit(0); }' \
		-p $wpid >"$W/k.out" 2>"$W/k.err" &
	tpid=$!
	sleep 0.5
	# attached once the tracer has its links: up to 10 s more
	i=0
	while [ $i -lt 200 ] && ! ls -l /proc/$tpid/fd 2>/dev/null | grep -q -e perf_event -e bpf_link; do
		sleep 0.05
		i=$((i + 1))
	done
	sleep 0.2
	perf=0 multi=0 other=0
	for f in /proc/$tpid/fd/*; do
		case $(readlink "$f" 2>/dev/null) in
		*perf_event*) perf=$((perf + 1)) ;;
		*bpf_link*)
			case $(grep '^link_type:' "/proc/$tpid/fdinfo/${f##*/}" 2>/dev/null) in
			*uprobe_multi*) multi=$((multi + 1)) ;;
			*perf*) ;;
			*) other=$((other + 1)) ;;
			esac ;;
		esac
	done
	touch "$W/go"
	wait $tpid
	wait $wpid
	echo "perf=$perf multi=$multi other=$other"
}

# the sites of tick and done, and ld.so's _dl_debug_state (the watcher): one perf event each
got=$(attach_kinds 1)
if [ "$got" = "perf=$((nsites + 1)) multi=0 other=0" ]; then
	ok usdt-perf-attaches-perf-events
else
	notok usdt-perf-attaches-perf-events "$got (want perf=$((nsites + 1)) multi=0 other=0): $(head -c 200 "$W/k.err")"
fi
# without the variable: three uprobe_multi links (one per clause's program, the watcher's)
got=$(attach_kinds 0)
if [ "$got" = "perf=0 multi=3 other=0" ]; then
	ok usdt-perf-default-is-uprobe-multi
else
	notok usdt-perf-default-is-uprobe-multi "$got (want perf=0 multi=3 other=0): $(head -c 200 "$W/k.err")"
fi

# the whole USDT suite on perf events, its case names prefixed with "perf-"
USDTRACE_NO_UPROBE_MULTI=1 sh "$TOP/tests/sh/usdt_trace.sh" >"$W/suite.out" 2>"$W/suite.err"
rc=$?
sed -n -e 's/^ok - /ok - perf-/p' -e 's/^not ok - /not ok - perf-/p' -e 's/^skip - /skip - perf-/p' "$W/suite.out"
if [ $rc -ne 0 ] && ! grep -q '^not ok' "$W/suite.out"; then
	notok usdt-perf-suite "usdt_trace.sh exited $rc: $(tail -c 300 "$W/suite.err")"
fi
if ! grep -q '^ok' "$W/suite.out"; then
	notok usdt-perf-suite "usdt_trace.sh ran no case: $(tail -c 300 "$W/suite.err")"
fi
