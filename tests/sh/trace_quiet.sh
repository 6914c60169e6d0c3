#!/bin/sh
# tier: full
# trace_quiet.sh — tracing does not show itself in what it traces (issue 20): with -c, a script
# whose descriptions name only the kernel's providers holds nothing (no SIGSTOP/SIGCONT to the
# command or what it starts: only USDT and pid probes may need a process held at exec), and
# the tracer makes no kill() calls of its own while it runs (it polled kill(pid, 0)). The
# witnesses are the kernel's own signal and system-call tracepoints, read by the same run, each
# restricted to the tracer ($pid) and the command's processes (other tracers may run).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip trace-quiet "needs root"
	exit 0
fi
# a command that starts three programs, one after the other
printf 'ls / >/dev/null\n/bin/true\nsleep 0.2\n' >"$W/c.sh"

timeout 60 "$USDTRACE" -q -n 'proc:::signal-send /pid == $pid || pid == $target || progenyof($target)/ {
	@sig[args[2]] = count(); }' -n 'proc:::exec-success /progenyof($target)/ { @exec = count(); }' \
	-n 'END { printa("exec %@d\n", @exec); printa("sig %d %@d\n", @sig); }' \
	-c "sh $W/c.sh" >"$W/o1" 2>"$W/e1"
bad=$(awk '$1 == "sig" && ($2 == 19 || $2 == 18) { print }' "$W/o1")
if grep -q '^exec 3$' "$W/o1" && [ -z "$bad" ] && [ ! -s "$W/e1" ]; then
	ok "trace-quiet: no SIGSTOP or SIGCONT for the 3 programs -c's command starts"
else
	notok trace-quiet "signals: $(tr '\n' '|' <"$W/o1") $(cat "$W/e1")"
fi

timeout 60 "$USDTRACE" -q -n 'syscall::kill:entry /pid == $pid/ { @[arg1] = count(); }' \
	-n 'proc:::exec-success /progenyof($target)/ { @exec = count(); }' \
	-n 'END { printa("exec %@d\n", @exec); printa("kill %d %@d\n", @); }' \
	-c "sh $W/c.sh" >"$W/o2" 2>"$W/e2"
if grep -q '^exec 3$' "$W/o2" && ! grep -q '^kill' "$W/o2" && [ ! -s "$W/e2" ]; then
	ok "trace-quiet: the tracer makes no kill() calls while it runs"
else
	notok trace-quiet "kill: $(tr '\n' '|' <"$W/o2") $(cat "$W/e2")"
fi
