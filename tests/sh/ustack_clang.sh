#!/bin/sh
# tier: full
# ustack_clang.sh — whole stacks of the largest program of this machine: clang-14, whose
# libclang-cpp (1.0 million unwind rows) and libLLVM (0.95 million) did not fit together in the
# 2^20-row table the walk had, so one of them was left to frame pointers and no stack of a
# compile was whole (issue 22). The rows map is now sized at start by what the -c target maps
# (docs/unwind.md, "Limits"). Cases, each on `clang-14 -O2 -c` of a generated C file (about a
# second of compiling), the unwind table cache in the test's directory:
#   * clang-parseast: ustack() at clang::ParseAST (libclang-cpp) against gdb's bt at a
#     breakpoint there, frame by frame down to main and _start (gdb's "??" frames compared by
#     address: usdtrace's fde_START+OFF is the object's link-time address, gdb's the run-time
#     one less the library's load bias, from gdb's `info sharedlibrary` and readelf);
#   * clang-profile: the compile profiled at 997 Hz: at least 90% of the samples reach clang's
#     main and _start, and no "unwind tables full" warning;
#   * clang-rows-forced: -x ustackrows=1048576 (the old size): the warning names the object
#     that did not fit, and the ParseAST stack is a leading part of gdb's that ends in it (the
#     stop row: no frame-pointer guess past it).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then skip ustack_clang "needs root"; exit 0; fi
for t in gdb setarch clang-14 readelf; do
	command -v $t >/dev/null 2>&1 || { skip ustack_clang "$t not installed"; exit 0; }
done
CLANG=$(command -v clang-14)
FN=_ZN5clang8ParseASTERNS_4SemaEbb
cd "$W" || exit 1
awk 'BEGIN { for (i = 0; i < 250; i++)
	printf "int f%d(int x) { int s = 0; for (int i = 0; i < x; i++) { s += i * %d ^ (s >> 3); if (s %% 7 == %d) s -= x; } return s; }\n", i, i, i % 7 }' >big.c
export USDTRACE_CFI_CACHE="$W/cache"

# gdb's frames at ParseAST: names as gdb prints them demangled is not what usdtrace prints, so
# gdb prints mangled names (print demangle off); "??" frames as link-time addresses
timeout 120 gdb -q -batch -ex 'set breakpoint pending on' -ex 'set backtrace past-main on' \
	-ex 'set print demangle off' -ex 'set print asm-demangle off' -ex "break $FN" -ex run \
	-ex bt -ex 'info sharedlibrary' --args "$CLANG" -O2 -c big.c -o big.o </dev/null >gdb.out 2>&1
# load bias of each library: .text's run-time start (info sharedlibrary) less its link-time one
awk '/^0x[0-9a-f]+ +0x[0-9a-f]+ +(Yes|No)/ { print $1, $NF }' gdb.out | while read -r from lib; do
	text=$(readelf -SW "$lib" 2>/dev/null | awk '{ for (i = 1; i < NF; i++) if ($i == ".text") { print $(i + 2); exit } }')
	[ -n "$text" ] && printf '%s %d\n' "$(basename "$lib")" $((from - 0x$text))
done >bias
grep '^#' gdb.out | awk -v B=bias '
	BEGIN { while ((getline l < B) > 0) { split(l, f, " "); bias[f[1]] = f[2] } }
	{ if ($2 ~ /^0x/ && $3 == "in") { addr = $2; name = $4 } else { addr = ""; name = $2 }
	  if (name == "??") {
		lib = ""; for (i = 1; i < NF; i++) if ($i == "from") lib = $(i + 1)
		n = split(lib, p, "/"); lib = p[n]
		a = strtonum(addr); if (lib in bias) a -= bias[lib]
		name = sprintf("0x%x", a) }
	  sub(/@.*/, "", name); print name }' >g.frames
if ! grep -q '^main$' g.frames || [ "$(head -1 g.frames)" != "$FN" ]; then
	notok ustack_clang-gdb "gdb's stack: $(tr '\n' ' ' <g.frames) $(grep -v '^\[' gdb.out | tail -3)"
	exit 0
fi

