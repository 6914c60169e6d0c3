#!/bin/sh
# tier: fast
# argforms.sh — decoded USDT argument locations, evaluated by a ptrace witness (argcheck), give
# the values the programs put there:
#   * tests/progs/argforms.S: every operand form, hand-written notes, PIE and non-PIE; the
#     program carries its own table of expected values ("=K" = same as argument K, "*" = any);
#   * tests/progs/argtypes.c: notes written through "nor" asm operands, so the compiler picks
#     the forms; gcc and clang at -O0 and -O2; the program writes the expected line per hit.
. "$TOP/tests/sh/lib.sh"
ARGCHECK="$B/tools/argcheck"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$ARGCHECK" ]; then
	echo "not ok - argcheck: $ARGCHECK not built"
	exit 1
fi
if [ "$(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null || echo 0)" = 3 ]; then
	echo "skip - argforms: ptrace disabled (kernel.yama.ptrace_scope=3)"
	exit 0
fi

# run_case NAME PROG EXPECTFILE [PROG ARGS...]
run_case() {
	name=$1 prog=$2 expfile=$3
	shift 3
	if ! "$ARGCHECK" "$prog" "$@" >"$work/$name.out" 2>"$work/$name.err"; then
		echo "not ok - $name: argcheck failed: $(tr '\n' ' ' <"$work/$name.err" | cut -c1-300)"
		return
	fi
	if [ -s "$work/$name.err" ]; then
		echo "not ok - $name: argcheck complained: $(tr '\n' ' ' <"$work/$name.err" | cut -c1-300)"
		return
	fi
	if [ ! -s "$expfile" ]; then
		echo "not ok - $name: no expected values were produced"
		return
	fi
	if why=$(argvals_match "$expfile" "$work/$name.out"); then
		echo "ok - $name"
	else
		echo "not ok - $name: $(echo "$why" | head -n 3 | tr '\n' ' ')"
	fi
}

S="$TOP/tests/progs/argforms.S"
if gcc -pie -o "$work/af_pie" "$S" 2>"$work/cc.err"; then
	"$work/af_pie" expect >"$work/af_pie.exp"
	run_case argforms_S_pie "$work/af_pie" "$work/af_pie.exp"
else
	echo "not ok - argforms_S_pie: build failed: $(head -c 300 "$work/cc.err")"
fi
if gcc -no-pie -DNOPIE -Wl,--section-start=.argfixed=0x20000000 -o "$work/af_nopie" "$S" \
	2>"$work/cc.err"; then
	"$work/af_nopie" expect >"$work/af_nopie.exp"
	run_case argforms_S_nopie "$work/af_nopie" "$work/af_nopie.exp"
else
	echo "not ok - argforms_S_nopie: build failed: $(head -c 300 "$work/cc.err")"
fi

C="$TOP/tests/progs/argtypes.c"
for cc in gcc clang; do
	if ! command -v $cc >/dev/null 2>&1; then
		echo "skip - argtypes_$cc: $cc not installed"
		continue
	fi
	for flags in "-O0" "-O2" "-O2 -no-pie"; do
		name=argtypes_${cc}$(echo "$flags" | tr -d ' ')
		bin="$work/$name"
		# shellcheck disable=SC2086
		if ! $cc $flags -std=gnu11 -Wall -Wextra -Werror -o "$bin" "$C" 2>"$work/cc.err"; then
			echo "not ok - $name: build failed: $(head -c 300 "$work/cc.err")"
			continue
		fi
		run_case "$name" "$bin" "$work/$name.exp" "$work/$name.exp"
	done
done

# Probes inside a shared library (libstdc++'s own), armed after the dynamic loader ran.
if command -v g++ >/dev/null 2>&1; then
	if g++ -O2 -o "$work/throw" "$TOP/tests/progs/throw.cc" 2>"$work/cc.err"; then
		if "$B/tools/notedump" "$(g++ -print-file-name=libstdc++.so.6)" 2>/dev/null | grep -q "^site libstdcxx throw "; then
			run_case shared_library_probes "$work/throw" "$work/throw.exp" "$work/throw.exp"
		else
			echo "skip - shared_library_probes: this libstdc++ has no USDT probes"
		fi
	else
		echo "not ok - shared_library_probes: build failed: $(head -c 300 "$work/cc.err")"
	fi
else
	echo "skip - shared_library_probes: g++ not installed"
fi
