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
