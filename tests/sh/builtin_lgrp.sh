# tier: full
# builtin_lgrp.sh — lgrp is the NUMA node of the CPU a probe fires on, as DTrace for Linux gives
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
