#!/usr/bin/env python3
"""term_attach.py — SIGTERM and SIGINT while usdtrace attaches a huge probe set: it stops
promptly and leaves nothing behind. Driven by tests/sh/term_attach.sh.
    term_attach.py USDTRACE LIBRARY WORKDIR

The target is a python3.11 that dlopen()s LIBRARY (a big library no other process maps, e.g.
libLLVM-15.so.1: some 35 000 functions) and sleeps reading its stdin. The probe set is
pid$TARGET:LIBRARY::entry, every function entry of the library: usdtrace reads the symbols,
decodes each function's first instruction, loads the program and fills its maps, then creates
the uprobe_multi link, several seconds in all on the 2-CPU VM. A first run that exits at its
first tick measures that start-up (S seconds); then each signal is sent at 10 % and 50 %
of S, as soon as usdtrace holds its first map, its first program (maps filled, the link not
made yet) and its first link, and at 130 % of S (tracing), to the same target. For each run:
  * usdtrace ends within PROMPT seconds of the signal (the time is printed): killed by the
    signal during start-up (its default action, as with dtrace, whose handlers are installed
    once tracing starts), or exit 0 once tracing (dtrace's END and aggregations printed);
  * the kernel logs no uprobe leaked (a fatal signal in the middle of registering makes it
    give up on the uprobe and leave its int3: usdtrace blocks the signal meanwhile);
  * the target is neither stopped nor ptrace-held (/proc/PID/status), and 400 sampled
    function entries of the library hold the bytes they held before any tracing
    (/proc/PID/mem: a uprobe left behind shows as int3);
  * every BPF program, map and link usdtrace held just before the signal (its
    /proc/PID/fdinfo) is held by no process once usdtrace is gone, and the kernel frees it
    (BPF_*_GET_FD_BY_ID says ENOENT) within FREE_TIMEOUT seconds (the time is printed);
and at the end the target, told to finish, prints what it prints untraced and exits 5.
"""
import os
import random
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from bpf_objects import bpf_alive, bpf_holders, bpf_ids  # noqa: E402

USDTRACE, LIBRARY, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
PROMPT = 15.0           # seconds from the signal to usdtrace's end, on a loaded machine
FREE_TIMEOUT = 300.0    # seconds for the kernel to free what a killed tracer held
LIBNAME = os.path.basename(LIBRARY)
bad = []


def holders(ids):
    """[(pid, a few of the ids it holds)] of the processes holding one of ids."""
    by_pid = {}
    for key, pids in bpf_holders(ids).items():
        for pid in pids:
            by_pid.setdefault(pid, []).append(key)
    return [(pid, sorted(keys)[:3]) for pid, keys in by_pid.items()]


def status(pid):
    with open("/proc/%d/status" % pid) as f:
        d = dict(l.rstrip("\n").split(":\t", 1) for l in f if ":\t" in l)
    return d["State"][0], int(d["TracerPid"])


def read_mem(pid, addr, n):
    with open("/proc/%d/mem" % pid, "rb", buffering=0) as f:
        f.seek(addr)
        return f.read(n)


