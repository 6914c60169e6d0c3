#!/bin/sh
# tier: full
# probe_rt.sh — probes defined at run time (libusdtrace-probe, python/usdtrace), traced in the
# real kernel by usdtrace with bpftrace as the independent witness on the same run:
#   * C and Python (Debian's python3.11): exact arguments of every type (strings included, args[]
#     typed, the 7th to 12th from the stack: usdtrace only, bpftrace 0.17 reads arg0..arg5),
#     exact counts; enabled is 0 before, 1 while traced, 0 after; a probe added after load (a
#     second object) fires, and the first object's probes still do; the Python decorator's
#     entry/return probes;
#   * -l -v lists the declared types; readelf reads the notes through /proc/PID/map_files;
#     gdb stops at a probe of the memfd object and reads its integer and string arguments;
#   * 8 threads firing 1M probes lose none under @ = count(); a forked child's probes work;
#     a provider destroyed while traced leaves the program and the tracer running;
#   * bad use (C and Python): exact error codes and messages;
#   * make install: library, header, pkg-config file and the Python module work installed.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
[ -n "${PROBE_RT_KEEP:-}" ] && trap - EXIT && echo "# kept $W"
U=$USDTRACE
PY=/usr/bin/python3.11
LIB=$B/libusdtrace-probe.so
if [ ! -f "$LIB" ]; then
	notok probe-lib "missing $LIB (make all builds it)"
	exit 0
fi
prog=$W/rp_prog
if ! cc -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -I"$TOP/include" -o "$prog" "$TOP/tests/progs/probe/rp_prog.c" \
	-L"$B" -lusdtrace-probe -Wl,-rpath,"$B" -lpthread 2>"$W/cc.err"; then
	notok probe-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi

# --- bad use: no tracer needed ---
"$prog" errors >"$W/errors.out" 2>&1
if cmp -s "$W/errors.out" "$TOP/tests/progs/probe/errors.want"; then
	ok probe-errors-c
else
	notok probe-errors-c "$(diff "$TOP/tests/progs/probe/errors.want" "$W/errors.out" | head -c 400)"
fi
if [ -x "$PY" ]; then
	PYTHONPATH="$TOP/python" "$PY" "$TOP/tests/progs/probe/rp.py" errors >"$W/pyerrors.out" 2>&1
	cat >"$W/pyerrors.want" <<'EOF2'
provider int: 22 provider name 'int' is a D reserved word
13 args: 7 probe 'x' of provider 'pyerrs': 13 arguments (a probe has 0 to 12)
float arg: 22 probe x: argument type <class 'float'> is not one of int, str, bytes, bool or int8, uint8, int16, uint16, int32, uint32, int64, uint64, string, pointer
bad name: 22 probe name 'a b' of provider 'pyerrs' has a character other than letters, digits, '_' and '-'
load: ok 1
load again: 114 provider 'pyerrs' is already loaded: add probes before loading again
fire 2 args: TypeError probe a takes 1 arguments (2 given)
fire after destroy: 19 probe a: its provider was destroyed
enabled after destroy: 19 probe a: its provider was destroyed
add after destroy: 19 usdtrace_probe_add: the provider was destroyed
load after destroy: 19 usdtrace_provider_load: the provider was destroyed
EOF2
	if cmp -s "$W/pyerrors.out" "$W/pyerrors.want"; then
		ok probe-errors-python
	else
		notok probe-errors-python "$(diff "$W/pyerrors.want" "$W/pyerrors.out" | head -c 400)"
	fi
else
	skip probe-errors-python "no $PY"
fi

# --- gdb, a witness that reads the object by its link-map name: the probes resolve once
# the memfd object is loaded (pending breakpoint), and it reads the integer and the string ---
if command -v gdb >/dev/null 2>&1; then
	: >"$W/gdb.go"
	timeout -s KILL 60 gdb -q -batch -ex 'set breakpoint pending on' -ex 'break -probe-stap rp:work' \
		-ex run -ex 'print $_probe_arg0' -ex 'print (char *)$_probe_arg1' -ex continue \
		-ex 'print $_probe_arg0' -ex 'print (char *)$_probe_arg1' -ex kill \
		--args "$prog" args "$W/gdb.go" 2 >"$W/gdb.out" 2>&1 </dev/null
	vals=$(sed -n 's/^\$[0-9]* = //p' "$W/gdb.out" | sed 's/^0x[0-9a-f]* //' | tr '\n' ' ')
	if [ "$vals" = '0 "s0" 1 "s1" ' ]; then
		ok probe-gdb-args
	else
		notok probe-gdb-args "read '$vals': $(tail -n 5 "$W/gdb.out" | tr '\n' ' ' | head -c 300)"
	fi
