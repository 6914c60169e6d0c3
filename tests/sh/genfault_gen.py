#!/usr/bin/env python3
"""genfault_gen.py SEED MODE -> a D program on stdout (reproducible from SEED), for genfault.sh.

Modes:
  cat    - catalog entry SEED (modulo its length): one way of faulting at run time (NULL and
           small addresses through *, ->, [], member arrays, copyin/copyinstr/copyinto/bcopy,
           string subroutines, inet_ntoa/inet_ntop, division and modulo by zero, run-time
           array indexes out of bounds, alloca() out of range, speculate/commit/discard of
           bad ids, records of structs read through NULL, aggregation keys and values,
           short-circuit operators that do or do not reach the fault) in a BEGIN clause
           between two printf()s, a next BEGIN clause, ERROR printing arg1..arg5 (arg3, the
           BPF pc, printed after "OFF=" for the caller to mask) and END. Each entry says
           what it must do: F faults once, C is a compile-time error, Q runs without fault.
  fault  - a random catalog entry (of those where DTrace for Linux keeps to the Guide) in
           BEGIN, tick-1ms (a few firings) or END, in the predicate or among the actions,
           with or without printf()s before and after it, another clause of the same probe
           after it, exit() before it, after it, in a later clause, in ERROR or on a tick;
           ERROR clauses of several forms (printing arguments, exit(), a predicate on arg4,
           an aggregation); mostly quiet.
  buf    - buffer pressure: dynvarsize too small for the assignments (dynamic variable
           drops), aggsize for the keys (aggregation drops), nspec/specsize for the
           speculations (failed speculations, speculative drops), bufsize/bufpolicy for the
           records BEGIN sends before the first read (drops on CPU n).

Left out of the fault mode on purpose (GUIDE_ONLY: DTrace for Linux departs from the Guide,
and usdtrace keeps to the Guide): string subroutines and stringof() of an unreadable non-NULL
address (dtrace reads "", the Guide faults), toupper()/tolower() (dtrace has neither),
unsigned division and modulo by zero (dtrace gives 0 without fault), a negative run-time
array index (dtrace reports index 4611686018427387903 for -1), tracemem() of NULL (dtrace
prints zeros), an aggregation whose value faults (dtrace still creates the key, with 0), an
associative array key read from address 16 (dtrace faults at 0x80). The tick probe's ID and
the BPF pc are each implementation's own (genfault.sh masks them)."""
import random
import sys

seed = int(sys.argv[1])
mode = sys.argv[2]
R = random.Random(seed * 7919 + len(mode))

