# stats.sh — what the benchmarks that time BPF programs by the kernel's own statistics share
# (agg.sh, formula.sh, lockstat.sh, ustack.sh). Sourced after the script has set top, CC and
# die(). kernel.bpf_stats_enabled is machine-wide: it is put back as it was when the bench ends.

# stats_build: bench/progstat (each BPF program's id, run count, run time and name) built into
# $progstat.
stats_build() {
	progstat=$top/build/bench/progstat
	mkdir -p "$top/build/bench"
	$CC -std=gnu11 -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -o "$progstat" \
		"$top/bench/progstat.c" -lbpf || die "cannot build $progstat"
}

# stats_on: remembers kernel.bpf_stats_enabled and turns it on (dies when it cannot); call it
# after the EXIT trap that calls stats_restore is set.
stats_on() {
	stats_was=$(cat /proc/sys/kernel/bpf_stats_enabled) ||
		die "cannot read kernel.bpf_stats_enabled"
	echo 1 >/proc/sys/kernel/bpf_stats_enabled || die "cannot enable kernel.bpf_stats_enabled"
}

# stats_restore: kernel.bpf_stats_enabled as stats_on found it (nothing when stats_on did not run).
stats_restore() {
	[ -n "${stats_was:-}" ] && echo "$stats_was" >/proc/sys/kernel/bpf_stats_enabled
	stats_was=
}
