# tier: full
# kernel_sdt.sh — the sdt provider: the kernel's trace events as sdt:GROUP::NAME, their
# arguments the event record's fields (integers sign-extended, arrays as arrays, char [16] as
# dtrace -lv types them, __data_loc strings as strings), against workloads whose events are known, and against the syscall
# provider on the same run. tracefs is read without being left mounted.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip kernel-sdt "needs root"
	exit 0
fi
TOOL="$B/tools/sysload"
[ -x "$TOOL" ] || { notok kernel-sdt "$TOOL not built"; exit 0; }

mounted_before=$(grep -c ' tracefs ' /proc/mounts)
"$USDTRACE" -lv -n sdt:task::task_rename >"$W/lv" 2>"$W/lv.err"
if [ "$(grep 'args\[' "$W/lv" | tr -s ' \t' ' ')" = " args[0]: pid_t
 args[1]: char [16]
 args[2]: char [16]
 args[3]: short" ] && awk 'NR == 2 { exit !($2 == "sdt" && $3 == "task" && $4 == "task_rename") }' "$W/lv"; then
	ok kernel-sdt-list-verbose
else
	notok kernel-sdt-list-verbose "$(head -c 500 "$W/lv" "$W/lv.err")"
fi
if [ "$(grep -c ' tracefs ' /proc/mounts)" = "$mounted_before" ]; then
	ok kernel-sdt-tracefs-left-alone
else
	notok kernel-sdt-tracefs-left-alone "tracefs mounts: $mounted_before before, $(grep -c ' tracefs ' /proc/mounts) after"
fi
err=$("$USDTRACE" -n 'sdt:::no_such_event { }' 2>&1 >/dev/null)
if [ $? -ne 0 ] && echo "$err" | grep -q 'does not match any probes'; then
	ok kernel-sdt-unknown
else
	notok kernel-sdt-unknown "[$err]"
fi

# a shell that runs two commands: each child renames itself (char arrays) when it execs the
# command (a __data_loc string: the path), in the child (args[0], args[1] its pid)
printf '#!/bin/sh\n/bin/true\n/bin/sleep 0\n' >"$W/two.sh"
chmod +x "$W/two.sh"
timeout 60 "$USDTRACE" -q -n '
sdt:task::task_rename /ppid == $target/ { printf("rename %s %s %d\n", args[1], args[2], args[0] == pid); }
sdt:sched::sched_process_exec /ppid == $target/ { printf("exec %s %d %d\n", args[0], args[1] == pid, args[2] == pid); }' \
	-c "$W/two.sh" >"$W/ex" 2>"$W/ex.err"
want="exec /bin/sleep 1 1
exec /bin/true 1 1
rename two.sh sleep 1
rename two.sh true 1"
if [ "$(sed '/^$/d' "$W/ex" | sort)" = "$want" ]; then
	ok kernel-sdt-exec-rename
else
	notok kernel-sdt-exec-rename "[$(cat "$W/ex")] $(head -c 300 "$W/ex.err")"
fi

# raw_syscalls:sys_enter's id (a long): every getppid() of the workload, as syscall counts it;
# a negative value sign-extends (openat's dfd AT_FDCWD, an int in an 8-byte field, unsigned)
timeout 60 "$USDTRACE" -q -n 'sdt:raw_syscalls::sys_enter /pid == $target && args[0] == 110/ { @r = count(); }
syscall::getppid:entry /pid == $target/ { @s = count(); }
END { printa("%@d ", @r); printa("%@d\n", @s); }' -c "$TOOL getppid 3000" >"$W/sys" 2>"$W/sys.err"
if [ "$(sed '/^$/d' "$W/sys")" = "3000 3000" ]; then
	ok kernel-sdt-count
else
	notok kernel-sdt-count "[$(cat "$W/sys")] $(head -c 300 "$W/sys.err")"
fi
# (raw_syscalls:sys_enter's args[1] is the call's six arguments: openat's dfd and path; the
# syscalls group's events are the syscall provider's, not sdt probes, as in dtrace)
timeout 60 "$USDTRACE" -q -n 'sdt:raw_syscalls::sys_enter /pid == $target && args[0] == 257/ {
	printf("%d %s\n", (int)args[1][0], copyinstr(args[1][1])); exit(0); }' -c "$TOOL open /etc/hostname 1" \
	>"$W/open" 2>"$W/open.err"
if [ "$(sed '/^$/d' "$W/open")" = "-100 /etc/hostname" ]; then
	ok kernel-sdt-user-pointer
else
	notok kernel-sdt-user-pointer "[$(cat "$W/open")] $(head -c 300 "$W/open.err")"
fi

# every sdt probe's argument types as DTrace for Linux lists them (dtrace -lv -P sdt), but for
# __data_loc strings (ours `string`; dtrace's u32 or char [0], the record's offset word or
# nothing) and its "unsigned" spelt "unsigned int" for some fields and not for others
if have_oracle_dtrace kernel-sdt-types-vs-dtrace; then
	lv_types() {
		awk '/^ *[0-9]+ +sdt / { p = $3 ":" $NF } /^\t\targs\[/ { t = $0; sub(/^\t\targs\[[0-9]+\]: /, "", t)
			if (t == "unsigned int") t = "unsigned"; n = $1; print p, n, t }' "$1"
	}
	timeout -s KILL 120 "$ORACLE_DTRACE" -lv -P sdt >"$W/dlv" 2>/dev/null
	"$USDTRACE" -lv -P sdt >"$W/ulv" 2>/dev/null
	lv_types "$W/ulv" | sort >"$W/ulv.t"
	# the fields ours types as strings are __data_loc ones: left out of both
	awk '$NF == "string" { print $1, $2 }' "$W/ulv.t" >"$W/dl"
	lv_types "$W/dlv" | sort | awk 'NR == FNR { s[$1 " " $2] = 1; next } !(($1 " " $2) in s)' "$W/dl" - >"$W/dlv.t"
	grep -v ' string$' "$W/ulv.t" >"$W/ulv.t2"
	if [ "$(wc -l <"$W/dlv.t")" -gt 1000 ] && cmp -s "$W/dlv.t" "$W/ulv.t2"; then
		ok kernel-sdt-types-vs-dtrace
	else
		notok kernel-sdt-types-vs-dtrace "$(wc -l <"$W/dlv.t") vs $(wc -l <"$W/ulv.t2"): $(diff "$W/dlv.t" "$W/ulv.t2" | grep '^[<>]' | head -4 | tr '\n' ';')"
	fi
fi
