#!/bin/sh
# tier: full
# ksubr.sh — the kernel lock subroutines on real kernel locks (DTrace for Linux's
# mutex_owned(), mutex_owner(), mutex_type_adaptive(), mutex_type_spin()): a pipe's struct
# mutex contended by the writer threads of tests/tools/lockload. At lock:contention_begin a
# thread waits for a mutex another thread holds: mutex_owned() is 0 and mutex_owner() is not
# curthread; at contention_end with ret 0 it has the lock: mutex_owned() is 1 and
# mutex_owner() is curthread (DTrace for Linux gives exactly these on the same workload:
# rawtp:lock::contention_begin/end, arg1 == 33 MUTEX|SPIN). Every mutex is adaptive. The
# lockstat provider's adaptive-block/adaptive-spin (fired when the waiter has the lock) give
# the same through args[0]. Only a wait's first contention_begin is checked: the kernel fires
# it again while the thread waits first in line, and then an unlocking thread may hand the
# mutex over to it (MUTEX_FLAG_HANDOFF) just before the event: seen once in 221,600 in CI.
. "$(dirname "$0")/lib.sh"
LOAD="$B/tools/lockload"
if [ "$(id -u)" != 0 ]; then
	echo "skip - ksubr: needs root"
	exit 0
fi
[ -x "$LOAD" ] || { echo "not ok - ksubr: $LOAD not built"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/m.d" <<'D'
#pragma D option quiet
rawtp:lock::contention_begin
/(arg1 & 32) && pid == $target && !self->wait[arg0]/
{
	self->wait[arg0] = 1;
	@bn = count();
	@bo = sum(mutex_owned((struct mutex *)arg0));
	@bs = sum(mutex_owner((struct mutex *)arg0) == curthread);
	@ba = sum(mutex_type_adaptive((struct mutex *)arg0));
	@bp = sum(mutex_type_spin((struct mutex *)arg0));
}
rawtp:lock::contention_end
/self->wait[arg0] && arg1 == 0/
{
	@en = count();
	@eo = sum(mutex_owned((struct mutex *)arg0));
	@es = sum(mutex_owner((struct mutex *)arg0) == curthread);
}
rawtp:lock::contention_end
/self->wait[arg0]/
{
	self->wait[arg0] = 0;
}
lockstat:::adaptive-block, lockstat:::adaptive-spin
/pid == $target/
{
	@ln = count();
	@lo = sum(mutex_owned(args[0]));
	@ls = sum(mutex_owner(args[0]) == curthread);
}
END
{
	printa("begin %@d", @bn); printa(" %@d", @bo); printa(" %@d", @bs);
	printa(" %@d", @ba); printa(" %@d\n", @bp);
	printa("end %@d", @en); printa(" %@d", @eo); printa(" %@d\n", @es);
	printa("lockstat %@d", @ln); printa(" %@d", @lo); printa(" %@d\n", @ls);
}
D

# contention is the scheduler's luck: up to three runs until there is some
for try in 1 2 3; do
	echo go | "$USDTRACE" -s "$work/m.d" -c "$LOAD pipe 4 50000" >"$work/out" 2>"$work/err"
	rc=$?
	en=$(awk '$1 == "end" { print $2 }' "$work/out")
	[ "$rc" = 0 ] && [ -n "$en" ] && [ "$en" -gt 0 ] && break
done
if [ "$rc" != 0 ] || [ -z "$en" ] || [ "$en" -le 0 ]; then
	echo "not ok - ksubr: no contended mutex traced (exit $rc): $(cat "$work/err" "$work/out" | tr '\n' ' ')"
	exit 1
fi
check() {   # check NAME AWK-CONDITION
	if awk "$2 { found = 1 } END { exit !found }" "$work/out"; then
		echo "ok - ksubr: $1"
	else
		echo "not ok - ksubr: $1: $(tr '\n' ' ' <"$work/out")"
	fi
}
# begin N OWNED SELF ADAPTIVE SPIN: a waiter neither owns the mutex nor is its owner
check "contention_begin: mutex_owned() 0, mutex_owner() not curthread" '$1 == "begin" && $2 > 0 && $3 == 0 && $4 == 0'
check "mutex_type_adaptive() 1, mutex_type_spin() 0" '$1 == "begin" && $5 == $2 && $6 == 0'
# end N OWNED SELF: the thread that waited has the mutex
check "contention_end: mutex_owned() 1, mutex_owner() curthread" '$1 == "end" && $2 > 0 && $3 == $2 && $4 == $2'
check "lockstat adaptive-block/spin: args[0] owned by curthread" '$1 == "lockstat" && $2 > 0 && $3 == $2 && $4 == $2'
