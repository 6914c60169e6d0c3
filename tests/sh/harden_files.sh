#!/bin/sh
# tier: fast
# harden_files.sh — files and processes that change under the tracer (issue 27). Nothing here
# loads BPF: listing and the readers only.
#   * a file truncated after it was opened and before it is read (the USDT reader resolves
#     sites lazily; libdw reads DWARF on demand): no SIGBUS, a clean result (trunc_read);
#   * a file truncated while `usdtrace -l -p` reads it, many times at random moments: the
#     tracer never dies of a signal;
#   * a chroot'ed process (in its own mount namespace) whose mapped program was deleted and
#     replaced by a symlink pointing out of its root, absolute or by "..": the tracer, made
#     to open the program through /proc/PID/root (without the capabilities map_files needs),
#     reads nothing outside that root — before the fix it listed the host's python3.11
#     probes as this process's; a FIFO planted there does not block it;
#   * processes exiting and exec'ing continuously while `usdtrace -l` lists every process and
#     `-l -p` a process that exits: exit status 0 or a "no such process" message, no crash.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
TR=$B/tools/trunc_read
PY=/usr/bin/python3.11
w=$W
bg=
trap 'for p in $bg; do kill -9 "$p" 2>/dev/null; done; rm -rf "$W"' EXIT

# a signal death shows as an exit status above 128
died() { [ "$1" -ge 128 ]; }

# --- truncated between open and read ---------------------------------------------------------
if [ ! -x "$PY" ]; then
	skip truncated_usdt_lazy "no $PY"
else
	bad=
	for size in 0 64 4096 100000; do
		cp "$PY" "$w/py"
		"$TR" usdt "$w/py" "$size" >"$w/out" 2>"$w/err"
		rc=$?
		if [ $rc -ne 0 ] || ! grep -Eq '^(sites [0-9]+|error: .+)$' "$w/out"; then
			bad="$bad size $size: exit $rc [$(cat "$w/out" "$w/err" | tr '\n' ' ')]"
		fi
	done
	[ -z "$bad" ] && ok truncated_usdt_lazy || notok truncated_usdt_lazy "$bad"
fi

printf 'struct hz_thing { int a; long b; char c[10]; };\nstruct hz_thing hz_g;\nint main(void) { return hz_g.a; }\n' >"$w/dw.c"
if ! cc -g -O0 -o "$w/dw" "$w/dw.c" 2>"$w/cc.err"; then
	notok truncated_dwarf "cannot build: $(head -c 200 "$w/cc.err")"
else
	# the whole file first: the lookup works, so a truncated file's "not found" means something
	cp "$w/dw" "$w/dw2"
	whole=$("$TR" dwarf "$w/dw2" 1000000 hz_thing 2>&1)
	bad=
	[ "$whole" = found ] || bad="untruncated file: [$whole]"
	for size in 0 4096 9000; do
		cp "$w/dw" "$w/dw2"
		"$TR" dwarf "$w/dw2" "$size" hz_thing >"$w/out" 2>"$w/err"
		rc=$?
		if [ $rc -ne 0 ] || ! grep -Eq '^(found|not found|error: .+)$' "$w/out"; then
			bad="$bad size $size: exit $rc [$(cat "$w/out" "$w/err" | tr '\n' ' ')]"
		fi
	done
	[ -z "$bad" ] && ok truncated_dwarf || notok truncated_dwarf "$bad"
fi

# --- truncated while listed, at random moments -------------------------------------------------
# A python that loaded a copy of libstdc++ (probes of its own: provider libstdcxx); the copy is
# emptied while the tracer lists the process. (A running program's own file cannot be written.)
LSTD=$(ls /usr/lib/x86_64-linux-gnu/libstdc++.so.6.* 2>/dev/null | head -n 1)
if [ ! -x "$PY" ] || [ -z "$LSTD" ]; then
	skip truncated_while_listing "no $PY or libstdc++"