# our_frames FILE: ustack()'s frames as gdb's list has them: mangled names, fde_START+OFF as
# the address START + OFF
our_frames() {
	sed -n 's/^ \{14\}//p' "$1" | grep -v '^$' | sed 's/^[^`]*`//' |
		awk '/^fde_[0-9a-f]+\+0x[0-9a-f]+$/ { split(substr($0, 5), p, "+0x")
			printf "0x%x\n", strtonum("0x" p[1]) + strtonum("0x" p[2]); next }
		     /^fde_[0-9a-f]+$/ { print "0x" substr($0, 5); next }
		     { sub(/\+0x[0-9a-f]+$/, ""); print }'
}
# __libc_start_main is gdb's __libc_start_main_impl (one address, two names)
norm() { sed 's/^__libc_start_main_impl$/__libc_start_main/' "$1"; }
norm g.frames >g.norm

# ParseAST's stack, with the rows map as sized (ARGS: more usdtrace options)
parseast() {
	out=$1
	shift
	USDTRACE_USTACK_SYNC=1 setarch "$(uname -m)" -R timeout 180 "$U" -q "$@" \
		-n "pid\$target::$FN:entry { ustack(100); exit(0); }" -c "$CLANG -O2 -c big.c -o big.o" \
		>"$out" 2>"$out.err"
	our_frames "$out" >"$out.f0"
	norm "$out.f0" >"$out.frames"
}
parseast u.parse
if cmp -s g.norm u.parse.frames; then
	ok "ustack_clang clang-parseast ($(wc -l <g.norm) frames, gdb's, down to $(tail -1 u.parse.frames))"
else
	notok "ustack_clang clang-parseast" "gdb: $(tr '\n' ' ' <g.norm) usdtrace: $(tr '\n' ' ' <u.parse.frames) [$(head -c 300 u.parse.err)]"
fi

# the compile profiled: the share of samples whose stack is whole
USDTRACE_USTACK_SYNC=1 timeout 180 "$U" -q -n 'profile-997 /pid == $target/ { @[ustack(100)] = count(); }' \
	-c "$CLANG -O2 -c big.c -o big.o" >u.prof 2>u.prof.err
res=$(awk '/`/ { s = s " " $1; next }
	/^ *[0-9]+$/ && s != "" { t += $1; if (s ~ / clang`main\+0x[0-9a-f]+ libc.so.6`__libc_start_call_main\+0x[0-9a-f]+ libc.so.6`__libc_start_main\+0x[0-9a-f]+ clang`_start\+0x[0-9a-f]+$/) w += $1; s = "" }
	END { printf "%d %d\n", t, w }' u.prof)
set -- $res
if grep -q 'unwind tables full' u.prof.err; then
	notok "ustack_clang clang-profile" "$(grep 'unwind tables full' u.prof.err | head -2)"
elif [ "$1" -lt 100 ]; then
	notok "ustack_clang clang-profile" "only $1 samples [$(head -c 300 u.prof.err)]"
elif [ $(($2 * 100)) -ge $(($1 * 90)) ]; then
	ok "ustack_clang clang-profile ($2 of $1 samples reach main and _start)"
else
	notok "ustack_clang clang-profile" "$2 of $1 samples reach main and _start (want 90%)"
fi

# the old size forced: a leading part of gdb's stack, ended in the object that did not fit
parseast u.forced -x ustackrows=1048576
full=$(sed -n 's/.*ustack: \([^:]*\): unwind tables full.*/\1/p' u.forced.err | head -1)
nf=$(wc -l <u.forced.frames)
last=$(sed -n 's/^ \{14\}//p' u.forced | grep -v '^$' | tail -1 | sed 's/`.*//')
if [ -z "$full" ]; then
	notok "ustack_clang clang-rows-forced" "no 'unwind tables full' warning [$(head -c 300 u.forced.err)]"
elif [ "$nf" -ge 1 ] && [ "$nf" -lt "$(wc -l <g.norm)" ] && head -n "$nf" g.norm | cmp -s - u.forced.frames &&
	[ "$last" = "$(basename "$full")" ]; then
	ok "ustack_clang clang-rows-forced ($(basename "$full") did not fit: $nf of gdb's frames, ending in it)"
else
	notok "ustack_clang clang-rows-forced" "$(basename "$full") full; usdtrace: $(tr '\n' ' ' <u.forced.frames) (last in $last)"
fi
