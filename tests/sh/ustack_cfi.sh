#!/bin/sh
# tier: full
# ustack_cfi.sh — whole user stacks from .eh_frame (issue 22) on code without frame pointers,
# against gdb's `bt` at a breakpoint on the same function as the witness: the frames' functions
# in order, down to main, __libc_start_call_main and _start (gdb with `backtrace past-main`,
# libc's symbols from libc6-dbg). Frames gdb cannot name ("??") are compared by address: both
# sides run without address space randomisation (gdb disables it; usdtrace runs under
# `setarch -R`, which its -c child inherits), so the addresses are the same. Programs:
#   * tests/progs/ustack/cfi_chain.c built -O2 -fomit-frame-pointer by gcc and by clang, from
#     main and through a signal handler (glibc's __restore_rt, gdb's "<signal handler called>");
#   * tests/progs/ustack/cfi_exc.cc (g++ -O2 -fomit-frame-pointer): a destructor running while
#     an exception unwinds;
#   * Debian's /usr/bin/python3.11 (no frame pointers, few symbols) at PyEval_EvalCode;
#   * Debian's /usr/bin/bash at execute_command.
#   * a process started after tracing began, profiled by execname: its table built lazily;
#   * a USDT probe of our sdt.h in a leaf function (tests/progs/ustack/cfi_usdt.c): the site
#     lowers %rsp by 128 around its nop5, which the walk undoes for the first frame.
# Before issue 22 (frame pointers only) every one of these failed: the stacks ended after the
# first frame or two.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then skip ustack_cfi "needs root"; exit 0; fi
for t in gdb setarch c++filt nm; do
	command -v $t >/dev/null 2>&1 || { skip ustack_cfi "$t not installed"; exit 0; }
done
LIBC=/lib/x86_64-linux-gnu/libc.so.6
id=$(readelf -n "$LIBC" | awk '/Build ID/ { print $3 }')
LIBCDBG=/usr/lib/debug/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug
[ -f "$LIBCDBG" ] || { skip ustack_cfi "libc6-dbg not installed (libc's static functions)"; exit 0; }

# name -> address tables for aliases (__libc_start_main and __libc_start_main_impl are one)
nm "$LIBCDBG" 2>/dev/null | awk 'NF == 3 { sub(/@.*/, "", $3); print "libc", $3, $1 }' >"$W/aliases"

# gdb_frames OUT BIN FUNC NSTOP ARGS...: gdb's real frames at the NSTOP-th stop at FUNC, one
# per line: the function's name, or the address when gdb has none. Where gdb shows inlined
# calls, the real frame is the function they were inlined into, the outermost: a stack walk
# sees only it.
gdb_frames() {
	out=$1 bin=$2 fn=$3 n=$4
	shift 4
	cmds="-ex 'set backtrace past-main on' -ex 'handle SIGUSR1 nostop noprint pass' -ex 'break $fn' -ex run"
	i=1
	while [ $i -lt "$n" ]; do cmds="$cmds -ex continue"; i=$((i + 1)); done
	# twice at most: on a loaded machine gdb's start-up may not make the time limit
	for try in 1 2; do
		eval "timeout 90 gdb -q -batch $cmds -ex sharedlibrary -ex bt -ex \"frame apply all -q info frame\" --args \"\$bin\" \"\$@\"" \
			</dev/null >"$W/gdb.out" 2>&1
		grep -q '^#' "$W/gdb.out" && break
	done
	# frames gdb makes up from DWARF call-site information for tail calls: no return address
	# of theirs is on the stack, so no walk can see them (pthread_kill jumps to
	# __pthread_kill_implementation)
	awk '/^Stack level/ { lv = $3 + 0 } /tail call frame/ { print lv }' "$W/gdb.out" >"$W/tail"
	# frames of inlined calls ("inlined into frame N"): part of the real frame after them
	awk '/^Stack level/ { lv = $3 + 0 } /inlined into frame/ { print lv }' "$W/gdb.out" >"$W/inl"
	grep '^#' "$W/gdb.out" | sed 's/ at [^ ]*:[0-9]*$//' | awk -v T="$W/tail" -v I="$W/inl" '
	BEGIN { while ((getline l < T) > 0) tail[l + 0] = 1; while ((getline l < I) > 0) inlined[l + 0] = 1 }
	{ lv = substr($1, 2) + 0; if (lv in tail) next }
	/<signal handler called>/ { f[++n] = "__restore_rt"; next }
	{ lv = substr($1, 2) + 0
	  if ($2 ~ /^0x/ && $3 == "in") { addr = $2; $1 = ""; $2 = ""; $3 = "" }
	  else { addr = ""; $1 = "" }    # at the first instruction of a line: no address shown
	  s = $0; sub(/^ +/, "", s)
	  # the name is all before the argument list: the last " (" at depth 0
	  d = 0; cut = 0
	  for (i = length(s); i > 0; i--) { c = substr(s, i, 1)
		if (c == ")") d++; else if (c == "(") { d--; if (d == 0 && substr(s, i - 1, 1) == " ") { cut = i - 1; break } } }
	  name = cut ? substr(s, 1, cut - 1) : s
	  sub(/@.*/, "", name); sub(/\[cold\]$/, ".cold", name)
	  if (name == "??") { sub(/^0x0*/, "0x", addr); name = addr }
	  # an inlined call and the frames it is inlined into share one real frame: the
	  # outermost names it
	  if (lv - 1 in inlined && n > 0) f[n] = name; else f[++n] = name }
	END { for (i = 1; i <= n; i++) print f[i] }' >"$out"
}