else
	skip probe-gdb-args "no gdb"
fi

if ! sdt_is_root; then
	skip probe-trace "needs root"
	exit 0
fi

# wait_for FILE PATTERN [SECONDS]: until PATTERN is in FILE (default 30 s)
wait_for() {
	_i=0
	while [ $_i -lt $((${3:-30} * 20)) ]; do
		grep -q "$2" "$1" 2>/dev/null && return 0
		sleep 0.05
		_i=$((_i + 1))
	done
	return 1
}
# wait_pid PID SECONDS: until PID is gone; then kill it
wait_pid() {
	_i=0
	while [ $_i -lt $(($2 * 20)) ] && kill -0 "$1" 2>/dev/null; do
		sleep 0.05
		_i=$((_i + 1))
	done
	kill -9 "$1" 2>/dev/null
}
bt_noise() { grep -v -e RLIMIT -e 'detach' -e uprobe_events -e '^Attaching' -e '^$' "$1"; }

# traced_args NAME PROV CMD...: the args scenario under usdtrace and bpftrace at once. Leaves
# $W/NAME.{prog,ut,bt} (outputs), $W/NAME.lv (-l -v) and $W/NAME.readelf.
traced_args() {
	name=$1 prov=$2
	shift 2
	rm -f "$W/go"
	"$@" args "$W/go" 5 >"$W/$name.prog" 2>&1 &
	ppid_=$!
	if ! wait_for "$W/$name.prog" '^enabled-before' 20; then
		kill -9 $ppid_ 2>/dev/null
		return 1
	fi
	path=$(awk '$1 == "path" { print $2 }' "$W/$name.prog")
	"$U" -lv -n "$prov$ppid_:::" >"$W/$name.lv" 2>&1
	mf=$(ls /proc/$ppid_/map_files/ | while read -r r; do
		case $(readlink "/proc/$ppid_/map_files/$r") in *memfd:usdtrace-$prov*) echo "$r"; break ;; esac; done)
	readelf -n "/proc/$ppid_/map_files/$mf" >"$W/$name.readelf" 2>&1
	timeout 60 "$U" -Z -q -s /dev/stdin -p $ppid_ >"$W/$name.ut" 2>"$W/$name.ut.err" <<EOF2 &
BEGIN { printf("ready\n"); }
$prov\$target:::work { printf("work %d %s\n", args[0], args[1]); }
$prov\$target:::many { printf("many %d %d %d %d %d %d %d %d %s %x %$fmt10 %d\n", args[0], args[1], args[2], args[3], args[4], args[5], args[6], args[7], args[8], (long)args[9], args[10], args[11]); }
$prov\$target:::late { printf("late %d\n", arg0); }
$prov\$target:::*-entry { printf("entry %s\n", copyinstr(arg0)); }
$prov\$target:::*-return { printf("return %s %d\n", copyinstr(arg0), arg1); }
$prov\$target:::done { exit(0); }
EOF2
	upid=$!
	timeout 60 bpftrace -p $ppid_ -e "BEGIN { printf(\"ready\n\"); }
