#!/usr/bin/env python3
"""kill_anytime.py — SIGKILL usdtrace at random moments and check that nothing is left behind.

Driven by tests/sh/kill_anytime.sh (a few hundred runs) and bench/kill_anytime.sh (more).
    kill_anytime.py USDTRACE HZ_TARGET WORKDIR RUNS_PER_MODE SEED

Modes, RUNS_PER_MODE runs each (twice that for c, whose runs are short; usdtrace killed after a random delay, denser early so start-up
and attach are hit as often as tracing; a run that ends before its kill is checked the same):
  c       -c: hz$target USDT probes, the semaphore probe, pid$target::hz_work:entry
  p       -p of a running hz_target: the same probes, half the runs ending with exit() (a kill
          may land in the exit path)
  system  every process: hz*:::tick and hz*:::sem, with processes exec'ing and exiting during
          the trace (short hz_target runs)

Afterwards, for every run (the witnesses are the kernel's views, not usdtrace's):
  * the target is not stopped and not ptrace-held (/proc/PID/status State, TracerPid);
  * (p, system) its semaphore is back to 0 and every probe site and hz_work's first byte hold
    the bytes they held before tracing (/proc/PID/mem: a uprobe left behind shows as int3);
  * every BPF program, map and link usdtrace held at the moment of the kill (its
    /proc/PID/fdinfo) is freed (BPF_*_GET_FD_BY_ID says ENOENT);
  * no uprobe_events entry names the target (usdtrace makes none; none may appear);
  * the target writes exactly what it writes untraced and exits with status 7, also when its
    tracer was its parent (-c: this process is a child subreaper and reaps it).
Prints one "ok - ..." or "not ok - ..." line per mode, and a summary line per mode.
"""
import ctypes
import errno
import os
import random
import re
import signal
import subprocess
import sys
import time

USDTRACE, TARGET, WORK, RUNS, SEED = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
rng = random.Random(SEED)
libc = ctypes.CDLL(None, use_errno=True)
PR_SET_CHILD_SUBREAPER = 36
libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
libc.syscall.restype = ctypes.c_long

N_TARGET = 80           # iterations of hz_target in -c runs (2 ms each)
EXPECT_SUM = sum(i * 3 + 1 for i in range(N_TARGET))


def expected_output(n):
    return "start\nsum %d\n" % sum(i * 3 + 1 for i in range(n))


