#!/bin/sh
# tier: full
# harden_priv.sh — usdtrace without the privileges tracing needs (issue 27): it says what it
# needs and exits 1, leaves no process behind, and still does what needs nothing (-l of its own
# probes, -e). Users made with setpriv(1): nobody with no capabilities, with CAP_BPF alone, with
# CAP_PERFMON alone, with both (which is enough: the run works). Destructive actions stay behind
# -w whoever runs (tests/d/err/destructive_* has one case per action; one here as a reminder).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root || ! command -v setpriv >/dev/null 2>&1; then
	skip harden_priv "needs root and setpriv(1)"
	exit 0
fi
# nobody must be able to run the binary: a copy in a world-readable directory
d=$(mktemp -d /tmp/usdtrace-priv.XXXXXX)
trap 'rm -rf "$d" "$W"; [ -n "$sp" ] && kill "$sp" 2>/dev/null' EXIT
chmod 755 "$d"
cp "$U" "$d/usdtrace"
chmod 755 "$d/usdtrace"
sp=
NOBODY="setpriv --reuid=nobody --regid=nogroup --clear-groups"
as() { caps=$1; shift; if [ -n "$caps" ]; then
	$NOBODY --inh-caps="$caps" --ambient-caps="$caps" "$d/usdtrace" "$@"
else
	$NOBODY "$d/usdtrace" "$@"
fi >"$W/out" 2>"$W/err"; rc=$?; }

HI='BEGIN { printf("hi\n"); exit(0); }'
check_refused() { # NAME WANT-PATTERN
	if [ $rc -ne 1 ] || [ -s "$W/out" ] || ! grep -q "$2" "$W/err"; then
		notok "$1" "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
	else
		ok "$1"
	fi
}

as "" -q -n "$HI"
check_refused nobody_trace '^usdtrace: could not enable tracing: .*needs root (or CAP_BPF and CAP_PERFMON)$'
as "+bpf" -q -n "$HI"
check_refused bpf_without_perfmon 'needs root (or CAP_BPF and CAP_PERFMON)$'
as "+perfmon" -q -n "$HI"
check_refused perfmon_without_bpf 'needs root (or CAP_BPF and CAP_PERFMON)$'
as "+bpf,+perfmon" -q -n "$HI"
if [ $rc -ne 0 ] || [ "$(cat "$W/out")" != hi ]; then
	notok bpf_and_perfmon_suffice "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
else
	ok bpf_and_perfmon_suffice
fi

# -c as nobody: refused, and the command it started is gone (not left stopped or running)
tag="7.$$"
as "" -q -n "$HI" -c "sleep $tag"
sleep 0.2
left=$(ps -eo pid=,stat=,args= | awk -v t="sleep $tag" '$3 " " $4 == t')
if [ $rc -ne 1 ] || ! grep -q 'needs root (or CAP_BPF and CAP_PERFMON)$' "$W/err"; then
	notok nobody_c "exit $rc $(cat "$W/err")"
elif [ -n "$left" ]; then
	notok nobody_c "the command is left behind: $left"
else
	ok nobody_c
fi

# what needs no privilege still works
as "" -l -n BEGIN
if [ $rc -ne 0 ] || ! grep -q 'dtrace .*BEGIN' "$W/out"; then
	notok nobody_list "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
else
	ok nobody_list
fi
as "" -e -n "$HI"
[ $rc -eq 0 ] && ok nobody_compile_only || notok nobody_compile_only "exit $rc $(cat "$W/err")"

# another user's process: a message naming what is missing, not "does not match any probes"
sleep 30 &
sp=$!
as "" -q -n 'BEGIN { exit(0); }' -p "$sp"
check_refused nobody_p_other_user "^usdtrace: failed to grab pid $sp: .*(another user's process: tracing it needs root or CAP_SYS_PTRACE)\$"
as "" -l -p "$sp"
check_refused nobody_list_p_other_user "^usdtrace: failed to grab pid $sp: .*(another user's process: listing it needs root or CAP_SYS_PTRACE)\$"
kill "$sp" 2>/dev/null
wait "$sp" 2>/dev/null
sp=

# destructive actions: -w, also for root
"$U" -q -n 'BEGIN { system("echo sys"); exit(0); }' >"$W/out" 2>"$W/err"
rc=$?
check_refused destructive_needs_w '^usdtrace: could not enable tracing: Destructive actions not allowed$'
"$U" -w -q -n 'BEGIN { system("echo sys"); exit(0); }' >"$W/out" 2>"$W/err"
rc=$?
if [ $rc -ne 0 ] || ! grep -q '^sys$' "$W/out"; then
	notok destructive_with_w "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
else
	ok destructive_with_w
fi
exit 0
