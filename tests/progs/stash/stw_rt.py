"""stw_rt.py — stw_rt.c's program in Python (python/usdtrace), for tests/sh/usdtraced.sh:
   stw_rt.py DIR   provider stwpy, probe tick(int, str); files loaded, unload, unloaded, stop
                   as stw_rt.c's"""
import os
import sys
import time

import usdtrace

d = sys.argv[1]
p = usdtrace.Provider("stwpy")
tick = p.probe("tick", int, str)
p.load()
open(os.path.join(d, "loaded"), "w").close()
i = 0
deadline = time.time() + 60
while not os.path.exists(os.path.join(d, "unload")) and time.time() < deadline:
    tick.fire(i, "py")
    i += 1
    time.sleep(0.01)
p.unload()
open(os.path.join(d, "unloaded"), "w").close()
while not os.path.exists(os.path.join(d, "stop")) and time.time() < deadline:
    time.sleep(0.01)