# --- what the target's file says: semaphore, sites, hz_work ---------------------------------
def nm_addr(sym):
    out = subprocess.run(["nm", TARGET], capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == sym:
            return int(f[0], 16)
    raise SystemExit("not ok - kill_anytime: no symbol %s in %s" % (sym, TARGET))


SEM = nm_addr("hz_sem_semaphore")
WORK_FN = nm_addr("hz_work")
SITES = [int(m, 16) for m in re.findall(r"Location: (0x[0-9a-f]+)",
                                         subprocess.run(["readelf", "-n", TARGET], capture_output=True,
                                                        text=True).stdout)]
if not SITES:
    raise SystemExit("not ok - kill_anytime: no USDT sites in %s" % TARGET)


def read_mem(pid, addr, n):
    try:
        with open("/proc/%d/mem" % pid, "rb", buffering=0) as f:
            f.seek(addr)
            return f.read(n)
    except OSError:
        return None


def code_bytes(pid):
    return {a: read_mem(pid, a, 1) for a in SITES + [WORK_FN]}


def status_fields(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            d = dict(l.rstrip("\n").split(":\t", 1) for l in f if ":\t" in l)
        return d.get("State", "?")[0], int(d.get("TracerPid", "0"))
    except (OSError, ValueError):
        return None, 0


# --- BPF objects a process holds, and whether they still exist -------------------------------
BPF_PROG_GET_FD_BY_ID, BPF_MAP_GET_FD_BY_ID, BPF_LINK_GET_FD_BY_ID = 13, 14, 30
NR_BPF = 321


def bpf_ids(pid):
    ids = set()
    try:
        fds = os.listdir("/proc/%d/fdinfo" % pid)
    except OSError:
        return ids
    for fd in fds:
        try:
            with open("/proc/%d/fdinfo/%s" % (pid, fd)) as f:
                text = f.read()
        except OSError:
            continue
        for kind, cmd in (("prog_id", BPF_PROG_GET_FD_BY_ID), ("map_id", BPF_MAP_GET_FD_BY_ID),
                          ("link_id", BPF_LINK_GET_FD_BY_ID)):
            m = re.search(r"^%s:\s+(\d+)" % kind, text, re.M)
            if m:
                ids.add((kind, cmd, int(m.group(1))))
    return ids


def bpf_alive(cmd, oid):
    attr = (ctypes.c_uint32 * 32)()
    attr[0] = oid
    fd = libc.syscall(NR_BPF, cmd, ctypes.byref(attr), ctypes.sizeof(attr))
    if fd >= 0:
        os.close(fd)
        return True
    return ctypes.get_errno() != errno.ENOENT


def uprobe_events_naming_target():
    for p in ("/sys/kernel/tracing/uprobe_events", "/sys/kernel/debug/tracing/uprobe_events"):
        try:
            with open(p) as f:
                return [l for l in f if os.path.basename(TARGET) in l]
        except OSError:
            continue
    return []


def wait_until(pred, secs):
    end = time.time() + secs
    while True:
        if pred():
            return True
        if time.time() > end:
            return False
        time.sleep(0.02)


# --- one run ---------------------------------------------------------------------------------
def kill_delay(span):
    # squared uniform: half the kills in the first quarter of the span (start-up and attach)
    return rng.random() ** 2 * span


def reap_all(timeout):
    """Reap every child (this process is their subreaper); {pid: status}."""
    got = {}
    end = time.time() + timeout
    while time.time() < end:
        try:
            pid, st = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            time.sleep(0.01)
            continue
        got[pid] = st
    return got


def check_target_free(pid, baseline, why):
    """pid (alive) is neither stopped nor held, and its code and semaphore are as untraced."""
    def free():
        st, tracer = status_fields(pid)
        return st is None or (st not in "Tt" and tracer == 0)
    if not wait_until(free, 3):
        st, tracer = status_fields(pid)
        why.append("target %d left State %s TracerPid %d" % (pid, st, tracer))
        return
    if baseline is not None:
        def clean():
            if status_fields(pid)[0] is None:
                return True     # exited meanwhile: nothing to read
            sem = read_mem(pid, SEM, 2)
            return (sem is None or sem == b"\0\0") and all(
                b is None or b == baseline[a] for a, b in code_bytes(pid).items())
        if not wait_until(clean, 5):
            sem = read_mem(pid, SEM, 2)
            cb = {hex(a): b for a, b in code_bytes(pid).items() if b != baseline[a]}
            why.append("target %d: semaphore %s, changed code %s" % (pid, sem, cb))


def check_bpf_freed(ids, why):
    if not ids:
        return
    if not wait_until(lambda: not any(bpf_alive(cmd, oid) for _, cmd, oid in ids), 10):
        left = [(k, oid) for k, cmd, oid in ids if bpf_alive(cmd, oid)]
        why.append("BPF objects of the killed usdtrace still exist: %s" % left)


def start_usdtrace(args, out):
    return subprocess.Popen([USDTRACE] + args, stdout=out, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)


def kill_at(u, delay):
    """Kill u after delay unless it ended; the BPF ids it held just before. Returns (ids, killed)."""
    end = time.time() + delay
    ids = set()
    while time.time() < end and u.poll() is None:
        time.sleep(min(0.01, max(0.0, end - time.time())))
    if u.poll() is None:
        ids = bpf_ids(u.pid)
        u.send_signal(signal.SIGKILL)
        killed = True
    else:
        killed = False
    u.wait()
    return ids, killed


D_C = ("hz$target:::tick { @t = count(); } hz$target:::sem { @s = count(); } "
       "pid$target::hz_work:entry { @w = count(); }")


def run_c(i, why, stats):
    out = os.path.join(WORK, "c%d.out" % i)
    log = open(os.path.join(WORK, "c.log"), "w")
    u = start_usdtrace(["-q", "-n", D_C, "-c", "%s %s %d" % (TARGET, out, N_TARGET)], log)
    ids, killed = kill_at(u, kill_delay(1.2))
    stats["killed" if killed else "ended"] += 1
    # the target, if it was started, is now our child (we are the subreaper) or already reaped
    # by usdtrace; find it among our children still running, check it, reap it
    kids = [int(p) for p in open("/proc/%d/task/%d/children" % (os.getpid(), os.getpid())).read().split()]
    for k in kids:
        check_target_free(k, None, why)
    got = reap_all(3 if kids else 0.2)
    if kids and not got:
        why.append("run %d: the target did not finish" % i)
    ran = os.path.exists(out)
    for pid, st in got.items():
        if (killed and not ran and os.WIFSIGNALED(st) and os.WTERMSIG(st) == signal.SIGKILL):
            # killed with its tracer while the dynamic loader ran with our int3 planted at
            # its entry point (PTRACE_O_EXITKILL, childproc.c): it ran none of its own code
            stats["killed in the loader"] += 1
            continue
        if not (os.WIFEXITED(st) and os.WEXITSTATUS(st) == 7):
            # a child that never became hz_target (no output file) exits 127 only if the exec
            # failed; anything else is a harmed target
            why.append("run %d: target %d ended with status %#x (want exit 7)%s" %
                       (i, pid, st, " (usdtrace killed)" if killed else ""))
    if ran:
        text = open(out).read()
        if text != expected_output(N_TARGET):
            why.append("run %d: target wrote %r" % (i, text))
        stats["target ran"] += 1
        os.unlink(out)
    elif not killed:
        why.append("run %d: usdtrace ended without running the target" % i)
    check_bpf_freed(ids, why)


def start_target(n, out, go=None):
    args = [TARGET, out, str(n)] + ([go] if go else [])
    t = subprocess.Popen(args, stdin=subprocess.DEVNULL)
    wait_until(lambda: os.path.exists(out), 5)
    return t


def run_p(i, why, stats, system):
    out = os.path.join(WORK, "p%d.out" % i)
    go = os.path.join(WORK, "p%d.go" % i)
    n = 300
    t = start_target(n, out, go)
    baseline = code_bytes(t.pid)
    if system:
        d = "hz*:::tick { @t = count(); } hz*:::sem { @s = count(); }"
        args = ["-q", "-n", d]
    else:
        d = D_C.replace("$target", str(t.pid))
        if i % 2:
            d += " tick-%dms { exit(0); }" % rng.randint(50, 600)
        args = ["-q", "-n", d]
    log = open(os.path.join(WORK, "p.log"), "w")
    open(go, "w").close()
    churn = []
    u = start_usdtrace(args, log)
    t_start = time.time()
    delay = kill_delay(0.9)
    if system:
        # processes that exec and exit while the tracer starts and traces
        end = time.time() + delay
        k = 0
        while time.time() < end:
            co = os.path.join(WORK, "churn%d-%d.out" % (i, k))
            churn.append((subprocess.Popen([TARGET, co, "3"], stdin=subprocess.DEVNULL), co))
            k += 1
            time.sleep(0.03)
    ids, killed = kill_at(u, max(0.0, delay - (time.time() - t_start)))
    stats["killed" if killed else "ended"] += 1
    check_target_free(t.pid, baseline, why)
    check_bpf_freed(ids, why)
    st = t.wait(timeout=30)
    if st != 7:
        why.append("run %d: target exited %d (want 7)" % (i, st))
    text = open(out).read()
    if text != expected_output(n):
        why.append("run %d: target wrote %r" % (i, text))
    for c, co in churn:
        rc = c.wait(timeout=30)
        if rc != 7 or open(co).read() != expected_output(3):
            why.append("run %d: a process started during the trace exited %d" % (i, rc))
        os.unlink(co)
    stats["churn"] += len(churn)
    os.unlink(out)
    os.unlink(go)


def main():
    total_bad = 0
    for mode in ("c", "p", "system"):
        why = []
        stats = {"killed": 0, "ended": 0, "target ran": 0, "killed in the loader": 0, "churn": 0}
        t0 = time.time()
        runs = RUNS * 2 if mode == "c" else RUNS
        for i in range(runs):
            before = len(why)
            if mode == "c":
                run_c(i, why, stats)
            else:
                run_p(i, why, stats, mode == "system")
            if len(why) > before and len(why) > 20:
                break
        ev = uprobe_events_naming_target()
        if ev:
            why.append("uprobe_events names the target: %s" % ev[:3])
        name = "kill_anytime_%s" % mode
        summary = ", ".join("%s %d" % kv for kv in stats.items() if kv[1] or kv[0] == "killed")
        print("# %s: %d runs in %.0f s (%s)" % (name, runs, time.time() - t0, summary), flush=True)
        if why:
            total_bad += 1
            print("not ok - %s: %s" % (name, "; ".join(why[:8])), flush=True)
        else:
            print("ok - %s" % name, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
