#!/bin/sh
# tier: full
# pid_real.sh — the pid provider on real programs, counted in the same run by bpftrace 0.17:
#   * pid$target::malloc:entry { @ = quantize(arg0); } over `ls -lR /usr/share/doc` (-c): the
#     quantize buckets add up to bpftrace's count of libc's malloc in that ls process. usdtrace
#     holds its -c child at the entry point, after the dynamic loader ran the libraries'
#     constructors (libselinux's calls malloc); bpftrace, attached before ls started, counts
#     only the calls after ls reached __libc_start_main (which _start calls first thing,
#     without calling malloc), so the two windows are the same and the counts must be equal;
#   * python3.11: pid$target::_PyEval_EvalFrameDefault:entry { @ = count(); } and bpftrace's
#     uprobe:/usr/bin/python3.11:_PyEval_EvalFrameDefault, both attached (-p) to one python
#     blocked reading its stdin; once both are ready it runs a workload that enters the
#     evaluation loop from C many times (sort keys, map) and exits: the counts are equal.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
. "$TOP/tests/sh/pid.inc"
U=$USDTRACE
LIBC=/lib/x86_64-linux-gnu/libc.so.6
PY=/usr/bin/python3.11
if ! sdt_is_root; then
	skip pid_real "needs root"
	exit 0
fi
if ! command -v bpftrace >/dev/null 2>&1; then
	skip pid_real "no bpftrace to count with"
	exit 0
fi

# --- malloc in ls ---
if pid_bt_start ls "BEGIN { printf(\"ready\\n\"); }
uprobe:$LIBC:__libc_start_main /comm == \"ls\"/ { @started[pid] = 1; }
uprobe:$LIBC:malloc /comm == \"ls\" && @started[pid]/ { @m[pid] = count(); }"; then
	timeout 120 "$U" -o "$W/ls.tr" -n 'BEGIN { printf("target %d\n", $target); }' \
		-n 'pid$target::malloc:entry { @ = quantize(arg0); }' -c 'ls -lR /usr/share/doc' \
		>/dev/null 2>"$W/ls.err"
	rc=$?
	pid_bt_stop
	tp=$(sed -n 's/.*target \([0-9][0-9]*\)$/\1/p' "$W/ls.tr" | head -1)
	total=$(awk '/^ *-?[0-9]+ \|/ { s += $NF } END { print s + 0 }' "$W/ls.tr")
	bn=$(pid_bt_val ls "@m[$tp]")
	if [ $rc -eq 0 ] && [ -n "$tp" ] && [ "$total" -gt 1000 ] && [ "$total" = "$bn" ] &&
		grep -q "^usdtrace: description 'pid\$target::malloc:entry ' matched 1 probe\$" "$W/ls.err"; then
		ok pid-real-ls-malloc
	else
		notok pid-real-ls-malloc "rc $rc: quantize total $total, bpftrace $bn (pid $tp), $(head -c 300 "$W/ls.err")"
	fi
else
	notok pid-real-ls-malloc "bpftrace never became ready: $(head -c 300 "$W/ls.bterr")"
fi

# --- python3.11's evaluation loop ---
if [ -x "$PY" ] && readelf --dyn-syms -W "$PY" | grep -q ' _PyEval_EvalFrameDefault$'; then
	rm -f "$W/py.go"
	{ pid_wait_for "$W/py.go" . 60; echo go; } |
		"$PY" -I -S -c '
import sys
sys.stdin.buffer.read(1)
s = sorted(range(30000), key=lambda x: (x * 7919) % 10007)
m = list(map(lambda x: x + 1, range(20000)))
print(len(s), sum(m))
' >"$W/py.out" 2>&1 &
	pp=$!
	sdt_wait_exec $pp "$PY" 30
	timeout 120 "$U" -q -n 'BEGIN { printf("ready\n"); }' \
		-n 'pid$target::_PyEval_EvalFrameDefault:entry { @ = count(); } END { printa("n %@d\n", @); }' \
		-p $pp >"$W/py.tr" 2>"$W/py.err" &
	up=$!
	if pid_bt_start py "BEGIN { printf(\"ready\\n\"); } uprobe:$PY:_PyEval_EvalFrameDefault { @n = count(); }" -p $pp &&
		pid_wait_for "$W/py.tr" '^ready$'; then
		echo go >"$W/py.go"
		pid_finish $pp 60
		prc=$rc
		pid_finish $up 20
		urc=$rc
		kill -INT $up 2>/dev/null
		pid_bt_stop
		un=$(sed -n 's/^n //p' "$W/py.tr")
		bn=$(pid_bt_val py @n)
		if [ $prc -eq 0 ] && [ $urc -eq 0 ] && [ "$(cat "$W/py.out")" = "30000 200010000" ] &&
			[ -n "$un" ] && [ "$un" -gt 20000 ] && [ "$un" = "$bn" ]; then
			ok pid-real-python-evalframe
		else
			notok pid-real-python-evalframe "rc $prc/$urc: usdtrace $un, bpftrace $bn, python [$(head -c 100 "$W/py.out")] $(head -c 200 "$W/py.err")"
		fi
	else
		notok pid-real-python-evalframe "a tracer never became ready: $(head -c 200 "$W/py.err") $(head -c 200 "$W/py.bterr")"
		kill -9 $up $pp 2>/dev/null
	fi
	echo go >"$W/py.go"
	wait
else
	skip pid-real-python-evalframe "no $PY with _PyEval_EvalFrameDefault in .dynsym"
fi
