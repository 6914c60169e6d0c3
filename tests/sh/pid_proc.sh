#!/bin/sh
# tier: full
# pid_proc.sh — pid probes on processes: attaching to running ones, libraries, fork, and the
# traced process never harmed (tests/progs/pid/: pidspin.c, piddl.c + pidlib.c + pidplug.c,
# pidfork.c, pidthr.c). Checked:
#   * -p and pid$1 on a running process, with bpftrace's uprobe -p on the same process: the
#     M calls made after all three attached are M for each;
#   * usdtrace SIGKILLed while it traces that process (entry and return of a function the loop
#     calls): the process goes on computing right, is not ptrace-held, and the function's code
#     in its memory is the file's again (an int3, 0xcc, while traced; tests/tools/pid_peek);
#   * a library linked at start and one dlopen()ed later: with -c, and with -p attached before
#     the dlopen; every call of each counted under its module, probemod the library's name;
#   * fork: the child calls the traced function and returns from a function entered (return
#     probe armed) in the traced parent; only the parent's calls and return are seen, both
#     processes print and exit as untraced;
#   * a function whose first instruction has a lock prefix (uprobes refuse it) in a description
#     matching others: the others trace, a message names the function, the program unharmed;
#   * a return probe on _start (no ret; argc at the stack pointer): the -c child unharmed;
#     functions without a ret that a call enters (an endless loop, a noreturn exit) have
#     their return probes, as dtrace lists them;
#   * never harmed: 4 threads x 200000 calls, SIGUSR1 and SIGALRM handlers calling a traced
#     function, every a.out function's entry and return traced (-p): stdout and exit status
#     byte for byte as untraced, counts equal to the program's; the same under -c, smaller.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
. "$TOP/tests/sh/pid.inc"
U=$USDTRACE
PEEK=$B/tools/pid_peek
if ! sdt_is_root; then
	skip pid_proc "needs root"
	exit 0
fi
P=$TOP/tests/progs/pid
CF="-std=gnu11 -O2 -g -Wall -Wextra -Werror"
if ! gcc $CF -o "$W/pidspin" "$P/pidspin.c" 2>"$W/cc.err" ||
	! gcc $CF -fPIC -shared -o "$W/libpidlib.so" "$P/pidlib.c" 2>>"$W/cc.err" ||
	! gcc $CF -fPIC -shared -o "$W/libpidplug.so" "$P/pidplug.c" 2>>"$W/cc.err" ||
	! gcc $CF -o "$W/piddl" "$P/piddl.c" -L"$W" -lpidlib -Wl,-rpath,"$W" -ldl 2>>"$W/cc.err" ||
	! gcc $CF -o "$W/pidfork" "$P/pidfork.c" 2>>"$W/cc.err" ||
	! gcc $CF -pthread -o "$W/pidthr" "$P/pidthr.c" 2>>"$W/cc.err" ||
	! gcc $CF -o "$W/pidlock" "$P/pidlock.c" 2>>"$W/cc.err"; then
	notok pid-proc-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi
