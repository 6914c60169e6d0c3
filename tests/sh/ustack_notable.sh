#!/bin/sh
# tier: full
# ustack_notable.sh — a process the tracer has no unwind table for yet (system-wide sampling:
# it started after tracing began, and its table is built only when the walk asks, at the
# tracer's next poll) gets a stack that ends at its first frame, never one guessed with
# frame-pointer steps (issue 22; docs/unwind.md "The walk in BPF"). tests/progs/ustack/
# notable.c, linked statically (main runs at once after exec, inside the window before the
# table exists), spins in a function that keeps %rbp pointing at a fake frame whose return
# address lies in never_called: a frame-pointer step there prints never_called, a frame that is
# not on the stack (what usdtrace printed before). Checked:
#   * no stack holds never_called;
#   * every stack starting in spin is a leading part of the whole one (spin, main, then libc
#     down to _start), whose first frames are gdb's bt at a breakpoint in spin;
#   * some stack is spin alone (the path was reached: a sample before the table), and some are
#     whole (the table built at the walk's request).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then skip ustack_notable "needs root"; exit 0; fi
command -v gdb >/dev/null 2>&1 || { skip ustack_notable "gdb not installed"; exit 0; }
cd "$W" || exit 1
if ! cc -static -O2 -fomit-frame-pointer -o notable "$TOP/tests/progs/ustack/notable.c" 2>cc.err; then
	notok ustack_notable-build "$(head -c 300 cc.err)"
	exit 0
fi
timeout 90 gdb -q -batch -ex 'break spin' -ex run -ex bt --args ./notable 5 </dev/null >gdb.out 2>&1
grep '^#' gdb.out | sed 's/^#[0-9]* *//; s/^0x[0-9a-f]* in //; s/ (.*//' >gdb.frames
if [ "$(tr '\n' ' ' <gdb.frames)" != "spin main " ]; then
	notok ustack_notable-gdb "gdb's frames: $(tr '\n' ' ' <gdb.frames) $(tail -2 gdb.out)"
	exit 0
fi
whole_stack="spin main __libc_start_call_main __libc_start_main_impl _start"

# round N: tracing system-wide, 40 new processes one after the other; the stacks, one per
# line (function names only, then " #count")
round() {
	timeout 120 "$U" -q -n 'profile-997 /execname == "notable"/ { @[ustack()] = count(); }' \
		-n 'tick-200ms { printf("tick\n"); }' >"out.$1" 2>"err.$1" &
	t=$!
	n=0
	while ! grep -q tick "out.$1" 2>/dev/null && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
	for i in $(seq 1 40); do ./notable 20; done
	sleep 0.3
	kill -INT $t
	wait $t
	echo "rc $?" >>"err.$1"
	awk '/`/ { f = $1; sub(/^[^`]*`/, "", f); sub(/\+0x[0-9a-f]+$/, "", f); s = s " " f; next }
	     /^ *[0-9]+$/ && s != "" { print s " #" $1; s = "" }' "out.$1" >"st.$1"
}
seen=0 bad= total=0 alone=0 whole=0 rounds=0
for r in 1 2 3; do
	round $r
	rounds=$r
	if ! grep -q '^rc 0$' "err.$r"; then
		bad="usdtrace failed: $(head -c 300 "err.$r")"
		break
	fi
	res=$(awk -v w="$whole_stack" '
		{ c = $NF; sub(/^#/, "", c); s = $0; sub(/ #[0-9]+$/, "", s); sub(/^ /, "", s)
		  total += c
		  if (s ~ /never_called/) { if (bad == "") bad = s; next }
		  if (s ~ /^spin( |$)/) {
			if (index(w " ", s " ") != 1) { if (bad == "") bad = s; next }
			if (s == "spin") alone += c
			if (s == w) whole += c
		  } }
		END { printf "%d %d %d %s\n", total, alone, whole, bad }' "st.$r")
	set -- $res
	total=$((total + $1)) alone=$((alone + $2)) whole=$((whole + $3))
	shift 3
	if [ -n "$*" ]; then
		bad="round $r: a stack that is not a leading part of the real one: $*"
		break
	fi
	[ $alone -gt 0 ] && [ $whole -gt 0 ] && break
done
if [ -n "$bad" ]; then
	notok ustack_notable "$bad"
elif [ $alone -eq 0 ] || [ $whole -eq 0 ]; then
	notok ustack_notable "in $rounds rounds, $alone samples before a table (spin alone), $whole whole: want both"
else
	ok "ustack_notable ($total samples in $rounds round(s): $alone before the table, ended at spin; $whole whole, gdb's spin main then libc; none through never_called)"
fi
