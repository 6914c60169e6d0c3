#!/bin/sh
# tier: full
# output_json_time.sh — -x oformat=json's probe documents carry the time the probe fired
# (the record's own bpf_ktime_get_ns, as wall-clock time: src/cg/cg.c rec_flush_if,
# src/print/sink.c sink_walltime), not the time the consumer read the record:
#   * a traced program (two threads, each calling pwrite64(-1 - thread, NULL, seq, now) with
#     a sequence number and its own CLOCK_REALTIME reading) and 2 x 3000 records: every
#     record's timestamp lies in the run's wall-clock window; each CPU's records are in time
#     order; each thread's records follow its sequence numbers, their times strictly
#     increasing; each time is at or after the program's own reading (within 1 ms, the
#     clocks' calibration error) and the median delay under 5 ms, though the reader of the
#     output starts a second late (the consumer reads the records late: read times fail);
#   * a speculation committed 300 ms after its record was made: the record comes out with
#     the commit, but its timestamp is its firing's, ~300 ms before the commit's record;
#   * a text trace read late by its reader (the -c child exits while the tracer is blocked
#     writing) loses nothing: the write interrupted by SIGCHLD goes on (src/print/sink.c);
#   * text output's records are unchanged: no time is recorded for dtrace's text (-S shows
#     no ktime_get_ns call in a text program, one in a json program).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip output-json-time "needs root (traces)"
	exit 0
fi
cd "$W" || exit 1

cat >seq.c <<'EOC'
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long per;

static void *run(void *arg)
{
	long fd = -1 - (long)(intptr_t)arg;
	for (long i = 1; i <= per; i++) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		long long ns = (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
		syscall(SYS_pwrite64, fd, (void *)0, (size_t)i, ns);
		if (i % 64 == 0)
			sched_yield();
	}
	return NULL;
}

int main(int argc, char **argv)
{
	per = argc > 1 ? atol(argv[1]) : 1000;
	pthread_t t[2];
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, run, (void *)(intptr_t)i);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	return 0;
}
EOC
if ! cc -O2 -pthread -Wall -Wextra -Werror seq.c -o seq 2>seq.cc; then
	notok json-time-build "$(head -c 300 seq.cc)"
	exit 0
fi

start=$(date +%s%N)
# The reader starts reading a second late: the tracer, blocked on the full pipe, reads the
# records long after they were made (read times would be ~1 s late, firing times are not).
timeout 120 "$U" -q -b 16m -x oformat=json \
	-n 'syscall::pwrite64:entry /pid == $target/ { trace((int)arg0); trace(arg2); trace(arg3); }' \
	-c "$W/seq 3000" 2>seq.err | { sleep 1; cat >seq.json; }
end=$(date +%s%N)
v=$(python3 - seq.json "$start" "$end" 3000 <<'EOP' 2>&1
import calendar, json, sys, time
def ns(s):   # "2026-11-28T17:25:47.959060612Z"
    return calendar.timegm(time.strptime(s[:19], "%Y-%m-%dT%H:%M:%S")) * 10**9 + int(s[20:29])
start, end, per = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
recs = [json.loads(l) for l in open(sys.argv[1])]
recs = [d for d in recs if d["type"] == "probe"]
errs = []
if len(recs) != 2 * per:
    errs.append("%d records, not %d" % (len(recs), 2 * per))
last_cpu, last_thr, delays = {}, {}, []
for d in recs:
    t = ns(d["timestamp"])
    fd, seq, prog = (o["value"] for o in d["output"])
    if not start <= t <= end:
        errs.append("time %d outside the run %d..%d" % (t, start, end))
    if t < last_cpu.get(d["cpu"], 0):
        errs.append("cpu %d: time %d after %d" % (d["cpu"], t, last_cpu[d["cpu"]]))
    last_cpu[d["cpu"]] = t
    ps, pt = last_thr.get(fd, (0, 0))
    if seq != ps + 1 or t <= pt:
        errs.append("thread %d: seq %d at %d after seq %d at %d" % (fd, seq, t, ps, pt))
    last_thr[fd] = (seq, t)
    if t < prog - 10**6:
        errs.append("seq %d of %d: time %d before the program's %d" % (seq, fd, t, prog))
    delays.append(t - prog)
delays.sort()
med = delays[len(delays) // 2] if delays else 0
if med > 5 * 10**6:
    errs.append("median delay %d ns" % med)
print(("ok %d cpus, median delay %d us" % (len(last_cpu), med // 1000)) if not errs
      else "; ".join(errs[:5]))
EOP
)
case $v in
ok*) ok "json-time-probe-time ($v)" ;;
*) notok json-time-probe-time "$v $(head -c 300 seq.err)" ;;
esac

# a speculation: made at once, committed 300 ms later
timeout 60 "$U" -q -x oformat=json -n '
BEGIN { s = speculation(); }
BEGIN { speculate(s); printf("early\n"); }
tick-300ms { printf("late\n"); }
tick-300ms { commit(s); }
tick-300ms { exit(0); }' >spec.json 2>spec.err
v=$(python3 - spec.json <<'EOP' 2>&1
import calendar, json, sys, time
def ns(s):
    return calendar.timegm(time.strptime(s[:19], "%Y-%m-%dT%H:%M:%S")) * 10**9 + int(s[20:29])
ds = [json.loads(l) for l in open(sys.argv[1])]
t = {d["output"][0]["message"]: ns(d["timestamp"]) for d in ds
     if d["type"] == "probe" and d["output"] and d["output"][0]["kind"] == "printf"}
print("ok" if set(t) == {"early\n", "late\n"} and 250 * 10**6 <= t["late\n"] - t["early\n"] < 2 * 10**9
      else "times %r" % t)
EOP
)
if [ "$v" = ok ]; then
	ok json-time-speculation-keeps-firing-time
else
	notok json-time-speculation-keeps-firing-time "$v $(head -c 300 spec.err)"
fi

# text programs record no time
p='BEGIN { trace(1); exit(0); }'
nt=$("$U" -S -e -n "$p" 2>&1 | grep -c ktime_get_ns)
nj=$("$U" -S -e -x oformat=json -n "$p" 2>&1 | grep -c ktime_get_ns)
if [ "$nt" = 0 ] && [ "$nj" -ge 1 ]; then
	ok json-time-text-records-unchanged
else
	notok json-time-text-records-unchanged "ktime_get_ns calls: text $nt, json $nj"
fi

# the text, too, reaches a reader that starts late whole: the -c child's exit (SIGCHLD)
# interrupts the tracer's write blocked on the full pipe, and the write goes on
timeout 120 "$U" -q -b 16m \
	-n 'syscall::pwrite64:entry /pid == $target/ { printf("%d %d %s\n", (int)arg0, arg2, "(some text so that the pipe fills)"); }' \
	-c "$W/seq 3000" 2>slow.err | { sleep 1; cat >slow.txt; }
v=$(awk 'NF { m++; if ($2 != ++n[$1]) bad++ } END { print m, bad + 0, length(n) }' slow.txt)
if [ "$v" = "6000 0 2" ] && ! grep -q . slow.err; then
	ok text-slow-reader-loses-nothing
else
	notok text-slow-reader-loses-nothing "lines, out of order, threads: $v $(head -c 200 slow.err)"
fi
