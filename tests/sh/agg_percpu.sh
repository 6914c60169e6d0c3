#!/bin/sh
# tier: full
# agg_percpu.sh — the aggregation value layout (src/agg/agg.h, docs/agg.md) holds in the real
# kernel: min()/max() updated by a BPF program on two CPUs of a per-CPU hash map, where the CPU
# that never saw a key holds the kernel's zero fill, merge to the true minimum and maximum.
# Expected rows are dtrace's exit output: " %16lld" key, " %16lld" value, sorted by value.
TOOL="$B/tools/agg_percpu"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$TOOL" ]; then
	echo "not ok - agg_percpu: $TOOL not built"
	exit 1
fi
if [ "$(id -u)" != 0 ]; then
	echo "skip - agg_percpu: needs root"
	exit 0
fi

"$TOOL" >"$work/out" 2>"$work/err"
rc=$?
if [ $rc = 77 ]; then
	echo "skip - agg_percpu: $(cat "$work/err")"
	exit 0
fi
if [ $rc != 0 ]; then
	echo "not ok - agg_percpu: exit $rc: $(head -3 "$work/err" | tr '\n' ' ')"
	exit 0
fi

# @lo = min(): key 4 -> INT64_MIN, 3 -> -4, 1 -> min(5, 3), 2 -> 7 (only on CPU 1: not 0)
# @hi = max(): key 3 -> -4 (only on CPU 0: not 0), 1 -> 5, 2 -> 7, 4 -> INT64_MAX
{
	printf ' %16s %16s\n' 4 -9223372036854775808 3 -4 1 3 2 7
	printf ' %16s %16s\n' 3 -4 1 5 2 7 4 9223372036854775807
} >"$work/want"
if cmp -s "$work/want" "$work/out"; then
	echo "ok - agg_percpu_min_max_merge"
else
	echo "not ok - agg_percpu_min_max_merge: got $(tr '\n' '|' <"$work/out"), want $(tr '\n' '|' <"$work/want")"
fi
