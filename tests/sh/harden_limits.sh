#!/bin/sh
# tier: full
# harden_limits.sh — limits stated and enforced (issue 27): when the kernel refuses memory, and
# at the largest sizes usdtrace takes, a clear message each time.
#   * memory refused: usdtrace runs in a memory cgroup (v1 or v2) limited to 96 MB, which BPF
#     maps are charged to. Under bufresize=auto (dtrace's default) an over-large -b or aggsize is
#     halved until the kernel agrees, with dtrace's "buffer size lowered to N" / "aggregation
#     size lowered to N" (the Dynamic Tracing Guide, "Buffer Resizing Policy"), and the run
#     works; under bufresize=manual the run does not start: "could not enable tracing: ...
#     Cannot allocate memory", exit 1. -b 100g: lowered in the same way.
#   * sizes past what usdtrace supports: strsize (2 to 4096), nspec (1 to 256), an
#     aggregation too small for one entry: a message naming the limit, exit 1;
#   * more uprobe sites than usdtrace attaches (50000): refused before attaching anything;
#   * map entries exhausted at run time: aggregation and dynamic variable drops are reported;
#   * aggsize and dynvarsize past the entries usdtrace gives a map: lowered, or refused under
#     bufresize=manual, with a message;
#   * RLIMIT_MEMLOCK at 0 changes nothing (BPF memory is charged to the memory cgroup).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip harden_limits "needs root"
	exit 0
fi

# a memory cgroup for the limited runs
cg=
if [ -d /sys/fs/cgroup/memory ] && [ -w /sys/fs/cgroup/memory ]; then
	cg=/sys/fs/cgroup/memory/usdtrace-limits.$$
	mkdir "$cg" 2>/dev/null && echo $((96 * 1024 * 1024)) >"$cg/memory.limit_in_bytes" || cg=
elif [ -f /sys/fs/cgroup/cgroup.controllers ] && grep -qw memory /sys/fs/cgroup/cgroup.controllers; then
	cg=/sys/fs/cgroup/usdtrace-limits.$$
	mkdir "$cg" 2>/dev/null && echo $((96 * 1024 * 1024)) >"$cg/memory.max" || cg=
fi
trap '[ -n "$cg" ] && rmdir "$cg" 2>/dev/null; rm -rf "$W"' EXIT

# limited ARGS...: usdtrace ARGS in the cgroup; stdout $W/out, stderr $W/err, status $rc
limited() {
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$cg" "$U" "$@" >"$W/out" 2>"$W/err"
	rc=$?
}

HI='BEGIN { printf("hi\n"); exit(0); }'
AGG='BEGIN { @[1, 2, 3, "abc"] = count(); exit(0); }'
if [ -z "$cg" ]; then
	skip memory_refused "no writable memory cgroup"
else
	# the witness that the cgroup limits BPF maps at all: the same run at the default size works
	limited -q -n "$HI"
	if [ $rc -ne 0 ] || [ "$(cat "$W/out")" != hi ]; then
		notok memory_cgroup_baseline "exit $rc: $(cat "$W/err")"
	else
		ok memory_cgroup_baseline
	fi

	limited -b 512m -q -n "$HI"
	size=$(sed -n 's/^usdtrace: buffer size lowered to \([0-9]*\)\([km]\)$/\1\2/p' "$W/err")
	if [ $rc -ne 0 ] || [ "$(cat "$W/out")" != hi ] || [ -z "$size" ]; then
		notok bufsize_lowered "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
	else
		ok "bufsize_lowered (to $size)"
	fi

	limited -b 100g -q -n "$HI"
	if [ $rc -ne 0 ] || [ "$(cat "$W/out")" != hi ] ||
		! grep -q '^usdtrace: buffer size lowered to [0-9]*[km]$' "$W/err"; then
		notok bufsize_100g_lowered "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
	else
		ok bufsize_100g_lowered
	fi

	limited -x bufresize=manual -b 512m -q -n "$HI"
	if [ $rc -ne 1 ] || [ -s "$W/out" ] ||
		! grep -q '^usdtrace: could not enable tracing: cannot create BPF map ringbuf: .*too large: Cannot allocate memory$' "$W/err"; then
		notok bufsize_manual_refused "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
	else
		ok bufsize_manual_refused
	fi

	limited -x aggsize=1g -q -n "$AGG"
	if [ $rc -ne 0 ] || ! grep -q '^ *1 *2 *3  abc  *1$' "$W/out" ||
		! grep -q '^usdtrace: aggregation size lowered to [0-9]*[kmg]$' "$W/err"; then
		notok aggsize_lowered "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
	else
		ok aggsize_lowered
	fi

	limited -x bufresize=manual -x aggsize=1g -q -n "$AGG"
	if [ $rc -ne 1 ] || ! grep -q '^usdtrace: could not enable tracing: cannot create BPF map .*too large: Cannot allocate memory$' "$W/err"; then
		notok aggsize_manual_refused "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
	else
		ok aggsize_manual_refused
	fi
fi

# sizes past what usdtrace supports
expect_fail strsize_limit "usdtrace: invalid probe specifier $HI: strsize 1048576 is not supported: use 2 to 4096 bytes" \
	"$U" -x strsize=1m -q -n "$HI"
SPEC='BEGIN { s = speculation(); speculate(s); printf("x"); }'
expect_fail nspec_limit "usdtrace: invalid probe specifier $SPEC: nspec 1000 is not supported: use 1 to 256 speculations" \
	"$U" -x nspec=1000 -q -n "$SPEC"
