#!/usr/bin/env python3
"""genspec_gen.py SEED MODE -> a D program on stdout (reproducible from SEED), for genspec.sh.

Modes:
  spec   - valid speculations: one to four speculation() ids (nspec 1..4, specsize from
           far too small to plenty), speculate() clauses recording printf/trace/printa of
           globals, strings and aggregations, committed or discarded in the same firing, a
           later BEGIN clause, a tick-Nms firing or END; speculate() of an id already
           committed or discarded, of 0 and of an id never allocated; non-speculative output
           between, so the order of committed output against the rest shows.
  err    - one arrangement of speculate(), commit() and discard() with other actions in a
           clause of an otherwise valid program, seed N taking the family N modulo their
           number: refused (E) a data-recording action (trace, printf, printa, tracemem,
           stack, exit, an aggregation, a destructive action) before speculate(),
           speculate() twice, speculate() after commit(), commit() after data, aggregating,
           exit() or a destructive action after speculate(), bad arguments (none, two, a
           string, used as a value), data after commit(); accepted (A) commit() and discard()
           together, clear/trunc/normalize/setopt after speculate(), data, aggregations,
           exit() or speculate() after discard(), commit() or discard() after speculate().
  clause - clause semantics: several clauses of one probe in their order, predicates on
           globals, thread-local (self->) and clause-local (this->) variables set by earlier
           clauses, one description list naming the same probe twice (or BEGIN and END),
           exit() in the middle of a list of clauses (the later clauses of that firing still
           run, END runs after), ERROR clauses reached from a fault in BEGIN, tick or END.

Left out on purpose:
  - a specsize small enough for dtrace's consumer to drop records while the run goes on past
    BEGIN: DTrace for Linux adds its consumer's drop count to its status again at each check
    and then reports "18446744073709551615 speculative drops" at every status check (observed:
    specsize=40, BEGIN { s = speculation(); } BEGIN { speculate(s); printa(@c); trace(88); }
    BEGIN { speculate(s); printa(@c); }, run on). With a small specsize the program exits in
    BEGIN, and commits or discards in BEGIN or END.
  - kernel and user-process providers (syscall, fbt, pid, usdt): only BEGIN, END, ERROR,
    tick-N and profile-N are used, so a run depends on nothing but the clock.
  - more than a few tick firings: dtrace and usdtrace fire ticks at their own times, so each
    tick clause acts at most three times and everything it prints is counted, not timed.
  - the CPU column: every program is quiet or printf-only.
  - a clause-local variable read before a clause of the same firing assigned it: the Guide
    leaves its value undefined (dtrace keeps the previous firing's, usdtrace has 0).
  - ERROR clauses that read globals or associative arrays: dtrace runs ERROR inside the
    faulting clause, so it sees the globals as they were at the fault, where usdtrace fires
    ERROR once the firing is over (ERROR { printf("%d", g); } after a fault in the third of
    five BEGIN clauses that each change g differs); and an associative array read in ERROR
    makes dtrace's BPF call chain too deep for the verifier ("the call stack of 8 frames is
    too deep", could not enable tracing).
"""
import random
import sys

seed = int(sys.argv[1])
mode = sys.argv[2]
R = random.Random(seed * 6151 + len(mode) * 31)


def words():
    return R.choice(["alpha", "beta", "gamma", "delta", "x", "longer text here", ""])


def rec_action(sid):
    """A data-recording action that may follow speculate(sid)."""
    k = R.randint(0, 5)
    if k == 0:
        return 'printf("spec%s %%d\\n", %d)' % (sid, R.randint(0, 999))
    if k == 1:
        return "trace(%d)" % R.randint(0, 99)
    if k == 2:
        return 'trace("%s")' % words()
    if k == 3:
        return 'printf("%%s-%%d\\n", "%s", g)' % words()
    if k == 4:
        return "printa(@c)"
    return 'printf("v%s %%d %%d\\n", g, n)' % sid


