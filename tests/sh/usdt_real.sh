#!/bin/sh
# tier: full
# usdt_real.sh — the USDT provider on real programs no one here wrote: python3.11, PostgreSQL 15,
# OpenJDK 17's libjvm.so, libstdc++ and Ruby 3.1's libruby. Each workload (tests/real/) does a number of things it
# counts itself; usdtrace traces it with dtrace-form descriptions (provider$target with -c and
# -p, provider$PID, provider* for every process) and bpftrace 0.17 traces the very same run as
# the independent witness. A case passes when all three counts agree.
#
# How bpftrace sees the same run as usdtrace:
#   - with -c: the workload is started by usdtrace and waits for a "go" file before doing
#     anything; it writes its pid first, bpftrace attaches to that pid (-p), and only when
#     bpftrace's BEGIN has printed READY (bpftrace fires BEGIN after attaching everything) is
#     the go file created. (bpftrace -c cannot attach to a library the program has not loaded
#     yet, like libjvm.so or libstdc++, so it cannot be the one that starts the workload.)
#   - Java: bpftrace traces every process, keyed by pid, so that it also sees vm-init-end,
#     which fires before any -p attach could happen; the workload's pid selects the row.
#   - PostgreSQL: both trace every process at once while the workload runs, then get SIGINT.
# usdtrace's attach is awaited the same way: a BEGIN clause printing READY (dtrace fires BEGIN
# after every enabling is in place, and flushes its output as it consumes it).
# Needs root (BPF, and runuser for PostgreSQL).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
w=$W
chmod 755 "$w" # the postgres user needs to reach its cluster directory under it

PY=/usr/bin/python3.11
RB=/usr/bin/ruby3.1
LIBRUBY=/usr/lib/x86_64-linux-gnu/libruby-3.1.so.3.1
JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64
JAVA=$JAVA_HOME/bin/java
JAVAC=$JAVA_HOME/bin/javac
LIBJVM=$JAVA_HOME/lib/server/libjvm.so
BPFTRACE=${BPFTRACE:-$(command -v bpftrace)}
CXX=${CXX:-g++}
. "$TOP/tests/real/pg.sh"

# Workload sizes: what each workload is told to do, so what every count must be.
PY_CALLS=1000 PY_GCS=5 PY_IMPORTS=7
PG_QUERIES=50 PG_CLIENTS=1 PG_TXNS=200 PG_LOCKWAITS=3
# One pgbench client: the counts are global variables (n++), which are not atomic in D (in
# dtrace as here): two backends incrementing one at the same moment on two CPUs can lose an
# update, as seen here with two clients (249 for 250). Concurrent counting is count()'s job.
J_LOADS=25 J_THREADS=6 J_GCS=4
CXX_THROWS=100 CXX_RETHROWS=30
RB_N=40

py_cases="py_function_entry py_function_entry_alone py_function_return py_line py_gc_start py_gc_done py_import_start
py_import_done py_args py_agg py_pid py_pid_explicit"
pg_cases="pg_query_start pg_query_string pg_transaction_start pg_transaction_commit
pg_lock_wait_start pg_lock_wait_done"
java_cases="java_class_loaded java_thread_start java_gc_begin java_gc_end java_vm_init_end"
cxx_cases="cxx_throw cxx_rethrow cxx_catch"
rb_cases="rb_object_create rb_method_entry rb_method_return rb_cmethod_entry rb_cmethod_return
rb_raise rb_gc_mark_begin rb_load_entry rb_load_return rb_args rb_agg"

skip_all() { # reason cases...
	_r=$1
	shift
	for _c in $*; do skip "$_c" "$_r"; done
}
if ! sdt_is_root; then
	skip_all "needs root" $py_cases $pg_cases $java_cases $cxx_cases $rb_cases
	exit 0
fi
if [ -z "$BPFTRACE" ] || [ ! -x "$BPFTRACE" ]; then
	skip_all "bpftrace (the witness) is not installed" $py_cases $pg_cases $java_cases $cxx_cases $rb_cases
	exit 0
fi

