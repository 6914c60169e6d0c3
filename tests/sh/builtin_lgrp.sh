# tier: full
# builtin_lgrp.sh — lgrp is the NUMA node of the CPU a probe fires on (and chip its package, pset
# 0: below), as DTrace for Linux gives
# it; the kernel's own witness is /sys/devices/system/cpu/cpuN/nodeM (the node CPU N is in).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip builtin-lgrp "needs root"
	exit 0
fi
# one firing per CPU and tick: every (cpu, lgrp) pair seen
timeout 20 "$USDTRACE" -q -n 'profile-97 { @[cpu, lgrp] = count(); } tick-300ms { exit(0); }
END { printa("%d %d\n", @); }' >"$W/out" 2>"$W/err"
rc=$?
pairs=$(awk 'NF == 2' "$W/out" | wc -l)
bad=$(awk 'NF == 2 { print $1, $2 }' "$W/out" | while read -r c n; do
	[ -e "/sys/devices/system/cpu/cpu$c/node$n" ] || echo "cpu$c/node$n"
done)
if [ $rc -eq 0 ] && [ "$pairs" -ge 1 ] && [ -z "$bad" ]; then
	ok builtin-lgrp
else
	notok builtin-lgrp "rc $rc, $pairs pairs, not in sysfs: [$bad] $(head -c 300 "$W/err")"
fi

# chip is the physical package of the CPU a probe fires on, pset 0 (Linux has no processor
# sets), as DTrace for Linux gives them (its sched.d: curcpu->cpu_chip from sysfs's
# physical_package_id, cpu_pset never set); the kernel's witness is
# /sys/devices/system/cpu/cpuN/topology/physical_package_id (issue 20).
timeout 20 "$USDTRACE" -q -n 'profile-97 { @[cpu, chip, pset, curcpu->cpu_chip, curcpu->cpu_pset] = count(); }
tick-300ms { exit(0); } END { printa("%d %d %d %d %d\n", @); }' >"$W/out" 2>"$W/err"
rc=$?
rows=$(awk 'NF == 5' "$W/out" | wc -l)
bad=$(awk 'NF == 5' "$W/out" | while read -r c chip pset cchip cpset; do
	want=$(cat "/sys/devices/system/cpu/cpu$c/topology/physical_package_id" 2>/dev/null || echo 0)
	[ "$chip" = "$want" ] && [ "$cchip" = "$want" ] && [ "$pset" = 0 ] && [ "$cpset" = 0 ] ||
		echo "cpu$c: chip $chip/$cchip (sysfs $want) pset $pset/$cpset"
done)
if [ $rc -eq 0 ] && [ "$rows" -ge 1 ] && [ -z "$bad" ]; then
	ok builtin-chip-pset
else
	notok builtin-chip-pset "rc $rc, $rows rows: [$bad] $(head -c 300 "$W/err")"
fi
