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
  * its semaphore is back to 0 and every probe site and hz_work's first byte hold the bytes
    they held before tracing (/proc/PID/mem: a uprobe left behind shows as int3): for -p and
    system-wide read from the target before the trace, for -c from an untraced hz_target
    (the program is not position-independent: the same addresses);
  * every BPF program, map and link usdtrace held at the moment of the kill (its
    /proc/PID/fdinfo) is, once usdtrace is reaped, held by no process (no /proc/*/fdinfo
    names it) and pinned nowhere (no bpf filesystem of any mount namespace holds it); then
    the kernel frees it (BPF_*_GET_FD_BY_ID says ENOENT). The kernel frees them after grace
    periods (a uprobe link's program after an RCU-tasks-trace one, its maps after the
    program), which took over 10 s on the loaded 2-CPU VM: a thread watches every such id
    and notes when it went; at the end of a mode the rest are waited for, up to
    KILL_FREE_TIMEOUT seconds (default 900), and the slowest free is reported per kind;
  * no uprobe_events entry names the target (usdtrace makes none; none may appear);
  * the target writes exactly what it writes untraced and exits with status 7, also when its
    tracer was its parent (-c: this process is a child subreaper and reaps it).
Prints one "ok - ..." or "not ok - ..." line per mode, and a summary line per mode.
"""
import ctypes
import os
import random
import re
import signal
import subprocess
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from bpf_objects import NR_BPF, bpf_alive, bpf_describe, bpf_holders, bpf_ids, fdinfo_ids  # noqa: E402

USDTRACE, TARGET, WORK, RUNS, SEED = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
rng = random.Random(SEED)
libc = ctypes.CDLL(None, use_errno=True)
PR_SET_CHILD_SUBREAPER = 36
libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
libc.syscall.restype = ctypes.c_long

FREE_TIMEOUT = float(os.environ.get("KILL_FREE_TIMEOUT", "900"))
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
BPF_OBJ_GET = 7


def bpf_pinned(ids):
    """(kind, id) of ids pinned in a bpf filesystem of any mount namespace (each bpffs is
    walked through /proc/PID/root of a process of that namespace)."""
    want = {(k, i) for k, i in ids}
    seen_ns, found = set(), set()
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            ns = os.readlink("/proc/%s/ns/mnt" % d)
            if ns in seen_ns:
                continue
            seen_ns.add(ns)
            with open("/proc/%s/mounts" % d) as f:
                mnts = [l.split()[1] for l in f if l.split()[2] == "bpf"]
        except (OSError, IndexError):
            continue
        for mnt in mnts:
            for root, _, files in os.walk("/proc/%s/root%s" % (d, mnt)):
                for fn in files:
                    path = os.path.join(root, fn).encode()
                    buf = ctypes.create_string_buffer(path)
                    a = (ctypes.c_uint64 * 4)()
                    a[0] = ctypes.addressof(buf)
                    fd = libc.syscall(NR_BPF, BPF_OBJ_GET, ctypes.byref(a), ctypes.sizeof(a))
                    if fd < 0:
                        continue
                    try:
                        with open("/proc/self/fdinfo/%d" % fd) as f:
                            text = f.read()
                    finally:
                        os.close(fd)
                    found |= fdinfo_ids(text) & want
    return found


class FreeWatch:
    """Watches the BPF ids of killed tracers until the kernel frees them; notes when each
    went, counted from the moment its tracer was reaped."""

    def __init__(self):
        self.lock = threading.Lock()
        self.pending = {}       # (kind, id) -> reap time
        self.freed = {}         # kind -> [seconds after the reap]
        self.at_reap = {}       # kind -> how many were still there when the tracer was reaped
        self.slow = []          # (seconds, description) of frees that took over a second
        self.stop = False
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def add(self, ids, alive, reaped, tag):
        """ids held at the kill, alive those still there once the tracer was reaped; tag
        says what the tracer's programs were (the figures are kept apart by it)."""
        with self.lock:
            for kind, oid in ids:
                if (kind, oid) in alive:
                    self.pending[(kind, oid)] = (reaped, tag)
                    self.at_reap[(kind, tag)] = self.at_reap.get((kind, tag), 0) + 1
                else:
                    self.freed.setdefault((kind, tag), []).append(0.0)

    def poll(self):
        with self.lock:
            items = list(self.pending.items())
        now = time.time()
        for (kind, oid), (t, tag) in items:
            if bpf_alive(kind, oid):
                continue
            with self.lock:
                self.pending.pop((kind, oid), None)
                self.freed.setdefault((kind, tag), []).append(now - t)
                if now - t > 1:
                    self.slow.append((now - t, "%s %d (%s)" % (kind[:-3], oid, tag)))

    def loop(self):
        while not self.stop:
            self.poll()
            time.sleep(0.05)

    def wait_all(self, timeout):
        end = time.time() + timeout
        while time.time() < end:
            with self.lock:
                if not self.pending:
                    return []
            time.sleep(0.2)
        with self.lock:
            return sorted(self.pending)

    def summary(self):
        parts = []
        with self.lock:
            for tag in sorted({t for _, t in self.freed}):
                for kind in ("link_id", "prog_id", "map_id"):
                    v = self.freed.get((kind, tag), [])
                    if v:
                        parts.append("%s: %d %ss (%d still there when the tracer was reaped), "
                                     "freed after median %.2f s, max %.2f s" %
                                     (tag, len(v), kind[:-3], self.at_reap.get((kind, tag), 0),
                                      statistics.median(v), max(v)))
        return "; ".join(parts) or "no BPF object held at a kill"


WATCH = None


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


def check_bpf_released(ids, reaped, sleepable, why):
    """Called once the killed tracer is reaped: what it held is held by no process and pinned
    nowhere (the exact check); the kernel's freeing of them is left to WATCH."""
    if not ids:
        return
    alive = {key for key in ids if bpf_alive(*key)}
    WATCH.add(ids, alive, reaped, "sleepable" if sleepable else "not sleepable")
    if not alive:
        return
    keys = sorted(alive)
    held = {}

    def nobody_holds():
        held.clear()
        held.update(bpf_holders([key for key in keys if bpf_alive(*key)]))
        return not held
    # a process of ours that inherited an fd (a -c command, before its exec closes it) may
    # still be on its way out: 3 s
    if not wait_until(nobody_holds, 3):
        why.append("BPF objects of the killed usdtrace held by processes: %s" %
                   ", ".join("%s %d by %s" % (k[:-3], i, p) for (k, i), p in sorted(held.items())))
    pinned = bpf_pinned(keys)
    if pinned:
        why.append("BPF objects of the killed usdtrace pinned: %s" % sorted(pinned))


def check_bpf_freed(why):
    """End of a mode: every id of a killed tracer is freed by the kernel, within FREE_TIMEOUT."""
    t0 = time.time()
    left = WATCH.wait_all(FREE_TIMEOUT)
    waited = time.time() - t0
    if left:
        why.append("%d BPF objects of killed tracers not freed %.0f s after the last run "
                   "(held by no process, pinned nowhere): %s" %
                   (len(left), waited, ", ".join(
                       "%s %s" % (k[:-3], bpf_describe(k, i)) for k, i in left[:10])))
    return waited


def start_usdtrace(args, out):
    return subprocess.Popen([USDTRACE] + args, stdout=out, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)


def kill_at(u, delay):
    """Kill u after delay unless it ended. Returns (the BPF ids it held just before, whether
    it was killed, when it was reaped)."""
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
    return ids, killed, time.time()


D_C = ("hz$target:::tick { @t = count(); } hz$target:::sem { @s = count(); } "
       "pid$target::hz_work:entry { @w = count(); }")
# a clause that reads user memory: its program is loaded sleepable (BPF_F_SLEEPABLE, to fault
# pages in), which the kernel frees after an RCU-tasks-trace grace period; half the runs
# of each mode add it, and the freeing times are reported apart
D_SLEEP = " hz%s:::tick { self->s = copyinstr(uregs[R_SP]); }"


def run_c(i, why, stats):
    out = os.path.join(WORK, "c%d.out" % i)
    log = open(os.path.join(WORK, "c.log"), "w")
    sleepable = i % 2 == 1
    d = D_C + (D_SLEEP % "$target" if sleepable else "")
    u = start_usdtrace(["-q", "-n", d, "-c", "%s %s %d" % (TARGET, out, N_TARGET)], log)
    ids, killed, reaped = kill_at(u, kill_delay(1.2))
    stats["killed" if killed else "ended"] += 1
    stats["killed holding BPF objects"] += bool(ids)
    # the target, if it was started, is now our child (we are the subreaper) or already reaped
    # by usdtrace; find it among our children still running, check it, reap it
    kids = [int(p) for p in open("/proc/%d/task/%d/children" % (os.getpid(), os.getpid())).read().split()]
    for k in kids:
        check_target_free(k, C_BASELINE, why)
    got = reap_all(3 if kids else 0.2)
    if kids and not got:
        why.append("run %d: the target did not finish" % i)
    ran = os.path.exists(out)
    for pid, st in got.items():
        if (killed and not ran and os.WIFSIGNALED(st) and os.WTERMSIG(st) == signal.SIGKILL):
            # killed with its tracer while the dynamic loader ran: what the int3 fallback of
            # childproc.c does (PTRACE_O_EXITKILL); hz_target's entry point takes the uprobe
            # mark (entry_uprobe.c), which leaves the command to run on: a harmed target
            stats["killed in the loader"] += 1
            why.append("run %d: target %d killed with usdtrace before it ran" % (i, pid))
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
    check_bpf_released(ids, reaped, sleepable, why)


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
    sleepable = (i // 2) % 2 == 1
    if system:
        d = "hz*:::tick { @t = count(); } hz*:::sem { @s = count(); }"
        d += D_SLEEP % "*" if sleepable else ""
        args = ["-q", "-n", d]
    else:
        d = D_C.replace("$target", str(t.pid))
        d += D_SLEEP % t.pid if sleepable else ""
        if i % 2:
            d += " tick-%dms { exit(0); }" % rng.randint(50, 600)
        args = ["-q", "-n", d]
    log = open(os.path.join(WORK, "p.log"), "w")
    open(go, "w").close()
    churn = []
    u = start_usdtrace(args, log)
    t_start = time.time()
    # system-wide start-up (every process's objects read) takes longer
    delay = kill_delay(1.6 if system else 0.9)
    if system:
        # processes that exec and exit while the tracer starts and traces
        end = time.time() + delay
        k = 0
        while time.time() < end:
            co = os.path.join(WORK, "churn%d-%d.out" % (i, k))
            churn.append((subprocess.Popen([TARGET, co, "3"], stdin=subprocess.DEVNULL), co))
            k += 1
            time.sleep(0.03)
    ids, killed, reaped = kill_at(u, max(0.0, delay - (time.time() - t_start)))
    stats["killed" if killed else "ended"] += 1
    stats["killed holding BPF objects"] += bool(ids)
    check_target_free(t.pid, baseline, why)
    check_bpf_released(ids, reaped, sleepable, why)
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


def untraced_baseline():
    """The code bytes and semaphore of an untraced hz_target (for -c commands)."""
    out = os.path.join(WORK, "baseline.out")
    go = os.path.join(WORK, "baseline.go")
    t = start_target(1, out, go)
    b = code_bytes(t.pid)
    sem = read_mem(t.pid, SEM, 2)
    open(go, "w").close()
    t.wait(timeout=30)
    os.unlink(out)
    os.unlink(go)
    if sem != b"\0\0" or any(v is None for v in b.values()):
        raise SystemExit("not ok - kill_anytime: untraced hz_target reads %s %s" % (sem, b))
    return b


C_BASELINE = None


def main():
    global WATCH, C_BASELINE
    total_bad = 0
    C_BASELINE = untraced_baseline()
    for mode in ("c", "p", "system"):
        why = []
        WATCH = FreeWatch()
        stats = {"killed": 0, "killed holding BPF objects": 0, "ended": 0, "target ran": 0, "killed in the loader": 0, "churn": 0}
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
        waited = check_bpf_freed(why)
        print("# %s: BPF objects of killed tracers: %s; waited %.1f s for the last after the "
              "runs%s" % ("kill_anytime_%s" % mode, WATCH.summary(), waited,
                          "; slowest: " + ", ".join("%s %.1f s" % (d, t) for t, d in
                                                    sorted(WATCH.slow, reverse=True)[:4])
                          if WATCH.slow else ""), flush=True)
        WATCH.stop = True
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
