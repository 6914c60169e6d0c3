# py_work.py — a python3.11 workload whose USDT firings are known exactly, for tests that check a
# tracer's counts against what the program did (tests/sh/usdt_real.sh, docs/real-programs.md).
#
#   python3.11 py_work.py CALLS GCS IMPORTS REPORT [GO]
#
# - calls usdt_real_f() exactly CALLS times: python:function__entry/return with arg1 ==
#   "usdt_real_f" fire CALLS times each, and python:line with arg1 == "usdt_real_f" and
#   arg2 == the line of its body's counted statement fires CALLS times;
# - runs gc.collect() exactly GCS times with the automatic collector off: python:gc__start with
#   arg0 == 2 (the oldest generation) fires GCS times, each followed by one gc__done on the same
#   thread. (Start-up, before gc.disable(), runs a dozen automatic collections of generations 0
#   and 1; an automatic generation-2 one needs about a hundred young ones, so none happens.)
# - imports the module usdt_real_mod (written into a private directory) IMPORTS times, each time
#   after removing it from sys.modules, through the builtin __import__ (the C import path
#   where python:import__find__load__start/done sit): those fire IMPORTS times with arg0 ==
#   "usdt_real_mod".
# It writes its own counts to REPORT ("calls N", "gcs N", "imports N", "line L", "file PATH")
# and ends with os._exit(0), so interpreter shutdown (which runs one more collection and may
# call more functions) adds no firing. With GO, it first writes its pid to GO.pid and waits (at
# most 30 s) until the file GO exists, so that a tracer can attach to the running process (-p)
# before any work is done.
# Nothing is written to stdout: a tracer started with -c shares it.
import gc
import os
import sys
import tempfile
import time


def usdt_real_f(x):
    y = x + 1  # COUNTED LINE
    return y


def main():
    if len(sys.argv) not in (5, 6):
        sys.stderr.write("usage: py_work.py CALLS GCS IMPORTS REPORT [GO]\n")
        os._exit(2)
    calls, gcs, imports = (int(a) for a in sys.argv[1:4])
    report = sys.argv[4]
    if len(sys.argv) == 6:
        with open(sys.argv[5] + ".pid", "w") as p:
            p.write("%d\n" % os.getpid())
        deadline = time.monotonic() + 30
        while not os.path.exists(sys.argv[5]):
            if time.monotonic() > deadline:
                sys.stderr.write("py_work.py: no go file after 30 s\n")
                os._exit(3)
            time.sleep(0.01)
    gc.disable()
    moddir = tempfile.mkdtemp(prefix="usdt_real_py.")
    with open(os.path.join(moddir, "usdt_real_mod.py"), "w") as m:
        m.write("VALUE = 1\n")
    sys.path.insert(0, moddir)
    sys.dont_write_bytecode = True

    done_calls = 0
    for i in range(calls):
        usdt_real_f(i)
        done_calls += 1
    done_gcs = 0
    for _ in range(gcs):
        gc.collect()
        done_gcs += 1
    done_imports = 0
    for _ in range(imports):
        sys.modules.pop("usdt_real_mod", None)
        __import__("usdt_real_mod")
        done_imports += 1

    os.remove(os.path.join(moddir, "usdt_real_mod.py"))
    os.rmdir(moddir)
    code = usdt_real_f.__code__
    with open(code.co_filename) as src:
        line = next(n for n, text in enumerate(src, 1) if text.rstrip().endswith("# COUNTED LINE"))
    with open(report, "w") as r:
        r.write("calls %d\ngcs %d\nimports %d\nline %d\nfile %s\n"
                % (done_calls, done_gcs, done_imports, line, code.co_filename))
    sys.stderr.flush()
    os._exit(0)


main()
