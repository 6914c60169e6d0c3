#!/bin/sh
# ustack_start.sh — what user stack tables cost at the start of tracing a -c program (issue 22),
# on Debian's /usr/bin/python3.11. Not part of `make check`; root.
#
#   sh bench/ustack_start.sh [RUNS]     (default 5)
#
# Reports, medians over RUNS runs:
#   * start: wall time of `usdtrace -c 'python3.11 -c pass'` with a program that ends at BEGIN,
#     aggregating ustack() (the walk's maps made, the target's tables built and loaded before it
#     runs) with the unwind table cache cold (an empty cache directory: every object's rows
#     built, and stored) and warm (the same directory again: every object's rows read from it),
#     and aggregating pid (no walk): the differences are what the tables add to the start of
#     tracing, also per object the target maps at its entry point;
#   * build: milliseconds to read and compact each of those objects' rows (build/tools/cfi_dump
#     -s), the part of that difference spent in the parser, and to get them as the tracer does
#     with the cache warm (cfi_dump -t, the entry read and checked); also for EXTRA objects
#     (default: libclang-cpp.so.14 where installed, the largest unwind table of this machine);
#   * first samples: python3.11 running a loop (a file: -c splits at blanks) profiled at 997 Hz from BEGIN for 1 s:
#     the time of the first sample after BEGIN, of the first whose stack is whole (8 frames or
#     more; frame pointers give 1 or 2 on Debian's python), and the share of whole stacks among
#     the samples of the first 100 ms.
# Environment: USDTRACE (default build/usdtrace), PYTHON (default /usr/bin/python3.11), EXTRA.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
PYTHON=${PYTHON:-/usr/bin/python3.11}
RUNS=${1:-5}
die() { echo "bench/ustack_start.sh: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "tracing needs root; run it as root"
[ -x "$USDTRACE" ] || die "no usdtrace at $USDTRACE (run make)"
[ -x "$top/build/tools/cfi_dump" ] || die "no build/tools/cfi_dump (run make tools)"
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
# a loop in a file: -c splits its command at blanks, without the shell's quotes
printf 'while True:\n    pass\n' >"$w/loop.py"
: >"$w/walk"; : >"$w/warm"; : >"$w/nowalk"; : >"$w/first"; : >"$w/whole"; : >"$w/share"
r=1
while [ $r -le "$RUNS" ]; do
	rm -rf "$w/cache"
	ms_of env USDTRACE_CFI_CACHE=$w/cache timeout 60 "$USDTRACE" -q -n 'profile-997 /pid == $target/ { @[ustack()] = count(); } BEGIN { exit(0); }' \
		-c "$PYTHON -c pass" >>"$w/walk"
	ms_of env USDTRACE_CFI_CACHE=$w/cache timeout 60 "$USDTRACE" -q -n 'profile-997 /pid == $target/ { @[ustack()] = count(); } BEGIN { exit(0); }' \
		-c "$PYTHON -c pass" >>"$w/warm"
	ms_of timeout 60 "$USDTRACE" -q -n 'profile-997 /pid == $target/ { @[pid] = count(); } BEGIN { exit(0); }' \
		-c "$PYTHON -c pass" >>"$w/nowalk"
	USDTRACE_CFI_CACHE=$w/cache timeout 60 "$USDTRACE" -q -n 'BEGIN { t0 = timestamp; }
		profile-997 /pid == $target/ { printf("%d %d\n", (timestamp - t0) / 1000, ustackdepth); }
		tick-1s { exit(0); }' -c "$PYTHON $w/loop.py" >"$w/samples" 2>/dev/null
	awk 'NF == 2 && !f { f = 1; print $1 }' "$w/samples" >>"$w/first"
	awk 'NF == 2 && $2 >= 8 && !f { f = 1; print $1 }' "$w/samples" >>"$w/whole"
	awk 'NF == 2 { if (!t) t = $1; if ($1 - t < 100000) { n++; if ($2 >= 8) k++ } }
	     END { if (n) printf "%.1f\n", 100 * k / n; else print "nan" }' "$w/samples" >>"$w/share"
	r=$((r + 1))
done
# the objects python3.11 maps at its entry point (what -c's tables cover before it runs)
objs=$("$PYTHON" -c 'import sys
for l in open("/proc/self/maps"):
    f = l.split()
    if len(f) == 6 and "x" in f[1] and f[5].startswith("/"): print(f[5])' | sort -u)
nobj=$(echo "$objs" | wc -l)
walk=$(median <"$w/walk")
warm=$(median <"$w/warm")
nowalk=$(median <"$w/nowalk")
dcold=$(awk -v a="$walk" -v b="$nowalk" 'BEGIN { print a - b }')
dwarm=$(awk -v a="$warm" -v b="$nowalk" 'BEGIN { print a - b }')
echo "python3.11 -c, $RUNS runs, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "start of tracing (ms, median): with ustack() cache cold $walk, warm $warm; without $nowalk; differences $dcold and $dwarm ms for $nobj objects"
EXTRA=${EXTRA-$(ls /usr/lib/llvm-14/lib/libclang-cpp.so.14 2>/dev/null)}
echo "each object's rows (ms, medians of $RUNS): built (cfi_dump -s), from the warm cache (cfi_dump -t)"
for o in $objs $EXTRA; do
	i=0
	: >"$w/b"
	: >"$w/c"
	rm -rf "$w/ocache"
	USDTRACE_CFI_CACHE=$w/ocache "$top/build/tools/cfi_dump" -t "$o" >/dev/null 2>&1
	while [ $i -lt "$RUNS" ]; do
		"$top/build/tools/cfi_dump" -s "$o" | sed 's/.*ms=//' >>"$w/b"
		USDTRACE_CFI_CACHE=$w/ocache "$top/build/tools/cfi_dump" -t "$o" 2>&1 >/dev/null |
			sed -n 's/.* ms=//p' >>"$w/c"
		i=$((i + 1))
	done
	rows=$("$top/build/tools/cfi_dump" -s "$o" | sed 's/.* compact=\([0-9]*\).*/\1/')
	printf '  %-50s built %8s ms  cached %8s ms  %7s rows\n' "$o" "$(median <"$w/b")" "$(median <"$w/c")" "$rows"
done
echo "first samples after BEGIN (us, median): first $(median <"$w/first"), first whole stack $(median <"$w/whole"); whole stacks in the first 100 ms: $(median <"$w/share")%"