# our_frames OUT: the frames of usdtrace's ustack() output in $W/u.out, as names (demangled)
# or addresses. A function named after its FDE (fde_START+0xOFF, where the object has no symbol:
# docs/unwind.md) becomes the address START + OFF, as gdb shows such a frame ("??"): START is
# the object's link-time address, the run-time one in the non-PIE python3.11 (a PIE's frames
# would differ by its load address and fail, not pass).
our_frames() {
	sed -n 's/^ \{14\}//p' "$W/u.out" | grep -v '^$' | sed 's/^[^`]*`//' |
		awk '/^fde_[0-9a-f]+\+0x[0-9a-f]+$/ { split(substr($0, 5), p, "+0x")
			printf "0x%x\n", strtonum("0x" p[1]) + strtonum("0x" p[2]); next }
		     /^fde_[0-9a-f]+$/ { print "0x" substr($0, 5); next } { print }' |
		sed 's/+0x[0-9a-f]*$//' | c++filt | sed 's/^0x0*/0x/' >"$1"
}

# same GDB OURS: equal lists, names equal or aliases of one address
same() {
	awk -v A="$W/aliases" 'BEGIN { while ((getline l < A) > 0) { split(l, f, " "); addr[f[2]] = f[3] } }
	FNR == NR { g[FNR] = $0; ng = FNR; next }
	{ o[FNR] = $0; no = FNR }
	END {
		if (ng != no) { printf "gdb has %d frames, usdtrace %d\n", ng, no; bad = 1 }
		for (i = 1; i <= ng && i <= no; i++)
			if (g[i] != o[i] && !(g[i] in addr && o[i] in addr && addr[g[i]] == addr[o[i]])) {
				printf "frame %d: gdb %s, usdtrace %s\n", i, g[i], o[i]; bad = 1 }
		exit bad }' "$1" "$2"
}

# check NAME PROBE-FUNC NSTOP BIN ARGS...
check() {
	name=$1 fn=$2 n=$3 bin=$4
	shift 4
	gdb_frames "$W/g.$name" "$bin" "$fn" "$n" "$@"
	if [ ! -s "$W/g.$name" ]; then notok "ustack_cfi $name" "gdb gave no stack: $(tail -3 "$W/gdb.out")"; return; fi
	# the rows of every object before the program runs (USDTRACE_USTACK_SYNC): the probe may
	# fire once, early, and a large object's rows (python3.11's, cache cold) otherwise arrive
	# after it (ustack_late.sh tests that)
	USDTRACE_USTACK_SYNC=1 setarch "$(uname -m)" -R timeout 120 "$U" -q -n "pid\$target::$fn:entry /++n == $n/ { ustack(100); exit(0); }" \
		-c "$bin $*" >"$W/u.out" 2>"$W/u.err"
	our_frames "$W/o.$name"
	if [ ! -s "$W/o.$name" ]; then notok "ustack_cfi $name" "no stack: $(head -3 "$W/u.err")"; return; fi
	if why=$(same "$W/g.$name" "$W/o.$name"); then
		ok "ustack_cfi $name ($(wc -l <"$W/o.$name") frames, down to $(tail -1 "$W/o.$name"))"
	else
		notok "ustack_cfi $name" "$(echo "$why" | head -3 | tr '\n' ';') gdb: $(tr '\n' ' ' <"$W/g.$name") usdtrace: $(tr '\n' ' ' <"$W/o.$name")"
	fi
}

