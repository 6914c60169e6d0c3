# process.sh — -c and -p targets ($target; the tracer exits when its targets have exited, as
# dtrace's main loop does when g_pslive drops to 0), bad -p arguments, and the process-directed
# destructive actions raise() and stop() on a -c child.
# shellcheck disable=SC2016,SC2154 # $1, $target... are D macro variables; cli_lib.sh sets cli_why

cli_run p_not_a_number 1 '' 'usdtrace: invalid pid: abc\n' "$USDTRACE" -p abc -n 'BEGIN { exit(0); }'
cli_run p_no_such_process 1 '' 'usdtrace: No such process\n' \
	"$USDTRACE" -p 999999999 -n 'BEGIN { exit(0); }'

cli_needs_root c_target_exits || return 0

# The target runs to completion; the tracer then stops by itself (no exit() in the program).
cli_run c_target_exits 0 'go\n\n' '' "$USDTRACE" -q -c 'sleep 0.3' -n 'BEGIN { printf("go\n"); }'

# $target is the child's pid: the child records its own pid.
printf '#!/bin/sh\necho $$ >"%s/child.pid"\nsleep 0.3\n' "$W" >"$W/child.sh"
chmod +x "$W/child.sh"
timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" -q -c "$W/child.sh" -n 'BEGIN { printf("%d\n", $target); }' >"$W/t.out" 2>"$W/t.err"
rc=$?
if [ $rc -eq 0 ] && [ -s "$W/child.pid" ] && cli_match "$(cat "$W/child.pid")\n\n" "$W/t.out"; then
	cli_ok c_target_pid
else
	cli_notok c_target_pid "exit $rc, stdout [$(head -n 1 "$W/t.out")], child pid [$(cat "$W/child.pid" 2>/dev/null)]: $(head -n 1 "$W/t.err")"
fi

# END runs when the target exits.
printf 'BEGIN\n{\n\tprintf("begin\\n");\n}\n\nEND\n{\n\tprintf("end\\n");\n}\n' >"$W/be.d"
cli_run c_end_runs 0 'begin\nend\n\n' '' "$USDTRACE" -q -c 'sleep 0.2' -s "$W/be.d"

# Several -c (the Guide, dtrace(1M) -c: all run, $target is the first command's pid, and the
# trace ends when all have exited; DTrace for Linux does so): each command records its pid and
# the tracer its exits (its own children's: ppid is $pid). The second one outlives the first,
# so the trace must wait for it.
printf '#!/bin/sh\necho $$ >"%s/c1.pid"\nexec sleep 0.2\n' "$W" >"$W/c1.sh"
printf '#!/bin/sh\necho $$ >"%s/c2.pid"\nexec sleep 0.8\n' "$W" >"$W/c2.sh"
chmod +x "$W/c1.sh" "$W/c2.sh"
printf 'BEGIN\n{\n\tprintf("target %%d\\n", $target);\n}\n\nproc:::exit\n/execname == "sleep" && ppid == $pid/\n{\n\tprintf("exit %%d\\n", pid);\n}\n\nEND\n{\n\tprintf("end\\n");\n}\n' >"$W/mc.d"
timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" -q -c "$W/c1.sh" -c "$W/c2.sh" -s "$W/mc.d" >"$W/mc.out" 2>"$W/mc.err"
rc=$?
p1=$(cat "$W/c1.pid" 2>/dev/null) p2=$(cat "$W/c2.pid" 2>/dev/null)
if [ $rc -eq 0 ] && [ -n "$p1" ] && [ -n "$p2" ] &&
	cli_match "target $p1\nexit $p1\nexit $p2\nend\n\n" "$W/mc.out" && [ ! -s "$W/mc.err" ]; then
	cli_ok c_several_commands
else
	cli_notok c_several_commands "exit $rc, pids $p1 $p2, stdout [$(tr '\n' '|' <"$W/mc.out")]: $(head -n 1 "$W/mc.err")"
fi
# one of them cannot run: nothing is traced and the other is not left behind
cli_run c_several_one_missing 1 '' 'usdtrace: No such process\n' \
	"$USDTRACE" -q -c 'sleep 0.1' -c /nonexistent/cmd -n 'END { printf("end\n"); }'

