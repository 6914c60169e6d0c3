#!/usr/bin/env python3
"""genprobe_gen.py: probe descriptions, clauses and listing, generated (issue 20), for
genprobe.sh. One case per seed, reproducible: a command line (and the files it names) of one
of these kinds:
  list  - -l with -n/-P/-m/-f/-i, several at once, a -s script's clauses, -lv; descriptions of
          one to four fields over every provider here (dtrace profile syscall proc sched io
          ip lockstat sdt rawtp fbt cpc), with *, ?, [set], [!set], [^set], \\ escapes;
  run   - a clause on a probe that fires (BEGIN, tick-N/profile-N in every unit, syscall,
          proc, sched, io ...) printing probeprov:probemod:probefunc:probename;
  err   - descriptions that match nothing (with -Z, -x zdefs, -e), malformed ones (too many
          fields, empty), profile rates and units that are no probe, option combinations;
  run   - BEGIN/END/ERROR clauses in random orders, a fault, ERROR's arguments; one
          description written twice, over lines, in one clause and in two.

  genprobe_gen.py case SEED                 the case, as JSON
  genprobe_gen.py run USDTRACE SEED...      usdtrace alone: prints "bad SEED: WHY" for a case
                                            that crashes or is killed, or prints a message
                                            not prefixed "usdtrace: "
  genprobe_gen.py compare USDTRACE DTRACE SEED...
                                            prints "differ SEED: WHAT" where exit status,
                                            stdout or stderr differ from dtrace's. A listing
                                            loses its ID column (each numbers its own probe
                                            set) and the lines of probes only one of them has
                                            (what each can attach on this kernel: fbt, cpc's,
                                            sched's and tcp/udp's extra probes); a listing's
                                            order is compared sorted.

Known differences, left out of the seeds genprobe.sh compares (dtrace's answer is a bug, or
one of two right answers): a -c child that prints (whether it runs before exit() ends the
trace); ERROR clauses with several BEGIN clauses (dtrace: "could not enable tracing", or
it hangs after END); proc:::lwp-start, start, signal-send and '::::' clauses (dtrace asserts in
dt_prov_proc.c); profile rates that overflow or are negative (dtrace wraps them, tick--1min is
a probe there; the Guide's rates are positive); a listing's order (each numbers its own probe
set); proc:::create under -c /bin/true (whether another process forks before the child exits
and ends the trace); fbt::: (no fbt in DTrace for Linux here, over 2000 fbt probes in
usdtrace). Not generated: syscalls that may never be made (clock_gettime goes through the vDSO),
io:::start (whether anything writes), lockstat's spin probes (no event for them here).
"""
import json, os, random, re, subprocess, sys, tempfile

R = random.Random(0)

PROVS = ["", "dtrace", "profile", "syscall", "proc", "sched", "io", "lockstat", "sdt", "fbt",
         "d*", "pro*", "sys???????", "[ps]*", "[!s]*", "dtrac?", "nosuch", "*", "dtrace\\", "d\\trace",
         "[a-e]trace", "[^d]trace", "s[a-z]s*", "?", "**", "[]", "[", "lock*", "i?", "ip", "cpc",
         "rawtp", "sd?", "r*"]
MODS = ["", "vmlinux", "vm*", "kernel", "*", "nosuch", "v?linux", "[v]mlinux", "sched",
        "syscalls", "sch*"]
FUNCS = ["", "read", "write", "open*", "read*", "*read", "?ead", "[rw]*", "nosuch", "*",
         "clock_gettime", "exit_group", "[!r]ead", "r[a-f]ad"]
NAMES = ["", "BEGIN", "END", "ERROR", "B*", "?ND", "[BE]*", "[!B]*", "*", "nosuch", "tick-1s",
         "profile-97", "entry", "return", "exec*", "on-cpu", "start", "spin-*", "lwp-*",
         "signal-????", "tick-*", "profile-*", "exec-success", "wait-*", "done", "BEGIN*",
         "B?G?N", "[A-C]EGIN", "BEGI[!N]", "begin", "\\BEGIN", "B\\EGIN", "tick-10", "exit",
         "create", "off-cpu", "*-cpu", "adaptive-*", "[a-z]*", "sched_switch", "sched_wak*",
         "sys_enter_read", "wait-done", "send", "receive"]