def prog_spec():
    nspec = R.choice([1, 1, 2, 3, 4, 0])
    out = ["/* spec %d */" % seed, "#pragma D option quiet"]
    if nspec:
        out.append("#pragma D option nspec=%d" % nspec)
    # a small specsize: the run ends in BEGIN (see the docstring: dtrace's later status
    # checks miscount the drops its consumer made)
    small = R.random() < 0.35
    if small:
        out.append("#pragma D option specsize=%s" %
                   R.choice(["16", "40", "64", "100", "256", "1k", "4k"]))
    out.append("int g, n;")
    out.append("BEGIN { g = %d; @c = count(); }" % R.randint(1, 9))
    nid = R.randint(1, 4)
    ids = ["s%d" % i for i in range(nid)]
    # allocation: all in BEGIN, some in one clause together
    for i, s in enumerate(ids):
        shown = R.random() < 0.6
        out.append("BEGIN { %s = speculation();%s }" %
                   (s, ' printf("id %s %%d\\n", %s);' % (s, s) if shown else ""))
    # recording clauses, interleaved with non-speculative output
    where_end = {}
    for s in ids:
        where_end[s] = R.choice(["BEGIN", "BEGIN", "END", "never"] + ([] if small else ["tick"]))
    for s in ids:
        for _ in range(R.randint(1, 3)):
            acts = [rec_action(s) for _ in range(R.randint(1, 3))]
            pr = ""
            if R.random() < 0.2:
                pr = "/%s/ " % R.choice(["g > 3", "%s != 0" % s, "%s == 0" % s, "n == 0"])
            out.append("BEGIN %s{ speculate(%s); %s; }" % (pr, s, "; ".join(acts)))
            if R.random() < 0.4:
                out.append('BEGIN { printf("plain %s\\n"); }' % s)
    # the ends: commit or discard, where the draw says
    ticks = []
    ends = []
    for s in ids:
        op = R.choice(["commit", "commit", "discard"])
        w = where_end[s]
        if w == "BEGIN":
            out.append("BEGIN { %s(%s); }" % (op, s))
        elif w == "tick":
            ticks.append("%s(%s)" % (op, s))
        elif w == "END":
            ends.append("%s(%s)" % (op, s))
        if R.random() < 0.25:
            # speculate() again after its end: in the same firing (BEGIN) or later (tick)
            again = R.choice(["BEGIN"] + ([] if small else ["tick-10ms /n == 1/"]))
            out.append('%s { speculate(%s); printf("again %s\\n"); }' % (again, s, s))
    if R.random() < 0.3:
        out.append('BEGIN { speculate(%s); printf("bad id\\n"); }' % R.choice(["0", "99"]))
    if R.random() < 0.3:
        out.append('BEGIN { t = speculation(); printf("late %d\\n", t); }')
    out.append('BEGIN { printf("begin done\\n"); }')
    if small:
        out.append("BEGIN { exit(0); }")
    else:
        out.append("tick-10ms { n++; }")
        if ticks:
            out.append("tick-10ms /n == 1/ { %s; }" % "; ".join(ticks))
            if R.random() < 0.5:
                out.append('tick-10ms /n == 1/ { printf("tick one\\n"); }')
        out.append("tick-10ms /n == 2/ { exit(0); }")
    for e in ends:
        out.append("END { %s; }" % e)
    out.append('END { printf("end %d\\n", n); }')
    return "\n".join(out) + "\n"


