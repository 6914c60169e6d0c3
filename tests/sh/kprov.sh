#!/bin/sh
# tier: full
# kprov.sh — the syscall, proc and sched providers against real workloads (tests/tools/sysload
# and shell scripts forking known commands): counts checked against the workload, and the
# syscall and signal counts against bpftrace's tracepoints on the same run (when bpftrace is
# installed; it needs tracefs, mounted here for it when it is not, and unmounted after).
. "$(dirname "$0")/lib.sh"   # stop_bpftrace
TOOL="$B/tools/sysload"
work=$(mktemp -d)
mounted=0
cleanup() {
	[ -n "$bpid" ] && kill "$bpid" 2>/dev/null
	[ $mounted -eq 1 ] && umount /sys/kernel/tracing
	rm -rf "$work"
}
trap cleanup EXIT
if [ "$(id -u)" != 0 ]; then
	echo "skip - kprov: needs root"
	exit 0
fi
[ -x "$TOOL" ] || { echo "not ok - kprov: $TOOL not built"; exit 1; }

fail=0
check() {   # check NAME EXPECTED GOT
	if [ "$2" = "$3" ]; then
		echo "ok - kprov: $1"
	else
		echo "not ok - kprov: $1: expected '$2', got '$3'"
		fail=1
	fi
}
# the value of aggregation line KEY (printa-less exit output: "  key  value" or "  value")
val() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }

BPFTRACE=$(command -v bpftrace)
bpid=
bt_start() {   # bt_start PROGRAM: bpftrace in the background, until it has attached
	bpid=
	[ -n "$BPFTRACE" ] || return
	if [ ! -e /sys/kernel/tracing/events ] && [ $mounted -eq 0 ]; then
		mount -t tracefs nodev /sys/kernel/tracing && mounted=1
	fi
	# bpftrace runs BEGIN once every probe is attached ("Attaching" comes before)
	"$BPFTRACE" -e "BEGIN { printf(\"ready\\n\"); } $1" >"$work/bt.out" 2>&1 &
	bpid=$!
	for _ in $(seq 100); do
		grep -q '^ready$' "$work/bt.out" && return
		sleep 0.1
	done
}
bt_stop() {    # bt_stop: stop it; its output in $work/bt.out
	[ -n "$bpid" ] || return
	stop_bpftrace "$bpid"
	bpid=
}
bt_check() {   # bt_check NAME KEY EXPECTED: bpftrace's @KEY on the same run
	if [ -z "$BPFTRACE" ]; then
		echo "ok - kprov: $1: bpftrace comparison skipped: bpftrace not installed"
		return
	fi
	check "$1 (bpftrace)" "$3" "$(awk -v k="@$2:" '$1 == k { print $2 }' "$work/bt.out")"
}

# ---- syscall: 1000 getppid(), counted by both tracers on one run ----
bt_start 'tracepoint:syscalls:sys_enter_getppid /comm == "sysload"/ { @n = count(); }
	tracepoint:syscalls:sys_enter_openat /comm == "sysload"/ { @o = count(); }'
"$USDTRACE" -q -n 'syscall::getppid:entry /pid == $target/ { @n = count(); }' \
	-n 'syscall::getppid:return /pid == $target/ { @r = count(); @e[errno] = count(); }' \
	-n 'END { printa("n %@d\n", @n); printa("r %@d\n", @r); printa("e%d %@d\n", @e); }' \
	-c "$TOOL getppid 1000" >"$work/out" 2>"$work/err"
check "getppid entry count" 1000 "$(val n "$work/out")"
check "getppid return count" 1000 "$(val r "$work/out")"
check "getppid errno 0" 1000 "$(val e0 "$work/out")"
# ---- syscall: openat of a missing path: copyinstr of the path, errno ENOENT ----
"$USDTRACE" -q -n 'syscall::openat:entry /pid == $target && copyinstr(arg1) == "/nonexistent/kprov"/ { @o = count(); self->t = 1; }' \
	-n 'syscall::openat:return /self->t/ { @e[errno] = count(); @v[(int)arg0] = count(); self->t = 0; }' \
	-n 'END { printa("o %@d\n", @o); printa("e%d %@d\n", @e); printa("v%d %@d\n", @v); }' \
	-c "$TOOL open /nonexistent/kprov 7" >"$work/out" 2>"$work/err"
