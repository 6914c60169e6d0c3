#!/bin/sh
# tier: full
# ustack_manylibs.sh — the walk's table of one process holds CFI_MAPS_MAX (256) executable
# mappings (issue 22; it was 64): a process that dlopen()s 200 libraries (copies of
# tests/progs/ustack/manylib.c, each its own file) gets a whole stack through the last one
# loaded; one with 300 degrades: the mappings with the fewest unwind rows are walked by frame
# pointers, the others (libc here, through qsort) still by their rows, with one warning.
# Witness of a whole stack: the frames main, __libc_start_call_main, __libc_start_main and
# _start after the library's or qsort's frames (all built -O2 -fomit-frame-pointer: frame
# pointers alone stop after the library's frame).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then skip ustack_manylibs "needs root"; exit 0; fi
printf "#include <sys/sdt.h>\n" | gcc -E - >/dev/null 2>&1 || { skip ustack_manylibs "no sys/sdt.h"; exit 0; }
cd "$W" || exit 1
gcc -O2 -fomit-frame-pointer -shared -fPIC -o manylib.so "$TOP/tests/progs/ustack/manylib.c" &&
	gcc -O2 -fomit-frame-pointer -o manymain "$TOP/tests/progs/ustack/manymain.c" -ldl ||
	{ notok "ustack_manylibs build" "gcc failed"; exit 0; }
mkdir libs
i=0
while [ $i -lt 300 ]; do cp manylib.so libs/lib$i.so; i=$((i + 1)); done

# run N K: the 20th stack at the probe, frames without offsets, one line
run() {
	timeout 120 "$U" -q -n 'manylib$target:::hit /++n == 20/ { ustack(); exit(0); }' \
		-c "./manymain libs $1 $2" >u.out 2>u.err
	sed -n 's/^ \{14\}//p' u.out | grep -v '^$' | sed 's/+0x[0-9a-f]*$//' | tr '\n' ' '
}
tail='manymain`main libc.so.6`__libc_start_call_main libc.so.6`__libc_start_main manymain`_start '

got=$(run 200 199)
want="manymain\`at_probe lib199.so\`manylib_call $tail"
if [ "$got" = "$want" ] && ! grep -q 'executable mappings' u.err; then
	ok "ustack_manylibs 200 libraries (whole stack through lib199.so, no warning)"
else
	notok "ustack_manylibs 200 libraries" "got '$got' want '$want': $(head -c 300 u.err)"
fi

got=$(run 300 -1)
nwarn=$(grep -c 'has more than 256 executable mappings' u.err)
case $got in
"manymain\`at_probe manymain\`cmp libc.so.6\`"*"libc.so.6\`qsort_r $tail")
	if [ "$nwarn" -eq 1 ]; then
		ok "ustack_manylibs 300 libraries (whole stack through qsort; one warning)"
	else
		notok "ustack_manylibs 300 libraries" "$nwarn warnings, want 1: $(head -c 300 u.err)"
	fi ;;
*) notok "ustack_manylibs 300 libraries" "got '$got': $(head -c 300 u.err)" ;;
esac
