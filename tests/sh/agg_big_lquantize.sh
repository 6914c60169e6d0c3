#!/bin/sh
# tier: full
# agg_big_lquantize.sh — an lquantize()/llquantize() too large for a per-CPU map (more than
# 4094 levels: dtrace allows 65535) is one value for all CPUs, its buckets added atomically
# (cg_agg.c, docs/agg.md). Witness: the same values aggregated into a small per-CPU
# lquantize() in the same clause, fired on every CPU at once (profile-997) and from two busy
# processes (syscall:::entry, all CPUs counting into the same two buckets), must show the very same buckets and counts; no update may be
# lost to a race between CPUs.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip agg_big_lquantize "needs root"
	exit 0
fi
ncpu=$(getconf _NPROCESSORS_ONLN)
U=${USDTRACE:-$B/usdtrace}

cat >"$W/p.d" <<'D'
#pragma D option quiet
profile-997
{
	@small = lquantize(cpu, 0, 64, 1);
	@big = lquantize(cpu, 0, 20000, 1);
}
syscall:::entry
/execname == "dd"/
{
	@s2 = lquantize(timestamp & 1, 0, 64, 1);
	@b2 = lquantize(timestamp & 1, 0, 65535, 1, 2);
	@s2 = lquantize(timestamp & 1, 0, 64, 1, 2);
	@b2 = lquantize(timestamp & 1, 0, 65535, 1);
}
tick-2s
{
	printa("small\n%@d\n", @small);
	printa("big\n%@d\n", @big);
	printa("s2\n%@d\n", @s2);
	printa("b2\n%@d\n", @b2);
	exit(0);
}
D
( dd if=/dev/zero of=/dev/null bs=1 count=400000 2>/dev/null & \
  dd if=/dev/zero of=/dev/null bs=1 count=400000 2>/dev/null & wait ) &
timeout 30 "$U" -s "$W/p.d" >"$W/out" 2>"$W/err"
rc=$?
wait
# each aggregation's rows: bucket lines (value | bars count), the header dropped
rows() { awk -v n="$1" '/^(small|big|s2|b2)$/ { on = ($0 == n); next } on && /\|/' "$W/out"; }
rows small >"$W/small"; rows big >"$W/big"; rows s2 >"$W/s2"; rows b2 >"$W/b2"
nz() { awk '$NF > 0' "$1" | wc -l; }
if [ $rc != 0 ] || [ ! -s "$W/small" ] || [ ! -s "$W/s2" ]; then
	notok agg_big_lquantize_profile "exit $rc, $(head -c 300 "$W/err")"
elif ! cmp -s "$W/small" "$W/big"; then
	notok agg_big_lquantize_profile "the 20001-level lquantize differs from the 65-level one: $(diff "$W/small" "$W/big" | head -5 | tr '\n' '|')"
elif [ "$ncpu" -ge 2 ] && [ "$(nz "$W/big")" -lt 2 ]; then
	notok agg_big_lquantize_profile "profile-997 counted on $(nz "$W/big") CPU(s) of $ncpu"
else
	ok agg_big_lquantize_profile
fi
if [ $rc = 0 ] && [ -s "$W/s2" ] && cmp -s "$W/s2" "$W/b2" &&
   [ "$(awk '{ s += $NF } END { print s }' "$W/b2")" -gt 1000 ]; then
	ok agg_big_lquantize_syscalls
else
	notok agg_big_lquantize_syscalls "rc $rc: $(diff "$W/s2" "$W/b2" | head -5 | tr '\n' '|')"
fi
