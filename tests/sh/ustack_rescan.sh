#!/bin/sh
# tier: full
# ustack_rescan.sh — with a description that names no process (`cfiusdt*:::hit`), the watcher
# reports every process that execs or loads a library; usdtrace builds stack tables and takes
# symbols only for targets and for processes its probes fire in, before enabling those probes
# (prov_run.will_fire). Before, it built them for every process on the machine: 300 unrelated
# processes grew the tracer by ~17 MB (58 kB each), and a system-wide soak on a busy machine
# filled the 1M-row unwind table with strangers' objects.
#   * rescan-unrelated-rss: 300 processes, each a distinct copy of sleep (new objects), started
#     while tracing: the tracer's RSS grows by less than 4 MB.
#   * rescan-probe-process: a process with the probe (built without frame pointers), started
#     after tracing began: every stack recorded is whole (leaf, mid, main,
#     __libc_start_call_main), because its tables exist before its probes are enabled.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then skip ustack_rescan "needs root"; exit 0; fi
if ! gcc -O2 -fomit-frame-pointer -I"$TOP/include" -o "$W/cfi_usdt" \
	"$TOP/tests/progs/ustack/cfi_usdt.c" 2>"$W/cc.err"; then
	notok ustack_rescan-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi
for i in $(seq 1 300); do cp /usr/bin/sleep "$W/s$i"; done

rss() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status" 2>/dev/null; }
"$U" -Z -q -n 'cfiusdt*:::hit { @[ustack()] = count(); }' \
	-n 'tick-200ms { printf("tick\n"); }' >"$W/out" 2>"$W/err" &
t=$!
n=0
while ! grep -q tick "$W/out" 2>/dev/null && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
r0=$(rss $t)
kids=
for i in $(seq 1 300); do "$W/s$i" 2 & kids="$kids $!"; done
sleep 3
"$W/cfi_usdt" >/dev/null 2>&1
wait $kids 2>/dev/null
r1=$(rss $t)
kill -INT $t
wait $t
rc=$?
if [ -z "$r0" ] || [ -z "$r1" ]; then
	notok rescan-unrelated-rss "no RSS read (tracer gone?): $(head -c 300 "$W/err")"
elif [ $((r1 - r0)) -lt 4096 ]; then
	ok "rescan-unrelated-rss (grew $((r1 - r0)) kB for 300 processes)"
else
	notok rescan-unrelated-rss "grew $((r1 - r0)) kB ($r0 -> $r1) for 300 unrelated processes"
fi
# Every stack of the aggregation, its frames on one line, then " #count".
awk '/`/ { s = s " " $1; next }
     /^ *[0-9]+$/ && s != "" { print s " #" $1; s = "" }' "$W/out" >"$W/stacks"
total=$(awk -F'#' '{ t += $2 } END { print t + 0 }' "$W/stacks")
whole=$(awk -F'#' '/cfi_usdt`cfi_usdt_leaf.*cfi_usdt`cfi_usdt_mid.*cfi_usdt`main.*__libc_start_call_main/ { t += $2 } END { print t + 0 }' "$W/stacks")
# Firings before the probes were enabled are not seen (a process that merely appears is not
# held); every firing seen must have its whole stack.
if [ "$rc" -ne 0 ]; then
	notok rescan-probe-process "usdtrace exit $rc: $(head -c 300 "$W/err")"
elif [ "$total" -ge 300 ] && [ "$whole" -eq "$total" ]; then
	ok "rescan-probe-process ($whole of $total firings seen with whole stacks)"
else
	notok rescan-probe-process "$whole of $total firings whole (want all, at least 300): $(head -c 400 "$W/stacks")"
fi