def desc(nfields=None):
    n = nfields or R.choice([1, 1, 2, 3, 4, 4, 4])
    f = [R.choice(PROVS), R.choice(MODS), R.choice(FUNCS), R.choice(NAMES)][4 - n:]
    return ":".join(f)

RATES = ["1", "10", "97", "0", "1000", "5000", "", "abc", "1.5", "01", "1x"]
UNITS = ["", "ns", "nsec", "us", "usec", "ms", "msec", "s", "sec", "m", "min", "h", "hour",
         "d", "day", "hz", "Hz", "S", "secs", "y", "MS", "nanosecond"]

def rate_name():
    kind = R.choice(["tick", "profile"])
    return "%s-%s%s" % (kind, R.choice(RATES), R.choice(UNITS))

MALFORMED = ["a:b:c:d:e", "::::", ":::::", "dtrace:::BEGIN:", "a:b:c:d:e:f", "dtrace::::BEGIN",
             "", " ", "dtrace:::BEGIN::"]

def case_list():
    sel = R.choice(["n", "n", "n", "P", "m", "f", "i", "multi", "s", "v"])
    if sel == "n":
        return {"args": ["-l", "-n", desc()], "kind": "list"}
    if sel == "P":
        return {"args": ["-l", "-P", R.choice(PROVS[1:])], "kind": "list"}
    if sel == "m":
        return {"args": ["-l", "-m", ":".join([R.choice(PROVS), R.choice(MODS)][R.choice([0, 1]):])], "kind": "list"}
    if sel == "f":
        f = [R.choice(PROVS), R.choice(MODS), R.choice(FUNCS)][R.choice([0, 1, 2]):]
        return {"args": ["-l", "-f", ":".join(f)], "kind": "list"}
    if sel == "i":
        v = R.choice(["1", "2", "3", "0", "-1", "99999999", "abc", "1:2", "BEGIN", "0x1", "01", " 1", "4294967296"])
        return {"args": ["-l", "-i", v], "kind": "list"}
    if sel == "multi":
        args = ["-l"]
        for _ in range(R.randint(2, 4)):
            o = R.choice(["-n", "-P", "-m", "-f", "-i"])
            v = {"-n": desc(), "-P": R.choice(PROVS[1:]), "-m": R.choice(MODS[1:] + ["dtrace:"]),
                 "-f": R.choice(FUNCS[1:]), "-i": R.choice(["1", "2", "3"])}[o]
            args += [o, v]
        return {"args": args, "kind": "list"}
    if sel == "s":
        body = []
        for _ in range(R.randint(1, 3)):
            ds = [desc() for _ in range(R.randint(1, 3))]
            sep = R.choice([",", ",\n", " ,\n  "])
            body.append(sep.join(ds) + "\n{\n}\n")
        args = ["-l", "-s", "f.d"]
        if R.random() < 0.4:
            args += ["-n", desc()]
        return {"args": args, "files": {"f.d": "".join(body)}, "kind": "list"}
    return {"args": ["-lv", "-n", R.choice(["BEGIN", "dtrace:::ERROR", "syscall::read:entry",
                     "syscall::write:return", "proc:::exec-success", "proc:::signal-send",
                     "sched:::on-cpu", "sched:::enqueue", "io:::start", "profile:::tick-1s",
                     "lockstat:::spin-acquire", "proc:::exit", "proc:::create", "sched:::wakeup",
                     "profile:::profile-97", "io:::done", "proc:::lwp-start", "syscall::open*:entry"])],
            "kind": "list"}

def act():
    return 'printf("%s:%s:%s:%s\\n", probeprov, probemod, probefunc, probename); exit(0);'

FIRE = ["BEGIN", "dtrace:::BEGIN", ":::BEGIN", "::BEGIN", ":BEGIN", "dtrace::BEGIN", "d*:::BEGIN",
        "dtrace:::B*", "BEG?N", "[B]EGIN", "profile:::tick-1", "tick-1", "tick-1s", "tick-10ms",
        "profile-97", "profile:::profile-1000hz", "tick-1000000000ns", "tick-1000usec",
        "syscall::read:entry", "syscall:vmlinux:write:entry", "syscall::r?ad:return",
        "sched:::on-cpu", "sched:::off-cpu", "proc:::exit", "proc:::lwp-exit", "proc:::create",
        "sched:::enqueue", "sched:::wakeup", "profile:::tick-1sec", "profile:::tick-1hz"]

