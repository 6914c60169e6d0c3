#!/bin/sh
# tier: full
# usdt_ptrace.sh — processes usdtrace did not start (-p, pids named in descriptions) are held
# at dlopen() and exec while their new probes are enabled (ptrace_hold), in the real kernel,
# and are never harmed. The target is tests/progs/usdt/pt_prog.c: it loads N copies of
# ut_lib.c's library (files no process mapped before) and fires each one's probe right after
# loading it; its parent logs what waitpid(WUNTRACED|WCONTINUED) sees of it, as a job-control
# shell would. Each traced run is compared with the same run untraced:
#   * every first firing is seen (exactly N), with -p and provider$target, a description for
#     every process, a description naming the pid, a second thread loading, and an exec;
#   * kill -STOP / kill -CONT: the parent sees the same stop and continuation, the process
#     does not run while stopped and runs after;
#   * signals sent to it reach its handlers (SIGURG, SIGWINCH: the signals the hold uses);
#   * a process another tracer holds: one warning, and the trace goes on unheld;
#   * usdtrace SIGKILLed while a thread is held (its hold signal pending): the process goes on
#     and no handler of it runs; SIGKILLed while not held, ended by exit(): detached, running;
#     ended by SIGINT while the process is stopped: detached, still stopped, SIGCONT continues;
#   * a process with handlers for both hold signals is not held (nothing would be safe to send);
#   * 2000 threads, each handling a signal, while usdtrace seizes and leaves six times;
#   * no USDT probe in the program: the process is not traced at all; a dead pid: an error.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip usdt_ptrace "needs root"
	exit 0
fi
N=5
prog=$W/pt_prog
SEIZE=$B/tools/pt_seize
if ! gcc -O2 -Wall -Wextra -Werror -pthread -I"$TOP/include" -o "$prog" "$TOP/tests/progs/usdt/pt_prog.c" 2>"$W/cc.err" ||
	! gcc -O2 -shared -fPIC -Wall -Wextra -Werror -I"$TOP/include" -o "$W/libut.so" "$TOP/tests/progs/usdt/ut_lib.c" 2>>"$W/cc.err" ||
	! gcc -O2 -Wall -Wextra -Werror -I"$TOP/include" -o "$W/ut_prog" "$TOP/tests/progs/usdt/ut_prog.c" 2>>"$W/cc.err"; then
	notok ptrace-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi

