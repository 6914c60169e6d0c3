"""rp.py — runtime probes from Python (python/usdtrace), for tests/sh/probe_rt.sh.
   rp.py args GO N   as rp_prog's args mode: provider pyrp, work(int, str), many(12 types),
                     done(); a decorated function's entry/return probes; a probe added after
                     load; enabled before, during and after tracing
   rp.py errors      bad use: one line per call"""
import os
import sys
import time

import usdtrace


def wait_file(path, present):
    for _ in range(3000):
        if os.path.exists(path) == present:
            return
        time.sleep(0.01)
    sys.exit("timed out waiting for " + path)


def run_args(go, n):
    p = usdtrace.Provider("pyrp")
    work = p.probe("work", int, str)
    many = p.probe("many", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
                   "uint64", str, "pointer", bytes, bool)
    done = p.probe("done")
    print("load", p.load())

    @p.function_probes()
    def square(x):
        if x < 0:
            raise ValueError(x)
        return x * x
    print("path", work.path)
    print("enabled-before", int(work.enabled), flush=True)
    wait_file(go, True)
    print("enabled-during", int(work.enabled))
    for i in range(n):
        work.fire(i, "s%d" % i)
        many.fire(-1 - i, 200, -300, 60000, -70000, 4000000000, -5000000000, 6000000000,
                  "nine", 0x1234, b"eleven", True)
        square(i)
    try:
        square(-1)
    except ValueError:
        pass
    late = p.probe("late", "uint64")
    print("late-load", p.load())
    for i in range(n):
        late.fire(1000 + i)
    done.fire()
    for _ in range(3000):
        if not work.enabled:
            break
        time.sleep(0.01)
    print("enabled-after", int(work.enabled), flush=True)


def run_errors():
    def show(what, f):
        try:
            r = f()
            print("%s: ok %r" % (what, r if isinstance(r, int) else type(r).__name__))
        except usdtrace.Error as e:
            print("%s: %d %s" % (what, e.errno, e.strerror))
        except TypeError as e:
            print("%s: TypeError %s" % (what, e))
    show("provider int", lambda: usdtrace.Provider("int"))
    p = usdtrace.Provider("pyerrs")
    show("13 args", lambda: p.probe("x", *([int] * 13)))
    show("float arg", lambda: p.probe("x", float))
    show("bad name", lambda: p.probe("a b"))
    a = p.probe("a", int)
    show("load", p.load)
    show("load again", p.load)
    show("fire 2 args", lambda: a.fire(1, 2))
    p.destroy()
    show("fire after destroy", lambda: a.fire(1))
    show("enabled after destroy", lambda: a.enabled)
    show("add after destroy", lambda: p.probe("b"))
    show("load after destroy", p.load)


if __name__ == "__main__":
    if sys.argv[1] == "errors":
        run_errors()
    else:
        run_args(sys.argv[2], int(sys.argv[3]))