bt_stop
bt_check "getppid entry count" n 1000
check "openat path count" 7 "$(val o "$work/out")"
check "openat errno ENOENT" 7 "$(val e2 "$work/out")"
check "openat returns -1 (as int: -ENOENT)" 7 "$(val v-2 "$work/out")"
[ -n "$BPFTRACE" ] && {
	n=$(awk '$1 == "@o:" { print $2 }' "$work/bt.out")
	[ "${n:-0}" -ge 7 ] && echo "ok - kprov: openat (bpftrace saw $n >= 7)" ||
		{ echo "not ok - kprov: openat: bpftrace saw '$n' openat"; fail=1; }
}

# ---- every call at once (the dispatcher's program arrays): each call still counted once ----
"$USDTRACE" -q -n 'syscall:::entry,syscall:::return /pid == $target/ { @[probefunc, probename] = count(); }' \
	-n 'END { printa("%s-%s %@d\n", @); }' -c "$TOOL getppid 100" >"$work/out" 2>"$work/err"
check "syscall:::entry getppid" 100 "$(val getppid-entry "$work/out")"
check "syscall:::return getppid" 100 "$(val getppid-return "$work/out")"
check "syscall:::entry exit_group" 1 "$(val exit_group-entry "$work/out")"

# ---- bad input ----
"$USDTRACE" -n 'syscall::nosuchcall:entry { }' >"$work/out" 2>"$work/err"
check "unknown syscall exit status" 1 $?
grep -q "does not match any probes" "$work/err" &&
	echo "ok - kprov: unknown syscall message" ||
	{ echo "not ok - kprov: unknown syscall message: $(cat "$work/err")"; fail=1; }

# ---- -l -v ----
"$USDTRACE" -lv -n 'syscall::openat:entry' >"$work/out" 2>&1
# dtrace -lv types openat's "const char *filename" without the qualifier
grep -q 'args\[1\]: char \*' "$work/out" && echo "ok - kprov: -lv openat types" ||
	{ echo "not ok - kprov: -lv openat: $(head -c 300 "$work/out")"; fail=1; }
"$USDTRACE" -lv -n 'sched:::off-cpu' >"$work/out" 2>&1
grep -q 'args\[1\]: psinfo_t \*' "$work/out" && echo "ok - kprov: -lv off-cpu types" ||
	{ echo "not ok - kprov: -lv off-cpu: $(head -c 300 "$work/out")"; fail=1; }

# ---- proc: a shell forking and exec'ing known commands ----
cat >"$work/w.sh" <<EOS
/bin/true
/bin/true
/bin/true
$work/missing 2>/dev/null
sleep 10 &
kill -KILL \$!
wait
EOS
"$USDTRACE" -q -n 'proc:::create /pid == $target/ { @c = count(); }' \
	-n 'proc:::create /pid == $target && args[0]->pr_ppid == pid && args[0]->pr_pid != pid/ { @cc = count(); }' \
	-n 'proc:::create /pid == $target && sizeof(*args[0]) == 416 && sizeof(psinfo_t) == 416 &&
	    args[0]->pr_fname == "sh" && args[0]->pr_dmodel == PR_MODEL_LP64 && args[0]->pr_uid == uid/ {
		@lay = count(); }' \
	-n 'proc:::start /ppid == $target/ { @s = count(); }' \
	-n 'proc:::exec /ppid == $target/ { @x[args[0]] = count(); }' \
	-n 'proc:::exec-success /ppid == $target/ { @ok[execname] = count(); }' \
	-n 'proc:::exec-failure /ppid == $target/ { @bad[args[0]] = count(); }' \
	-n 'proc:::exit /ppid == $target/ { @ex[args[0]] = count(); }' \
	-n 'END { printa("c %@d\n", @c); printa("cc %@d\n", @cc); printa("lay %@d\n", @lay); printa("s %@d\n", @s); printa("x%s %@d\n", @x);
		printa("ok%s %@d\n", @ok); printa("bad%d %@d\n", @bad); printa("ex%d %@d\n", @ex); }' \
	-c "sh $work/w.sh" >"$work/out" 2>"$work/err"
