# tier: full
# bpf_kernel.sh — the BPF plumbing against the running kernel: hand-built programs loaded with
# bpf_sys, attached with attach.c (perf-event uprobes and uretprobes, uprobe_multi links and
# their fallback, cpu-clock events, USDT semaphores through ref_ctr_offset), records read with
# ringbuf.c; verifier rejections; a sleepable program reading a never-touched page. The work is
# in build/tools/bpf_selftest (one command per group, see its header); the SIGKILL case is here:
# a tracer holding a semaphore is killed with SIGKILL and the traced program must see its
# semaphore drop back to 0, because the kernel itself undoes ref_ctr_offset when the last
# reference to the uprobe goes away.
. "$TOP/tests/sh/lib.sh"
sdt_workdir

groups="uprobe multi multi-fallback verifier clock semaphore sleepable sigkill-perf sigkill-multi"
if ! sdt_is_root; then
	for g in $groups; do skip "$g" "needs root"; done
	exit 0
fi
T=$B/tools/bpf_selftest
# Prefer an ASan+UBSan build of the tool (flags as the Makefile's SAN) when the sanitized library
# exists, so the kernel paths of the plumbing are checked for memory errors too.
if [ -f "$B/libusdtrace-asan.a" ] && gcc -std=gnu11 -Wall -Wextra -Werror -O1 -g -I"$TOP/include" \
	$SRC_INC -D_GNU_SOURCE -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all -o "$W/bpf_selftest" "$TOP/tests/tools/bpf_selftest.c" \
	"$B/libusdtrace-asan.a" -lelf -ldw -lbpf -lz 2>"$W/asan.err"; then
	T=$W/bpf_selftest
fi
tgt=$W/target
if ! gcc -std=gnu11 -O2 -g -Wall -Wextra -Werror -I"$TOP/include" -o "$tgt" \
	"$TOP/tests/progs/bpf/target.c" 2>"$W/cc.err"; then
	notok "build-target" "$(head -c 300 "$W/cc.err")"; exit 0
fi

# run NAME CMD...: the tool prints its own result lines; a crash or hang is reported here.
run() {
	_n=$1; shift
	timeout 40 "$@" >"$W/out" 2>"$W/err"
	_rc=$?
	cat "$W/out"
	if [ $_rc -ne 0 ] && ! grep -q '^not ok' "$W/out"; then
		notok "$_n" "exit status $_rc: $(tail -c 300 "$W/err" | tr '\n' ' ')"
	fi
	grep -v '^$' "$W/err" | sed 's/^/# /' >&2
}

echo "# tool: $T" >&2
run uprobe "$T" uprobe "$tgt" 200
run multi "$T" multi "$tgt" 200
run multi-fallback "$T" multi "$tgt" 200 fallback
run verifier "$T" verifier
run clock "$T" clock 997 300
mkdir -p "$W/sem"
run semaphore "$T" sem-cycle "$tgt" "$W/sem"
mkdir -p "$W/str"
run sleepable "$T" sleepable "$tgt" "$W/str"

# wait_state FILE WANT: poll up to 3 s for the target's USDT_ENABLED report.
wait_state() {
	_i=0
	while [ $_i -lt 300 ]; do
		[ "$(head -c 1 "$1" 2>/dev/null)" = "$2" ] && return 0
		sleep 0.01; _i=$((_i + 1))
	done
	return 1
}

for how in perf multi; do
	name=sigkill-$how
	d=$W/kill-$how; mkdir -p "$d"
	"$tgt" sem "$d/state" >/dev/null 2>&1 &
	tpid=$!
	if ! wait_state "$d/state" 0; then
		notok "$name" "target never reported"; kill $tpid 2>/dev/null; wait $tpid 2>/dev/null; continue
	fi
	"$T" sem-hold "$tgt" $tpid $how >"$d/hold.out" 2>"$d/hold.err" &
	hpid=$!
	i=0
	while [ $i -lt 500 ] && ! grep -q '^attached' "$d/hold.out" && kill -0 $hpid 2>/dev/null; do
		sleep 0.01; i=$((i + 1))
	done
	if ! grep -q '^attached' "$d/hold.out"; then
		notok "$name" "tracer did not attach: $(cat "$d/hold.out" "$d/hold.err" | head -c 300)"
	elif ! wait_state "$d/state" 1; then
		notok "$name" "semaphore not set while the tracer is attached"
	else
		kill -KILL $hpid
		wait $hpid 2>/dev/null
		if wait_state "$d/state" 0; then ok "$name"
		else notok "$name" "semaphore still set after the tracer was killed with SIGKILL"; fi
	fi
	kill -KILL $hpid 2>/dev/null; wait $hpid 2>/dev/null
	touch "$d/state.stop"
	wait $tpid 2>/dev/null
done
exit 0
