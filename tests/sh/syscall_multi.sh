#!/bin/sh
# tier: full
# syscall_multi.sh — a clause enabling many system calls is one BPF program (issue 20: a clause
# with basename() on syscall:::entry took seconds to start, each call's program verified on its
# own). What each call of such a program reports is checked against a real workload
# (tests/tools/sysload: N getppid() calls, N failing open() calls), against `-l` (ids) and
# against the program usdtrace makes for the same call enabled alone (constants, no sharing):
#   - -S: syscall:::entry compiles to one program serving every entry probe
#   - probefunc, probename, id, epid (the default output's FUNCTION:NAME comes from the epid)
#     and errno are each call's own, counts are the workload's
#   - a fault is reported for the probe that fired
#   - probefunc cut at strsize as the single-call program cuts it
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip syscall-multi "needs root"
	exit 0
fi
TOOL="$B/tools/sysload"
[ -x "$TOOL" ] || { notok syscall-multi "$TOOL not built"; exit 1; }

# one program for every entry probe (before: one per call)
"$USDTRACE" -e -S -n 'syscall:::entry { @[basename(execname)] = count(); }' 2>"$W/S" >/dev/null
nentry=$("$USDTRACE" -l -n 'syscall:::entry' | tail -n +2 | wc -l)
nprog=$(grep -c '^probe [0-9]* syscall:vmlinux:' "$W/S")
more=$(sed -n 's/^; the same program for \([0-9]*\) more probes.*/\1/p' "$W/S")
if [ "$nprog" = 1 ] && [ "$nentry" -gt 300 ] && [ "$more" = $((nentry - 1)) ]; then
	ok "syscall-multi: syscall:::entry is one program for its $nentry probes"
else
	notok syscall-multi "syscall:::entry: $nprog programs, 'more' $more, $nentry probes"
fi

id_of() { "$USDTRACE" -l -n "$1" | awk 'NR == 2 { print $1 }'; }
gid=$(id_of syscall::getppid:entry)
oid=$(id_of syscall::openat:return)

# each call's names, id and epid; counts from the workload
timeout 60 "$USDTRACE" -n '
syscall:::entry /pid == $target/ { @n[probefunc, probename, id] = count(); }
syscall:::return /pid == $target && errno != 0/ { @e[probefunc, probename, id, errno] = count(); }
syscall:::entry /pid == $target && probefunc == "getppid" && ++n == 7/ { trace(id); }
' -c "$TOOL open /nonexistent/x 300" >"$W/o1" 2>"$W/e1"
timeout 60 "$USDTRACE" -n '
syscall:::entry /pid == $target/ { @n[probefunc, probename, id] = count(); }
syscall:::entry /pid == $target && probefunc == "getppid" && ++n == 7/ { trace(id); }
' -c "$TOOL getppid 500" >"$W/o2" 2>"$W/e2"
cnt() { awk -v f="$2" -v n="$3" -v i="$4" '$1 == f && $2 == n && $3 == i { print $NF }' "$1"; }
if [ "$(cnt "$W/o2" getppid entry "$gid")" = 500 ]; then
	ok "syscall-multi: 500 getppid() seen as getppid:entry, id $gid"
else
	notok syscall-multi "getppid: $(grep getppid "$W/o2") (id $gid) $(cat "$W/e2")"
fi
# the default output names the probe from the record's epid
line=$(awk -v i="$gid" 'NF == 4 && $2 == i { print $3, $4 }' "$W/o2")
if [ "$line" = "getppid:entry $gid" ]; then
	ok "syscall-multi: a record of the shared program names its own probe"
else
	notok syscall-multi "trace record: [$line], want [getppid:entry $gid]: $(head -3 "$W/o2")"
fi
got=$(awk -v i="$oid" '$1 == "openat" && $2 == "return" && $3 == i && $4 == 2 { print $5 }' "$W/o1")
if [ "$got" = 300 ]; then
	ok "syscall-multi: 300 failing open() seen as openat:return, id $oid, errno 2"
else
	notok syscall-multi "openat errors: [$(grep openat "$W/o1")] (id $oid) $(cat "$W/e1")"
fi

# a fault: reported for the probe that fired
timeout 60 "$USDTRACE" -q -n 'syscall:::entry /pid == $target && probefunc == "getppid"/ {
	trace(*(int *)0); }' -c "$TOOL getppid 3" >/dev/null 2>"$W/e3"
want="probe ID $gid (syscall:vmlinux:getppid:entry): invalid address (0x0)"
if [ "$(grep -c "$want" "$W/e3")" = 3 ]; then
	ok "syscall-multi: faults name the probe that fired"
else
	notok syscall-multi "faults: $(head -3 "$W/e3")"
fi

# probefunc cut at strsize as the program of the call alone cuts it
for d in 'syscall:::entry' 'syscall::getppid:entry'; do
	timeout 60 "$USDTRACE" -q -x strsize=5 \
		-n "$d"' /pid == $target && id == '"$gid"'/ { @[probefunc] = count(); }' -c "$TOOL getppid 4" 2>&1 | awk 'NF { print $1, $2 }'
done >"$W/o4"
if [ "$(sed -n 1p "$W/o4")" = "getpp 4" ] && [ "$(sed -n 2p "$W/o4")" = "getpp 4" ]; then
	ok "syscall-multi: probefunc under strsize=5 as the single-call program has it"
else
	notok syscall-multi "strsize=5: $(tr '\n' '|' <"$W/o4")"
fi