usdt:$path:$prov:work { printf(\"work %d %s\n\", arg0, str(arg1)); }
usdt:$path:$prov:many { printf(\"many %d %d %d %d %d %u\n\", arg0, arg1, arg2, arg3, arg4, arg5); }
usdt:$path:$prov:done { exit(); }" >"$W/$name.bt" 2>"$W/$name.bt.err" &
	bpid=$!
	wait_for "$W/$name.ut" '^ready' 30
	wait_for "$W/$name.bt" '^ready' 30
	touch "$W/go"
	wait_pid $ppid_ 60
	wait_pid $upid 60
	wait_pid $bpid 60
	return 0
}

check_args() { # NAME WANT-UT WANT-BT WHAT
	name=$1
	why=
	grep -v '^ready' "$W/$name.ut" | grep -v '^$' | sort >"$W/$name.ut.got"
	sort "$2" >"$W/$name.ut.want"
	cmp -s "$W/$name.ut.got" "$W/$name.ut.want" ||
		why="usdtrace: $(diff "$W/$name.ut.want" "$W/$name.ut.got" | head -c 300) $(head -c 200 "$W/$name.ut.err")"
	bt_noise "$W/$name.bt" | grep -v '^ready' | sort >"$W/$name.bt.got"
	sort "$3" >"$W/$name.bt.want"
	cmp -s "$W/$name.bt.got" "$W/$name.bt.want" ||
		why="$why bpftrace: $(diff "$W/$name.bt.want" "$W/$name.bt.got" | head -c 300) $(bt_noise "$W/$name.bt.err" | head -c 200)"
	if [ -z "$why" ]; then ok "$4"; else notok "$4" "$why"; fi
	e="$(grep '^enabled' "$W/$name.prog" | tr '\n' ' ')"
	if [ "$e" = "enabled-before 0 enabled-during 1 enabled-after 0 " ]; then
		ok "$4-enabled"
	else
		notok "$4-enabled" "$e"
	fi
	if grep -qx 'late-load 1' "$W/$name.prog" && [ "$(grep -c '^late ' "$W/$name.ut.got")" = 5 ]; then
		ok "$4-added-after-load"
	else
		notok "$4-added-after-load" "$(grep late "$W/$name.prog" "$W/$name.ut.got" | tr '\n' ' ')"
	fi
}

# --- C ---
cw=$W/c.ut.w
cb=$W/c.bt.w
: >"$cw"
: >"$cb"
for i in 0 1 2 3 4; do
	echo "work $i s$i" >>"$cw"
	echo "work $i s$i" >>"$cb"
	echo "many $((-1 - i)) 200 -300 60000 -70000 4000000000 -5000000000 6000000000 nine 1234 -11 -12" >>"$cw"
	echo "many $((-1 - i)) 200 -300 60000 -70000 4000000000" >>"$cb"
	echo "late $((1000 + i))" >>"$cw"
done
echo "work 0 s0" >>"$cw"
echo "work 0 s0" >>"$cb"
fmt10=d
if traced_args c rp "$prog"; then
	check_args c "$cw" "$cb" probe-c-args
else
	notok probe-c-args "program did not start: $(head -c 300 "$W/c.prog")"
fi
if grep -q 'args\[1\]: string' "$W/c.lv" && grep -q 'args\[11\]: int64_t' "$W/c.lv" &&
	grep -q -- '-8@48(%rsp)' "$W/c.lv"; then
	ok probe-list-types
else
	notok probe-list-types "$(head -c 400 "$W/c.lv")"
fi
if grep -q 'Arguments: -4@%edi 8@%rsi' "$W/c.readelf" && grep -q 'Provider: rp' "$W/c.readelf"; then
	ok probe-readelf-map-files
else
	notok probe-readelf-map-files "$(head -c 300 "$W/c.readelf")"
fi

# --- Python ---
if [ -x "$PY" ]; then
	pw=$W/py.ut.w
	pb=$W/py.bt.w
	: >"$pw"
	: >"$pb"
	for i in 0 1 2 3 4; do
		echo "work $i s$i" >>"$pw"
		echo "work $i s$i" >>"$pb"
		echo "many $((-1 - i)) 200 -300 60000 -70000 4000000000 -5000000000 6000000000 nine 1234 eleven 1" >>"$pw"
		echo "many $((-1 - i)) 200 -300 60000 -70000 4000000000" >>"$pb"
		echo "late $((1000 + i))" >>"$pw"
		echo "entry run_args.<locals>.square" >>"$pw"
		echo "return run_args.<locals>.square 1" >>"$pw"
	done
	echo "entry run_args.<locals>.square" >>"$pw"
	echo "return run_args.<locals>.square 0" >>"$pw"
	fmt10=s
	if traced_args py pyrp env PYTHONPATH="$TOP/python" "$PY" "$TOP/tests/progs/probe/rp.py"; then
		check_args py "$pw" "$pb" probe-python-args
	else
		notok probe-python-args "program did not start: $(head -c 300 "$W/py.prog")"
	fi
else
	skip probe-python-args "no $PY"
fi

# start_prog NAME MODE N: the C program in MODE, waiting for $W/go; sets $ppid_
start_prog() {
	rm -f "$W/go"
	"$prog" "$2" "$W/go" "$3" >"$W/$1.prog" 2>&1 &
	ppid_=$!
	wait_for "$W/$1.prog" '^path' 20
}

# --- 8 threads, 1M firings, @ = count() ---
start_prog thr threads 125000
timeout 120 "$U" -q -p $ppid_ -n 'BEGIN { printf("ready\n"); } rp$target:::work { @ = count(); } rp$target:::done { exit(0); } END { printa("count %@d\n", @); }' \
	>"$W/thr.ut" 2>"$W/thr.ut.err" &
upid=$!
wait_for "$W/thr.ut" '^ready' 30
touch "$W/go"
wait_pid $ppid_ 120
wait_pid $upid 120
if grep -qx 'count 1000000' "$W/thr.ut" && grep -qx 'fired 1000000' "$W/thr.prog"; then
	ok probe-threads-1M
else
	notok probe-threads-1M "$(tr '\n' ' ' <"$W/thr.ut" | head -c 200) $(head -c 200 "$W/thr.ut.err") $(head -c 200 "$W/thr.prog")"
fi

# --- a forked child's probes ---
rm -f "$W/go"
"$prog" fork "$W/go" 7 >"$W/fork.prog" 2>&1 &
fpid=$!
wait_for "$W/fork.prog" '^child' 20
cpid=$(awk '$1 == "child" { print $2 }' "$W/fork.prog")
timeout 60 "$U" -q -p "$cpid" -n 'BEGIN { printf("ready\n"); } rp$target:::work { @n = count(); @s = sum(args[0]); printf("%d %s\n", pid, args[1]); } rp$target:::done { exit(0); } END { printa("count %@d\n", @n); printa("sum %@d\n", @s); }' \
	>"$W/fork.ut" 2>"$W/fork.ut.err" &
upid=$!
wait_for "$W/fork.ut" '^ready' 30
touch "$W/go"
wait_pid $fpid 60
wait_pid $upid 60
if [ -n "$cpid" ] && grep -qx 'count 7' "$W/fork.ut" && grep -qx 'sum 21' "$W/fork.ut" &&
	grep -qx "$cpid s6" "$W/fork.ut" && grep -qx 'child-status 0' "$W/fork.prog"; then
	ok probe-fork-child
else
	notok probe-fork-child "$(tr '\n' ' ' <"$W/fork.ut" | head -c 200) $(head -c 200 "$W/fork.ut.err") $(tr '\n' ' ' <"$W/fork.prog")"
fi

# --- destroyed while traced: the program goes on, the tracer too, and exits normally ---
start_prog des destroy 4
timeout 60 "$U" -q -p $ppid_ -n 'BEGIN { printf("ready\n"); } rp$target:::work { @ = count(); } END { printa("count %@d\n", @); }' \
	>"$W/des.ut" 2>"$W/des.ut.err" &
upid=$!
wait_for "$W/des.ut" '^ready' 30
touch "$W/go"
wait_for "$W/des.prog" '^alive' 20
sleep 0.5
alive_ut=0
kill -0 $upid 2>/dev/null && alive_ut=1
rm -f "$W/go"
wait_pid $ppid_ 30
wait $upid
urc=$?
if [ $alive_ut = 1 ] && [ $urc = 0 ] && grep -qx 'count 4' "$W/des.ut" &&
	grep -q '^fire-after-destroy -19 usdtrace_probe_fire: the probe.s provider was destroyed' "$W/des.prog"; then
	ok probe-destroy-while-traced
else
	notok probe-destroy-while-traced "tracer alive $alive_ut rc $urc: $(tr '\n' ' ' <"$W/des.ut") $(head -c 200 "$W/des.ut.err") $(tr '\n' ' ' <"$W/des.prog")"
fi

# --- installed: library, header, pkg-config, Python module ---
d=$W/inst
if make -s -C "$TOP" install-probe DESTDIR="$d" PREFIX=/opt/ut >"$W/inst.log" 2>&1; then
	cflags=$(PKG_CONFIG_PATH="$d/opt/ut/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$d" pkg-config --cflags --libs libusdtrace-probe 2>&1)
	# shellcheck disable=SC2086
	if cc -D_GNU_SOURCE -o "$W/inst_prog" "$TOP/tests/progs/probe/rp_prog.c" $cflags -Wl,-rpath,"$d/opt/ut/lib" -lpthread 2>"$W/inst.err" &&
		"$W/inst_prog" errors | cmp -s - "$TOP/tests/progs/probe/errors.want" &&
		[ -f "$d/opt/ut/lib/libusdtrace-probe.a" ] && [ -f "$d/opt/ut/include/usdtrace/probe.h" ]; then
		ok probe-install-c
	else
		notok probe-install-c "$cflags $(head -c 300 "$W/inst.err")"
	fi
	site=$(find "$d/opt/ut/lib" -type d -name usdtrace -path '*python3*')
	# the installed module names the installed library (under DESTDIR here: point it there)
	if [ -n "$site" ] && grep -q '^_INSTALLED_LIB = "/opt/ut/lib/libusdtrace-probe.so.0"' "$site/__init__.py" &&
		sed -i "s|^_INSTALLED_LIB = \"|_INSTALLED_LIB = \"$d|" "$site/__init__.py" &&
		(cd "$W" && PYTHONPATH="$(dirname "$site")" "$PY" -c 'import usdtrace; p = usdtrace.Provider("inst"); p.probe("x", int); print(p.load(), usdtrace._lib._name)') >"$W/inst.py" 2>&1 &&
		grep -q "^1 $d/opt/ut/lib/libusdtrace-probe.so.0" "$W/inst.py"; then
		ok probe-install-python
	else
		notok probe-install-python "site '$site': $(head -c 300 "$W/inst.py")"
	fi
else
	notok probe-install "$(tail -n 5 "$W/inst.log")"
fi
