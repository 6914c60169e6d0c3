# genfmt.sh — printf() cases of the generated output-formatting sweep (issue 20, genfmt) that
# need an environment a corpus script cannot set (%Y and %T print local time: TZ=UTC here).

cli_needs_root genfmt_time_unsigned || return 0

# %Y and %T read their value as an unsigned count of nanoseconds (walltimestamp is a uint64_t,
# Guide "Output Formatting"): (int64_t)-1 is 18446744073 seconds after the epoch, in 2554, not a
# second before 1970. DTrace for Linux prints these lines (TZ=UTC dtrace -qn '...').
TZ=UTC cli_run genfmt_time_unsigned 0 \
	'2554 Jul 21 23:34:33|Sun, 21 Jul 2554 23:34:32 UTC\n2518 Jan  7 23:36:09|Sun, 23 Oct 2298 23:45:41 UTC\n\n' '' \
	"$USDTRACE" -q -n 'BEGIN { printf("%Y|%T\n", -1LL, -1000000000LL);
	printf("%Y|%T\n", 0xF000000000000000ULL, (int64_t)0x9000000000000000ULL); exit(0); }'

# %a of an address where several kernel functions start names the one dtrace names: it orders
# the symbols of one address weak after non-weak, then by name (strcmp), and names the last
# (DTrace for Linux: _stext's address, shared with _text, __pi__text and
# srso_alias_untrain_ret on a 6.x x86_64 kernel, prints vmlinux`srso_alias_untrain_ret; that of
# __x64_sys_getpid, shared with __do_sys_getpid and __ia32_sys_getpid, vmlinux`__x64_sys_getpid).
# The addresses and names come from /proc/kallsyms, so the case holds on any kernel.
genfmt_ksym_pick() {  # ADDR: the name dtrace gives, by that rule
	awk -v a="$1" '$1 == a && $2 ~ /^[tTwW]$/ && $4 == "" && $3 !~ /^__pfx_/ {
		print ($2 ~ /^[wW]$/ ? 1 : 0) " " $3 }' /proc/kallsyms |
		LC_ALL=C sort -k1,1n -k2,2 | tail -n 1 | cut -d' ' -f2
}
_a1=$(awk '$3 == "_stext" { print $1; exit }' /proc/kallsyms)
_a2=$(awk '$3 == "__x64_sys_getpid" { print $1; exit }' /proc/kallsyms)
if [ -z "$_a1" ] || [ -z "$_a2" ] || [ "$_a1" = 0000000000000000 ]; then
	echo "skip - d/cli/$CLI/genfmt_ksym_alias: no kernel addresses in /proc/kallsyms"
else
	cli_run genfmt_ksym_alias 0 "vmlinux\`$(genfmt_ksym_pick "$_a1")|vmlinux\`$(genfmt_ksym_pick "$_a2")\n\n" '' \
		"$USDTRACE" -q -n "BEGIN { printf(\"%a|%a\n\", 0x$_a1, 0x$_a2); exit(0); }"
fi