tracer_of() { awk '/^TracerPid:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }
progress() { cat "$W/spin.progress" 2>/dev/null || echo 0; }
# moved_from VALUE: up to 10 s for the spinner's progress to pass VALUE; prints it
moved_from() {
	_n=0
	while [ "$(progress)" -le "$1" ] && [ $_n -lt 200 ]; do
		sleep 0.05
		_n=$((_n + 1))
	done
	progress
}

# --- -p, pid$1 and bpftrace on one running process ---
M=500
rm -f "$W/spin.go" "$W/spin.stop"
"$W/pidspin" "$W/spin.progress" "$W/spin.go" "$W/spin.stop" $M >"$W/spin.out" 2>"$W/spin.err" &
sp=$!
sdt_wait_exec $sp "$W/pidspin" 30
D_P='BEGIN { printf("ready\n"); } pid$target:a.out:sp_count:entry { n++; } pid$target:a.out:sp_count:return /arg1 == 2 * ('$M' - 1)/ { printf("n=%d\n", n); exit(0); }'
D_1='BEGIN { printf("ready\n"); } pid$1:a.out:sp_count:entry { n++; } pid$1:a.out:sp_count:return /arg1 == 2 * ('$M' - 1)/ { printf("n=%d %s\n", n, probeprov); exit(0); }'
timeout 60 "$U" -q -n "$D_P" -p $sp >"$W/p.out" 2>"$W/p.err" &
up=$!
timeout 60 "$U" -q -n "$D_1" $sp >"$W/p1.out" 2>"$W/p1.err" &
u1=$!
have_bt=0
if command -v bpftrace >/dev/null 2>&1; then
	pid_bt_start spin "BEGIN { printf(\"ready\\n\"); } uprobe:$W/pidspin:sp_count { @n = count(); }" -p $sp &&
		have_bt=1
fi
if pid_wait_for "$W/p.out" '^ready$' && pid_wait_for "$W/p1.out" '^ready$'; then
	touch "$W/spin.go"
	pid_finish $up 30
	urc=$rc
	pid_finish $u1 30
	u1rc=$rc
	bn=none
	if [ $have_bt = 1 ]; then
		pid_bt_stop
		bn=$(pid_bt_val spin @n)
	fi
	if [ $urc -eq 0 ] && [ "$(sed '/^$/d' "$W/p.out")" = "ready
n=$M" ]; then
		ok pid-attach-p
	else
		notok pid-attach-p "rc $urc: $(cat "$W/p.out" "$W/p.err" | tr '\n' ' ' | head -c 300)"
	fi
	if [ $u1rc -eq 0 ] && [ "$(sed '/^$/d' "$W/p1.out")" = "ready
n=$M pid$sp" ]; then
		ok pid-attach-dollar1
	else
		notok pid-attach-dollar1 "rc $u1rc: $(cat "$W/p1.out" "$W/p1.err" | tr '\n' ' ' | head -c 300)"
	fi
	if [ $have_bt = 1 ] && [ "$bn" = $M ]; then
		ok pid-attach-bpftrace-witness
	elif [ $have_bt = 1 ]; then
		notok pid-attach-bpftrace-witness "bpftrace counted $bn, want $M"
	else
		skip pid-attach-bpftrace-witness "no bpftrace, or it did not start"
	fi
else
	notok pid-attach-p "never ready: $(cat "$W/p.err" "$W/p1.err" | head -c 300)"
	kill -9 $up $u1 2>/dev/null
	[ $have_bt = 1 ] && pid_bt_stop
fi

# --- SIGKILL while tracing it: the process goes on, its code is the file's again ---
"$U" -q -n 'BEGIN { printf("ready\n"); } pid$target:a.out:sp_step:entry, pid$target:a.out:sp_step:return { @[probename] = count(); }' \
	-p $sp >"$W/k.out" 2>"$W/k.err" &
up=$!
if pid_wait_for "$W/k.out" '^ready$'; then
	a=$(moved_from 0)
	during=$("$PEEK" $sp "$W/pidspin" sp_step 8 2>&1)
	kill -KILL $up
	pid_finish $up 10
	b=$(moved_from "$a")
	after=$("$PEEK" $sp "$W/pidspin" sp_step 8 2>&1)
	t=$(tracer_of $sp)
	c=$(moved_from "$b")
	mem=$(echo "$after" | sed -n 's/^mem //p') file=$(echo "$after" | sed -n 's/^file //p')
	why=
	case $(echo "$during" | sed -n 's/^mem //p') in
	cc*) ;;
	*) why="no int3 at sp_step while traced [$during];" ;;
	esac
	[ -n "$mem" ] && [ "$mem" = "$file" ] || why="$why after SIGKILL: [$after];"
	[ "$t" = 0 ] || why="$why TracerPid $t;"
	[ "$c" -gt "$b" ] && [ "$b" -gt "$a" ] || why="$why progress $a $b $c;"
	if [ -z "$why" ]; then
		ok pid-sigkill-restored
	else
		notok pid-sigkill-restored "$why"
	fi
else
	notok pid-sigkill-restored "never ready: $(head -c 300 "$W/k.err")"
	kill -9 $up 2>/dev/null
fi
touch "$W/spin.stop"
pid_finish $sp 30
if [ $rc -eq 0 ] && grep -q "^ok [0-9]* sp_count $M\$" "$W/spin.out"; then
	ok pid-spinner-unharmed
else
	notok pid-spinner-unharmed "exit $rc: $(cat "$W/spin.out" "$W/spin.err" | head -c 300)"
fi

# --- libraries: linked at start, dlopen()ed later ---
N=50
D_L='pid$target:libpid*:p[lp]_*:entry { @[probemod, probefunc] = count(); }
END { printa("%s %s %@d\n", @); }'
"$W/piddl" "$W/libpidplug.so" $N >"$W/dl.base"
timeout 60 "$U" -q -o "$W/dlc.tr" -n "$D_L" -c "$W/piddl $W/libpidplug.so $N" >"$W/dlc.prog" 2>"$W/dlc.err"
rc=$?
want="libpidlib.so pl_add $((3 * N))
libpidlib.so pl_twice $N
libpidplug.so pp_mul $N"
if [ $rc -eq 0 ] && [ "$(sed '/^$/d' "$W/dlc.tr" | sort)" = "$want" ] && cmp -s "$W/dlc.prog" "$W/dl.base"; then
	ok pid-dlopen-c
else
	notok pid-dlopen-c "rc $rc [$(tr '\n' ' ' <"$W/dlc.tr")] want [$(echo "$want" | tr '\n' ' ')] $(head -c 200 "$W/dlc.err")"
fi
rm -f "$W/dl.go"
"$W/piddl" "$W/libpidplug.so" $N "$W/dl.go" >"$W/dlp.prog" 2>&1 &
tp=$!
sdt_wait_exec $tp "$W/piddl" 30
timeout 60 "$U" -q -n 'BEGIN { printf("ready\n"); }' -n "$D_L" -p $tp >"$W/dlp.tr" 2>"$W/dlp.err" &
up=$!
pid_wait_for "$W/dlp.tr" '^ready$'
touch "$W/dl.go"
pid_finish $tp 30
trc=$rc
pid_finish $up 30
want="libpidlib.so pl_add $N
libpidplug.so pp_mul $N"
if [ $trc -eq 0 ] && [ $rc -eq 0 ] && [ "$(sed -e '/^$/d' -e '/^ready$/d' "$W/dlp.tr" | sort)" = "$want" ] &&
	cmp -s "$W/dlp.prog" "$W/dl.base"; then
	ok pid-dlopen-p
else
	notok pid-dlopen-p "rc $trc/$rc [$(tr '\n' ' ' <"$W/dlp.tr")] want [$(echo "$want" | tr '\n' ' ')] $(head -c 200 "$W/dlp.err")"
fi

# --- fork: the child is not traced, and not harmed ---
"$W/pidfork" 3 >"$W/fork.base"
brc=$?
timeout 60 "$U" -q -o "$W/fork.tr" -n 'pid$target:a.out:pf_forked:entry { @e[pid == $target ? "parent" : "child"] = count(); }' \
	-n 'pid$target:a.out:pf_spawn:return { @r[pid == $target ? "parent" : "child", arg1 == 0 ? "zero" : "child-pid"] = count(); }' \
	-n 'END { printa("entry %s %@d\n", @e); printa("return %s %s %@d\n", @r); }' \
	-c "$W/pidfork 3" >"$W/fork.prog" 2>"$W/fork.err"
rc=$?
want="entry parent 6
return parent child-pid 1"
if [ $brc -eq 0 ] && [ $rc -eq 0 ] && [ "$(sed '/^$/d' "$W/fork.tr")" = "$want" ] && cmp -s "$W/fork.prog" "$W/fork.base"; then
	ok pid-fork-child-untraced
else
	notok pid-fork-child-untraced "rc $rc [$(tr '\n' ' ' <"$W/fork.tr")] want [$(echo "$want" | tr '\n' ' ')]; program [$(tr '\n' ' ' <"$W/fork.prog")] untraced [$(tr '\n' ' ' <"$W/fork.base")] $(head -c 200 "$W/fork.err")"
fi

# --- never harmed: threads, signals, heavy calls, every a.out function's entry and return ---
TH=4 CALLS=200000
"$W/pidthr" $TH $CALLS >"$W/thr.base" 2>"$W/thr.baseerr"
brc=$?
rm -f "$W/thr.go"
"$W/pidthr" $TH $CALLS "$W/thr.go" >"$W/thr.out" 2>"$W/thr.err" &
tp=$!
sdt_wait_exec $tp "$W/pidthr" 30
D_H='pid$target:a.out::entry, pid$target:a.out::return { @[probefunc, probename] = count(); }
END { printa("%s %s %@d\n", @); }'
timeout 120 "$U" -q -n 'BEGIN { printf("ready\n"); }' -n "$D_H" -p $tp >"$W/thr.tr" 2>"$W/thr.trerr" &
up=$!
pid_wait_for "$W/thr.tr" '^ready$' || kill -9 $tp 2>/dev/null # not ready: fail now, not in 30 s
touch "$W/thr.go"
pid_finish $tp 120
trc=$rc
pid_finish $up 30
sig=$(sed -n 's/^pt_on_signal //p' "$W/thr.err")
why=
[ $brc -eq 5 ] || why="untraced exit $brc;"
[ $trc -eq $brc ] || why="$why traced exit $trc;"
cmp -s "$W/thr.out" "$W/thr.base" || why="$why stdout [$(tr '\n' ' ' <"$W/thr.out")] untraced [$(tr '\n' ' ' <"$W/thr.base")];"
for pn in "pt_work entry $((TH * CALLS))" "pt_work return $((TH * CALLS))" "pt_on_signal entry $sig" "pt_on_signal return $sig"; do
	grep -q "^$pn\$" "$W/thr.tr" || why="$why no [$pn] in [$(grep '^pt_' "$W/thr.tr" | tr '\n' ' ')];"
done
if [ $rc -eq 0 ] && [ -z "$why" ]; then
	ok pid-never-harmed-p
else
	notok pid-never-harmed-p "rc $rc $why $(head -c 200 "$W/thr.trerr")"
fi

# the same under -c (main's entry and return included), smaller
CALLS=20000
"$W/pidthr" $TH $CALLS >"$W/thc.base" 2>/dev/null
timeout 120 "$U" -q -o "$W/thc.tr" -n "$D_H" -c "$W/pidthr $TH $CALLS" >"$W/thc.out" 2>"$W/thc.err"
rc=$?
sig=$(sed -n 's/^pt_on_signal //p' "$W/thc.err")
why=
cmp -s "$W/thc.out" "$W/thc.base" || why="stdout [$(tr '\n' ' ' <"$W/thc.out")] untraced [$(tr '\n' ' ' <"$W/thc.base")];"
for pn in "pt_work entry $((TH * CALLS))" "pt_work return $((TH * CALLS))" "pt_on_signal entry $sig" "main entry 1" "main return 1"; do
	grep -q "^$pn\$" "$W/thc.tr" || why="$why no [$pn] in [$(grep '^pt_\|^main' "$W/thc.tr" | tr '\n' ' ')];"
done
if [ $rc -eq 0 ] && [ -z "$why" ]; then
	ok pid-never-harmed-c
else
	notok pid-never-harmed-c "rc $rc $why $(grep -v '^pt_on_signal' "$W/thc.err" | head -c 200)"
fi

# --- a function uprobes cannot probe (a lock prefix at entry) among others ---
if objdump -d "$W/pidlock" --disassemble=pl_locked | grep -A1 '<pl_locked>:' | grep -q '	lock '; then
	"$W/pidlock" 20 >"$W/lock.base"
	timeout 60 "$U" -q -o "$W/lock.tr" -n 'pid$target:a.out:pl_*:entry { @[probefunc] = count(); }' \
		-n 'END { printa("%s %@d\n", @); }' -c "$W/pidlock 20" >"$W/lock.prog" 2>"$W/lock.err"
	rc=$?
	locked=$(awk '$1 == "pl_locked" { print $2 }' "$W/lock.tr")
	if [ $rc -eq 0 ] && grep -q '^pl_plain 20$' "$W/lock.tr" && { [ -z "$locked" ] || [ "$locked" = 20 ]; } &&
		grep -q pl_locked "$W/lock.err" && cmp -s "$W/lock.prog" "$W/lock.base"; then
		ok pid-unprobeable-instruction
	else
		notok pid-unprobeable-instruction "rc $rc: [$(tr '\n' ' ' <"$W/lock.tr")] want pl_plain 20 and a message naming pl_locked: [$(head -c 300 "$W/lock.err")]"
	fi
else
	skip pid-unprobeable-instruction "pl_locked does not start with a lock prefix in this build"
fi

# --- a return probe on a function that is never called and never returns: _start, where the
# word at the stack pointer is argc, not a return address: a uretprobe there would write over
# argc, so _start has no return probe (DTrace for Linux lists one) and its stack is left alone ---
# Functions a call enters have a return probe even without a ret instruction (dtrace -l lists
# one for an endless-loop main: a uretprobe set at the entry that never fires): forever() loops,
# quit() calls _exit; both are listed with their entry probes, _start with its entry only.
printf '#include <unistd.h>\n__attribute__((noinline, noreturn)) void quit(void) { _exit(0); }\n__attribute__((noinline)) void forever(void) { for (;;) pause(); }\nint main(int argc, char **argv) { (void)argv; if (argc > 5) forever(); sleep(1); quit(); }\n' >"$W/noret.c"
if gcc -O1 -o "$W/noret" "$W/noret.c" 2>>"$W/cc.err"; then
	timeout 60 "$U" -l -c "$W/noret" -n 'pid$target:a.out:quit:, pid$target:a.out:forever:, pid$target:a.out:_start:' \
		>"$W/noret.l" 2>"$W/noret.err"
	got=$(awk 'NR > 1 && ($5 == "entry" || $5 == "return") { print $4 ":" $5 }' "$W/noret.l" | sort | tr '\n' ' ')
	if [ "$got" = "_start:entry forever:entry forever:return quit:entry quit:return " ]; then
		ok pid-return-without-ret
	else
		notok pid-return-without-ret "listed [$got] $(head -c 200 "$W/noret.err")"
	fi
else
	notok pid-return-without-ret "$(tail -c 300 "$W/cc.err")"
fi

"$W/pidfork" 2 >"$W/start.base"
timeout 60 "$U" -Z -q -n 'pid$target:a.out:_start:return { n++; } END { printf("n=%d\n", n); }' \
	-c "$W/pidfork 2" >"$W/start.out" 2>"$W/start.err"
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -v '^n=0$' "$W/start.out" | sed '/^$/d')" = "$(cat "$W/start.base")" ] &&
	grep -q '^n=0$' "$W/start.out"; then
	ok pid-start-return-harmless
else
	notok pid-start-return-harmless "rc $rc: the program printed [$(tr '\n' ' ' <"$W/start.out")], untraced [$(tr '\n' ' ' <"$W/start.base")] $(head -c 200 "$W/start.err")"
fi