check "proc:::create" 5 "$(val c "$work/out")"
check "proc:::create args[0]: the child" 5 "$(val cc "$work/out")"
# psinfo_t as DTrace for Linux lays it out (416 bytes, pr_fname at 136, pr_dmodel at 256): the
# copy the provider builds is read by the same layout curpsinfo's type has
check "proc:::create args[0]: psinfo_t's layout" 5 "$(val lay "$work/out")"
check "proc:::start" 5 "$(val s "$work/out")"
check "proc:::exec /bin/true" 3 "$(val x/bin/true "$work/out")"
check "proc:::exec-success true" 3 "$(val oktrue "$work/out")"
check "proc:::exec-failure ENOENT" 1 "$(val bad2 "$work/out")"
check "proc:::exit CLD_EXITED" 4 "$(val ex1 "$work/out")"
check "proc:::exit CLD_KILLED" 1 "$(val ex2 "$work/out")"

# ---- proc: signals sent and handled, against bpftrace's signal_generate ----
bt_start 'tracepoint:signal:signal_generate /comm == "sysload" && args->sig == 10/ { @n = count(); }'
"$USDTRACE" -q -n 'proc:::signal-send /pid == $target && args[2] == 10/ { @s = count(); @p[args[1]->pr_pid == $target] = count(); }' \
	-n 'proc:::signal-handle /pid == $target && args[0] == 10/ { @h = count(); }' \
	-n 'END { printa("s %@d\n", @s); printa("p%d %@d\n", @p); printa("h %@d\n", @h); }' \
	-c "$TOOL signal 5" >"$work/out" 2>"$work/err"
bt_stop
check "proc:::signal-send" 5 "$(val s "$work/out")"
check "proc:::signal-send target psinfo" 5 "$(val p1 "$work/out")"
check "proc:::signal-handle" 5 "$(val h "$work/out")"
bt_check "signal-send" n 5

# ---- proc and sched: threads and sleeps ----
"$USDTRACE" -q -n 'proc:::lwp-create /pid == $target/ { @c = count(); }' \
	-n 'proc:::lwp-start /pid == $target && tid != pid/ { @s = count(); }' \
	-n 'proc:::lwp-exit /pid == $target/ { @e = count(); }' \
	-n 'END { printa("c %@d\n", @c); printa("s %@d\n", @s); printa("e %@d\n", @e); }' \
	-c "$TOOL threads 3" >"$work/out" 2>"$work/err"
check "proc:::lwp-create" 3 "$(val c "$work/out")"
check "proc:::lwp-start" 3 "$(val s "$work/out")"
# lwp-exit: the three threads and the process's last one (Oracle's DTrace for Linux
# documentation: "a process or process thread is about to exit"; dtrace counts them so)
check "proc:::lwp-exit" 4 "$(val e "$work/out")"
"$USDTRACE" -q -n 'sched:::sleep /pid == $target/ { @s = count(); }' \
	-n 'sched:::wakeup /args[1]->pr_pid == $target/ { @w = count(); }' \
	-n 'sched:::off-cpu /pid == $target/ { @o = count(); }' \
	-n 'END { printa("s %@d\n", @s); printa("w %@d\n", @w); printa("o %@d\n", @o); }' \
	-c "$TOOL sleep 20" >"$work/out" 2>"$work/err"
for k in s w o; do
	n=$(val $k "$work/out")
	[ "${n:-0}" -ge 20 ] && echo "ok - kprov: sched $k >= 20 ($n)" ||
		{ echo "not ok - kprov: sched $k: '$n' < 20: $(head -c 300 "$work/err")"; fail=1; }
