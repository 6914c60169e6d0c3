#!/usr/bin/python3
# provargs_lwp's workload: two threads, then a child process; each ends normally.
import os
import threading

ts = [threading.Thread(target=lambda: None) for _ in range(2)]
for t in ts:
    t.start()
for t in ts:
    t.join()
pid = os.fork()
if pid == 0:
    os._exit(0)
os.waitpid(pid, 0)