DECLS = "struct S { int a; int b; long c; char s[8]; };\nint arr[4];\n"
# (name, kind, text, expectation): kind e = an integer expression, s = a string expression,
# a = statements, A = a speculation statement alone in its clause
CAT = [
    ('deref0', 'e', '*(int *)0', 'F'),
    ('deref16', 'e', '*(int *)16', 'F'),
    ('derefz', 'e', '*(char *)zero', 'F'),
    ('deref4096', 'e', '*(long *)(zero + 4096)', 'F'),
    ('deref1', 'e', '*(uint64_t *)1', 'F'),
    ('index0', 'e', '((int *)zero)[3]', 'F'),
    ('charidx', 'e', '((char *)0)[1]', 'F'),
    ('arrow0', 'e', '((struct S *)0)->b', 'F'),
    ('arrow16', 'e', '((struct S *)16)->c', 'F'),
    ('dotderef', 'e', '(*(struct S *)zero).a', 'F'),
    ('arrowarr', 'e', '((struct S *)zero)->s[2]', 'F'),
    ('dderef', 'e', '**(int **)8', 'F'),
    ('self', 'e', 'self->p->a', 'F'),
    ('strlen0', 'e', 'strlen((char *)0)', 'F'),
    ('strlen16', 'e', 'strlen((char *)16)', 'F'),
    ('stringof', 's', 'stringof((char *)16)', 'F'),
    ('stringof0', 'e', 'strlen(stringof((char *)zero))', 'F'),
    ('strjoin1', 's', 'strjoin((char *)0, "x")', 'F'),
    ('strjoin2', 's', 'strjoin("x", (char *)16)', 'F'),
    ('substr', 's', 'substr((char *)0, 1)', 'F'),
    ('substr3', 's', 'substr((char *)16, 0, 2)', 'F'),
    ('index', 'e', 'index((char *)0, "a")', 'F'),
    ('rindex', 'e', 'rindex("abc", (char *)16)', 'F'),
    ('strstr', 's', 'strstr((char *)0, "a")', 'F'),
    ('strchr', 's', "strchr((char *)0, 'a')", 'F'),
    ('strrchr', 's', "strrchr((char *)16, 'a')", 'F'),
    ('basename', 's', 'basename((char *)0)', 'F'),
    ('dirname', 's', 'dirname((char *)16)', 'F'),
    ('toupper', 's', 'toupper((char *)0)', 'F'),
    ('tolower', 's', 'tolower((char *)16)', 'F'),
    ('strtok', 's', 'strtok((char *)16, ",")', 'F'),
    ('strtoll', 'e', 'strtoll((char *)0)', 'C'),
    ('copyinstr0', 's', 'copyinstr(0)', 'F'),
    ('copyinstr16', 's', 'copyinstr(16)', 'F'),
    ('copyinstrn', 's', 'copyinstr(zero, 4)', 'F'),
    ('copyin0', 'e', '*(int *)copyin(0, 4)', 'F'),
    ('copyin16', 'e', '*(char *)copyin(16, 1)', 'F'),
    ('copyinz', 'e', '*(long *)copyin(zero, 8)', 'F'),
    ('inet_ntoa', 's', 'inet_ntoa((ipaddr_t *)0)', 'F'),
    ('inet_ntoa6', 's', 'inet_ntoa6((in6_addr_t *)16)', 'F'),
    ('inet_ntop', 's', 'inet_ntop(AF_INET, (void *)0)', 'F'),
    ('inet_ntop6', 's', 'inet_ntop(AF_INET6, (void *)zero)', 'F'),
    ('div', 'e', '1 / zero', 'F'),
    ('mod', 'e', '5 % zero', 'F'),
    ('udiv', 'e', '(unsigned)7 / zero', 'F'),
    ('divneg', 'e', '(-9) / zero', 'F'),
    ('modll', 'e', '1234567890123LL % zero', 'F'),
    ('diveq', 'a', 'x = 3; x /= zero', 'F'),
    ('modeq', 'a', 'x = 3; x %= zero', 'F'),
    ('arroob', 'e', 'arr[big]', 'F'),
    ('arroobneg', 'e', 'arr[zero - 1]', 'F'),
    ('arrstore', 'a', 'arr[big] = 1', 'F'),
    ('copyinto', 'a', 'this->buf = alloca(8); copyinto(0, 8, this->buf)', 'F'),
    ('copyinto16', 'a', 'this->buf = alloca(8); copyinto(16, 4, this->buf)', 'F'),
    ('bcopysrc', 'a', 'this->buf = alloca(8); bcopy((void *)0, this->buf, 8)', 'F'),
    ('bcopysrc16', 'a', 'bcopy((void *)16, alloca(8), 4)', 'F'),
    ('alloca_big', 'a', 'this->p = alloca(100000)', 'C'),
    ('alloca_rt', 'a', 'this->p = alloca(big * 100000)', 'F'),
    ('alloca_oob', 'a', 'this->ip = (int *)alloca(8); this->ip[big * 1000] = 1', 'F'),
    ('alloca_oobr', 'e', '((int *)alloca(8))[big * 1000]', 'F'),
    ('speculate99', 'A', 'speculate(99)', 'Q'),
    ('speculate0', 'A', 'speculate(zero)', 'Q'),
    ('speculateneg', 'A', 'speculate(zero - 1)', 'Q'),
    ('commit99', 'A', 'commit(99)', 'F'),
    ('discard99', 'A', 'discard(big + 90)', 'F'),
    ('tracemem', 'a', 'tracemem((void *)0, 8)', 'F'),
    ('tracestruct', 'a', 'trace(*(struct S *)0)', 'F'),
    ('printstruct', 'a', 'print(*(struct S *)16)', 'C'),
    ('printfs', 'a', 'printf("%s\\n", (char *)0)', 'C'),
    ('tracestr', 'a', 'trace((char *)16)', 'Q'),
    ('aggkey', 'a', '@agg[copyinstr(0)] = count()', 'F'),
    ('aggval', 'a', '@agg[1] = sum(*(int *)0)', 'F'),
    ('assockey', 'a', 'asc[stringof((char *)16)] = 1', 'F'),
    ('lltostr', 's', 'lltostr(5, big - 8)', 'C'),
    ('strtollb', 'e', 'strtoll("12", big - 8)', 'C'),
    ('raise', 'a', 'raise(zero - 1)', 'C'),
    ('selfstore', 'a', 'self->q = *(int *)zero', 'F'),
    ('store', 'a', '*(int *)alloca(4) = *(int *)16', 'C'),
    ('mutex', 'e', 'mutex_owned((struct mutex *)16)', 'Q'),
    ('htonl', 'e', 'htonl(*(uint32_t *)0)', 'F'),
    ('tern', 'e', 'zero ? 1 : *(int *)0', 'F'),
    ('andand', 'e', 'big && *(int *)8', 'F'),
    ('oror', 'e', 'zero || *(int *)8', 'F'),
    ('sizeof', 'e', 'sizeof (*(int *)0) + *(short *)0', 'F'),
    ('memref', 'a', 'trace(memref((void *)0, 8))', 'C'),

]

