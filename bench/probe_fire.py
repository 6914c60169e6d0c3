"""probe_fire.py — the cost of firing a runtime probe from Python (python/usdtrace), for
bench/probe.sh:  probe_fire.py N [GO]. Prints "pid PID", waits (at most 60 s) for the file GO,
then "KIND NS" per call: empty (a call of an empty Python function), py-fire (probe.fire(i, s)),
py-enabled (probe.enabled), py-guarded (if probe.enabled: probe.fire(i, s))."""
import os
import sys
import time

import usdtrace

n = int(sys.argv[1])
p = usdtrace.Provider("pybench")
pr = p.probe("fire", int, str)
p.load()
print("pid", os.getpid(), flush=True)
for _ in range(6000):
    if len(sys.argv) < 3 or os.path.exists(sys.argv[2]):
        break
    time.sleep(0.01)


def empty(i, s):
    pass


def timeit(kind, f):
    t0 = time.perf_counter_ns()
    f()
    print("%s %.1f" % (kind, (time.perf_counter_ns() - t0) / n), flush=True)


def loop_empty():
    for i in range(n):
        empty(i, "payload")


def loop_fire():
    fire = pr.fire
    for i in range(n):
        fire(i, "payload")


def loop_enabled():
    for _ in range(n):
        pr.enabled


def loop_guarded():
    for i in range(n):
        if pr.enabled:
            pr.fire(i, "payload")


timeit("empty", loop_empty)
timeit("py-fire", loop_fire)
timeit("py-enabled", loop_enabled)
timeit("py-guarded", loop_guarded)
p.destroy()
