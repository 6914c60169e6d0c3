# tier: full
# trace_start.sh — what a run does around its start, and actions that record no data:
#   - no probe runs a clause before every probe is enabled and BEGIN has run (dtrace's
#     activity state): a process writing all the time, traced with -p, is never seen by a
#     clause whose predicate says BEGIN has not run yet
#   - a clause whose only action is raise() still reports the firing (default output)
#   - copyinstr()'s limit is the bytes examined, the NUL included (DTrace for Linux: with
#     strsize=12, copyinstr(p) gives 11 characters, copyinstr(p, 8) gives 7), and a string
#     read from copyin() memory ends with that memory
#   - a pid probe of the -c command beside a description that makes the usdt provider
#     scan every process (a crash: the pid provider's file had no notes read)
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip trace-start "needs root"
	exit 0
fi

# a writer that never stops: `yes` (its writes are many, and it makes nothing else)
yes >/dev/null &
ypid=$!
trap 'kill $ypid 2>/dev/null; rm -rf "$W"' EXIT
timeout 30 "$USDTRACE" -q -p $ypid -n '
BEGIN { began = 1; }
syscall::write:entry /pid == $target && !began/ { @early = count(); }
syscall:::entry /pid == $target/ { @all = count(); }
tick-100ms { exit(0); }
END { printa("early %@d\n", @early); printa("all %@d\n", @all); }' >"$W/gate" 2>"$W/gate.err"
rc=$?
kill $ypid 2>/dev/null
if [ $rc -eq 0 ] && ! grep -q early "$W/gate" && grep -q '^all [1-9]' "$W/gate"; then
	ok trace-start-before-begin
else
	notok trace-start-before-begin "rc $rc: $(cat "$W/gate" "$W/gate.err" | head -c 300)"
fi

cat >"$W/wr.c" <<'EOF'
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
static void on_usr1(int sig) { (void)sig; _exit(7); }
int main(void)
{
	const char *s = "abcdefghijklmnopqrstuvwxyz\n";
	int fd = open("/dev/null", O_WRONLY);
	signal(SIGUSR1, on_usr1);
	for (int i = 0; i < 100; i++) {
		if (write(fd, s, strlen(s)) < 0)
			return 1;
		usleep(10000);
	}
	return 0;
}
EOF
cc -O1 -o "$W/wr" "$W/wr.c" || { notok trace-start-build "cc failed"; exit 0; }

# raise() alone: the firing is reported (the probe's line); the signal ends the command
timeout 30 "$USDTRACE" -w -c "$W/wr" -n 'syscall::write:entry /pid == $target/ { raise(SIGUSR1); }
proc:::exit /pid == $target/ { exit(0); }' >"$W/raise" 2>"$W/raise.err"
rc=$?
lines=$(grep -c 'write:entry *$' "$W/raise")
if [ $rc -eq 0 ] && [ "$lines" -ge 1 ]; then
	ok trace-start-raise-reports
else
	notok trace-start-raise-reports "rc $rc, $lines lines: $(head -c 300 "$W/raise") $(head -c 300 "$W/raise.err")"
fi

# copyinstr(addr, n) examines n bytes at most, the NUL among them (n - 1 characters; dtrace's
# output for this program on the same input); strsize bounds the string the same way
timeout 30 "$USDTRACE" -q -c "$W/wr" -n 'syscall::write:entry /pid == $target/ {
	printf("[%s][%s][%s][%s]\n", copyinstr(arg1, 8), copyinstr(arg1, 1), copyinstr(arg1, 0),
	    (string)copyin(arg1, 5));
	p = (char *)copyin(arg1, 26);
	printf("[%s]\n", stringof(p + 20));
	exit(0); }' >"$W/cs" 2>"$W/cs.err"
want='[abcdefg][][][abcde]
[uvwxyz]'
if [ "$(cat "$W/cs")" = "$want" ]; then
	ok trace-start-copyinstr-limits
else
	notok trace-start-copyinstr-limits "got [$(cat "$W/cs")] $(head -c 200 "$W/cs.err")"
fi
timeout 30 "$USDTRACE" -q -x strsize=12 -c "$W/wr" -n 'syscall::write:entry /pid == $target/ {
	printf("[%s][%s]\n", copyinstr(arg1), copyinstr(arg1, 96)); exit(0); }' >"$W/cs12" 2>&1
if [ "$(cat "$W/cs12")" = "[abcdefghijk][abcdefghijk]" ]; then
	ok trace-start-copyinstr-strsize
else
	notok trace-start-copyinstr-strsize "got [$(cat "$W/cs12")]"
fi