GUIDE_ONLY = {"strlen16", "stringof", "strjoin2", "substr3", "rindex", "strrchr", "dirname",
              "toupper", "tolower", "strtok", "inet_ntoa6", "udiv", "arroobneg", "tracemem",
              "aggval", "assockey"}
RCAT = [e for e in CAT if e[0] not in GUIDE_ONLY and e[3] == "F"]
PROLOGUE = "BEGIN { zero = 0; big = 10; self->p = (struct S *)zero; }"
ERRS = [
    'ERROR { printf("ERR P=%d %d OFF=%d %d %d\\n", arg1, arg2, arg3, arg4, arg5); }',
    'ERROR { printf("ERR P=%d %d OFF=%d %d %d\\n", arg1, arg2, arg3, arg4, arg5); exit(0); }',
    'ERROR { printf("fault %d at 0x%x\\n", arg4, arg5); }',
    'ERROR /arg4 == DTRACEFLT_BADADDR/ { printf("badaddr %x\\n", arg5); }',
    'ERROR { @e[arg4] = count(); }',
]


def use(kind, text):
    """The fault expression used as a statement: assigned, traced or printed."""
    if kind == "e":
        return R.choice(["x = %s" % text, "trace(%s)" % text, 'printf("%%d\\n", %s)' % text])
    if kind == "s":
        return R.choice(["s = %s" % text, "trace(%s)" % text, 'printf("%%s\\n", %s)' % text])
    return text


def pred(kind, text):
    return "%s == 0" % text if kind == "e" else '%s == ""' % text


def prog_cat(i):
    name, kind, text, exp = CAT[i % len(CAT)]
    out = ["/* cat %d %s %s */" % (i, name, exp), "#pragma D option quiet", DECLS, PROLOGUE]
    if kind == "A":
        out.append("BEGIN { %s; }" % text)
    else:
        out.append('BEGIN { printf("before\\n"); %s; printf("after\\n"); }' % use(kind, text))
    out += ['BEGIN { printf("next\\n"); }', ERRS[0], "BEGIN { exit(0); }",
            'END { printf("end\\n"); }']
    return "\n".join(out) + "\n"


def prog_fault():
    name, kind, text, _ = R.choice(RCAT)
    out = ["/* fault %d %s */" % (seed, name)]
    if R.random() < 0.85:
        out.append("#pragma D option quiet")
    out += [DECLS, PROLOGUE]
    where = R.choice(["BEGIN", "BEGIN", "tick", "END"])
    inpred = kind in "es" and R.random() < 0.3
    errc = R.random() < 0.6
    exitpos = R.choice(["before", "after", "later", "error", "tick"])
    if exitpos == "error" and not errc:
        exitpos = "later"
    if where == "END" and exitpos in ("before", "after"):
        exitpos = "later"
    if errc:
        out.append(ERRS[1] if exitpos == "error" else R.choice(ERRS))
    probe = {"BEGIN": "BEGIN", "END": "END", "tick": "tick-1ms"}[where]
    body = []
    if R.random() < 0.5:
        body.append('printf("pre\\n")')
    if exitpos == "before":
        body.append("exit(0)")
    if kind == "A":
        body = [text]
    elif not inpred:
        body.append(use(kind, text))
    if kind != "A" and R.random() < 0.7:
        body.append('printf("post\\n")')
    if exitpos == "after" and kind != "A":
        body.append("exit(0)")
    pr = ""
    if where == "tick":
        pr = "n++ < %d" % R.choice([1, 2, 3])
        if inpred:
            pr += " && " + pred(kind, text)
    elif inpred:
        pr = pred(kind, text)
    out.append("%s %s{ %s; }" % (probe, "/%s/ " % pr if pr else "", "; ".join(body)))
    if exitpos == "after" and kind == "A":
        out.append("%s { exit(0); }" % probe)
    if R.random() < 0.6:
        out.append('%s { printf("next clause\\n"); }' % probe)
    if where == "tick":
        out.append("tick-1ms /n >= 4/ { exit(0); }")
    elif exitpos == "later" or where != "BEGIN":
        out.append("BEGIN { exit(0); }")
    else:
        out.append("tick-10ms { exit(0); }")   # exit() before, after, in ERROR or here
    if R.random() < 0.7 and where != "END":
        out.append('END { printf("end\\n"); }')
    return "\n".join(out) + "\n"


