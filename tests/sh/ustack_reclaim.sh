#!/bin/sh
# tier: full
# ustack_reclaim.sh — unwind rows are reclaimed during a run (issue 22): the rows of objects no
# live process maps are released when the rows map fills, and reused. NLIB short-lived processes
# run one after the other, each dlopen()ing its own library (a copy of one built here, about
# 2 000 functions without frame pointers: its own file, so its own object) and firing
# manylib:::hit through it (tests/progs/ustack/manymain.c); usdtrace may use only
# USDTRACE_USTACK_ROWS rows: the rows of the objects every process maps (manymain, libc, ld.so)
# plus room for about two of the libraries. Before: rows were never reclaimed, so from the third
# library on "unwind tables full" and stacks cut at the library (built without frame pointers).
#   stacks   every process's stack at its last firing reaches _start through its library's
#            manylib_call, and no "unwind tables full" warning
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
NLIB=12
if ! sdt_is_root; then skip ustack_reclaim "needs root"; exit 0; fi
printf "#include <sys/sdt.h>\n" | gcc -E - >/dev/null 2>&1 || { skip ustack_reclaim "no sys/sdt.h"; exit 0; }
cd "$W" || exit 1
# the library: manylib_call and many functions that each save a register around calls (a few
# unwind rows each)
awk 'BEGIN { for (i = 0; i < 2000; i++)
	printf "__attribute__((noinline)) int pad%d(int (*cb)(int), int x) { int a = cb(x); return a + cb(a + %d); }\n", i, i }' >pad.c
gcc -O2 -fomit-frame-pointer -shared -fPIC -o big.so "$TOP/tests/progs/ustack/manylib.c" pad.c &&
	gcc -O2 -fomit-frame-pointer -o manymain "$TOP/tests/progs/ustack/manymain.c" -ldl ||
	{ notok "ustack_reclaim build" "gcc failed"; exit 0; }
i=0
while [ $i -lt $NLIB ]; do mkdir d$i && cp big.so d$i/lib0.so; i=$((i + 1)); done
# the rows: those of the objects manymain maps at start, and room for 2.5 libraries
rows_of() { USDTRACE_CFI_CACHE=off "$B/tools/cfi_dump" -s "$1" | sed 's/.* compact=\([0-9]*\).*/\1/'; }
base=$(rows_of ./manymain)
for o in $(ldd ./manymain | awk '$3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
	base=$((base + $(rows_of "$o")))
done
lib=$(rows_of big.so)
cap=$((base + lib * 5 / 2))
printf 'i=0\nwhile [ $i -lt %d ]; do ./manymain d$i 1 0 || exit 1; i=$((i + 1)); done\n' $NLIB >drive.sh
USDTRACE_USTACK_ROWS=$cap timeout 300 "$U" -Z -q -n 'manylib*:::hit /arg0 == 50/ { @[ustack()] = count(); @p[pid] = count(); }' \
	-n 'END { printa(@); printa("pid %d\n", @p); }' -c "sh drive.sh" >out 2>err
rc=$?
awk '/^pid [0-9]+$/ { p++; next }
	/^ *[0-9]+$/ { n++; if (s ~ /`_start/ && s ~ /lib0.so`manylib_call/ && s ~ /`main/) full++; s = ""; next }
	NF { s = s " " $1 }
	END { print n + 0, full + 0, p + 0 }' out >counts
read stacks full pids <counts
if [ $rc -eq 0 ] && [ "$pids" = $NLIB ] && [ "$full" = "$stacks" ] && [ "$stacks" = $NLIB ] &&
	! grep -q 'unwind tables full' err; then
	ok "ustack_reclaim stacks ($NLIB libraries of $lib rows each, $cap rows: whole stacks, no warning)"
else
	notok "ustack_reclaim stacks" "usdtrace $rc; $pids processes, $stacks stacks, $full whole (limit $cap rows, $lib per library): $(head -c 400 err)"
fi
exit 0