# the arrangements around speculate(), commit() and discard(): (name, expectation, bodies of
# the clause); E: refused at compile time, A: accepted (the Guide allows several commit()s in
# one clause, and says nothing against discard() with data, aggregations or exit())
ERR_BODIES = [
    ("data-before", "E", ["%s; speculate(s)" % a for a in [
        "trace(1)", 'printf("x")', "printa(@c)", "trace(g)", "stack()", "ustack()",
        "tracemem(&g, 4)", "print(g)", "trace(timestamp)", "exit(0)", "@a = count()",
        'system("true")', "raise(0)"]]),
    ("spec-twice", "E", ["speculate(s); speculate(s)", "speculate(s); trace(1); speculate(s)",
                         "speculate(s); speculate(t)"]),
    ("spec-after-commit", "E", ["commit(s); speculate(s)", "commit(t); speculate(s)"]),
    ("data-then-commit", "E", ["%s; commit(s)" % a for a in
                               ["trace(1)", 'printf("x")', "printa(@c)", "stack()",
                                "speculate(s); trace(1)"]]),
    ("agg-after-spec", "E", ["speculate(s); @a = %s" % f for f in
                             ["count()", "sum(1)", "max(g)", "quantize(g)"]]),
    ("exit-after-spec", "E", ["speculate(s); exit(0)"]),
    ("destr-after-spec", "E", ["speculate(s); %s" % a for a in
                               ['system("true")', "raise(0)", "breakpoint()", "panic()",
                                "stop()", 'freopen("/dev/null")']]),
    ("bad-args", "E", ["speculate()", "speculate(s, 1)", 'speculate("a")', "x = speculate(s)",
                       "s = speculation(1)", "commit()", "discard()", 'commit("a")',
                       'discard("a")', "x = commit(s)", "x = discard(s)", "commit(s, t)"]),
    ("commit-then", "E", ["commit(s); %s" % a for a in
                          ["trace(1)", 'printf("x")', "@a = count()", "exit(0)"]]),
    ("ends-together", "A", ["commit(s); discard(s)", "discard(s); commit(s)",
                            "commit(s); commit(s)", "discard(s); discard(s)",
                            "commit(s); commit(t)", "discard(s); discard(t)"]),
    ("agg-ops-spec", "A", ["speculate(s); %s" % a for a in
                           ["clear(@c)", "trunc(@c)", "normalize(@c, 2)", "denormalize(@c)",
                            'setopt("quiet")']]),
    ("discard-then", "A", ["discard(s); %s" % a for a in
                           ['printf("x\\n")', "trace(1)", "@a = count()", "exit(0)",
                            'speculate(s); printf("y\\n")']]),
    ("spec-then-end", "A", ["speculate(s); %s" % a for a in
                            ["commit(s)", "discard(s)", 'printf("z\\n"); discard(s)',
                             "commit(t)"]]),
]


def prog_err():
    name, exp, bodies = ERR_BODIES[seed % len(ERR_BODIES)]
    body = R.choice(bodies)
    out = ["/* err %d %s %s */" % (seed, name, exp)]
    if R.random() < 0.5:
        out.append("#pragma D option quiet")
    if "system" in body or "raise" in body or "freopen" in body or "stop" in body or \
       "panic" in body or "breakpoint" in body or R.random() < 0.2:
        out.append("#pragma D option destructive")
    out.append("int g;")
    out.append("BEGIN { s = speculation(); t = speculation(); @c = count(); }")
    # an accepted clause runs where its output is the same every run: BEGIN or END
    probes = ["BEGIN", "END", "BEGIN, END"]
    if exp == "E":
        probes += ["tick-10ms", "profile-97"]
    probe = R.choice(probes)
    pr = "/g == 0/ " if R.random() < 0.3 else ""
    out.append("%s %s{ %s; }" % (probe, pr, body))
    if R.random() < 0.5:
        out.append('BEGIN { printf("fine\\n"); exit(0); }')
    else:
        out.append("BEGIN { exit(0); }")
    return "\n".join(out) + "\n"


def cl_pred(ticking):
    """A predicate on what earlier clauses set: a global, self-> or this->."""
    preds = ["g == %d" % R.randint(0, 3), "g > %d" % R.randint(0, 3),
             "this->c == %d" % R.randint(0, 2), "n < %d" % R.randint(1, 3),
             "x[%d] != 0" % R.randint(0, 2)]
    if not ticking:   # a tick interrupts whatever thread runs: self-> is not one thread's
        preds += ["self->t == %d" % R.randint(0, 2), "self->t", "!self->t", "g && self->t"]
    return R.choice(preds)