for cc in gcc clang; do
	if ! command -v $cc >/dev/null 2>&1; then skip "ustack_cfi $cc" "$cc not installed"; continue; fi
	$cc -O2 -fomit-frame-pointer -o "$W/chain-$cc" "$TOP/tests/progs/ustack/cfi_chain.c" || {
		notok "ustack_cfi $cc build" "$cc failed"; continue; }
	check "$cc-main" target 1 "$W/chain-$cc" 1
	check "$cc-signal" target 2 "$W/chain-$cc" 1 sig
	grep -q '^main$' "$W/o.$cc-main" && grep -q '^__libc_start_call_main$' "$W/o.$cc-main" &&
		grep -q '^__restore_rt$' "$W/o.$cc-signal" ||
		notok "ustack_cfi $cc frames named" "main, __libc_start_call_main or __restore_rt missing"
done
if g++ -O2 -fomit-frame-pointer -o "$W/exc" "$TOP/tests/progs/ustack/cfi_exc.cc"; then
	check "c++-exception-unwinding" target 1 "$W/exc"
	check "c++-catch-block" target 2 "$W/exc"
else
	notok "ustack_cfi c++ build" "g++ failed"
fi
if [ -x /usr/bin/python3.11 ]; then
	check python3.11 PyEval_EvalCode 1 /usr/bin/python3.11 -c pass
else
	skip "ustack_cfi python3.11" "not installed"
fi
printf 'for i in 1 2; do\n  true\ndone\n' >"$W/loop.sh"
check bash execute_command 1 /usr/bin/bash "$W/loop.sh"

# Lazily: a process that is no target, started after tracing began, profiled by execname: the
# walk asks for its table (ustack_want) and the tracer builds it within 100 ms, so nearly every
# sample of its 3 seconds has a whole stack (the first 100 ms fall back to frame pointers).
if [ -x /usr/bin/python3.11 ]; then
	(sleep 1; exec timeout 3 /usr/bin/python3.11 -c 'while True: pass') &
	timeout 60 "$U" -q -n 'profile-997 /execname == "python3.11"/ { @[ustack(100)] = count(); } tick-5s { exit(0); }' \
		>"$W/lazy.out" 2>"$W/lazy.err"
	wait
	set -- $(awk '/^ +[0-9]+$/ { tot += $1; if (s) hit += $1; s = 0; next } /`_start\+/ { s = 1 }
		END { print hit + 0, tot + 0 }' "$W/lazy.out")
	if [ "$2" -ge 500 ] && [ $(($1 * 100)) -ge $(($2 * 85)) ]; then
		ok "ustack_cfi lazy table ($1 of $2 samples reach _start)"
	else
		notok "ustack_cfi lazy table" "$1 of $2 samples reach _start (want 85% of at least 500): $(head -c 300 "$W/lazy.err")"
	fi
fi

# A USDT probe on our sdt.h site in a leaf function: the walk starts with %rsp lowered by the
# site (lea -0x80(%rsp),%rsp before the nop5); without undoing it, the leaf's CFA rule reads
# the return address from the red zone and the stack ends after one frame.
if gcc -O2 -fomit-frame-pointer -I"$TOP/include" -o "$W/cfi_usdt" "$TOP/tests/progs/ustack/cfi_usdt.c"; then
	"$U" -q -n 'cfiusdt$target:::hit { @[ustack()] = count(); }' -c "$W/cfi_usdt" \
		>"$W/usdt.out" 2>"$W/usdt.err"
	got=$(awk '/`/ { sub(/\+0x[0-9a-f]+$/, "", $1); print $1 }' "$W/usdt.out" | tr '\n' ' ')
	want='cfi_usdt`cfi_usdt_leaf cfi_usdt`cfi_usdt_mid cfi_usdt`main libc.so.6`__libc_start_call_main '
	case $got in
	"$want"*) ok "ustack_cfi usdt site in a leaf ($got)" ;;
	*) notok "ustack_cfi usdt site in a leaf" "got '$got' want '$want...': $(head -c 300 "$W/usdt.err")" ;;
	esac
else
	notok "ustack_cfi usdt build" "gcc failed"
fi
