# tier: full
# trace_rt.sh — the tracer's run stage against the kernel: build/tools/rt_selftest builds dobj
# values by hand (maps, programs from the bpf_insn.h encoders, record layouts) and runs each
# through trace_run, comparing output and messages with dtrace's byte for byte: heading and
# prefixes, quiet mode, trace/printf/tracemem/system/exit actions, the state map (tracer pid),
# faults firing ERROR with dtrace's arguments, drops, SIGINT running END, a -c child's exit,
# verifier rejections, tick and profile clocks. Built with ASan+UBSan when the sanitized
# library exists.
. "$TOP/tests/sh/lib.sh"
sdt_workdir

cases="basic-prefixes basic-quiet fault-fires-error drops-and-bytes system-action sigint-runs-end
child-exit-stops child-reaped verifier-rejection verifier-rejection-names-action
verifier-log-verbose bad-layout-refused tick-fires profile-fires"
if ! sdt_is_root; then
	for c in $cases; do skip "$c" "needs root"; done
	exit 0
fi
T=$B/tools/rt_selftest
if [ -f "$B/libusdtrace-asan.a" ] && gcc -std=gnu11 -Wall -Wextra -Werror -O1 -g -I"$TOP/include" \
	$SRC_INC -D_GNU_SOURCE -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all -o "$W/rt_selftest" "$TOP/tests/tools/rt_selftest.c" \
	"$B/libusdtrace-asan.a" -lelf -ldw -lbpf -lz 2>"$W/asan.err"; then
	T=$W/rt_selftest
fi
timeout 50 "$T" >"$W/out" 2>"$W/err"
rc=$?
cat "$W/out"
for c in $cases; do
	grep -q "^\(not \)\?ok - $c\b" "$W/out" || notok "$c" "no result (exit status $rc): $(tail -c 300 "$W/err" | tr '\n' ' ')"
done
if [ $rc -ne 0 ] && ! grep -q '^not ok' "$W/out"; then
	notok "rt_selftest" "exit status $rc: $(tail -c 300 "$W/err" | tr '\n' ' ')"
fi
