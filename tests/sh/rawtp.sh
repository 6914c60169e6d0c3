# tier: full
# rawtp.sh — the rawtp provider: every kernel tracepoint as rawtp:GROUP::NAME, the group from
# tracefs (read without leaving tracefs mounted), args[] typed from BTF, against workloads
# whose counts are known (tests/tools/sysload) and against the proc provider on the same run.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip rawtp "needs root"
	exit 0
fi
TOOL="$B/tools/sysload"
[ -x "$TOOL" ] || { notok rawtp "$TOOL not built"; exit 0; }

# -l -v: module is the event's group, the arguments the tracepoint's own (BTF)
mounted_before=$(grep -c ' tracefs ' /proc/mounts)
"$USDTRACE" -lv -n rawtp:::sched_process_fork >"$W/lv" 2>"$W/lv.err"
if awk 'NR == 2 { ok = ($2 == "rawtp" && $3 == "sched" && $NF == "sched_process_fork") }
	/args\[0\]: struct task_struct \*$/ { a0 = 1 } /args\[1\]: struct task_struct \*$/ { a1 = 1 }
	/Dependency Class: ISA/ { isa = 1 }
	END { exit !(ok && a0 && a1 && isa) }' "$W/lv"; then
	ok rawtp-list-verbose
else
	notok rawtp-list-verbose "$(head -c 400 "$W/lv" "$W/lv.err")"
fi
if [ "$(grep -c ' tracefs ' /proc/mounts)" = "$mounted_before" ]; then
	ok rawtp-tracefs-left-alone
else
	notok rawtp-tracefs-left-alone "tracefs mounts: $mounted_before before, $(grep -c ' tracefs ' /proc/mounts) after"
fi
# a bare tracepoint (no trace event) has no group
if "$USDTRACE" -l -n rawtp:::sched_exit_tp 2>&1 | awk 'NR == 2 && NF == 3 && $3 == "sched_exit_tp" { f = 1 } END { exit !f }'; then
	ok rawtp-bare-tracepoint
else
	notok rawtp-bare-tracepoint "$("$USDTRACE" -l -n rawtp:::sched_exit_tp 2>&1 | head -c 300)"
fi
expect_err=$("$USDTRACE" -n 'rawtp:::no_such_tracepoint { }' 2>&1 >/dev/null)
if [ $? -ne 0 ] && echo "$expect_err" | grep -q 'does not match any probes'; then
	ok rawtp-unknown
else
	notok rawtp-unknown "[$expect_err]"
fi

# sys_enter(regs, id): every getppid() of the workload, as the syscall provider counts them
timeout 60 "$USDTRACE" -q -n 'rawtp:raw_syscalls::sys_enter /pid == $target && arg1 == 110/ { @r = count(); }
syscall::getppid:entry /pid == $target/ { @s = count(); }
END { printa("%@d ", @r); printa("%@d\n", @s); }' -c "$TOOL getppid 3000" >"$W/sys" 2>"$W/sys.err"
if [ "$(sed '/^$/d' "$W/sys")" = "3000 3000" ]; then
	ok rawtp-sys-enter-count
else
	notok rawtp-sys-enter-count "[$(cat "$W/sys")] $(head -c 300 "$W/sys.err")"
fi

# sched_process_fork(parent, child): typed task pointers, the same children proc:::create sees
printf '#!/bin/sh\n/bin/true\n/bin/true\n/bin/true\n' >"$W/forks.sh"
chmod +x "$W/forks.sh"
timeout 60 "$USDTRACE" -q -n '
rawtp:::sched_process_fork /pid == $target/ {
	printf("fork %d %s %d\n", args[1]->pid, stringof(args[0]->comm), args[0]->tgid == pid); }
proc:::create /pid == $target/ { printf("create %d\n", args[0]->pr_pid); }' \
	-c "$W/forks.sh" >"$W/fork" 2>"$W/fork.err"
forks=$(awk '$1 == "fork" && $3 == "forks.sh" && $4 == 1 { print $2 }' "$W/fork" | sort | tr '\n' ' ')
creates=$(awk '$1 == "create" { print $2 }' "$W/fork" | sort | tr '\n' ' ')
if [ "$(echo $forks | wc -w)" = 3 ] && [ "$forks" = "$creates" ]; then
	ok rawtp-fork-args
else
	notok rawtp-fork-args "forks [$forks] creates [$creates] $(head -c 300 "$W/fork.err")"
fi

# an argument the tracepoint does not have reads as 0 (the program still attaches)
out=$(timeout 30 "$USDTRACE" -q -n 'rawtp:::sched_exit_tp { printf("%d %d\n", arg0 <= 1, arg5); exit(0); }' 2>&1)
if [ "$out" = "1 0" ]; then
	ok rawtp-args-beyond
else
	notok rawtp-args-beyond "[$out]"
fi