def case_run():
    d = R.choice(FIRE)
    args = ["-q"]
    if d.startswith("proc"):
        args += ["-c", "/bin/true"]
        act_ = 'printf("%s:%s:%s:%s\\n", probeprov, probemod, probefunc, probename); exit(0);'
    else:
        act_ = act()
    if d.startswith("proc") or d.startswith("io") or d.startswith("sched") or d.startswith("lockstat") or d.startswith("syscall"):
        # only one firing matters: the first; the rest after exit are not printed
        pass
    prog = "%s { %s }" % (d, act_)
    if R.random() < 0.3:
        prog = "%s,\n%s\n{ %s }" % (d, R.choice(["BEGIN", "END", "tick-1s"]), act_)
    return {"args": args + ["-n", prog], "kind": "run"}

UNIT_NS = {"": None, "hz": None, "ns": 1, "nsec": 1, "us": 10**3, "usec": 10**3, "ms": 10**6,
           "msec": 10**6, "s": 10**9, "sec": 10**9, "m": 60 * 10**9, "min": 60 * 10**9,
           "h": 3600 * 10**9, "hour": 3600 * 10**9, "d": 86400 * 10**9, "day": 86400 * 10**9}


def fires_late(name):
    """Whether name is a profile probe whose period is over a second (a run would wait)."""
    m = re.match(r"^(tick|profile)-([0-9]+)([a-zA-Z]*)$", name)
    if not m or int(m.group(2)) == 0 or m.group(3).lower() not in UNIT_NS:
        return False
    mult = UNIT_NS[m.group(3).lower()]
    return mult is not None and int(m.group(2)) * mult > 10**9


def case_rate():
    n = rate_name()
    p = R.choice(["", "profile:::", ":::", "profile::"]) + n
    if R.random() < 0.5 or fires_late(n):
        return {"args": ["-e", "-n", p], "kind": "err"}
    return {"args": ["-qn", "%s { printf(\"%%s\\n\", probename); exit(0); }" % p], "kind": "run"}

def case_zero():
    d = R.choice(["nosuch:::", "dtrace:::nosuch", "syscall::nosuch:entry", "profile:::nosuch",
                  ":::nosuch", "nosuch", "sched:::x*", "fbt:::", "fbt::read:entry", "proc:::bogus",
                  "dtrace:::[", "dtrace:::[B", "io:::st", "sdt:::nosuch"])
    args = []
    if R.random() < 0.4:
        args.append("-Z")
    if R.random() < 0.3:
        args += ["-x", "zdefs"]
    if R.random() < 0.3:
        args.append("-e")
    args.append("-q")
    if R.random() < 0.6:
        args += ["-n", "%s { exit(0); }" % d, "-n", "BEGIN { printf(\"b\\n\"); exit(0); }"]
    else:
        args += ["-n", "%s { exit(0); }" % d]
    return {"args": args, "kind": "err"}

def case_malformed():
    d = R.choice(MALFORMED + [desc(4) + ":" + R.choice(NAMES), rate_name()])
    wrap = R.choice(["bare", "clause", "l"])
    if wrap == "bare":
        return {"args": ["-e", "-n", d], "kind": "err"}
    if wrap == "l":
        return {"args": ["-l", "-n", d], "kind": "err"}
    return {"args": ["-qn", "%s { exit(0); }" % d], "kind": "err"}

def case_clauses():
    names = ["BEGIN", "END", "ERROR"]
    cls = []
    for _ in range(R.randint(2, 6)):
        n = R.choice(names)
        body = 'printf("%s %%d\\n", %d);' % (n, len(cls))
        cls.append((n, body))
    # make it end: one BEGIN with exit and maybe a fault
    fault = R.random() < 0.5
    prog = []
    for i, (n, body) in enumerate(cls):
        if n == "ERROR":
            body += R.choice(['printf("%d %d\\n", arg4, arg5);', 'printf("%s\\n", probefunc);',
                              'printf("%d\\n", arg0);', ''])
        prog.append("%s\n{\n\t%s\n}\n" % (n, body))
    lastbegin = 'BEGIN\n{\n\t%s exit(0);\n}\n' % ('*(int *)0 = 1;' if fault else '')
    pos = R.randint(0, len(prog))
    prog.insert(pos, lastbegin)
    if fault and R.random() < 0.5:
        prog.insert(R.randint(0, len(prog)), 'BEGIN\n{\n\ttrace(*(int *)8);\n}\n')
    return {"args": ["-q", "-s", "f.d"], "files": {"f.d": "".join(prog)}, "kind": "run"}