def prog_buf():
    kind = R.choice(["dynvar", "agg", "spec", "principal", "dynvar", "spec"])
    out = ["/* buf %d %s */" % (seed, kind), "#pragma D option quiet"]
    if kind == "dynvar":
        out.append("#pragma D option dynvarsize=%s" %
                   R.choice(["64", "128", "256", "512", "1k", "2k", "100"]))
        if R.random() < 0.3:
            out.append("#pragma D option strsize=%d" % R.choice([16, 32, 64, 256]))
        for c in range(R.randint(1, 3)):
            st = []
            for _ in range(R.randint(1, 12)):
                r = R.random()
                if r < 0.5:
                    st.append("a[%d] = %d" % (R.randint(0, 40), R.randint(1, 99)))
                elif r < 0.7:
                    st.append('b[%s] = "%s"' % (R.choice(['"x"', '"yy"', '"zzz"', '"w"']),
                                                "v" * R.randint(1, 30)))
                elif r < 0.85:
                    st.append("self->s%d = %d" % (R.randint(0, 5), R.randint(1, 99)))
                else:
                    st.append("a[%d] = 0" % R.randint(0, 40))
            st.append('printf("c%d %%d\\n", a[%d])' % (c, R.randint(0, 40)))
            out.append("BEGIN { %s; }" % "; ".join(st))
        out.append('BEGIN { printf("after\\n"); }')
        out.append("tick-10ms { exit(0); }" if R.random() < 0.5 else "BEGIN { exit(0); }")
        out.append('END { printf("end %d\\n", a[0]); }')
    elif kind == "agg":
        out.append("#pragma D option aggsize=%s" %
                   R.choice(["128", "256", "512", "1k", "2k", "4k", "200"]))
        st = []
        for _ in range(R.randint(1, 20)):
            f = R.choice(["count()", "sum(%d)" % R.randint(1, 9), "max(%d)" % R.randint(1, 9),
                          "min(%d)" % R.randint(1, 9), "avg(%d)" % R.randint(1, 9),
                          "quantize(%d)" % R.randint(1, 9)])
            ag = "@q" if f.startswith("quantize") else R.choice(["@a", "@b", "@c"])
            st.append("%s[%s] = %s" % (ag, R.randint(0, 30), f))
        out.append("BEGIN { %s; }" % "; ".join(st))
        out.append('BEGIN { printf("after\\n"); exit(0); }')
    elif kind == "spec":
        out.append("#pragma D option nspec=%d" % R.choice([1, 1, 2, 3]))
        out.append("#pragma D option specsize=%s" %
                   R.choice(["32", "64", "100", "128", "256", "1k"]))
        n = R.randint(1, 4)
        for i in range(n):
            out.append('BEGIN { s%d = speculation(); printf("id%d %%d\\n", s%d); }' % (i, i, i))
        for i in range(n):
            for _ in range(R.randint(1, 3)):
                out.append('BEGIN { speculate(s%d); printf("%s%d\\n"); }' %
                           (i, "d" * R.randint(1, 60), i))
        for i in range(n):
            out.append("BEGIN { %s(s%d); }" % (R.choice(["commit", "commit", "discard"]), i))
        if R.random() < 0.5:
            out.append('BEGIN { s9 = speculation(); printf("again %d\\n", s9); }')
        out.append("BEGIN { exit(0); }")
        out.append('END { printf("end\\n"); }')
    else:
        out.append("#pragma D option bufsize=%s" % R.choice(["64", "128", "256", "512", "1k", "4k"]))
        out.append("#pragma D option bufpolicy=%s" % R.choice(["fill", "switch", "ring"]))
        out.append("#pragma D option strsize=%d" % R.choice([16, 32, 64]))
        for i in range(R.randint(1, 10)):
            out.append('BEGIN { printf("%%s %%d\\n", "%s", %d); }' % ("p" * R.randint(1, 50), i))
        out.append("BEGIN { exit(0); }")
        out.append('END { printf("end\\n"); }')
    return "\n".join(out) + "\n"


if mode == "cat":
    sys.stdout.write(prog_cat(seed))
elif mode == "fault":
    sys.stdout.write(prog_fault())
elif mode == "buf":
    sys.stdout.write(prog_buf())
elif mode == "ncat":
    print(len(CAT))
elif mode == "rcat":
    print(" ".join(str(i) for i, e in enumerate(CAT) if e[0] not in GUIDE_ONLY))
else:
    sys.exit("genfault_gen.py: unknown mode " + mode)
