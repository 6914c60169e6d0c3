#!/bin/sh
# tier: full
# kill_anytime.sh — usdtrace SIGKILLed at random moments of start-up, attach, tracing and exit,
# with -c, -p (USDT probes with a semaphore, pid probes) and system-wide USDT probes while
# processes exec and exit; afterwards nothing may be left behind: no process stopped or
# ptrace-held, no semaphore raised, no uprobe (an int3 in the target's code), no BPF program,
# map or link of the killed tracer, and the target's output and exit status unchanged. The
# runs and checks are tests/sh/kill_anytime.py's (its docstring lists them); KILL_RUNS runs
# per mode, twice that with -c (default 60: 240 runs, about 7 minutes on the loaded 2-CPU VM);
# bench/kill_anytime.sh runs more.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip kill_anytime "needs root"
	exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
	skip kill_anytime "needs python3"
	exit 0
fi
# The target lives in the build tree, not in $W, and is replaced only when its source changes:
# a tracer killed while it registers or unregisters a uprobe makes the kernel leak that uprobe
# (about 40 a run here), and a leaked uprobe does not keep its inode. Were the file deleted, a
# later test's new program could get the inode back and, at the same offset, run the leaked
# uprobe's copy of this program's instruction.
T=$B/kill_anytime
mkdir -p "$T"
if [ ! -x "$T/hz_target" ] || [ "$TOP/tests/progs/harden/hz_target.c" -nt "$T/hz_target" ]; then
	if ! cc -O1 -g -no-pie -Wall -Werror -I"$TOP/include" -o "$T/hz_target.new" \
		"$TOP/tests/progs/harden/hz_target.c" 2>"$W/cc.err"; then
		notok kill_anytime "cannot build hz_target: $(head -c 300 "$W/cc.err")"
		exit 0
	fi
	mv -f "$T/hz_target.new" "$T/hz_target"
fi
python3 "$TOP/tests/sh/kill_anytime.py" "$USDTRACE" "$T/hz_target" "$W" "${KILL_RUNS:-60}" \
	"${KILL_SEED:-$$}"