def sample_entries(pid):
    """{address: first byte} of 400 function entries of LIBRARY in pid (dynsym FUNCs)."""
    base = None
    with open("/proc/%d/maps" % pid) as f:
        for line in f:
            p = line.split()
            if len(p) >= 6 and p[5].endswith("/" + LIBNAME) and int(p[2], 16) == 0:
                base = int(p[0].split("-")[0], 16)
                break
    if base is None:
        raise SystemExit("not ok - term_attach: %s is not mapped by the target" % LIBNAME)
    syms = []
    out = subprocess.run(["readelf", "-W", "--dyn-syms", LIBRARY], capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        p = line.split()
        if len(p) >= 8 and p[3] == "FUNC" and p[6] != "UND" and int(p[1], 16):
            syms.append(int(p[1], 16))
    rng = random.Random(7)
    pick = rng.sample(sorted(set(syms)), min(400, len(set(syms))))
    return {base + v: read_mem(pid, base + v, 1) for v in pick}


def kernel_log():
    """The kernel log's lines as (time stamp, text)."""
    r = subprocess.run(["dmesg"], capture_output=True, text=True)
    out = []
    for line in r.stdout.splitlines():
        if line.startswith("[") and "]" in line:
            try:
                out.append((float(line[1:line.index("]")]), line))
            except ValueError:
                pass
    return out


def log_now():
    log = kernel_log()
    return log[-1][0] if log else 0.0


def leaks_since(t):
    """How many uprobes the kernel's log says it leaked after time stamp t ("failed to
    unregister, leaking uprobe": a registration or unregistration cut short by a fatal signal,
    its int3 left behind). By time stamp: the log's ring turns over."""
    return sum(1 for ts, line in kernel_log() if ts > t and "leaking uprobe" in line)


def wait_until(pred, secs):
    end = time.time() + secs
    while not pred():
        if time.time() > end:
            return False
        time.sleep(0.05)
    return True


def main():
    tgt = subprocess.Popen(["/usr/bin/python3.11", "-c",
                            "import ctypes, os, sys\n"
                            "ctypes.CDLL(sys.argv[1])\n"
                            "print(os.getpid(), flush=True)\n"
                            "sys.stdin.read()\n"
                            "print('done', flush=True)\n"
                            "sys.exit(5)\n", LIBRARY],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    tpid = int(tgt.stdout.readline())
    entries = sample_entries(tpid)
    desc = "pid%d:%s::entry { @ = count(); }" % (tpid, LIBNAME)
    log = open(os.path.join(WORK, "u.log"), "w+")

    nsites = subprocess.run([USDTRACE, "-l", "-n", "pid%d:%s::entry" % (tpid, LIBNAME)],
                            capture_output=True, text=True).stdout.count("\n") - 1
    t0 = time.time()
    r = subprocess.run([USDTRACE, "-q", "-n", desc + " tick-1ms { exit(0); }"],
                       capture_output=True, text=True, timeout=600)
    span = time.time() - t0
    print("# term_attach: %d probes (%s entries), start-up to the first tick %.1f s (exit %d)" %
          (nsites, LIBNAME, span, r.returncode), flush=True)
    if r.returncode != 0 or nsites < 1000:
        bad.append("the measuring run: exit %d, %d probes: %s" % (r.returncode, nsites, r.stderr[:300]))

    for sig in (signal.SIGTERM, signal.SIGINT):
        for when in (0.1, 0.5, "map_id", "prog_id", "link_id", 1.3):
            log.seek(0)
            log.truncate()
            u = subprocess.Popen([USDTRACE, "-q", "-n", desc], stdout=log, stderr=log,
                                 stdin=subprocess.DEVNULL)
            t_start = time.time()
            if isinstance(when, float):
                time.sleep(when * span)
                ids = bpf_ids(u.pid)
                name = "%s at %.0f%% of the start-up" % (sig.name, when * 100)
            else:
                # as soon as the first such object exists (maps: filling them; program:
                # loaded, its maps filled, the link not made yet; link: attached)
                ids = set()
                while u.poll() is None and time.time() - t_start < 3 * span + 10:
                    ids = bpf_ids(u.pid)
                    if any(k == when for k, _ in ids):
                        break
                name = "%s at the first %s" % (sig.name, when[:-3])
            name += " (%.2f s)" % (time.time() - t_start)
            try:
                sysno = open("/proc/%d/syscall" % u.pid).read().split()[0]
            except (OSError, IndexError):
                sysno = "?"
            log0 = log_now()
            ts = time.time()
            u.send_signal(sig)
            try:
                rc = u.wait(timeout=PROMPT)
            except subprocess.TimeoutExpired:
                bad.append("%s: usdtrace still running %.0f s after the signal" % (name, PROMPT))
                u.kill()
                rc = u.wait()
            took = time.time() - ts
            log.seek(0)
            text = log.read()
            if rc == -sig:
                how = "killed by it"
            elif rc == 0:
                how = "exit 0"
                if "usdtrace:" in text:
                    bad.append("%s: exit 0 with a message: %r" % (name, text[:200]))
            else:
                how = "exit %d" % rc
                bad.append("%s: usdtrace ended with status %d: %r" % (name, rc, text[:200]))
            leaked = leaks_since(log0)
            if leaked > 0:
                bad.append("%s: the kernel logged %d uprobes leaked" % (name, leaked))
            st, tracer = status(tpid)
            if st in "Tt" or tracer != 0:
                bad.append("%s: target left State %s TracerPid %d" % (name, st, tracer))

            def code_back():
                return all(read_mem(tpid, a, 1) == b for a, b in entries.items())
            if not wait_until(code_back, 10):
                n = sum(read_mem(tpid, a, 1) != b for a, b in entries.items())
                bad.append("%s: %d of %d sampled entries of %s changed" %
                           (name, n, len(entries), LIBNAME))
            alive = {k for k in ids if bpf_alive(*k)}
            held = holders(alive) if alive else []
            if held:
                bad.append("%s: BPF objects of the stopped tracer held by %s" % (name, held))
            tf = time.time()
            if not wait_until(lambda: not any(bpf_alive(*k) for k in ids), FREE_TIMEOUT):
                bad.append("%s: BPF objects not freed after %.0f s: %s" %
                           (name, FREE_TIMEOUT, sorted(k for k in ids if bpf_alive(*k))[:5]))
            print("# %s: in syscall %s, %d BPF objects; usdtrace %s %.2f s after the signal; "
                  "its BPF objects freed %.2f s later" %
                  (name, sysno, len(ids), how, took, time.time() - tf), flush=True)

    out, _ = tgt.communicate("", timeout=30)
    if tgt.returncode != 5 or out != "done\n":
        bad.append("target exited %d writing %r (want 5, 'done')" % (tgt.returncode, out))
    if bad:
        print("not ok - term_attach: %s" % "; ".join(bad[:8]))
    else:
        print("ok - term_attach")


if __name__ == "__main__":
    main()