else
	bad= n=0 lists=0
	while [ $n -lt 20 ]; do
		n=$((n + 1))
		cp "$LSTD" "$w/libt.so"
		rm -f "$w/loaded"
		"$PY" -c 'import ctypes, sys, time; ctypes.CDLL(sys.argv[1]); open(sys.argv[2], "w").close(); time.sleep(30)' "$w/libt.so" "$w/loaded" &
		pp=$!
		bg="$bg $pp"
		i=0
		while [ ! -e "$w/loaded" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
		"$U" -l -p "$pp" >"$w/lout" 2>"$w/lerr" &
		lp=$!
		# 0 to 30 ms: about as long as the listing takes
		sleep "0.0$(awk -v s="$n" 'BEGIN { srand(s); printf "%02d", int(rand() * 30) }')"
		: >"$w/libt.so"
		wait "$lp"
		rc=$?
		kill -9 "$pp" 2>/dev/null
		wait "$pp" 2>/dev/null
		if died $rc || grep -q 'Sanitizer\|Bus error' "$w/lerr"; then
			bad="$bad run $n: exit $rc $(head -c 200 "$w/lerr")"
		fi
		grep -q "libstdcxx$pp" "$w/lout" && lists=$((lists + 1))
	done
	[ -z "$bad" ] && ok "truncated_while_listing ($lists of $n listings had libstdc++'s probes)" ||
		notok truncated_while_listing "$bad"
fi

# --- a hostile symlink in a chroot'ed process's root --------------------------------------------
# The tracer reaches a deleted program through /proc/PID/map_files when it has CAP_SYS_ADMIN or
# CAP_CHECKPOINT_RESTORE; without them (a user listing their own processes, or as here) it
# opens /proc/PID/root/PATH, and PATH is a file the process's owner can replace.
NOCAP="setpriv --bounding-set -sys_admin,-checkpoint_restore"
if ! sdt_is_root; then
	skip hostile_symlink "needs root (chroot, unshare)"
elif ! command -v unshare >/dev/null 2>&1 || ! command -v setpriv >/dev/null 2>&1; then
	skip hostile_symlink "needs unshare(1) and setpriv(1)"
elif [ ! -x "$PY" ] || ! readelf -n "$PY" | grep -q 'Provider: python'; then
	skip hostile_symlink "no $PY with python probes (the file the symlink points to)"
elif ! cc -O1 -static -I"$TOP/include" -o "$w/hz_wait" "$TOP/tests/progs/harden/hz_wait.c" 2>"$w/cc.err"; then
	notok hostile_symlink "cannot build a static program: $(head -c 200 "$w/cc.err")"
else
	c=$w/root
	mkdir -p "$c/d"
	cp "$w/hz_wait" "$c/d/prog"
	unshare -m --propagation private chroot "$c" /d/prog /ready 60 &
	cp_=$!
	bg="$bg $cp_"
	i=0
	while [ ! -e "$c/ready" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
	# the chroot'ed program itself (unshare and chroot exec it: the pid is the same)
	hp=$cp_
	maps_path=$(awk '$6 ~ /\/d\/prog/ { print $6; exit }' "/proc/$hp/maps")
	if [ ! -e "$c/ready" ] || [ -z "$maps_path" ]; then
		notok hostile_symlink "program did not start in the chroot [$maps_path]"
	else
		# the program's file is deleted; in its place (under the path maps shows, seen from
		# the process's root), a symlink to the host's python3.11
		rm -f "$c/d/prog"
		inroot=$c$maps_path
		mkdir -p "$(dirname "$inroot")"
		for kind in absolute relative fifo; do
			rm -f "$inroot"
			case $kind in
			absolute) ln -s "$PY" "$inroot" ;;
			relative) ln -s "../../../../../../../../../../../../../../../../../../../..$PY" "$inroot" ;;
			fifo) mkfifo "$inroot" ;;
			esac
			# the unconfined path really reaches the host file (or the FIFO): the case can fail
			if [ $kind != fifo ] && ! readelf -n "/proc/$hp/root$maps_path" 2>/dev/null | grep -q 'Provider: python'; then
				notok "hostile_symlink_$kind" "the symlink does not lead to $PY from our root: test broken"
				continue
			fi
			timeout 20 $NOCAP "$U" -l -p "$hp" >"$w/after" 2>&1
			rc=$?
			if [ $rc -eq 124 ]; then
				notok "hostile_symlink_$kind" "usdtrace -l -p hung"
			elif [ $rc -ne 0 ]; then
				notok "hostile_symlink_$kind" "exit $rc: $(head -c 300 "$w/after")"
			elif grep -q "python$hp" "$w/after"; then
				notok "hostile_symlink_$kind" "listed the host's python probes as the process's: $(grep "python$hp" "$w/after" | head -2 | tr '\n' ' ')"
			else
				ok "hostile_symlink_$kind"
			fi
		done
	fi
	kill -9 "$cp_" 2>/dev/null
	wait "$cp_" 2>/dev/null
fi

# --- processes exiting and exec'ing while listed ------------------------------------------------
# a churn of short-lived processes, each exec'ing a chain (sh -> sh -> true)
( end=$(($(date +%s) + 8)); while [ "$(date +%s)" -lt $end ]; do sh -c 'exec sh -c "exec true"'; done ) &
churn=$!
bg="$bg $churn"
bad=
for i in 1 2 3 4 5 6; do
	"$U" -l >"$w/all" 2>"$w/allerr"
	rc=$?
	if [ $rc -ne 0 ] || grep -q 'Sanitizer\|Bus error\|Segmentation' "$w/allerr"; then
		bad="$bad -l run $i: exit $rc $(head -c 200 "$w/allerr")"
	fi
	# a process that exits while being listed: a clean error or a listing, nothing else
	sh -c 'sleep 0.0$(( $$ % 5 ))' &
	sp=$!
	"$U" -l -p "$sp" >"$w/one" 2>"$w/oneerr"
	rc=$?
	wait "$sp" 2>/dev/null
	if died $rc || { [ $rc -ne 0 ] && ! grep -qi 'no such process\|does not exist' "$w/oneerr"; }; then
		bad="$bad -l -p run $i: exit $rc $(head -c 200 "$w/oneerr")"
	fi
done
kill "$churn" 2>/dev/null
wait "$churn" 2>/dev/null
[ -z "$bad" ] && ok exit_exec_while_listing || notok exit_exec_while_listing "$bad"
exit 0