done
"$USDTRACE" -q -n 'sched:::enqueue,sched:::dequeue /args[1]->pr_pid == $target && args[2]->cpu_id >= 0/ { @[probename] = count(); }' \
	-n 'END { printa("%s %@d\n", @); }' -c "$TOOL sleep 20" >"$work/out" 2>"$work/err"
for k in enqueue dequeue; do
	n=$(val $k "$work/out")
	[ "${n:-0}" -ge 20 ] && echo "ok - kprov: sched $k >= 20 ($n)" ||
		{ echo "not ok - kprov: sched $k: '$n' < 20: $(head -c 300 "$work/err")"; fail=1; }
done
# on-cpu fires in the thread coming on: pid (tested early in the prologue), execname (a
# string, and an aggregation key), curpsinfo (pr_psargs read from its own memory),
# curlwpsinfo, curthread, uid, ppid and self-> are the target's when pid is. Each firing
# follows a switch, an off-cpu whose args[1] (the thread about to run) is the target; the
# target's on-cpu and off-cpu firings pair up; and it is running ('R').
"$USDTRACE" -q -n 'sched:::on-cpu /pid == $target/ { @on = count(); @n[execname] = count();
	@st[curlwpsinfo->pr_sname] = count(); self->on++;
	@bad = sum(curpsinfo->pr_pid != pid || curlwpsinfo->pr_lwpid != tid ||
	    curthread->tgid != pid || uid != '"$(id -u)"' || ppid != curpsinfo->pr_ppid ||
	    curpsinfo->pr_fname != "sysload" || curpsinfo->pr_psargs != "'"$TOOL sleep 20"'"); }' \
	-n 'sched:::on-cpu /execname == "sysload"/ { @e = count(); }' \
	-n 'sched:::off-cpu /pid == $target && self->on/ { @off = count(); }' \
	-n 'sched:::off-cpu /args[1]->pr_pid == $target/ { @in = count(); }' \
	-n 'END { printa("on %@d\n", @on); printa("off %@d\n", @off); printa("in %@d\n", @in);
	    printa("e %@d\n", @e); printa("bad %@d\n", @bad); printa("n_%s %@d\n", @n);
	    printa("st_%c %@d\n", @st); }' \
	-c "$TOOL sleep 20" >"$work/out" 2>"$work/err"
on=$(val on "$work/out")
[ "${on:-0}" -ge 20 ] && echo "ok - kprov: sched on-cpu >= 20 ($on)" ||
	{ echo "not ok - kprov: sched on-cpu: '$on' < 20: $(head -c 300 "$work/err")"; fail=1; }