def case_multi():
    d = R.choice(["BEGIN", "dtrace:::BEGIN", "BEGIN,BEGIN", "BEGIN, dtrace:::BEGIN", "BEGIN,\nEND",
                  "BEGIN , END", "BEGIN,:::BEGIN,::BEGIN", "dtrace:::BEGIN\n", "\nBEGIN",
                  "dtrace:\n::BEGIN", "BEGIN,\n\nEND", "dtrace:::BEGIN,dtrace:::B*"])
    prog = '%s\n{ printf("%%s\\n", probename); }\nBEGIN { exit(0); }\n%s { printf("again %%s\\n", probename); }\n' % (d, d)
    return {"args": ["-q", "-s", "f.d"], "files": {"f.d": prog}, "kind": "run"}

def case_opts():
    o = R.choice([["-e", "-n", "BEGIN"], ["-w", "-e", "-n", "BEGIN"], ["-q", "-l", "-n", "BEGIN"],
                  ["-Z", "-l", "-n", "nosuch"], ["-l", "-Z", "-n", "nosuch", "-n", "BEGIN"],
                  ["-l", "-e", "-n", "BEGIN"], ["-l"] + ["-n", desc()] * 2,
                  ["-l", "-n", "BEGIN", "-n", "BEGIN"], ["-n", "BEGIN", "-l"],
                  ["-P", "dtrace", "-l"], ["-P", "dtrace", "-e"], ["-m", "vmlinux", "-e"],
                  ["-f", "read", "-e"], ["-i", "1", "-e"], ["-i", "3", "-l", "-v"],
                  ["-l", "-i", "1", "-i", "2", "-i", "1"], ["-l", "-i", "99999"],
                  ["-l", "-x", "zdefs", "-n", "nosuch"], ["-e", "-Z", "-n", "nosuch"],
                  ["-e", "-x", "zdefs", "-n", "nosuch"], ["-l", "-n", "BEGIN{}"],
                  ["-l", "-n", "BEGIN /1/ {}"], ["-l", "-n", "BEGIN,END"],
                  ["-l", "-n", "BEGIN { exit(0); } END"], ["-l", "-n", "1"],
                  ["-l", "-n", "dtrace:::BEGIN,"], ["-l", "-P", "dtrace:"], ["-l", "-P", ""],
                  ["-l", "-m", ""], ["-l", "-f", ""], ["-l", "-n", ""], ["-l", "-P", "a:b"],
                  ["-l", "-m", "a:b:c"], ["-l", "-f", "a:b:c:d"], ["-l", "-n", "a:b:c:d:e"],
                  ["-q", "-i", "1", "-n", "BEGIN{exit(0)}"], ["-qi", "2", "-e"],
                  ["-q", "-n", "1 { exit(0); }"], ["-q", "-n", "1,2 { exit(0); }"],
                  ["-l", "-n", "2,1"], ["-l", "-n", "1:2"]])
    return {"args": o, "kind": "err"}

KINDS = [(case_list, 30), (case_run, 12), (case_rate, 12), (case_zero, 10), (case_malformed, 10),
         (case_clauses, 8), (case_multi, 6), (case_opts, 12)]


def make_case(seed):
    global R
    R = random.Random(seed * 7907 + 13)
    x = R.uniform(0, sum(w for _, w in KINDS))
    for f, w in KINDS:
        x -= w
        if x <= 0:
            break
    return f()


def run(binary, c, wd, timeout=20):
    try:
        p = subprocess.run(["timeout", "-s", "KILL", str(timeout), binary] + c["args"], cwd=wd,
                           capture_output=True, timeout=timeout + 10)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return -9, "", "TIMEOUT"