# Which exec of a -c command is traced. The Guide (Target Process ID) compiles the program after
# the process is created, and its -c date example counts no exec among date's system calls:
# the command's own exec happens before tracing starts (DTrace for Linux holds it at that exec,
# then at the entry point by default). So by default proc:::exec/exec-success do not fire for
# the command's own exec, but do for an exec the command makes (the script below execs
# /bin/true: args[0] is that path, execname still the script's until the exec succeeds); with
# -x evaltime=exec the command is held inside its own execve(), whose success is then traced.
# DTrace for Linux prints exactly these lines for both command lines (run by hand).
printf '#!/bin/sh\nexec /bin/true\n' >"$W/ex.sh"
chmod +x "$W/ex.sh"
cexec_d='proc:::exec /pid == $target/ { printf("exec %s %s\n", execname, stringof(args[0])); }
proc:::exec-success /pid == $target/ { printf("exec-success %s\n", execname); }'
cli_run c_exec_after_hold 0 'exec ex.sh /bin/true\nexec-success true\n\n' '' \
	"$USDTRACE" -q -c "$W/ex.sh" -n "$cexec_d"
cli_run c_exec_evaltime_exec 0 'exec-success ex.sh\nexec ex.sh /bin/true\nexec-success true\n\n' '' \
	"$USDTRACE" -q -x evaltime=exec -c "$W/ex.sh" -n "$cexec_d"

# -p: grab a running process; exit when it exits.
sleep 4 &   # long enough for -p to find it alive on a loaded machine (1 s was not, at load 140)
spid=$!
cli_run p_target 0 "$spid\n\n" '' "$USDTRACE" -q -p "$spid" -n 'BEGIN { printf("%d\n", $target); }'
wait "$spid" 2>/dev/null

# raise() sends a signal to the process the probe fired in: profile fires while the busy child
# is on a CPU; SIGKILL ends it, and with it the tracing.
printf '#!/bin/sh\nwhile :; do :; done\n' >"$W/busy.sh"
chmod +x "$W/busy.sh"
printf 'profile-997hz\n/pid == $target/\n{\n\traise(9);\n}\n\nEND\n{\n\tprintf("done\\n");\n}\n' >"$W/raise.d"
cli_run raise_kills_target 0 'done\n\n' '' "$USDTRACE" -q -w -c "$W/busy.sh" -s "$W/raise.d"

# stop() stops the target (SIGSTOP); the program then exits by itself.
printf '#!/bin/sh\necho $$ >"%s/busy.pid"\nwhile :; do :; done\n' "$W" >"$W/busy2.sh"
chmod +x "$W/busy2.sh"
printf 'int stopped;\n\nprofile-997hz\n/pid == $target && !stopped/\n{\n\tstop();\n\tstopped = 1;\n}\n\ntick-100ms\n/stopped/\n{\n\tprintf("stopped\\n");\n\texit(0);\n}\n' >"$W/stop.d"
cli_run stop_target 0 'stopped\n\n' '' "$USDTRACE" -q -w -c "$W/busy2.sh" -s "$W/stop.d"
# The target may already be gone (a tracer that created it may end it on exit): no error.
if [ -s "$W/busy.pid" ]; then
	kill -9 "$(cat "$W/busy.pid")" 2>/dev/null || :
fi

# ucaller on a clock probe is the sampled thread's caller (dtrace_getupcstack's second entry, a
# frame-pointer walk): a child spinning in spin(), called from main(), built with frame
# pointers and without PIE so nm gives main's run-time address and size. Samples taken in user
# mode (arg1, the user pc, non-zero) must find ucaller inside main, the majority of them at
# least (a sample on spin's first instructions, before its frame exists, sees main's caller).
printf 'volatile unsigned long n;\n__attribute__((noinline)) void spin(void) { for (;;) n++; }\nint main(void) { spin(); return 0; }\n' >"$W/spin.c"
if ${CC:-cc} -O0 -fno-omit-frame-pointer -no-pie -o "$W/spin" "$W/spin.c" 2>"$W/spin.cc.err" &&
	main_at=$(nm -S "$W/spin" | awk '$4 == "main" { print "0x" $1 }') &&
	main_size=$(nm -S "$W/spin" | awk '$4 == "main" { print "0x" $2 }') && [ -n "$main_at" ]; then
	cat >"$W/uc.d" <<'EOF_UC'
BEGIN
{
	hit = 0;
}

profile-997
/pid == $target && arg1 != 0/
{
	n++;
	hit += ucaller >= $1 && ucaller < $1 + $2;
}

profile-997
/n >= 20/
{
	printf("%d\n", hit * 2 > n);
	exit(0);
}
EOF_UC
	cli_run ucaller_profile 0 '1\n\n' '' "$USDTRACE" -q -c "$W/spin" -s "$W/uc.d" "$main_at" "$main_size"
else
	cli_notok ucaller_profile "cannot build the frame-pointer target: $(head -n 1 "$W/spin.cc.err")"
fi
