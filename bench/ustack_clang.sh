#!/bin/sh
# ustack_clang.sh — the unwind rows map sized by need (issue 22), on clang-14, the largest
# program of this machine (libclang-cpp and libLLVM: 1.95 million rows together). Not part of
# `make check`; root.
#
#   sh bench/ustack_clang.sh [RUNS]     (default 5)
#
# Reports per build (this one, and USDTRACE_BASE's when given), medians over RUNS runs, the
# unwind table cache warm (a directory of the bench's, filled by a first run of each build):
#   * rows map: the ustack_rows map's entries and memlock (its /proc/PID/fdinfo in the tracer)
#     while `-c 'clang-14 -O2 -c FILE'` runs;
#   * start: wall milliseconds of `usdtrace -c 'clang-14 --version'` with a program that ends at
#     BEGIN aggregating ustack() (the maps sized and made, the target's tables built), and the
#     same aggregating pid (no walk): the difference is what the tables add to the start;
#   * reach: the share of the samples (997 Hz) of `clang-14 -O2 -c FILE` (a generated file of
#     about a second of compiling) whose stack reaches clang's main and _start.
# Environment: USDTRACE (default build/usdtrace), USDTRACE_BASE (optional), CLANG (clang-14).
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
USDTRACE_BASE=${USDTRACE_BASE:-}
CLANG=${CLANG:-$(command -v clang-14)}
RUNS=${1:-5}
die() { echo "bench/ustack_clang.sh: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "tracing needs root; run it as root"
[ -x "$USDTRACE" ] || die "no usdtrace at $USDTRACE (run make)"
[ -n "$CLANG" ] && [ -x "$CLANG" ] || die "clang-14 not installed"
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
export USDTRACE_CFI_CACHE="$w/cache"
awk 'BEGIN { for (i = 0; i < 250; i++)
	printf "int f%d(int x) { int s = 0; for (int i = 0; i < x; i++) { s += i * %d ^ (s >> 3); if (s %% 7 == %d) s -= x; } return s; }\n", i, i, i % 7 }' >"$w/big.c"
cd "$w" || exit 1

# rows_map U: "ENTRIES MEMLOCK" of U's ustack_rows map (array, 16-byte values, mmapable) while
# it traces a compile
rows_map() {
	timeout 120 "$1" -q -n 'profile-997 /pid == $target/ { @[ustack(100)] = count(); }' \
		-c "$CLANG -O2 -c big.c -o big.o" >prof.out 2>prof.err &
	t=$!
	found=
	for i in $(seq 1 100); do
		sleep 0.1
		# the tracer: timeout's child
		c=$(pgrep -P $t | head -1)
		[ -n "$c" ] || continue
		for f in /proc/$c/fdinfo/*; do
			found=$(awk '/^map_type:/ { ty = $2 } /^value_size:/ { vs = $2 } /^max_entries:/ { me = $2 }
				/^map_flags:/ { fl = $2 } /^memlock:/ { ml = $2 }
				END { if (ty == 2 && vs == 16 && fl == "0x400") print me, ml }' "$f" 2>/dev/null)
			[ -n "$found" ] && break 2
		done
	done
	wait $t
	echo "${found:-none none}"
}
# reach: the share (%) of the samples in prof.out whose stack reaches main and _start
reach() {
	awk '/`/ { s = s " " $1; next }
	     /^ *[0-9]+$/ && s != "" { t += $1; if (s ~ / clang`main\+0x[0-9a-f]+ .* clang`_start\+0x[0-9a-f]+$/) w += $1; s = "" }
	     END { if (t) printf "%.1f %d\n", 100 * w / t, t; else print "nan 0" }' prof.out
}

bench() {
	name=$1 u=$2
	: >"$w/walk"; : >"$w/nowalk"; : >"$w/reach"; : >"$w/n"
	# fill the cache
	timeout 120 "$u" -q -n 'profile-997 /pid == $target/ { @[ustack()] = count(); } BEGIN { exit(0); }' \
		-c "$CLANG --version" >/dev/null 2>&1
	r=1
	while [ $r -le "$RUNS" ]; do
		ms_of timeout 60 "$u" -q -n 'profile-997 /pid == $target/ { @[ustack()] = count(); } BEGIN { exit(0); }' \
			-c "$CLANG --version" >>"$w/walk"
		ms_of timeout 60 "$u" -q -n 'profile-997 /pid == $target/ { @[pid] = count(); } BEGIN { exit(0); }' \
			-c "$CLANG --version" >>"$w/nowalk"
		map=$(rows_map "$u")
		set -- $(reach)
		echo "$1" >>"$w/reach"
		echo "$2" >>"$w/n"
		r=$((r + 1))
	done
	set -- $map
	printf '%-8s rows map %s entries, memlock %s bytes (%.1f MB) | start ms: walk %s, no walk %s | reach main+_start %s%% (samples %s) | runs walk: %s reach: %s\n' \
		"$name" "$1" "$2" "$(echo "$2" | awk '{ print $1 / 1048576 }')" \
		"$(median <"$w/walk")" "$(median <"$w/nowalk")" "$(median <"$w/reach")" "$(median <"$w/n")" \
		"$(tr '\n' '/' <"$w/walk")" "$(tr '\n' '/' <"$w/reach")"
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
bench this "$USDTRACE"
[ -n "$USDTRACE_BASE" ] && bench base "$USDTRACE_BASE"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