check "sched on-cpu: execname, curpsinfo, curlwpsinfo, curthread, uid, ppid" 0 "$(val bad "$work/out")"
check "sched on-cpu: no error (pr_psargs reads no other process's memory)" "" "$(head -c 300 "$work/err")"
check "sched on-cpu: execname key" "n_sysload" "$(grep '^n_' "$work/out" | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $//')"
check "sched on-cpu: the thread coming on runs" "st_R" "$(grep '^st_' "$work/out" | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $//')"
check "sched on-cpu: execname predicate" "$on" "$(val e "$work/out")"
within() {     # within NAME A B MARGIN
	d=$(( ${2:-0} - ${3:-0} ))
	[ ${d#-} -le "$4" ] && echo "ok - kprov: $1 ($2, $3)" ||
		{ echo "not ok - kprov: $1: $2 and $3 differ by more than $4"; fail=1; }
}
within "sched on-cpu / off-cpu pairs" "$on" "$(val off "$work/out")" 2
within "sched on-cpu / off-cpu args[1]" "$on" "$(val in "$work/out")" 2
# on-cpu runs in the thread coming on: its user stack (where it slept, in clock_nanosleep),
# not the stack of whatever thread left the CPU
"$USDTRACE" -q -n 'sched:::on-cpu /pid == $target/ { @[ustack()] = count(); }' \
	-c "$TOOL sleep 20" >"$work/out" 2>"$work/err"
check "sched on-cpu: the incoming thread's ustack()" "yes" \
	"$(grep -q "libc.so.6.clock_nanosleep" "$work/out" && echo yes || head -c 300 "$work/out" "$work/err")"
# the classic off-cpu time: self-> in on-cpu is the thread coming back, after its 10 ms nap.
# Only the thread's sleeps count (pr_sname 'S'): on a busy machine it is also preempted
# (off-cpu while runnable, 'R'), and those gaps are as short as the scheduler makes them. A
# loaded machine can add a short sleep of its own (a CI run saw one of 1.9 ms, waiting on a
# lock or a page), so: at least 19 sleeps of 5 ms or more, at most 3 shorter ones.
"$USDTRACE" -q -n "sched:::off-cpu /pid == \$target && curlwpsinfo->pr_sname == 'S'/ { self->ts = timestamp; }" \
	-n 'sched:::on-cpu /self->ts/ { @n = count(); @l = sum(timestamp - self->ts >= 5000000); self->ts = 0; }' \
	-n 'END { printa("n %@d\n", @n); printa("l %@d\n", @l); }' \
	-c "$TOOL sleep 20" >"$work/out" 2>"$work/err"
n=$(val n "$work/out") l=$(val l "$work/out")
[ "${l:-0}" -ge 19 ] && [ $(( ${n:-0} - ${l:-0} )) -le 3 ] && echo "ok - kprov: sched off-cpu time ($n sleeps, $l of 5 ms or more)" ||
	{ echo "not ok - kprov: sched off-cpu time: $(tr '\n' ' ' <"$work/out") $(head -c 300 "$work/err")"; fail=1; }
# tick: in the thread it interrupts, whose psinfo is the current process's
"$USDTRACE" -q -n 'sched:::tick { @t[args[1]->pr_pid == pid && args[0]->pr_lwpid == tid] = count(); }' \
	-n 'tick-1s { exit(0); }' -n 'END { printa("t%d %@d\n", @t); }' >"$work/out" 2>"$work/err"
n=$(val t1 "$work/out")
[ "${n:-0}" -ge 10 ] && [ -z "$(val t0 "$work/out")" ] && echo "ok - kprov: sched tick ($n)" ||
	{ echo "not ok - kprov: sched tick: $(tr '\n' ' ' <"$work/out") $(head -c 300 "$work/err")"; fail=1; }
# -x cpu=N: the tracepoint probes fire on CPU N only: a workload pinned to another CPU is not
# seen, the same workload pinned to N is (every syscall, its exit, its sleeps' off-cpu). The
# tracer runs pinned, so the -c child is pinned from its fork on (pinning itself with taskset
# would first run, and switch off, on any CPU).
set -- $(awk '/^processor/ { print $3 }' /proc/cpuinfo | head -2)
if [ $# -lt 2 ] || ! command -v taskset >/dev/null; then
	echo "skip - kprov: -x cpu: needs two CPUs and taskset"
else
	for pin in "$2" "$1"; do
		taskset -c "$pin" "$USDTRACE" -x cpu="$1" -q \
			-n 'syscall::getppid:entry /pid == $target/ { @g = count(); }' \
			-n 'proc:::exit /pid == $target/ { @e = count(); }' \
			-n 'sched:::off-cpu /pid == $target/ { @o = count(); }' \
			-n 'END { printa("g %@d\n", @g); printa("e %@d\n", @e); printa("o %@d\n", @o); }' \
			-c "$TOOL getppid 300" >"$work/out" 2>"$work/err"
		got="$(val g "$work/out")/$(val e "$work/out")/$( [ "$(val o "$work/out")" ] && echo o)"
		if [ "$pin" = "$1" ]; then
			check "-x cpu=$1, pinned there" "300/1/o" "$got"
		else
			check "-x cpu=$1, pinned to $pin" "//" "$got$(head -c 300 "$work/err")"
		fi
	done
fi
exit $fail
