#!/bin/sh
# tier: fast
# cfi_readelf.sh — the unwind rows usdtrace makes from .eh_frame and .debug_frame (src/elf/cfi.c,
# printed by tests/tools/cfi_dump) agree with binutils' `readelf -wF` (its own interpreter of the
# same CFA programs) at every address where readelf's table has a row: the CFA rule (%rsp or
# %rbp + offset; "exp" for expressions, which usdtrace classifies as PLT, signal frame or
# unsupported; a CFA on another register must be unsupported here), the return address rule and
# the saved %rbp rule. Objects: this machine's libc, ld.so, libm, libstdc++, python3.11, bash,
# and test programs built by gcc and clang with -O2 -fomit-frame-pointer, and by gcc with
# .debug_frame only (-fno-asynchronous-unwind-tables -g).
CFIDUMP="$B/tools/cfi_dump"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ ! -x "$CFIDUMP" ]; then
	echo "not ok - cfi_readelf: $CFIDUMP not built"
	exit 1
fi
if ! command -v readelf >/dev/null 2>&1; then
	echo "skip - cfi_readelf: readelf not installed"
	exit 0
fi

# readelf -wF's rows of section SEC's FDEs, as "LOC CFA RA RBP" (RBP "u" when no column)
readelf_rows() {
	readelf -wF "$1" 2>/dev/null | awk -v want="Contents of the $2 section" '
	/^Contents of the / { insec = (index($0, want) == 1); infde = 0; next }
	!insec { next }
	/ FDE cie=/ { infde = 1; next }
	/ CIE / { infde = 0; next }
	/^ +LOC +CFA/ { ncol = NF; rbpcol = 0; racol = 0
		for (i = 1; i <= NF; i++) { if ($i == "rbp") rbpcol = i; if ($i == "ra") racol = i }
		next }
	infde && /^[0-9a-f]+ / && NF == ncol && racol && $2 != "ZERO" { print $1, $2, $racol, (rbpcol ? $rbpcol : "u") }'
}

# compare FILE SECTION NAME MIN_ROWS
compare() {
	readelf_rows "$1" "$2" >"$work/re"
	n=$(wc -l <"$work/re")
	if [ "$n" -lt "$4" ]; then
		echo "not ok - cfi_readelf $3: readelf shows only $n rows of $2 (want at least $4)"
		return
	fi
	cut -d' ' -f1 "$work/re" | "$CFIDUMP" -q "$1" >"$work/us" 2>"$work/err" || {
		echo "not ok - cfi_readelf $3: cfi_dump failed: $(head -1 "$work/err")"; return; }
	paste -d' ' "$work/re" "$work/us" | awk '
	{ if ($3 == "u") ok = ($7 == "u")                       # RA undefined: the outermost frame
	  else if ($2 !~ /^r[sb]p[+-]/ && $2 != "exp") ok = ($6 == "exp")   # CFA on another register
	  else ok = ($2 == $6 && $3 == $7 && ($4 == $8 || ($4 ~ /^r[0-9]/ && $8 == "?")))
	  if (!ok) print }' >"$work/bad"
	if [ -s "$work/bad" ]; then
		echo "not ok - cfi_readelf $3: $(wc -l <"$work/bad") of $n rows differ, first (readelf | ours): $(head -1 "$work/bad")"
	else
		echo "ok - cfi_readelf $3 ($n rows)"
	fi
}

for f in /lib/x86_64-linux-gnu/libc.so.6 /lib64/ld-linux-x86-64.so.2 /lib/x86_64-linux-gnu/libm.so.6 \
	 /lib/x86_64-linux-gnu/libstdc++.so.6 /usr/bin/python3.11 /usr/bin/bash; do
	if [ -f "$f" ]; then compare "$f" .eh_frame "$(basename "$f")" 500
	else echo "skip - cfi_readelf $(basename "$f"): not installed"; fi
done

cat >"$work/p.c" <<'SRC'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
__attribute__((noinline)) static long leaf(long *v, int n) { long s = 0; for (int i = 0; i < n; i++) s += v[i] * v[i]; return s; }
__attribute__((noinline)) static long mid(int n) { long *v = __builtin_alloca(n * sizeof *v); for (int i = 0; i < n; i++) v[i] = i; return leaf(v, n); }
__attribute__((noinline)) long outer(int n) { char buf[4096]; memset(buf, n, sizeof buf); return mid(n) + buf[n % 4096]; }
int main(int argc, char **argv) { printf("%ld\n", outer(argc > 1 ? atoi(argv[1]) : 10)); return 0; }
SRC
for cc in gcc clang; do
	if ! command -v $cc >/dev/null 2>&1; then echo "skip - cfi_readelf $cc: not installed"; continue; fi
	$cc -O2 -fomit-frame-pointer -o "$work/p-$cc" "$work/p.c" && compare "$work/p-$cc" .eh_frame "$cc -O2 -fomit-frame-pointer" 5
	$cc -O0 -fno-omit-frame-pointer -o "$work/f-$cc" "$work/p.c" && compare "$work/f-$cc" .eh_frame "$cc -O0 frame pointers" 5
done
# a shared object without the C runtime's objects (which bring an .eh_frame): .debug_frame only
gcc -O2 -g -shared -fPIC -nostdlib -fno-asynchronous-unwind-tables -fno-exceptions \
	-fno-unwind-tables -Wl,--no-ld-generated-unwind-info -o "$work/d-gcc.so" "$work/p.c"
if readelf -SW "$work/d-gcc.so" | grep -q '\.eh_frame '; then
	echo "not ok - cfi_readelf .debug_frame: gcc made an .eh_frame anyway"
else
	compare "$work/d-gcc.so" .debug_frame "gcc .debug_frame only" 5
fi

# the recognised expressions: python3.11's PLT, libc's signal trampoline (__restore_rt)
if [ -f /usr/bin/python3.11 ]; then
	s=$("$CFIDUMP" -s /usr/bin/python3.11)
	case $s in *" plt=0 "*) echo "not ok - cfi_readelf python3.11 PLT recognised: $s";;
		   *) echo "ok - cfi_readelf python3.11 PLT recognised";; esac
fi
s=$("$CFIDUMP" -s /lib/x86_64-linux-gnu/libc.so.6)
case $s in *" signal=0 "*) echo "not ok - cfi_readelf libc signal frame recognised: $s";;
	   *) echo "ok - cfi_readelf libc signal frame recognised";; esac
