#!/bin/sh
# tier: full
# ustack_late.sh — the unwind rows of a large object arrive after tracing started (issue 22,
# docs/unwind.md "Rows built off the start path"), and until they do no wrong frame is printed.
# tests/progs/ustack/late_main.c calls through libbig.so, generated here: big_call and 60 000
# small functions (2 MB of .eh_frame: past CFI_SYNC_BYTES, so its rows are built by the builder
# thread; 240 000 rows: past CFI_SYNC_ROWS, so read from the cache by the builder too). big_call
# keeps %rbp as a general register pointing at its locals, which hold a code address: a
# frame-pointer step there prints a frame that is not on the stack (spin again below big_call:
# what the walk printed when a pending object's mappings took frame-pointer steps). The
# witness is gdb's bt at the same function. Each firing's stack must be gdb's down to main and
# then libc down to _start (whole), or, before the first whole one, the first frames of gdb's
# (cut at big_call, the object whose rows are not there yet).
#   start-cold   linked with the library, cache empty: the rows built while tracing starts
#   start-warm   the same, the rows from the cache entry start-cold stored
#   start-sync   USDTRACE_USTACK_SYNC=1: no stack cut (the rows read before the program runs)
#   dlopen       the program loads the library itself once traced (cache empty; the USDT
#                watcher reports the load and the process's table is rebuilt, the library
#                pending): the stacks before its rows arrive are cut at big_call (at least
#                one: the build takes tens of ms), then whole
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then skip ustack_late "needs root"; exit 0; fi
command -v gdb >/dev/null 2>&1 || { skip ustack_late "gdb not installed"; exit 0; }
cd "$W" || exit 1
awk -v n=60000 'BEGIN {
	print "\t.text\n\t.globl big_call\n\t.type big_call, @function\nbig_call:\n\t.cfi_startproc"
	print "\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %rbp, -16"
	print "\tpushq %rbx\n\t.cfi_def_cfa_offset 24\n\t.cfi_offset %rbx, -24"
	print "\tsubq $24, %rsp\n\t.cfi_def_cfa_offset 48"
	# locals: 0 and the callback; %rbp points at them (no frame pointer here)
	print "\tmovq $0, (%rsp)\n\tmovq %rdi, 8(%rsp)\n\tmovq %rsp, %rbp\n\tcall *%rdi"
	print "\taddq $24, %rsp\n\t.cfi_def_cfa_offset 24\n\tpopq %rbx\n\t.cfi_def_cfa_offset 16"
	print "\tpopq %rbp\n\t.cfi_def_cfa_offset 8\n\tret\n\t.cfi_endproc\n\t.size big_call, .-big_call"
	for (i = 0; i < n; i++) {
		printf "\t.type big_f%d, @function\nbig_f%d:\n\t.cfi_startproc\n", i, i
		print "\tpushq %r12\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %r12, -16"
		print "\tpushq %rbx\n\t.cfi_def_cfa_offset 24\n\t.cfi_offset %rbx, -24"
		print "\tpopq %rbx\n\t.cfi_def_cfa_offset 16\n\tpopq %r12\n\t.cfi_def_cfa_offset 8\n\tret"
		printf "\t.cfi_endproc\n\t.size big_f%d, .-big_f%d\n", i, i
	}
	print "\t.section .note.GNU-stack,\"\",@progbits"
}' >big.s
if ! as -o big.o big.s 2>cc.err || ! ld -shared -o libbig.so big.o 2>>cc.err ||
	! cc -O2 -fomit-frame-pointer -o late "$TOP/tests/progs/ustack/late_main.c" -L"$W" -lbig \
		-Wl,-rpath,"$W" 2>>cc.err ||
	! cc -O2 -fomit-frame-pointer -DLATE_DLOPEN -o late_dl "$TOP/tests/progs/ustack/late_main.c" \
		-ldl 2>>cc.err; then
	notok "ustack_late build" "$(head -3 cc.err)"
	exit 0
fi
ehsize=$(readelf -SW libbig.so | awk '{ for (i = 1; i < NF; i++) if ($i == ".eh_frame") print strtonum("0x" $(i + 4)) }')
# gdb's frames at target, down to main
timeout 90 gdb -q -batch -ex 'break target' -ex run -ex bt --args ./late 1 </dev/null >gdb.out 2>&1
grep '^#' gdb.out | sed 's/^#[0-9]* *//; s/^0x[0-9a-f]* in //; s/ (.*//' >gdb.frames
if [ "$(tr '\n' ' ' <gdb.frames)" != "target spin big_call main " ]; then
	notok "ustack_late gdb" "gdb's frames: $(tr '\n' ' ' <gdb.frames) $(tail -2 gdb.out)"
	exit 0
fi

# run NAME COMMAND ENV...: the program traced, one stack per firing of target; checked against
# gdb's
run() {
	name=$1 cmd=$2
	shift 2
	env "$@" USDTRACE_CFI_CACHE="$W/cache" timeout 120 "$U" -q -n \
		'pid$target:a.out:target:entry { printf("S %d\n", arg0); ustack(); }' -c "$cmd" \
		>"u.$name" 2>"e.$name"
	# per firing: its frames (names without module and offset), space separated
	awk '/^S / { if (s != "") print s; s = "-"; next }
	     NF == 1 && s != "" { f = $1; sub(/^[^`]*`/, "", f); sub(/\+0x[0-9a-f]+$/, "", f); s = s " " f }
	     END { if (s != "") print s }' "u.$name" >"s.$name"
	awk -v mode="$name" '
	BEGIN { g = "- target spin big_call main"; whole = 0; part = 0; bad = "" }
	{ s = $0
	  # whole: the frames gdb shows, then libc down to _start
	  if (index(s, g " ") == 1 && $NF == "_start") { whole++; seen = 1; next }
	  # a stack cut short: the first frames gdb shows, and only before any whole one
	  if (index(g " ", s " ") == 1 && !seen && NF >= 4) { part++; next }
	  if (bad == "") bad = "firing " NR ": " s }
	END {
	  if (NR != 300) { printf "%d firings of 300", NR; exit 1 }
	  if (bad != "") { print bad; exit 1 }
	  if (mode == "dlopen" && part == 0) { print "no stack before the rows arrived: nothing shown"; exit 1 }
	  if (mode == "start-sync" && part > 0) { printf "%d stacks cut short", part; exit 1 }
	  if (whole < 100) { printf "only %d whole stacks", whole; exit 1 }
	  printf "%d cut at big_call, then %d whole", part, whole }' "s.$name"
}
for mode in start-cold start-warm start-sync dlopen; do
	case $mode in
	start-cold) rm -rf "$W/cache"; why=$(run $mode "./late 300") ;;
	start-warm) why=$(run $mode "./late 300") ;;
	start-sync) why=$(run $mode "./late 300" USDTRACE_USTACK_SYNC=1) ;;
	dlopen) rm -rf "$W/cache"; why=$(run $mode "./late_dl 300 $W/libbig.so") ;;
	esac
	if [ $? -eq 0 ]; then
		ok "ustack_late $mode ($why; .eh_frame $ehsize bytes)"
	else
		notok "ustack_late $mode" "$why [$(head -c 300 "e.$mode")]"
	fi
done
