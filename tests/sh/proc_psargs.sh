#!/bin/sh
# tier: full
# proc_psargs.sh — curpsinfo->pr_psargs is the process's argument list joined by spaces, as much
# as psinfo_t's pr_psargs[80] holds (illumos procfs: "initial characters of arg list"), not
# argv[0] alone (issue 20). Witness: the kernel's /proc/PID/cmdline of the same process (its
# NULs read as spaces), for a process run with -p.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip proc-psargs "needs root"
	exit 0
fi
ypid=
trap '[ -n "$ypid" ] && kill $ypid 2>/dev/null; rm -rf "$W"' EXIT

# psargs ARGS...: pr_psargs of `yes ARGS...` seen at its write(), and its /proc cmdline
psargs() {
	yes "$@" >/dev/null &
	ypid=$!
	sdt_wait_exec $ypid "$(command -v yes)" 10
	tr '\0' ' ' </proc/$ypid/cmdline | sed 's/ $//' >"$W/want"
	timeout 30 "$USDTRACE" -q $opt -p $ypid -n 'syscall::write:entry /pid == $target/ {
		printf("[%s]\n", curpsinfo->pr_psargs); exit(0); }' >"$W/got" 2>"$W/err"
	kill $ypid 2>/dev/null
	wait $ypid 2>/dev/null
	ypid=
}

opt=
psargs abc 'd e' f
want=$(cat "$W/want")
if [ "$(cat "$W/got")" = "[$want]" ]; then
	ok "proc-psargs: every argument, joined by spaces ($want)"
else
	notok proc-psargs "got $(cat "$W/got") want [$want]: $(cat "$W/err")"
fi

long=$(printf '%0100d' 7)
psargs "$long" tail
want=$(cut -c1-79 "$W/want")
if [ "$(cat "$W/got")" = "[$want]" ] && [ ${#want} = 79 ]; then
	ok "proc-psargs: a long list cut at pr_psargs[80] (79 characters)"
else
	notok proc-psargs "long: got $(cat "$W/got") want [$want]: $(cat "$W/err")"
fi

opt="-x strsize=8"
psargs abc def
want=$(cut -c1-8 "$W/want")
if [ "$(cat "$W/got")" = "[$want]" ]; then
	ok "proc-psargs: cut at strsize ($want)"
else
	notok proc-psargs "strsize=8: got $(cat "$W/got") want [$want]: $(cat "$W/err")"
fi