expect_fail aggsize_too_small "usdtrace: could not enable tracing: Enabling exceeds size of buffer" \
	"$U" -x aggsize=1 -q -n "$AGG"

# aggsize and dynvarsize past the entries usdtrace gives a map (4M an aggregation, 16M
# elements the dynamic variable pool): lowered, with dtrace's words for a lowered size, or
# refused under manual (dtrace refuses both at this size: "failed to create BPF map 'aggs': Too
# big"); the figures are the cap times the entry size these programs have (an aggregation's
# entry as DTrace for Linux counts it: @[int] of count(), 32 bytes; a pool element as dtrace
# counts it: x[int] of int, 16 + 4 bytes)
A1='BEGIN { @[1] = count(); exit(0); }'
D1='BEGIN { x[1] = 2; printf("%d\n", x[1]); exit(0); }'
"$U" -x aggsize=100g -q -n "$A1" >"$W/out" 2>"$W/err"
rc=$?
if [ $rc -ne 0 ] || [ "$(cat "$W/err")" != "usdtrace: aggregation size lowered to 128m" ] ||
	! grep -q '^ *1 *1$' "$W/out"; then
	notok aggsize_beyond_max_lowered "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
else
	ok aggsize_beyond_max_lowered
fi
expect_fail aggsize_beyond_max_manual "usdtrace: could not enable tracing: aggsize 107374182400 exceeds the largest aggregation usdtrace allocates (128m)" \
	"$U" -x bufresize=manual -x aggsize=100g -q -n "$A1"
"$U" -x dynvarsize=100g -q -n "$D1" >"$W/out" 2>"$W/err"
rc=$?
if [ $rc -ne 0 ] || [ "$(cat "$W/err")" != "usdtrace: dynamic variable size lowered to 320m" ] ||
	[ "$(cat "$W/out")" != 2 ]; then
	notok dynvarsize_beyond_max_lowered "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
else
	ok dynvarsize_beyond_max_lowered
fi
expect_fail dynvarsize_beyond_max_manual "usdtrace: could not enable tracing: dynvarsize 107374182400 exceeds the largest dynamic variable usdtrace allocates (320m)" \
	"$U" -x bufresize=manual -x dynvarsize=100g -q -n "$D1"
# at the largest sizes honoured, nothing is said
"$U" -x bufresize=manual -x aggsize=320m -x dynvarsize=320m -q -n "$D1" >"$W/out" 2>"$W/err"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$W/err" ] && [ "$(cat "$W/out")" = 2 ] && ok sizes_at_max_honoured ||
	notok sizes_at_max_honoured "exit $rc [$(cat "$W/out")] $(cat "$W/err")"

# RLIMIT_MEMLOCK at 0: BPF memory is charged to the memory cgroup (kernels 5.11 and later), not
# to the locked-memory limit, so usdtrace neither needs nor raises it: a run with maps, a ring
# buffer and an aggregation works, and its limit stays 0 (its /proc/PID/limits, read by the
# shell of system(), whose parent it is)
prlimit --memlock=0:0 "$U" -q -n 'BEGIN { @[1] = count(); x[1] = 2; printf("%d\n", x[1]); }
	tick-100ms { system("grep locked /proc/$PPID/limits"); exit(0); }' -w >"$W/out" 2>"$W/err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$W/err" ] || ! grep -q '^2$' "$W/out" ||
	! grep -q '^Max locked memory  *0  *0  *bytes' "$W/out"; then
	notok memlock_zero "exit $rc [$(cat "$W/out")] $(cat "$W/err")"
else
	ok memlock_zero
fi

# probe sites: every instruction of libc (over 100000 sites) is refused before anything is
# attached (attached, they took minutes to place and an hour to remove, fork() stalling on the
# whole machine meanwhile)
timeout 300 "$U" -q -n 'pid$target:libc.so.6:: { @ = count(); }' -c /bin/true >"$W/out" 2>"$W/err"
rc=$?
if [ $rc -ne 1 ] || ! grep -q '^usdtrace: could not enable tracing: [0-9]* probe sites, more than usdtrace attaches (50000): ' "$W/err"; then
	notok uprobe_sites_limit "exit $rc $(head -c 300 "$W/err")"
else
	ok uprobe_sites_limit
fi

# entries exhausted while tracing: drops reported, the run ends normally
"$U" -x aggsize=4k -q -n 'tick-1ms /i++ < 2000/ { @[i] = count(); } tick-1ms /i >= 2000/ { exit(0); }' >"$W/out" 2>"$W/err"
rc=$?
if [ $rc -ne 0 ] || ! grep -q '^usdtrace: [0-9][0-9]* aggregation drops on CPU [0-9]*$' "$W/err"; then
	notok aggregation_drops "exit $rc $(head -c 300 "$W/err")"
else
	ok aggregation_drops
fi
"$U" -x dynvarsize=2k -q -n 'tick-1ms /i++ < 2000/ { x[i] = 1; } tick-1ms /i >= 2000/ { exit(0); }' >"$W/out" 2>"$W/err"
rc=$?
if [ $rc -ne 0 ] || ! grep -q '^usdtrace: [0-9][0-9]* dynamic variable drops$' "$W/err"; then
	notok dynvar_drops "exit $rc $(head -c 300 "$W/err")"
else
	ok dynvar_drops
fi
exit 0
