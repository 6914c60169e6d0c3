#!/bin/sh
# dwarf.sh — cost of struct bodies from DWARF (src/elf/dwarf_types.c) on a large synthetic program:
# UNITS compilation units, each including a shared header of HDR structs (as real programs
# repeat their headers' types in every unit; gcc -fno-eliminate-unused-debug-types keeps them
# all) plus a struct of its own. Not part of `make check`.
#
#   sh bench/dwarf.sh [RUNS] [UNITS] [HDR]      (defaults 5, 400, 1500)
#
# Printed: the size of .debug_info; medians over RUNS of
#   * bench/dwarf_lookup: open; a header struct (found in the first unit); the last unit's
#     own struct (every unit's top level scanned once); a name no unit defines (nothing more
#     to scan: the index answers); a second file-wide lookup after that;
#   * the tracer end to end, `-c` the program, one clause reading a member of the last unit's
#     struct through a cast, against the same clause reading arg0 only (no DWARF needed):
#     the difference is what finding and importing the struct costs at start-up.
# Environment: USDTRACE (default build/usdtrace), CC.
#
# Measured (sh bench/dwarf.sh 5 1000 3000, 2-core VM, 248 MiB .debug_info): open 0.12 ms,
# header struct 1.62 ms, last unit's struct 416.60 ms, absent name after that 0.00 ms, typedef
# after the full scan 0.01 ms; tracer end to end 515 ms with the DWARF struct, 108 ms arg0 only.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
CC=${CC:-cc}
RUNS=${1:-5}
UNITS=${2:-400}
HDR=${3:-1500}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cd "$W" || exit 1


make -C "$top" -s build/libusdtrace.a || exit 1
$CC -std=gnu11 -O2 -Wall -Wextra -Werror -D_GNU_SOURCE $(find "$top/src" -type d | sed 's/^/-I/') -o dwarf_lookup \
	"$top/bench/dwarf_lookup.c" "$top/build/libusdtrace.a" -lelf -ldw -lbpf -lz || exit 1

# the program
awk -v n="$HDR" 'BEGIN {
	print "#ifndef BIG_H\n#define BIG_H"
	for (i = 0; i < n; i++) {
		printf "struct hdr%d { int a; long b; char name[16]; struct hdr%d *next; unsigned f : 3; };\n", i, i
		printf "typedef struct hdr%d hdr%d_t;\n", i, i
	}
	print "#endif"
}' > big.h
i=0
while [ $i -lt "$UNITS" ]; do
	printf '#include "big.h"\nstruct own%d { long x; int y[%d]; };\nstruct own%d own%d_v;\nlong unit%d(void) { return own%d_v.x; }\n' \
		$i $((i % 7 + 1)) $i $i $i $i > u$i.c
	i=$((i + 1))
done
{
	echo '#include <usdtrace/sdt.h>'
	echo '#include "big.h"'
	echo "struct own$((UNITS - 1));"
	echo "extern struct own$((UNITS - 1)) own$((UNITS - 1))_v;"
	echo 'int main(void) { DTRACE_PROBE1(big, op, &own'"$((UNITS - 1))"'_v); return 0; }'
} > main.c
echo "building $UNITS units with $HDR header structs each..."
ls u*.c | xargs -P 2 -n 20 $CC -c -g -O0 -fno-eliminate-unused-debug-types -w || exit 1
$CC -c -g -O0 -I"$top/include" main.c -o main.o && $CC -o big main.o u*.o || exit 1
info=$(readelf -S -W big | awk '$2 == ".debug_info" { print $6 }')
info=$((0x$info))
echo ".debug_info: $((info / 1048576)) MiB ($info bytes)"

last="s:own$((UNITS - 1))"
r=0
: > open.t; : > first.t; : > last.t; : > absent.t; : > again.t
while [ $r -lt "$RUNS" ]; do
	./dwarf_lookup big s:hdr7 "$last" s:nosuch t:hdr1200_t > lk.out || exit 1
	awk '$1 == "open" { print $2 }' lk.out >> open.t
	awk '$1 == "s:hdr7" { print $3 }' lk.out >> first.t
	awk -v l="$last" '$1 == l { print $3 }' lk.out >> last.t
	awk '$1 == "s:nosuch" { print $3 }' lk.out >> absent.t
	awk '$1 == "t:hdr1200_t" { print $3 }' lk.out >> again.t
	r=$((r + 1))
done
cat lk.out
echo "dwarf_lookup medians over $RUNS runs (ms): open $(median open.t), header struct $(median first.t), last unit's struct $(median last.t), absent name $(median absent.t), typedef after the full scan $(median again.t)"

# end to end
: > with.t; : > without.t
r=0
while [ $r -lt "$RUNS" ]; do
	s=$(date +%s%N)
	"$USDTRACE" -q -n "big\$target:::op { printf(\"%d\\n\", ((struct own$((UNITS - 1)) *)arg0)->y[0]); }" -c ./big > /dev/null || exit 1
	e=$(date +%s%N)
	echo $(((e - s) / 1000000)) >> with.t
	s=$(date +%s%N)
	"$USDTRACE" -q -n 'big$target:::op { printf("%d\n", arg0 != 0); }' -c ./big > /dev/null || exit 1
	e=$(date +%s%N)
	echo $(((e - s) / 1000000)) >> without.t
	r=$((r + 1))
done
echo "tracer end to end, medians over $RUNS runs (ms): with the DWARF struct $(median with.t), arg0 only $(median without.t)"
