#!/bin/sh
# dynvar.sh — what programs with several dynamic variables cost, with two usdtrace binaries side
# by side in one run (e.g. before and after a change to where dynamic variables live): the
# start-to-exit time of a program that declares them (maps created, programs verified and
# loaded), and the cost per firing of syscall::getppid:entry when each firing creates, updates,
# reads and deletes elements of five of them (self-> scalars, an int-keyed, a two-key and a
# string-keyed associative array). Not part of `make check`.
#
#   sh bench/dynvar.sh OLD_USDTRACE [NEW_USDTRACE] [RUNS]   (default NEW: build/usdtrace; 7 runs)
#
# Start-up is measured by bench/runstat (wall time fork to wait4), firings by
# bench/getppid_loop (the loop's thread CPU time, so other load counts less); the two binaries
# alternate run by run so drifting load affects both alike. Printed: medians, and new/old.
# Must run as root. Environment: CC, FIRINGS (default 500000).
top=$(cd "$(dirname "$0")/.." && pwd)
me=bench/dynvar.sh
OLD=$1
NEW=${2:-$top/build/usdtrace}
RUNS=${3:-7}
CC=${CC:-cc}
FIRINGS=${FIRINGS:-500000}
[ -n "$OLD" ] || { echo "usage: sh bench/dynvar.sh OLD_USDTRACE [NEW_USDTRACE] [RUNS]" >&2; exit 2; }
case $RUNS in
'' | *[!0-9]* | 0) echo "$me: RUNS must be a positive number, not '$RUNS'" >&2; exit 2 ;;
esac
if [ "$(id -u)" -ne 0 ]; then
	echo "$me: tracing needs root; run it as root" >&2
	exit 1
fi
for b in "$OLD" "$NEW"; do
	[ -x "$b" ] || { echo "$me: no usdtrace at $b" >&2; exit 1; }
done
bin=$top/build/bench
. "$top/bench/lib.sh"
bench_cc getppid_loop getppid_loop
bench_cc runstat runstat
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
trap 'exit 1' INT TERM
bad=0
FIRE_PROG=$bin/getppid_loop
FIRE_N=$FIRINGS
FIRE_COUNTED=none

# each firing: two self-> variables set then freed, an int-keyed element created and freed, a
# two-key counter and a string-keyed counter updated in place, reads of all of them
PROG='int calls[int, int];
int byname[string];
syscall::getppid:entry
{
	self->ts = timestamp;
	self->n = 1;
	open[tid] = self->ts;
	calls[pid, 1]++;
	byname[execname] += self->n;
}
syscall::getppid:entry
/open[tid] && self->ts && calls[pid, 1] && byname[execname]/
{
	open[tid] = 0;
	self->ts = 0;
	self->n = 0;
}'
START="$PROG
BEGIN { exit(0); }"

# start NAME BIN: one start-to-exit run, "WALL_NS MAXRSS_KB STATUS" appended to $w/start.NAME
start() {
	if ! line=$("$bin/runstat" "$2" -q -n "$START"); then
		echo "$me: start $1: runstat failed" >&2
		bad=1
		return
	fi
	[ "${line##* }" -eq 0 ] || { echo "$me: start $1: exit status ${line##* }" >&2; bad=1; }
	echo "${line%% *}" >>"$w/start.$1"
}

for r in $(seq "$RUNS"); do
	start old "$OLD"
	start new "$NEW"
	fire_run base
	fire_run old "$OLD" -q -n "$PROG"
	fire_run new "$NEW" -q -n "$PROG"
done
base=$(median "$w/fire.base")
so=$(median "$w/start.old") sn=$(median "$w/start.new")
fo=$(median "$w/fire.old") fn=$(median "$w/fire.new")
echo "five dynamic variables, medians of $RUNS runs (old: $OLD, new: $NEW)"
awk -v o="$so" -v n="$sn" 'BEGIN {
	printf "start-to-exit (ms):        old %8.2f  new %8.2f  new/old %.2f\n", o / 1e6, n / 1e6, n / o }'
awk -v o="$fo" -v n="$fn" -v b="$base" -v f="$FIRINGS" 'BEGIN {
	printf "ns per firing (%d calls): old %8.1f  new %8.1f  new/old %.2f  (untraced loop %.1f ns/call)\n",
		f, (o - b) / f, (n - b) / f, (n - b) / (o - b), b / f }'
exit $bad