# pid probe of the command, then a description no provider but usdt could own
timeout 30 "$USDTRACE" -q -c "$W/wr" -n 'pid$target::main:entry { @m = count(); }
syscall::exit_group:entry /pid == $target/ { @e = count(); }
END { printa("%@d ", @m); printa("%@d\n", @e); }' >"$W/scan" 2>"$W/scan.err"
rc=$?
if [ $rc -eq 0 ] && [ "$(tr -s ' \n' ' ' <"$W/scan")" = "1 1 " ]; then
	ok trace-start-pid-and-scan
else
	notok trace-start-pid-and-scan "rc $rc: [$(cat "$W/scan")] $(head -c 300 "$W/scan.err")"
fi

# -x evaltime=exec holds the command inside its execve(): the call's success is traced (and
# its own functions can be probed); by default it is held at main(), after the exec
for e in exec default; do
	opt=
	[ $e = exec ] && opt="-x evaltime=exec"
	timeout 30 "$USDTRACE" -q $opt -c "$W/wr" -n '
	proc:::exec-success /pid == $target/ { printf("exec %s\n", execname); }
	pid$target:a.out:main:entry { printf("main\n"); }
	proc:::exit /pid == $target/ { printf("exit %d\n", args[0]); }' >"$W/ev.$e" 2>"$W/ev.$e.err"
done
if [ "$(sed '/^$/d' "$W/ev.exec")" = "exec wr
main
exit 1" ] && [ "$(sed '/^$/d' "$W/ev.default")" = "main
exit 1" ]; then
	ok trace-start-evaltime-exec
else
	notok trace-start-evaltime-exec "exec [$(cat "$W/ev.exec" "$W/ev.exec.err")] default [$(cat "$W/ev.default" "$W/ev.default.err")]"
fi

# Where -c holds the command (dtrace's evaltime): postinit, the default, and main hold it at
# main(), so its probes count main's calls and not the start-up's: _start and
# __libc_start_main never fire; preinit holds it at its entry point, before both. Found
# through the symbol main, or in a stripped executable through __libc_start_main's first
# argument. DTrace for Linux prints exactly these counts for this program (checked by hand:
# main 1, f 3 by default; _start too with -x evaltime=preinit). A bpftrace uprobe on main (a
# second tracer's int3 there) must not hide main from the hold: tests/sh/pid_basic.sh.
cat >"$W/ev.c" <<'EOC'
__attribute__((noinline)) int f(int x) { return x + 1; }
int main(void) { int s = 0; for (int i = 0; i < 3; i++) s += f(i); return s == 6 ? 0 : 1; }
EOC
if cc -O1 -o "$W/ev" "$W/ev.c" && strip -o "$W/ev.stripped" "$W/ev"; then
	for e in default postinit main preinit; do
		opt=
		[ $e = default ] || opt="-x evaltime=$e"
		timeout 30 "$USDTRACE" -q $opt -c "$W/ev" -n '
		pid$target:ev::entry { @[probefunc] = count(); }
		pid$target:libc.so.6:__libc_start_main:entry { @[probefunc] = count(); }
		END { printa("%s %@d\n", @); }' 2>&1 | sed '/^$/d' | sort >"$W/evt.$e"
		timeout 30 "$USDTRACE" -q $opt -c "$W/ev.stripped" -n '
		pid$target:libc.so.6:__libc_start_main:entry { @[probefunc] = count(); }
		pid$target:libc.so.6:exit:entry { @[probefunc] = count(); }
		END { printa("%s %@d\n", @); }' 2>&1 | sed '/^$/d' | sort >"$W/evs.$e"
	done
	at_main='f 3
main 1'
	at_entry='__libc_start_main 1
_start 1
f 3
main 1'
	why=
	for e in default postinit main; do
		[ "$(cat "$W/evt.$e")" = "$at_main" ] || why="$why $e: [$(tr '\n' ' ' <"$W/evt.$e")]"
		[ "$(cat "$W/evs.$e")" = "exit 1" ] || why="$why $e stripped: [$(tr '\n' ' ' <"$W/evs.$e")]"
	done
	[ "$(cat "$W/evt.preinit")" = "$at_entry" ] || why="$why preinit: [$(tr '\n' ' ' <"$W/evt.preinit")]"
	[ "$(LC_ALL=C sort "$W/evs.preinit" | tr '\n' ' ')" = "__libc_start_main 1 exit 1 " ] ||
		why="$why preinit stripped: [$(tr '\n' ' ' <"$W/evs.preinit")]"
	if [ -z "$why" ]; then
		ok trace-start-evaltime-main
	else
		notok trace-start-evaltime-main "$why"
	fi
else
	notok trace-start-evaltime-main "cc or strip failed"
fi
