#!/usr/bin/python3
# provargs_signal_group_exit's workload: a thread asleep while the process exits with status
# 3 (exit_group): the kernel kills the sleeping thread with SIGKILL.
import os
import threading
import time

threading.Thread(target=lambda: time.sleep(5), daemon=True).start()
time.sleep(0.2)
os._exit(3)