# wait_for FILE [PATTERN]: up to 20 s for FILE to exist (and hold PATTERN)
wait_for() {
	i=0
	while [ $i -lt 400 ]; do
		if [ -e "$1" ] && { [ $# -lt 2 ] || grep -q "$2" "$1"; }; then
			return 0
		fi
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# finish PID: wait for a background job, killing it after 20 s; sets rc
finish() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt 400 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	kill -9 "$1" 2>/dev/null
	wait "$1"
	rc=$?
}

# libs NAME: a directory of N fresh copies of the library
libs() {
	mkdir -p "$W/$1"
	i=0
	while [ $i -lt $N ]; do
		cp "$W/libut.so" "$W/$1/libut_$i.so"
		i=$((i + 1))
	done
}

# start_target NAME GO END OPTIONS...: pt_prog under its logging parent, libraries in
# $W/NAME; sets pp (the parent) and tp (the target)
start_target() {
	_n=$1 _go=$2 _end=$3
	shift 3
	libs "$_n"
	rm -f "$W/$_n.pid" "$_go" "$_end"
	"$prog" parent "$W/$_n.log" "$W/$_n.pid" run "$_go" "$_end" "$W/$_n" $N "$@" \
		>"$W/$_n.out" 2>"$W/$_n.err" &
	pp=$!
	wait_for "$W/$_n.pid"
	tp=$(cat "$W/$_n.pid")
}

# start_tracer NAME ARGS...: usdtrace in the background, once its BEGIN has run; sets up
start_tracer() {
	_n=$1
	shift
	"$U" "$@" >"$W/$_n.tr" 2>"$W/$_n.trerr" &
	up=$!
	wait_for "$W/$_n.tr" '^ready$'
}

# moved_from FILE VALUE: up to 10 s for the count in FILE to pass VALUE; prints the count
moved_from() {
	i=0
	while [ "$(cat "$1")" -le "$2" ] && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	cat "$1"
}

field() { # PID N: field N of /proc/PID/stat (3: the state)
	sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f$(($2 - 2))
}

tracer_of() { awk '/^TracerPid:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }

D_N='BEGIN { printf("ready\n"); } utlib$target:::hello { n++; } END { printf("n=%d\n", n); }'

# --- the untraced run every traced one is compared with ---
start_target base "$W/go.base" -
touch "$W/go.base"
finish $pp
base_rc=$rc
if [ $base_rc -ne 7 ] || [ "$(cat "$W/base.out")" != "loaded $N sum 15
handled urg 0 winch 0" ] || [ "$(cat "$W/base.log")" != "exited 7" ]; then
	notok ptrace-baseline "rc $base_rc: $(cat "$W/base.out" "$W/base.err" "$W/base.log" | head -c 300)"
	exit 0
fi

# same_as_base NAME: the target's output, exit status and what its parent saw are the
# untraced run's; prints why not
same_as_base() {
	if [ "$2" != 7 ]; then
		echo "target exit status $2"
	elif ! cmp -s "$W/$1.out" "$W/base.out"; then
		echo "target printed [$(head -c 200 "$W/$1.out")] [$(head -c 200 "$W/$1.err")]"
	elif ! cmp -s "$W/$1.log" "${3:-$W/base.log}"; then
		echo "its parent saw [$(cat "$W/$1.log")]"
	fi
}

# held NAME DESCRIPTION-PROGRAM OPTIONS...: -p run, N libraries loaded after tracing began
held() {
	_name=$1 _d=$2
	shift 2
	start_target "$_name" "$W/go.$_name" - "$@"
	start_tracer "$_name" -Z -q -n "$_d" -p $tp
	touch "$W/go.$_name"
	finish $pp
	trc=$rc
	finish $up
	why=$(same_as_base "$_name" $trc)
	if [ -z "$why" ] && [ $rc -eq 0 ] && [ "$(sed '/^$/d' "$W/$_name.tr")" = "ready
n=$N" ] && [ ! -s "$W/$_name.trerr" ]; then
		ok "$_name"
	else
		notok "$_name" "${why:-rc $rc: $(cat "$W/$_name.tr" "$W/$_name.trerr" | tr '\n' ' ' | head -c 300)}"
	fi
}

held ptrace-dlopen-target "$D_N"
held ptrace-dlopen-every-process 'BEGIN { printf("ready\n"); } utlib:::hello /pid == $target/ { n++; } END { printf("n=%d\n", n); }'
held ptrace-dlopen-thread "$D_N" thread

# --- a description naming the pid, no -p: held too ---
start_target named "$W/go.named" -
start_tracer named -Z -q -n "BEGIN { printf(\"ready\\n\"); } utlib$tp:::hello { n++; } utlib$tp:::hello /n == $N/ { printf(\"n=%d\\n\", n); exit(0); }"
touch "$W/go.named"
finish $pp
trc=$rc
finish $up
why=$(same_as_base named $trc)
if [ -z "$why" ] && [ $rc -eq 0 ] && [ "$(sed '/^$/d' "$W/named.tr")" = "ready
n=$N" ]; then
	ok ptrace-dlopen-named-pid
else
	notok ptrace-dlopen-named-pid "${why:-rc $rc: $(cat "$W/named.tr" "$W/named.trerr" | tr '\n' ' ' | head -c 300)}"
fi

# --- exec: the program a -p shell execs fires its probes at once, before main's first line
# could have waited for anything ---
rm -f "$W/go.exec"
sh -c 'while [ ! -e "$1" ]; do sleep 0.02; done; exec "$2" args 3' sh "$W/go.exec" "$W/ut_prog" \
	>"$W/exec.out" 2>&1 &
tp=$!
start_tracer exec -Z -q -n 'BEGIN { printf("ready\n"); } ut$target:::args { n++; } END { printf("n=%d\n", n); }' -p $tp
touch "$W/go.exec"
finish $tp
trc=$rc
finish $up
if [ $trc -eq 0 ] && [ $rc -eq 0 ] && [ "$(sed '/^$/d' "$W/exec.tr")" = "ready
n=3" ]; then
	ok ptrace-exec
else
	notok ptrace-exec "rc $trc/$rc: $(cat "$W/exec.tr" "$W/exec.trerr" "$W/exec.out" | tr '\n' ' ' | head -c 300)"
fi

# --- kill -STOP / kill -CONT while traced: as untraced ---
# stop_cont NAME: stop the target, see it stay still, continue it, see it run; prints why not
stop_cont() {
	wait_for "$W/$1/progress"
	kill -STOP $tp
	i=0
	while [ "$(field $tp 3)" != T ] && [ "$(field $tp 3)" != t ] && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	st=$(field $tp 3)
	a=$(cat "$W/$1/progress")
	sleep 0.3
	b=$(cat "$W/$1/progress")
	kill -CONT $tp
	c=$(moved_from "$W/$1/progress" "$b")
	st2=$(field $tp 3)
	touch "$W/end.$1"
	case $st in T|t) ;; *) echo "state $st while stopped"; return ;; esac
	[ "$a" = "$b" ] || { echo "ran while stopped ($a, $b)"; return; }
	[ "$c" -gt "$b" ] || { echo "did not run after SIGCONT ($b, $c)"; return; }
	# running, sleeping, or in a disk wait (its progress file is being written): not stopped
	case $st2 in R|S|D) ;; *) echo "state $st2 after SIGCONT" ;; esac
}
start_target sc0 "$W/go.sc0" "$W/end.sc0"
touch "$W/go.sc0"
why0=$(stop_cont sc0)
finish $pp
sc_rc=$rc
start_target sc "$W/go.sc" "$W/end.sc"
start_tracer sc -Z -q -n "$D_N" -p $tp
touch "$W/go.sc"
why=$(stop_cont sc)
finish $pp
trc=$rc
finish $up
[ -z "$why" ] && why=$(same_as_base sc $trc "$W/sc0.log")
if [ -n "$why0" ] || [ $sc_rc -ne 7 ] || [ "$(cat "$W/sc0.log")" != "stopped 19
continued
exited 7" ]; then
	notok ptrace-stop-cont "untraced: $why0 rc $sc_rc: $(cat "$W/sc0.log")"
elif [ -z "$why" ] && [ $rc -eq 0 ] && [ "$(sed '/^$/d' "$W/sc.tr")" = "ready
n=$N" ]; then
	ok ptrace-stop-cont
else
	notok ptrace-stop-cont "${why:-rc $rc: $(cat "$W/sc.tr" "$W/sc.trerr" | tr '\n' ' ' | head -c 300)}"
fi

# --- signals sent to the target reach its handlers, SIGURG and SIGWINCH included ---
start_target sig "$W/go.sig" "$W/end.sig" both
start_tracer sig -Z -q -n "$D_N" -p $tp
touch "$W/go.sig"
wait_for "$W/sig/progress"
kill -URG $tp
kill -WINCH $tp
kill -WINCH $tp
sleep 0.3
touch "$W/end.sig"
finish $pp
trc=$rc
finish $up
if [ $trc -eq 7 ] && grep -q '^handled urg 1 winch [12]$' "$W/sig.out" && [ "$(cat "$W/sig.log")" = "exited 7" ]; then
	ok ptrace-signals-pass
else
	notok ptrace-signals-pass "rc $trc: $(cat "$W/sig.out" "$W/sig.log" | tr '\n' ' ')"
fi

# --- another tracer has the process: one warning, the trace goes on unheld (the second
# calls, 0.5 s later, are seen) ---
start_target other "$W/go.other" - again
rm -f "$W/other.rdy"
"$SEIZE" $tp 15 "$W/other.rdy" &
sp=$!
wait_for "$W/other.rdy"
start_tracer other -Z -q -n "$D_N" -p $tp
touch "$W/go.other"
finish $pp
trc=$rc
finish $up
kill $sp 2>/dev/null
wait $sp
n=$(sed -n 's/^n=//p' "$W/other.tr")
if [ $trc -eq 7 ] && [ $rc -eq 0 ] && [ "${n:-0}" -ge $N ] && [ "${n:-0}" -le $((2 * N)) ] &&
	[ "$(grep -c 'warning: pid [0-9]* cannot be held .*PTRACE_SEIZE: Operation not permitted: it is traced by pid' "$W/other.trerr")" = 1 ] &&
	[ "$(wc -l <"$W/other.trerr")" = 1 ]; then
	ok ptrace-other-tracer
else
	notok ptrace-other-tracer "rc $trc/$rc n=$n: $(cat "$W/other.trerr" | head -c 300)"
fi

# --- usdtrace SIGKILLed while a thread is held, its hold signal pending: the target goes on,
# and the handler it has for the other hold signal never runs ---
for h in urg winch; do
	start_target "kill$h" "$W/go.kill$h" - $h
	start_tracer "kill$h" -Z -q -n "$D_N" -p $tp
	kill -STOP $up
	touch "$W/go.kill$h"
	i=0
	while [ "$(field $tp 3)" != t ] && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	st=$(field $tp 3)
	kill -KILL $up
	wait $up 2>/dev/null
	finish $pp
	why=$(same_as_base "kill$h" $rc)
	if [ "$st" = t ] && [ -z "$why" ]; then
		ok "ptrace-sigkill-held-$h"
	else
		notok "ptrace-sigkill-held-$h" "state $st when killed; $why"
	fi
done

# --- a process that handles both hold signals is not held: with usdtrace stopped, its loads
# go through to its last line, and it ends as untraced (its handlers never ran). (Its exit
# reaches its parent once usdtrace runs again, or dies: a tracer reaps first.) ---
start_target both "$W/go.both" - both
start_tracer both -Z -q -n "$D_N" -p $tp
kill -STOP $up
touch "$W/go.both"
wait_for "$W/both.out" '^handled'
done_while_stopped=$?
kill -KILL $up
wait $up 2>/dev/null
finish $pp
why=$(same_as_base both $rc)
[ $done_while_stopped -eq 0 ] || why="held while usdtrace was stopped; $why"
if [ -z "$why" ]; then
	ok ptrace-not-held-both-handled
else
	notok ptrace-not-held-both-handled "$why"
fi

# --- usdtrace SIGKILLed while the target runs; and ended by exit(): the target is left
# untraced, running, and ends as untraced ---
for how in kill exit; do
	start_target "left$how" "$W/go.left$how" "$W/end.left$how"
	if [ $how = kill ]; then
		start_tracer "left$how" -Z -q -n "$D_N" -p $tp
	else
		start_tracer "left$how" -Z -q -n "BEGIN { printf(\"ready\\n\"); } utlib\$target:::hello { n++; } utlib\$target:::hello /n == $N/ { exit(0); }" -p $tp
	fi
	traced=$(tracer_of $tp)
	[ -e "/proc/$up/task/$traced" ] || traced=0
	touch "$W/go.left$how"
	wait_for "$W/left$how/progress"
	if [ $how = kill ]; then
		kill -KILL $up
	fi
	finish $up
	a=$(cat "$W/left$how/progress")
	b=$(moved_from "$W/left$how/progress" "$a")
	st=$(field $tp 3)
	after=$(tracer_of $tp)
	touch "$W/end.left$how"
	finish $pp
	why=$(same_as_base "left$how" $rc)
	if [ "${traced:-0}" = 0 ] || [ "$after" != 0 ] ||
		[ "$b" -le "$a" ]; then
		why="traced by $traced (usdtrace $up) then by $after; progress $a then $b; state $st $why"
	fi
	if [ -z "$why" ]; then
		ok "ptrace-detached-$how"
	else
		notok "ptrace-detached-$how" "$why"
	fi
done

# --- usdtrace ends (SIGINT) while the target is stopped: it stays stopped, untraced, and
# SIGCONT continues it; its parent sees one stop and one continuation, as untraced ---
start_target leftstop "$W/go.leftstop" "$W/end.leftstop"
start_tracer leftstop -Z -q -n "$D_N" -p $tp
touch "$W/go.leftstop"
wait_for "$W/leftstop/progress"
kill -STOP $tp
sleep 0.2
kill -INT $up
finish $up
urc=$rc
i=0
while [ "$(field $tp 3)" != T ] && [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done
st=$(field $tp 3)
after=$(tracer_of $tp)
a=$(cat "$W/leftstop/progress")
sleep 0.3
b=$(cat "$W/leftstop/progress")
kill -CONT $tp
c=$(moved_from "$W/leftstop/progress" "$b")
touch "$W/end.leftstop"
finish $pp
why=$(same_as_base leftstop $rc "$W/sc0.log")
if [ $urc -eq 0 ] && [ "$st" = T ] && [ "$after" = 0 ] && [ "$a" = "$b" ] && [ "$c" -gt "$b" ] &&
	[ -z "$why" ] && [ "$(sed '/^$/d' "$W/leftstop.tr")" = "ready
n=$N" ]; then
	ok ptrace-detached-stopped
else
	notok ptrace-detached-stopped "usdtrace rc $urc; state $st TracerPid $after; progress $a $b $c; $why"
fi

# --- threads coming and going and a signal handled in each, while usdtrace seizes the
# process and lets it go six times (ended by SIGINT, then killed by SIGKILL): every thread
# made, every signal handled, the exit as untraced ---
rm -f "$W/churn.pid"
"$prog" parent "$W/churn.log" "$W/churn.pid" churn 2000 >"$W/churn.out" 2>"$W/churn.err" &
pp=$!
wait_for "$W/churn.pid"
tp=$(cat "$W/churn.pid")
why=
for k in 1 2 3 4 5 6; do
	kill -0 $tp 2>/dev/null || break
	start_tracer "churn$k" -Z -q -n "$D_N" -p $tp
	sleep 0.2
	if [ $k -le 3 ]; then kill -INT $up; else kill -KILL $up; fi
	finish $up
	t=$(tracer_of $tp)
	[ -z "$t" ] || [ "$t" = 0 ] || why="$why still traced by $t after run $k;"
done
finish $pp
if [ $rc -eq 7 ] && [ -z "$why" ] && [ "$(cat "$W/churn.out")" = "threads 2000 signals 2000" ] &&
	[ "$(cat "$W/churn.log")" = "exited 7" ]; then
	ok ptrace-thread-churn
else
	notok ptrace-thread-churn "rc $rc $why $(cat "$W/churn.out" "$W/churn.err" "$W/churn.log" | tr '\n' ' ')"
fi

# --- nothing to hold: no USDT probe, no ptrace ---
start_target none "$W/go.none" -
start_tracer none -q -n 'BEGIN { printf("ready\n"); } tick-10ms { n++; }' -p $tp
t=$(tracer_of $tp)
touch "$W/go.none"
finish $pp
trc=$rc
finish $up
if [ "$t" = 0 ] && [ -z "$(same_as_base none $trc)" ]; then
	ok ptrace-not-needed
else
	notok ptrace-not-needed "TracerPid $t; $(same_as_base none $trc)"
fi

w=$W
expect_fail ptrace-dead-pid "usdtrace: No such process" \
	"$U" -q -n 'utlib$target:::hello { }' -p 999999999
