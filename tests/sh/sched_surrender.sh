# tier: full
# sched_surrender.sh — sched:::surrender fires in a thread that gives up its CPU with
# sched_yield(), once per call, with the yielding thread's lwpsinfo_t/psinfo_t.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip sched-surrender "needs root"
	exit 0
fi
cat >"$W/y.c" <<'EOC'
#include <sched.h>
#include <unistd.h>
int main(void)
{
	for (int i = 0; i < 13; i++)
		sched_yield();
	usleep(1000);
	return 0;
}
EOC
if ! gcc -O2 -o "$W/y" "$W/y.c" 2>"$W/cc.err"; then
	notok sched-surrender "$(head -c 300 "$W/cc.err")"
	exit 0
fi
timeout 20 "$USDTRACE" -q -c "$W/y" -n 'sched:::surrender /pid == $target/ {
	@[args[1]->pr_pid == pid && args[0]->pr_lwpid == tid ? "own" : "other"] = count(); }
END { printa("%s %@d\n", @); }' >"$W/out" 2>"$W/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(sed '/^$/d' "$W/out")" = "own 13" ]; then
	ok sched-surrender
else
	notok sched-surrender "rc $rc [$(cat "$W/out")] $(head -c 300 "$W/err")"
fi

# sched:::remain-cpu: each sched_yield() runs the scheduler, which keeps the yielding thread
# unless another is runnable on its CPU (then off-cpu fires instead): with the program alone
# on its CPU (the tracer pinned to another), the two together account for every call.
cat >"$W/y2.c" <<'EOC'
#include <sched.h>
#include <unistd.h>
int main(void)
{
	usleep(100000);
	for (int i = 0; i < 1000; i++)
		sched_yield();
	return 0;
}
EOC
if ! command -v taskset >/dev/null || [ "$(nproc)" -lt 2 ]; then
	skip sched-remain-cpu "needs taskset and two CPUs"
elif ! gcc -O2 -o "$W/y2" "$W/y2.c" 2>"$W/cc.err"; then
	notok sched-remain-cpu "$(head -c 300 "$W/cc.err")"
else
	timeout 20 taskset -c 1 "$USDTRACE" -q -c "taskset -c 0 $W/y2" -n '
	sched:::remain-cpu /pid == $target/ { @r = count(); }
	sched:::remain-cpu /pid == $target && curlwpsinfo->pr_lwpid != tid/ { @bad = count(); }
	sched:::off-cpu /pid == $target/ { @o = count(); }
	END { printa("%@d ", @r); printa("%@d ", @o); printa("bad %@d", @bad); }' \
		>"$W/rc" 2>"$W/rc.err"
	rc=$?
	set -- $(cat "$W/rc")
	r=${1:-0} o=${2:-0}
	if [ $rc -eq 0 ] && [ "$r" -ge 500 ] && [ $((r + o)) -ge 1000 ] && ! grep -q bad "$W/rc"; then
		ok sched-remain-cpu
	else
		notok sched-remain-cpu "rc $rc [$(cat "$W/rc")] $(head -c 300 "$W/rc.err")"
	fi
fi