# Every process this script starts in the background is listed here and killed on exit
# (by pid, only if still running), then the cluster is stopped and the directory removed.
bg=""
cleanup() {
	for _p in $bg; do kill -KILL "$_p" 2>/dev/null; done
	for _f in "$w"/*.go.pid; do
		[ -f "$_f" ] && kill -KILL "$(cat "$_f")" 2>/dev/null
	done
	pg_stop
	rm -rf "$w"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# wait_for FILE PATTERN SECONDS [PID]: poll until FILE has a line matching PATTERN; gives up
# (status 1) after SECONDS, or as soon as PID (the process that should write it) is gone.
wait_for() {
	_n=0
	while ! grep -q "$2" "$1" 2>/dev/null; do
		_n=$((_n + 1))
		[ $_n -gt $(($3 * 50)) ] && return 1
		if [ -n "$4" ] && ! kill -0 "$4" 2>/dev/null; then
			grep -q "$2" "$1" 2>/dev/null
			return
		fi
		sleep 0.02
	done
}

# reap PID SECONDS: wait for a background process to end on its own; after SECONDS it is
# killed and the status is 124. Sets $rc.
reap() {
	_n=0
	while kill -0 "$1" 2>/dev/null; do
		_n=$((_n + 1))
		if [ $_n -gt $(($2 * 50)) ]; then
			kill -KILL "$1" 2>/dev/null
			wait "$1" 2>/dev/null
			rc=124
			return
		fi
		sleep 0.02
	done
	wait "$1"
	rc=$?
}

# interrupt PID: SIGINT (the tracer prints its END output and exits), then reap. Sets $rc.
interrupt() {
	kill -INT "$1" 2>/dev/null
	reap "$1" 30
}

# bt_start NAME PROGRAM [BPFTRACE-ARGS...]: bpftrace in the background, output in $w/NAME.bt;
# returns once it has attached (its BEGIN printed READY), or 1 (with $w/NAME.bt.err).
bt_start() {
	_name=$1 _prog=$2
	shift 2
	"$BPFTRACE" "$@" -e "BEGIN { printf(\"READY\\n\"); } $_prog" >"$w/$_name.bt" 2>"$w/$_name.bt.err" &
	bt_pid=$!
	bg="$bg $bt_pid"
	wait_for "$w/$_name.bt" '^READY$' 60 "$bt_pid"
}

# val FILE KEY: the number after "KEY" on a "KEY N" line (usdtrace's printf), or after
# "@KEY: " (bpftrace's map print; a count map that never counted is not printed: 0).
val() {
	awk -v k="$2" '$1 == k || $1 == "@" k ":" { v = $2 } END { print v == "" ? 0 : v }' "$1"
}

# agree CASE WANT USDTRACE BPFTRACE: ok when all three are equal numbers.
agree() {
	if [ -z "$3" ]; then
		notok "$1" "usdtrace printed no count (want $2)"
	elif [ "$2" = "$3" ] && [ "$3" = "$4" ]; then
		ok "$1"
	elif [ "$2" = "$4" ]; then
		notok "$1" "usdtrace counted $3; the workload did $2 and bpftrace agrees"
	else
		notok "$1" "workload did $2, usdtrace counted $3, bpftrace (witness) counted $4"
	fi
}

# tracer_failed CASES...: the tracer ($rc, $w/$run.err) failed: every case of the run fails.
tracer_failed() {
	_why="usdtrace exit $rc: $(head -c 400 "$w/$run.err" | tr '\n' ' ')"
	for _c in "$@"; do notok "$_c" "$_why"; done
}

# report FILE KEY: the workload's own count.
report() { val "$1" "$2"; }

# c_run RUN COMMAND BTPROG USDTRACE-ARGS...: usdtrace -q ARGS -c COMMAND, where COMMAND is a
# workload given the go file $w/RUN.go; bpftrace BTPROG attaches to the workload with -p
# before the go file appears. usdtrace's output in $w/RUN.out, bpftrace's in $w/RUN.bt.
# Sets $rc (usdtrace's status) and $wpid; returns 1 when the setup failed ($why says why).
c_run() {
	run=$1 _cmd=$2 _bt=$3
	shift 3
	rm -f "$w/$run.go" "$w/$run.go.pid"
	"$USDTRACE" -q "$@" -c "$_cmd" >"$w/$run.out" 2>"$w/$run.err" &
	_u=$!
	bg="$bg $_u"
	why=""
	if ! wait_for "$w/$run.go.pid" '^[0-9]' 60 "$_u"; then
		reap "$_u" 30
		why="the workload never started (usdtrace exit $rc)"
		return 1
	fi
	wpid=$(cat "$w/$run.go.pid")
	if ! bt_start "$run" "$_bt" -p "$wpid"; then
		why="bpftrace did not attach: $(head -c 300 "$w/$run.bt.err" | tr '\n' ' ')"
		kill -KILL "$wpid" 2>/dev/null
		reap "$_u" 30
		return 1
	fi
	touch "$w/$run.go"
	reap "$_u" 120
	_urc=$rc
	reap "$bt_pid" 30 # bpftrace -p exits when the traced process does
	[ $rc -eq 0 ] || why="bpftrace exit $rc: $(head -c 300 "$w/$run.bt.err" | tr '\n' ' ')"
	rc=$_urc
	[ -z "$why" ]
}

# p_run RUN COMMAND BTPROG USDTRACE-ARGS...: like c_run, but the workload is started first and
# both tracers attach to it with -p once it waits for its go file (usdtrace: -p PID, its
# descriptions naming $target; it must exit by itself when the process does).
p_run() {
	run=$1 _cmd=$2 _bt=$3
	shift 3
	rm -f "$w/$run.go" "$w/$run.go.pid"
	$_cmd 2>"$w/$run.werr" &
	_wk=$!
	bg="$bg $_wk"
	why=""
	if ! wait_for "$w/$run.go.pid" '^[0-9]' 60 "$_wk"; then
		why="the workload never started: $(head -c 300 "$w/$run.werr" | tr '\n' ' ')"
		return 1
	fi
	wpid=$(cat "$w/$run.go.pid")
	"$USDTRACE" -q -p "$wpid" "$@" -n 'BEGIN { printf("READY\n"); }' >"$w/$run.out" 2>"$w/$run.err" &
	_u=$!
	bg="$bg $_u"
	if ! wait_for "$w/$run.out" '^READY$' 60 "$_u"; then
		kill -KILL "$wpid" 2>/dev/null
		reap "$_u" 30
		why="usdtrace did not attach (exit $rc): $(head -c 300 "$w/$run.err" | tr '\n' ' ')"
		return 1
	fi
	if ! bt_start "$run" "$_bt" -p "$wpid"; then
		why="bpftrace did not attach: $(head -c 300 "$w/$run.bt.err" | tr '\n' ' ')"
		kill -KILL "$wpid" 2>/dev/null
		reap "$_u" 30
		return 1
	fi
	touch "$w/$run.go"
	reap "$_wk" 120
	reap "$_u" 30
	_urc=$rc
	reap "$bt_pid" 30
	[ $rc -eq 0 ] || why="bpftrace exit $rc: $(head -c 300 "$w/$run.bt.err" | tr '\n' ' ')"
	rc=$_urc
	[ -z "$why" ]
}

# ---------------------------------------------------------------- python3.11
py_work="$TOP/tests/real/py_work.py"
py_cmd() { echo "$PY $py_work $PY_CALLS $PY_GCS $PY_IMPORTS $w/$1.rep $w/$1.go"; }
# The counted line of usdt_real_f's body, and the line of its def (function-entry's arg2).
py_line=$(grep -n '# COUNTED LINE$' "$py_work" | cut -d: -f1)
py_def=$(grep -n '^def usdt_real_f' "$py_work" | cut -d: -f1)
P="usdt:$PY:python"

if [ ! -x "$PY" ]; then
	skip_all "$PY is not installed" $py_cases
else
	# CPython 3.11 checks function__entry's semaphore only on its tracing dispatch path, which
	# the line probe's semaphore turns on: with function-entry enabled alone, Python-to-Python
	# calls do not fire it at all (bpftrace sees the same; docs/real-programs.md). So the cases
	# that count calls also enable python:line, with a predicate that is never true (not a
	# constant one, which a compiler could drop along with the probe).
	noline='python$target:::line /arg2 < 0/ { }'
	btnoline="$P:line /arg2 < 0/ { }"

	# The issue's own example: a predicate on a copied-in string, a variable, END.
	run=py_entry
	if ! c_run $run "$(py_cmd $run)" \
		"$P:function__entry /str(arg1) == \"usdt_real_f\"/ { @fe = count(); } $btnoline" \
		-n 'python$target:::function-entry /copyinstr(arg1) == "usdt_real_f"/ { n++ }' \
		-n "$noline" -n 'END { printf("fe %d\n", n); }'; then
		notok py_function_entry "$why; usdtrace: $(head -c 300 "$w/$run.err" | tr '\n' ' ')"
	elif [ $rc -ne 0 ]; then
		tracer_failed py_function_entry
	else
		agree py_function_entry "$(report "$w/$run.rep" calls)" "$(val "$w/$run.out" fe)" \
			"$(val "$w/$run.bt" fe)"
	fi

	# The same without line: whatever python fires, usdtrace must count what bpftrace counts
	# on the same run (bpftrace attached after start-up, before the calls).
	run=py_entry_alone
	if ! c_run $run "$(py_cmd $run)" \
		"$P:function__entry /str(arg1) == \"usdt_real_f\"/ { @fe = count(); }" \
		-n 'python$target:::function-entry /copyinstr(arg1) == "usdt_real_f"/ { n++ }' \
		-n 'END { printf("fe %d\n", n); }'; then
		notok py_function_entry_alone "$why; usdtrace: $(head -c 300 "$w/$run.err" | tr '\n' ' ')"
	elif [ $rc -ne 0 ]; then
		tracer_failed py_function_entry_alone
	else
		bn=$(val "$w/$run.bt" fe)
		agree py_function_entry_alone "$bn" "$(val "$w/$run.out" fe)" "$bn"
	fi

	# Every other python probe the workload counts, in one run.
	run=py_counts
	cat >"$w/$run.d" <<EOF
python\$target:::function-return /copyinstr(arg1) == "usdt_real_f"/ { fr++; }
python\$target:::line /arg2 == $py_line && copyinstr(arg1) == "usdt_real_f"/ { ln++; }
python\$target:::gc-start /arg0 == 2/ { self->full = 1; gs++; }
python\$target:::gc-done /self->full/ { self->full = 0; gd++; }
python\$target:::import-find-load-start /copyinstr(arg0) == "usdt_real_mod"/ { imps++; }
python\$target:::import-find-load-done /copyinstr(arg0) == "usdt_real_mod"/ { impd++; }
END { printf("fr %d\nln %d\ngs %d\ngd %d\nis %d\nid %d\n", fr, ln, gs, gd, imps, impd); }
EOF
	bt="$P:function__return /str(arg1) == \"usdt_real_f\"/ { @fr = count(); }
$P:line /arg2 == $py_line && str(arg1) == \"usdt_real_f\"/ { @ln = count(); }
$P:gc__start /arg0 == 2/ { @full[tid] = 1; @gs = count(); }
$P:gc__done /@full[tid]/ { @full[tid] = 0; @gd = count(); }
$P:import__find__load__start /str(arg0) == \"usdt_real_mod\"/ { @is = count(); }
$P:import__find__load__done /str(arg0) == \"usdt_real_mod\"/ { @id = count(); }
END { clear(@full); }"
	cases="py_function_return py_line py_gc_start py_gc_done py_import_start py_import_done"
	if ! c_run $run "$(py_cmd $run)" "$bt" -s "$w/$run.d"; then
		for c in $cases; do notok $c "$why; usdtrace: $(head -c 300 "$w/$run.err" | tr '\n' ' ')"; done
	elif [ $rc -ne 0 ]; then
		tracer_failed $cases
	else
		rep=$w/$run.rep o=$w/$run.out b=$w/$run.bt
		agree py_function_return "$(report $rep calls)" "$(val $o fr)" "$(val $b fr)"
		if [ "$(report $rep line)" != "$py_line" ]; then
			notok py_line "the workload counted line $(report $rep line), not $py_line"
		else
			agree py_line "$(report $rep calls)" "$(val $o ln)" "$(val $b ln)"
		fi
		agree py_gc_start "$(report $rep gcs)" "$(val $o gs)" "$(val $b gs)"
		agree py_gc_done "$(report $rep gcs)" "$(val $o gd)" "$(val $b gd)"
		agree py_import_start "$(report $rep imports)" "$(val $o is)" "$(val $b is)"
		agree py_import_done "$(report $rep imports)" "$(val $o id)" "$(val $b id)"
	fi

	# Argument values: file (arg0), function (arg1, and args[1]), def line (arg2, args[2]),
	# from the first call of usdt_real_f.
	run=py_argv
	if ! c_run $run "$(py_cmd $run)" \
		"$P:function__entry /str(arg1) == \"usdt_real_f\" && @seen == 0/ { @seen = 1; printf(\"%s|%s|%d|%d\\n\", str(arg0), str(arg1), arg2, arg2); } END { clear(@seen); } $btnoline" \
		-n 'BEGIN { seen = 0; }' \
		-n 'python$target:::function-entry /copyinstr(arg1) == "usdt_real_f" && !seen/ { seen = 1; printf("%s|%s|%d|%d\n", copyinstr(arg0), copyinstr(args[1]), arg2, args[2]); }' \
		-n "$noline"; then
		notok py_args "$why; usdtrace: $(head -c 300 "$w/$run.err" | tr '\n' ' ')"
	elif [ $rc -ne 0 ]; then
		tracer_failed py_args
	else
		want="$(awk '$1 == "file" { print $2 }' "$w/$run.rep")|usdt_real_f|$py_def|$py_def"
		got=$(cat "$w/$run.out")
		btgot=$(grep '|' "$w/$run.bt")
		if [ "$got" = "$want" ] && [ "$btgot" = "$want" ]; then
			ok py_args
		else
			notok py_args "usdtrace printed [$got], bpftrace [$btgot], want [$want]"
		fi
	fi

	# The aggregation: usdtrace saw the whole run, bpftrace only from its attach on, so every
	# function bpftrace counted must be counted at least as often by usdtrace, and
	# usdt_real_f exactly as often as it was called.
	run=py_agg
	if ! c_run $run "$(py_cmd $run)" "$P:function__entry { @[str(arg1)] = count(); } $btnoline" \
		-n 'python$target:::function-entry { @[copyinstr(arg1)] = count(); }' -n "$noline"; then
		notok py_agg "$why; usdtrace: $(head -c 300 "$w/$run.err" | tr '\n' ' ')"
	elif [ $rc -ne 0 ]; then
		tracer_failed py_agg
	else
		# dtrace prints "  KEY   COUNT" lines; bpftrace "@[KEY]: COUNT".
		awk 'NF == 2 && $2 ~ /^[0-9]+$/ { print $1, $2 }' "$w/$run.out" | sort >"$w/$run.u"
		sed -n 's/^@\[\(.*\)\]: \([0-9]*\)$/\1 \2/p' "$w/$run.bt" | sort >"$w/$run.b"
		fewer=$(awk 'NR == FNR { u[$1] = $2; next } !($1 in u) || u[$1] < $2 { print $1 }' \
			"$w/$run.u" "$w/$run.b" | head -5 | tr '\n' ' ')
		f=$(awk '$1 == "usdt_real_f" { print $2 }' "$w/$run.u")
		bf=$(awk '$1 == "usdt_real_f" { print $2 }' "$w/$run.b")
		if [ -n "$fewer" ]; then
			notok py_agg "usdtrace counted fewer calls than bpftrace of: $fewer"
		elif [ "$(wc -l <"$w/$run.b")" -lt 3 ]; then
			notok py_agg "bpftrace saw only $(wc -l <"$w/$run.b") functions: $(tr '\n' ' ' <"$w/$run.b")"
		else
			agree py_agg "$(report "$w/$run.rep" calls)" "$f" "$bf"
		fi
	fi

	# -p: attach to a running python, by provider$target and by provider$PID at once;
	# usdtrace must exit by itself when the process does (as dtrace does).
	run=py_pid
	rm -f "$w/$run.go" "$w/$run.go.pid"
	$(py_cmd $run) 2>"$w/$run.werr" &
	wpy=$!
	bg="$bg $wpy"
	if ! wait_for "$w/$run.go.pid" '^[0-9]' 60 "$wpy"; then
		notok py_pid "the workload never started: $(cat "$w/$run.werr")"
		notok py_pid_explicit "the workload never started"
	else
		wpid=$(cat "$w/$run.go.pid")
		"$USDTRACE" -q -p "$wpid" \
			-n 'python$target:::function-entry /copyinstr(arg1) == "usdt_real_f"/ { a++ }' \
			-n "python$wpid:::function-entry /copyinstr(arg1) == \"usdt_real_f\"/ { b++ }" \
			-n "$noline" \
			-n 'BEGIN { printf("READY\n"); }' \
			-n 'END { printf("a %d\nb %d\n", a, b); }' >"$w/$run.out" 2>"$w/$run.err" &
		u=$!
		bg="$bg $u"
		if ! wait_for "$w/$run.out" '^READY$' 60 "$u"; then
			reap "$u" 5
			tracer_failed py_pid py_pid_explicit
		elif ! bt_start $run "$P:function__entry /str(arg1) == \"usdt_real_f\"/ { @fe = count(); } $btnoline" -p "$wpid"; then
			notok py_pid "bpftrace did not attach: $(head -c 300 "$w/$run.bt.err")"
			notok py_pid_explicit "bpftrace did not attach"
		else
			touch "$w/$run.go"
			reap "$wpy" 60
			reap "$u" 20
			if [ $rc -eq 124 ]; then
				tracer_failed py_pid py_pid_explicit
			else
				reap "$bt_pid" 20
				agree py_pid "$(report "$w/$run.rep" calls)" "$(val "$w/$run.out" a)" "$(val "$w/$run.bt" fe)"
				agree py_pid_explicit "$(report "$w/$run.rep" calls)" "$(val "$w/$run.out" b)" "$(val "$w/$run.bt" fe)"
			fi
		fi
	fi
fi

# ---------------------------------------------------------------- Ruby 3.1 (libruby)
rb_work="$TOP/tests/real/rb_work.rb"
rb_cmd() { echo "$RB $rb_work $RB_N $w/$1.rep $w/$1.go"; }
rb_line=$(grep -n '# ENTRY LINE$' "$rb_work" | cut -d: -f1)
R="usdt:$LIBRUBY:ruby"

if [ ! -x "$RB" ] || [ ! -f "$LIBRUBY" ]; then
	skip_all "$RB (Debian's ruby3.1) is not installed" $rb_cases
else
	# Every probe the workload counts, in one run: only between its two marker loads, so
	# that start-up (rubygems creating objects, collections before GC.disable) is left out.
	# Attached with -p after start-up: Ruby 3.1 crashes in rb_dtrace_setup when cmethod-entry
	# is enabled while rubygems loads (an alias in a class body; bpftrace enabling it for
	# every process crashes it the same way; docs/real-programs.md).
	run=rb_counts
	rep=$w/$run.rep
	cat >"$w/$run.d" <<EOF
ruby\$target:::load-entry /copyinstr(arg0) == "$rep.begin.rb"/ { on = 1; }
ruby\$target:::load-entry /copyinstr(arg0) == "$rep.end.rb"/ { on = 0; }
ruby\$target:::object-create /on && copyinstr(arg0) == "UsdtRealObj"/ { oc++; }
ruby\$target:::method-entry /on && copyinstr(arg1) == "usdt_real_m"/ { me++; }
ruby\$target:::method-return /on && copyinstr(arg1) == "usdt_real_m"/ { mr++; }
ruby\$target:::cmethod-entry /on && copyinstr(arg0) == "Integer" && copyinstr(arg1) == "gcd"/ { ce++; }
ruby\$target:::cmethod-return /on && copyinstr(arg0) == "Integer" && copyinstr(arg1) == "gcd"/ { cr++; }
ruby\$target:::raise /on && copyinstr(arg0) == "UsdtRealError"/ { ra++; }
ruby\$target:::gc-mark-begin /on/ { gc++; }
ruby\$target:::load-entry /on && copyinstr(arg0) == "$rep.mod.rb"/ { le++; }
ruby\$target:::load-return /on && copyinstr(arg0) == "$rep.mod.rb"/ { lr++; }
END { printf("oc %d\nme %d\nmr %d\nce %d\ncr %d\nra %d\ngc %d\nle %d\nlr %d\n", oc, me, mr, ce, cr, ra, gc, le, lr); }
EOF
	bt="$R:load__entry /str(arg0) == \"$rep.begin.rb\"/ { @on = 1; }
$R:load__entry /str(arg0) == \"$rep.end.rb\"/ { @on = 0; }
$R:object__create /@on == 1 && str(arg0) == \"UsdtRealObj\"/ { @oc = count(); }
$R:method__entry /@on == 1 && str(arg1) == \"usdt_real_m\"/ { @me = count(); }
$R:method__return /@on == 1 && str(arg1) == \"usdt_real_m\"/ { @mr = count(); }
$R:cmethod__entry /@on == 1 && str(arg0) == \"Integer\" && str(arg1) == \"gcd\"/ { @ce = count(); }
$R:cmethod__return /@on == 1 && str(arg0) == \"Integer\" && str(arg1) == \"gcd\"/ { @cr = count(); }
$R:raise /@on == 1 && str(arg0) == \"UsdtRealError\"/ { @ra = count(); }
$R:gc__mark__begin /@on == 1/ { @gc = count(); }
$R:load__entry /@on == 1 && str(arg0) == \"$rep.mod.rb\"/ { @le = count(); }
$R:load__return /@on == 1 && str(arg0) == \"$rep.mod.rb\"/ { @lr = count(); }
END { clear(@on); }"
	cases="rb_object_create rb_method_entry rb_method_return rb_cmethod_entry rb_cmethod_return
rb_raise rb_gc_mark_begin rb_load_entry rb_load_return"
	if ! p_run $run "$(rb_cmd $run)" "$bt" -s "$w/$run.d"; then
		for c in $cases; do notok $c "$why; usdtrace: $(head -c 300 "$w/$run.err" | tr '\n' ' ')"; done
	elif [ $rc -ne 0 ]; then
		tracer_failed $cases
	else
		o=$w/$run.out b=$w/$run.bt n=$(report $rep n)
		agree rb_object_create "$n" "$(val $o oc)" "$(val $b oc)"
		agree rb_method_entry "$n" "$(val $o me)" "$(val $b me)"
		agree rb_method_return "$n" "$(val $o mr)" "$(val $b mr)"
		agree rb_cmethod_entry "$n" "$(val $o ce)" "$(val $b ce)"
		agree rb_cmethod_return "$n" "$(val $o cr)" "$(val $b cr)"
		agree rb_raise "$n" "$(val $o ra)" "$(val $b ra)"
		agree rb_gc_mark_begin "$n" "$(val $o gc)" "$(val $b gc)"
		agree rb_load_entry "$n" "$(val $o le)" "$(val $b le)"
		agree rb_load_return "$n" "$(val $o lr)" "$(val $b lr)"
	fi

	# Argument values of the first method-entry: class, method, file, line of its first statement.
	run=rb_argv
	if ! c_run $run "$(rb_cmd $run)" \
		"$R:method__entry /str(arg1) == \"usdt_real_m\" && @seen == 0/ { @seen = 1; printf(\"%s|%s|%s|%d\\n\", str(arg0), str(arg1), str(arg2), arg3); } END { clear(@seen); }" \
		-n 'BEGIN { seen = 0; }' \
		-n 'ruby$target:::method-entry /copyinstr(arg1) == "usdt_real_m" && !seen/ { seen = 1; printf("%s|%s|%s|%d\n", copyinstr(arg0), copyinstr(args[1]), copyinstr(arg2), args[3]); }'; then
		notok rb_args "$why; usdtrace: $(head -c 300 "$w/$run.err" | tr '\n' ' ')"
	elif [ $rc -ne 0 ]; then
		tracer_failed rb_args
	else
		want="UsdtRealObj|usdt_real_m|$(report "$w/$run.rep" file)|$rb_line"
		got=$(cat "$w/$run.out")
		btgot=$(grep '|' "$w/$run.bt")
		if [ "$got" = "$want" ] && [ "$btgot" = "$want" ]; then
			ok rb_args
		else
			notok rb_args "usdtrace printed [$got], bpftrace [$btgot], want [$want]"
		fi
	fi

	# The classic dtrace one-liner, keyed by class and method, on every process running
	# ruby ("ruby*", so libruby of processes started later too): the workload's method is
	# counted exactly, the same as bpftrace counts it on that process.
	run=rb_agg
	rm -f "$w/$run.go" "$w/$run.go.pid"
	"$USDTRACE" -q -n 'ruby*:::method-entry { @[copyinstr(arg0), copyinstr(arg1)] = count(); }' \
		-n 'BEGIN { printf("READY\n"); }' -Z >"$w/$run.out" 2>"$w/$run.err" &
	u=$!
	bg="$bg $u"
	if ! wait_for "$w/$run.out" '^READY$' 60 "$u"; then
		reap "$u" 5
		tracer_failed rb_agg
	else
		$(rb_cmd $run) 2>"$w/$run.werr" &
		wrb=$!
		bg="$bg $wrb"
		if ! wait_for "$w/$run.go.pid" '^[0-9]' 60 "$wrb"; then
			notok rb_agg "the workload never started: $(cat "$w/$run.werr")"
			interrupt "$u"
		elif ! bt_start $run "$R:method__entry { @[str(arg0), str(arg1)] = count(); }" -p "$(cat "$w/$run.go.pid")"; then
			notok rb_agg "bpftrace did not attach: $(head -c 300 "$w/$run.bt.err")"
			interrupt "$u"
		else
			touch "$w/$run.go"
			reap "$wrb" 60
			reap "$bt_pid" 20
			interrupt "$u"
			# dtrace prints "  KEY1  KEY2  COUNT"; bpftrace "@[KEY1, KEY2]: COUNT"
			uc=$(awk '$1 == "UsdtRealObj" && $2 == "usdt_real_m" { print $3 }' "$w/$run.out")
			bc=$(sed -n 's/^@\[UsdtRealObj, usdt_real_m\]: \([0-9]*\)$/\1/p' "$w/$run.bt")
			if [ $rc -ne 0 ]; then
				tracer_failed rb_agg
			else
				agree rb_agg "$(report "$w/$run.rep" n)" "$uc" "$bc"
			fi
		fi
	fi
fi

# ---------------------------------------------------------------- libstdc++
# The libstdc++ the thrower really loads (bpftrace wants the file's path, and a path with
# "++" in it must be quoted in a bpftrace attach point).
run=cxx
if ! $CXX -O2 -Wall -Wextra -Werror -o "$w/thrower" "$TOP/tests/real/thrower.cc" 2>"$w/thrower.err"; then
	for c in $cxx_cases; do notok $c "cannot build the thrower: $(head -c 300 "$w/thrower.err")"; done
else
	lib=$(ldd "$w/thrower" | awk '$1 ~ /^libstdc\+\+/ { print $3 }')
	lib=$(readlink -f "$lib")
	L="usdt:\"$lib\":libstdcxx"
	if ! c_run $run "$w/thrower $CXX_THROWS $CXX_RETHROWS $w/$run.rep $w/$run.go" \
		"$L:throw { @t = count(); } $L:rethrow { @r = count(); } $L:catch { @c = count(); }" \
		-n 'libstdcxx$target:::throw { t++ }' -n 'libstdcxx$target:::rethrow { r++ }' \
		-n 'libstdcxx$target:::catch { c++ }' \
		-n 'END { printf("t %d\nr %d\nc %d\n", t, r, c); }'; then
		for c in $cxx_cases; do notok $c "$why; usdtrace: $(head -c 300 "$w/$run.err" | tr '\n' ' ')"; done
	elif [ $rc -ne 0 ]; then
		tracer_failed $cxx_cases
	else
		agree cxx_throw "$(report "$w/$run.rep" throws)" "$(val "$w/$run.out" t)" "$(val "$w/$run.bt" t)"
		agree cxx_rethrow "$(report "$w/$run.rep" rethrows)" "$(val "$w/$run.out" r)" "$(val "$w/$run.bt" r)"
		agree cxx_catch "$(report "$w/$run.rep" catches)" "$(val "$w/$run.out" c)" "$(val "$w/$run.bt" c)"
	fi
fi

# ---------------------------------------------------------------- OpenJDK 17
run=java
if [ ! -x "$JAVA" ] || [ ! -x "$JAVAC" ] || [ ! -f "$LIBJVM" ]; then
	skip_all "OpenJDK 17 (openjdk-17-jdk-headless) is not installed" $java_cases
elif ! "$JAVAC" -d "$w/jcls" "$TOP/tests/real/UsdtRealWork.java" 2>"$w/javac.err"; then
	for c in $java_cases; do notok $c "javac failed: $(head -c 300 "$w/javac.err")"; done
else
	# bpftrace watches every JVM from before this one starts, keyed by pid (see the top).
	J="usdt:$LIBJVM:hotspot"
	if ! bt_start $run "$J:class__loaded /str(arg0, arg1) == \"UsdtRealLoaded\"/ { @cl[pid] = count(); }
$J:thread__start /str(arg0, arg1) == \"usdt-real-worker\"/ { @ts[pid] = count(); }
$J:gc__begin /arg0 == 1/ { @full[tid] = 1; @gb[pid] = count(); }
$J:gc__end /@full[tid]/ { @full[tid] = 0; @ge[pid] = count(); }
$J:vm__init__end { @vie[pid] = count(); }
END { clear(@full); }"; then
		for c in $java_cases; do notok $c "bpftrace did not attach: $(head -c 300 "$w/$run.bt.err")"; done
	else
		# the JVM's names are counted, not NUL-ended: copyinstr examines arg1 + 1 bytes, the
		# NUL's place among them, for arg1 characters (as dtrace counts)
		cat >"$w/$run.d" <<'EOF'
hotspot$target:::class-loaded /copyinstr(arg0, arg1 + 1) == "UsdtRealLoaded"/ { cl++; }
hotspot$target:::thread-start /copyinstr(arg0, arg1 + 1) == "usdt-real-worker"/ { ts++; }
hotspot$target:::gc-begin /arg0 == 1/ { self->full = 1; gb++; }
hotspot$target:::gc-end /self->full/ { self->full = 0; ge++; }
hotspot$target:::vm-init-end { vie++; }
END { printf("cl %d\nts %d\ngb %d\nge %d\nvie %d\n", cl, ts, gb, ge, vie); }
EOF
		touch "$w/$run.go" # no waiting: bpftrace is already there; the go file only gives the pid
		# -Z: the description matches nothing when the launcher starts, since it dlopen()s
		# libjvm.so later; dtrace needs -Z for the same reason (its -c runs the program only up
		# to the point where the libraries it was linked with are loaded).
		timeout 120 "$USDTRACE" -Z -q -s "$w/$run.d" -c "$JAVA -XX:+UseSerialGC -Xms64m -Xmx64m -cp $w/jcls UsdtRealWork $J_LOADS $J_THREADS $J_GCS $w/$run.rep $w/$run.go" \
			>"$w/$run.out" 2>"$w/$run.err"
		rc=$?
		ur=$rc
		interrupt "$bt_pid"
		wpid=$(cat "$w/$run.go.pid" 2>/dev/null)
		if [ $ur -ne 0 ]; then
			rc=$ur
			tracer_failed $java_cases
		elif [ -z "$wpid" ]; then
			for c in $java_cases; do notok $c "the JVM never ran the workload: $(head -c 300 "$w/$run.err")"; done
		else
			# bpftrace's "@map[PID]: N" rows for this JVM only.
			bv() { sed -n "s/^@$1\\[$wpid\\]: \\([0-9]*\\)\$/\\1/p" "$w/$run.bt" | grep . || echo 0; }
			o=$w/$run.out rep=$w/$run.rep
			agree java_class_loaded "$(report $rep loads)" "$(val $o cl)" "$(bv cl)"
			agree java_thread_start "$(report $rep threads)" "$(val $o ts)" "$(bv ts)"
			agree java_gc_begin "$(report $rep gcs)" "$(val $o gb)" "$(bv gb)"
			agree java_gc_end "$(report $rep gcs)" "$(val $o ge)" "$(bv ge)"
			agree java_vm_init_end 1 "$(val $o vie)" "$(bv vie)"
		fi
	fi
fi

# ---------------------------------------------------------------- PostgreSQL 15
# postgresql* is every process with the probe: the backends this cluster forks for each
# connection while tracing runs. Both tracers count every postgres on the machine, so the
# counts hold only while this cluster is the only one doing work (the check below).
if ! pg_have; then
	skip_all "PostgreSQL 15 (postgresql-15) is not installed" $pg_cases
elif [ "$(readelf -n "$PG_BIN/postgres" | grep -c 'Provider: postgresql')" -eq 0 ]; then
	for c in $pg_cases; do notok $c "$PG_BIN/postgres has no postgresql USDT probes (built without --enable-dtrace)"; done
elif pgrep -x postgres >/dev/null 2>&1; then
	skip_all "another PostgreSQL is running here; its queries would be counted too" $pg_cases
elif ! pg_start "$w/pg" 2>"$w/pg.err"; then
	for c in $pg_cases; do notok $c "cannot start the throwaway cluster: $(head -c 300 "$w/pg.err")"; done
else
	# pg_tracers RUN USDTRACE-CLAUSE... -- BPFTRACE-PROGRAM: both tracers on every process,
	# attached before this returns; sets $u and $bt_pid. Returns 1 with $why when one failed.
	pg_tracers() {
		run=$1
		shift
		: >"$w/$run.args"
		while [ "$1" != "--" ]; do printf '%s\n' "$1" >>"$w/$run.args"; shift; done
		_bt=$2
		# The clauses as one script, after the READY clause.
		{
			printf '%s\n' 'BEGIN { printf("READY\n"); }'
			cat "$w/$run.args"
		} >"$w/$run.d"
		"$USDTRACE" -q -s "$w/$run.d" >"$w/$run.out" 2>"$w/$run.err" &
		u=$!
		bg="$bg $u"
		if ! wait_for "$w/$run.out" '^READY$' 60 "$u"; then
			kill -KILL $u 2>/dev/null
			reap $u 5
			why="usdtrace did not attach (exit $rc): $(head -c 300 "$w/$run.err" | tr '\n' ' ')"
			return 1
		fi
		if ! bt_start $run "$_bt"; then
			interrupt $u
			why="bpftrace did not attach: $(head -c 300 "$w/$run.bt.err" | tr '\n' ' ')"
			return 1
		fi
	}
	# pg_stop_tracers: SIGINT to both (END prints); returns 1 with $why when either failed.
	pg_stop_tracers() {
		interrupt $u
		_urc=$rc
		interrupt $bt_pid
		why=""
		[ $rc -eq 0 ] || why="bpftrace exit $rc: $(head -c 300 "$w/$run.bt.err" | tr '\n' ' ')"
		[ $_urc -eq 0 ] || why="usdtrace exit $_urc after SIGINT: $(head -c 300 "$w/$run.err" | tr '\n' ' ')"
		[ -z "$why" ]
	}

	B="usdt:$PG_BIN/postgres:postgresql"
	cases="pg_query_start pg_query_string pg_transaction_start pg_transaction_commit"
	if ! pg_tracers pg_q \
		'postgresql*:::query-start { q++; }' \
		'postgresql*:::query-start /copyinstr(arg0) == "SELECT 7;"/ { q7++; }' \
		'postgresql*:::transaction-start { ts++; }' \
		'postgresql*:::transaction-commit { tc++; }' \
		'END { printf("q %d\nq7 %d\nts %d\ntc %d\n", q, q7, ts, tc); }' -- \
		"$B:query__start { @q = count(); } $B:query__start /str(arg0) == \"SELECT 7;\"/ { @q7 = count(); }
$B:transaction__start { @ts = count(); } $B:transaction__commit { @tc = count(); }"; then
		for c in $cases; do notok $c "$why"; done
	else
		pg_queries $PG_QUERIES 2>"$w/pgw.err" && pg_bench $PG_CLIENTS $PG_TXNS 2>>"$w/pgw.err"
		wrc=$?
		if ! pg_stop_tracers; then
			for c in $cases; do notok $c "$why"; done
		elif [ $wrc -ne 0 ]; then
			for c in $cases; do notok $c "the workload failed: $(head -c 300 "$w/pgw.err")"; done
		else
			o=$w/$run.out b=$w/$run.bt
			agree pg_query_start $((PG_QUERIES + PG_CLIENTS * PG_TXNS)) "$(val $o q)" "$(val $b q)"
			agree pg_query_string 1 "$(val $o q7)" "$(val $b q7)"
			# Transactions: each query is one, and so is each connection's start-up (catalog
			# reads), whose number is pgbench's business: bpftrace is the only witness, plus
			# the floor that every query had its own transaction.
			for k in ts:pg_transaction_start tc:pg_transaction_commit; do
				n=$(val $o ${k%%:*}) bn=$(val $b ${k%%:*})
				if [ "$n" -lt $((PG_QUERIES + PG_CLIENTS * PG_TXNS)) ]; then
					notok ${k#*:} "usdtrace counted $n, fewer than the $((PG_QUERIES + PG_CLIENTS * PG_TXNS)) queries"
				else
					agree ${k#*:} "$bn" "$n" "$bn"
				fi
			done
		fi
	fi

	cases="pg_lock_wait_start pg_lock_wait_done"
	if ! pg_tracers pg_l \
		'postgresql*:::lock-wait-start { s++; }' \
		'postgresql*:::lock-wait-done { d++; }' \
		'END { printf("s %d\nd %d\n", s, d); }' -- \
		"$B:lock__wait__start { @s = count(); } $B:lock__wait__done { @d = count(); }"; then
		for c in $cases; do notok $c "$why"; done
	else
		pg_lockwaits $PG_LOCKWAITS 2>"$w/pgl.err"
		wrc=$?
		if ! pg_stop_tracers; then
			for c in $cases; do notok $c "$why"; done
		elif [ $wrc -ne 0 ]; then
			for c in $cases; do notok $c "the workload failed: $(head -c 300 "$w/pgl.err")"; done
		else
			agree pg_lock_wait_start $PG_LOCKWAITS "$(val $w/$run.out s)" "$(val $w/$run.bt s)"
			agree pg_lock_wait_done $PG_LOCKWAITS "$(val $w/$run.out d)" "$(val $w/$run.bt d)"
		fi
	fi
	pg_stop
fi