def in_dir(c, fn):
    wd = tempfile.mkdtemp(prefix="genprobe-")
    try:
        for f, t in c.get("files", {}).items():
            with open(os.path.join(wd, f), "w") as fp:
                fp.write(t)
        return fn(wd)
    finally:
        subprocess.run(["rm", "-rf", wd])


LINE = re.compile(r"^ *\d+ (.{10}) (.{17}) (.{33}) (.*)$")


def tuples(text):
    s = set()
    for l in text.split("\n"):
        m = LINE.match(l)
        if m:
            s.add(tuple(x.strip() for x in m.groups()))
    return s


def full_listing(binary, extra):
    text = run(binary, {"args": ["-l"]}, "/", 60)[1]
    for p in extra:
        text += run(binary, {"args": ["-l", "-P", p]}, "/", 60)[1]
    return tuples(text)


def norm_out(text, only):
    res = []
    for l in text.split("\n"):
        m = LINE.match(l)
        if m:
            t = tuple(x.strip() for x in m.groups())
            if t in only or re.search(r"[0-9]$", t[0]):
                continue  # a probe one of them has, or a process's
            res.append(re.sub(r"^ *\d+ ", "", l))  # ids past 99999 are wider
        elif re.match(r"^ *\d+ +(\S*\d|fbt) ", l):
            continue  # a process's or fbt's, a name wider than its column
        else:
            res.append(l)
    return res


def norm_err(text):
    return re.sub(r"(?m)^(usdtrace|dtrace): ", "dtrace: ", text)


def main():
    if sys.argv[1] == "case":
        print(json.dumps(make_case(int(sys.argv[2]))))
    elif sys.argv[1] == "run":
        u = sys.argv[2]
        for s in sys.argv[3:]:
            c = make_case(int(s))
            rc, out, err = in_dir(c, lambda wd: run(u, c, wd))
            if rc < 0 or rc >= 126:
                print("bad %s: exit %d %s" % (s, rc, err[:200].replace("\n", " ")))
            elif any(l and not l.startswith("usdtrace: ") for l in err.split("\n")):
                print("bad %s: stderr %s" % (s, err[:200].replace("\n", " ")))
    elif sys.argv[1] == "compare":
        u, d = sys.argv[2], sys.argv[3]
        base = os.environ.get("GENPROBE_BASE")  # another usdtrace, compared as well
        tp = ["sdt", "rawtp", "io", "ip", "lockstat", "fbt", "tcp", "udp"]
        ut, dt = full_listing(u, tp), full_listing(d, [])
        only = (ut - dt) | (dt - ut)
        for s in sys.argv[4:]:
            c = make_case(int(s))
            runs = in_dir(c, lambda wd: (run(u, c, wd), run(d, c, wd),
                                         run(base, c, wd) if base else None))
            for _ in range(2):
                # dtrace is tried again while it differs: on a busy machine it now and then
                # fails to enable a program or is killed at the time limit, then runs it alike
                if not difference(c, runs[0], runs[1], only):
                    break
                runs = (runs[0], in_dir(c, lambda wd: run(d, c, wd)), runs[2])
            for ur, dr, tag in ((runs[0], runs[1], "differ"), (runs[2], runs[1], "base-differ")):
                if ur:
                    compare_one(s, c, ur, dr, only, tag)


def difference(c, ur, dr, only):
    what = []
    if ur[0] != dr[0]:
        what.append("exit %d, dtrace %d" % (ur[0], dr[0]))
    uo, do = norm_out(ur[1], only), norm_out(dr[1], only)
    if "-l" in c["args"] or "-lv" in c["args"]:
        uo, do = sorted(uo), sorted(do)
    if uo != do:
        what.append("stdout")
    if norm_err(ur[2]) != norm_err(dr[2]):
        what.append("stderr [%s] dtrace [%s]" % (norm_err(ur[2])[:150].strip(),
                                                  norm_err(dr[2])[:150].strip()))
    return what


def compare_one(s, c, ur, dr, only, tag):
    what = difference(c, ur, dr, only)
    if what:
        print("%s %s: %s: %s" % (tag, s, " ".join(c["args"])[:150].replace("\n", " "),
                                    "; ".join(what)))

    sys.stdout.flush()


if __name__ == "__main__":
    main()