def cl_stmt(i, ticking):
    k = R.randint(0, 9)
    if k == 0:
        return "g++"
    if k in (1, 4) and ticking:
        return "g += %d" % R.randint(1, 3)
    if k == 1:
        return "self->t = %d" % R.randint(0, 2)
    if k == 2:
        return "this->c = %d" % R.randint(0, 2)
    if k == 3:
        return "x[%d] = g" % R.randint(0, 2)
    if k == 4:
        return "self->t = 0"
    if k == 5:
        return "g = %d" % R.randint(0, 3)
    if ticking:
        return 'printf("c%d %%s g=%%d n=%%d x=%%d\\n", probename, g, n, x[0])' % i
    return 'printf("c%d %%s g=%%d t=%%d x=%%d\\n", probename, g, self->t, x[0])' % i


def prog_clause():
    out = ["/* clause %d */" % seed, "#pragma D option quiet",
           "int g, n;", "int x[int];", "self int t;", "this int c;"]
    probe = R.choice(["BEGIN", "BEGIN", "tick-10ms", "END"])
    ticking = probe == "tick-10ms"
    nclauses = R.randint(2, 6)
    # exit() in a tick clause would let a varying number of later firings run
    exit_at = None if ticking else R.choice([None, R.randint(0, nclauses - 1)])
    fault_at = R.choice([None, None, None, R.randint(0, nclauses - 1)])
    has_error = R.random() < 0.5 or fault_at is not None
    if probe not in ("BEGIN", "END"):
        out.append("%s { n++; }" % probe)
    # this-> is undefined until assigned in the firing (the Guide: clause-local variables
    # are not zero-filled), so each firing's first clause sets it
    out.append("%s { this->c = 0; }" % probe)
    if probe == "BEGIN":
        out.append("END { this->c = 0; }")
    for i in range(nclauses):
        desc = probe
        r = R.random()
        if r < 0.15:
            desc = "%s, %s" % (probe, probe)
        elif r < 0.25 and probe == "BEGIN":
            desc = "BEGIN, END"
        elif r < 0.3:
            desc = "dtrace:::%s" % probe if probe in ("BEGIN", "END") else probe
        stmts = [cl_stmt(i, ticking) for _ in range(R.randint(1, 4))]
        if i == exit_at:
            stmts.insert(R.randint(0, len(stmts)), "exit(0)")
        if i == fault_at:
            stmts.insert(R.randint(0, len(stmts)), "g = *(int *)%d" % R.choice([0, 8]))
        if not any("printf" in s for s in stmts):
            stmts.append('printf("c%d %%s\\n", probename)' % i)
        pr = cl_pred(ticking) if R.random() < 0.5 and i != exit_at else ""
        if ticking:
            pr = "n <= 3" + (" && (%s)" % pr if pr else "")
        pr = "/%s/ " % pr if pr else ""
        out.append("%s %s{ %s; }" % (desc, pr, "; ".join(stmts)))
    if has_error:
        out.append(R.choice([
            'ERROR { printf("ERR %d %d\\n", arg4, arg5); }',
            'ERROR { printf("ERR %d\\n", arg4); exit(0); }',
            'ERROR /arg4 == DTRACEFLT_BADADDR/ { printf("ERR badaddr\\n"); }',
        ]))
    if probe == "END":
        out.append("BEGIN { exit(0); }")
    elif probe == "BEGIN":
        if exit_at is None:
            out.append(R.choice(["BEGIN { exit(0); }", "tick-10ms { exit(0); }"]))
    else:
        out.append("%s /n >= 3/ { exit(0); }" % probe)
    if R.random() < 0.7 and probe != "END":
        out.append('END { printf("end g=%d n=%d\\n", g, n); }')
    return "\n".join(out) + "\n"


if mode == "spec":
    sys.stdout.write(prog_spec())
elif mode == "err":
    sys.stdout.write(prog_err())
elif mode == "clause":
    sys.stdout.write(prog_clause())
else:
    sys.exit("genspec_gen.py: unknown mode " + mode)
