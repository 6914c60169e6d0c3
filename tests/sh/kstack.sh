#!/bin/sh
# tier: full
# kstack.sh — kernel stacks start where the probe fired, not inside the tracer. A raw
# tracepoint program's bpf_get_stack walks from inside the program: its own frame, the
# tracepoint runner (bpf_trace_runN), on some events the event's handler (__bpf_trace_E) and,
# when the tracepoint has several callbacks, its iterator (__traceiter_E). Left in, every
# stack shows the tracer, and aggregation keys split by program. The witness is the kernel's
# own: a perf tracepoint (sdt provider) saves the registers where the event fired, so its
# stack starts in the function holding the tracepoint; the raw tracepoint stack (rawtp, and
# the syscall/proc/sched providers built on raw tracepoints) must start in the same function.
# BEGIN runs inside the tracer's bpf(BPF_PROG_TEST_RUN): no kernel stack (dtrace's is empty
# too). caller is the second frame (as dtrace's) and %a names it as stack() does.
. "$(dirname "$0")/lib.sh"
U=${USDTRACE:-$TOP/build/usdtrace}
if ! sdt_is_root; then
	skip kstack "needs root"
	exit 0
fi
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

# A frame that belongs to the tracer: a BPF program or the tracepoint machinery.
tracer_frame='bpf`|`bpf_trace_run|`__bpf_trace_|`__traceiter_'

# workload: forks, execs and signals (SIGCHLD); a script, since -c splits at blanks
cat >"$w/load.sh" <<'SH'
i=0
while [ $i -lt 50 ]; do /bin/true; i=$((i + 1)); done
SH

for ev in sched_process_fork sched_process_exec signal_generate sched_switch; do
	"$U" -q -c "sh $w/load.sh" -n "
rawtp:::$ev { @r[stack(3)] = count(); }
sdt:::$ev { @s[stack(3)] = count(); }
END { printa(\"R%k\", @r); printa(\"S%k\", @s); }" >"$w/$ev.out" 2>"$w/$ev.err"
	rc=$?
	# the first frame of each stack: the line after an R or S line
	awk '/^[RS]$/ { k = $1; getline; gsub(/^ +/, ""); sub(/\+0x[0-9a-f]+$/, ""); print k, $0 }' \
		"$w/$ev.out" | sort -u >"$w/$ev.top"
	if [ $rc -ne 0 ]; then
		notok "kstack $ev" "exit $rc: $(head -c 300 "$w/$ev.err")"
	elif grep -Eq "$tracer_frame" "$w/$ev.out"; then
		notok "kstack $ev" "a tracer frame in a stack: $(grep -E "$tracer_frame" "$w/$ev.out" | sort -u | tr -s ' ' | head -3 | tr '\n' ' ')"
	elif ! grep -q '^R ' "$w/$ev.top" || ! grep -q '^S ' "$w/$ev.top"; then
		notok "kstack $ev" "no stacks: $(tr '\n' ' ' <"$w/$ev.out" | head -c 300)"
	elif [ "$(sed -n 's/^R //p' "$w/$ev.top")" != "$(sed -n 's/^S //p' "$w/$ev.top")" ]; then
		notok "kstack $ev" "raw tracepoint stacks start at [$(sed -n 's/^R //p' "$w/$ev.top" | tr '\n' ' ')], the perf tracepoint's at [$(sed -n 's/^S //p' "$w/$ev.top" | tr '\n' ' ')]"
	else
		ok "kstack $ev (both start at $(sed -n 's/^R //p' "$w/$ev.top" | tr '\n' ' '))"
	fi
done

# Two programs on one event, through two providers: one key per stack, not one per program.
"$U" -q -c "dd if=$w/load.sh of=/dev/null bs=16" -n '
syscall::read:entry /pid == $target/ { @[stack(1)] = count(); }
rawtp:::sys_enter /pid == $target/ { @[stack(1)] = count(); }' >"$w/merge.out" 2>/dev/null
keys=$(grep -c '`' "$w/merge.out")
if grep -Eq "$tracer_frame" "$w/merge.out" || [ "$keys" != 1 ]; then
	notok "kstack keys merge across programs" "$keys keys: $(tr -s ' \n' '  ' <"$w/merge.out")"
else
	ok "kstack keys merge across programs ($(grep '`' "$w/merge.out" | tr -s ' '))"
fi

# caller is stack()'s second frame, and %a prints it as stack() does; stackdepth counts them
"$U" -q -c "cat /dev/null" -n '
syscall::read:entry /pid == $target/ { stack(); printf("caller=%a depth=%d\n", caller, stackdepth); exit(0); }' \
	>"$w/caller.out" 2>&1
second=$(grep '`' "$w/caller.out" | sed -n 2p | tr -d ' ')
nframes=$(grep '`' "$w/caller.out" | grep -vc caller=)
if [ -z "$second" ] || ! grep -q "^caller=$second depth=$nframes\$" "$w/caller.out"; then
	notok "kstack caller, stackdepth" "second frame [$second], $nframes frames: $(tr -s ' \n' '  ' <"$w/caller.out")"
else
	ok "kstack caller, stackdepth (caller=$second, depth=$nframes)"
fi

# BEGIN: no kernel stack of its own
"$U" -qn 'BEGIN { stack(); printf("[%d %a]\n", stackdepth, caller); exit(0); }' >"$w/begin.out" 2>&1
if [ "$(tr -d '\n' <"$w/begin.out")" != "[0 0x0]" ]; then
	notok "kstack BEGIN" "$(tr -s ' \n' '  ' <"$w/begin.out")"
else
	ok "kstack BEGIN (empty stack, depth 0, caller 0)"
fi
