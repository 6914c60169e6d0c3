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
