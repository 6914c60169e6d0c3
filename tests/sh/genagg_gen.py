#!/usr/bin/env python3
"""genagg_gen.py SEED MODE -> one D program of a generated sweep of aggregations and their
output, for tests/sh/genagg.sh (reproducible from SEED; the program goes to stdout).

Modes:
  ok     valid programs: 1..4 aggregations, each of one aggregating function (count, sum,
         avg, min, max, stddev, quantize, lquantize with ranges and steps of every sign,
         llquantize with several factors, magnitudes and steps), keyed by nothing or by one
         to three keys (integers of every width and sign, strings, probename/probeprov),
         fed values of every width and sign (zero, negative, edges) from BEGIN, from a
         tick-1ms firing (a counter stops it) and from END; then some of trunc() (with and
         without a count, negative counts), normalize() and denormalize(), clear(), and
         printed by printa() with and without a format (the key conversions their types
         take, %@ with each conversion the Guide allows for the value, widths and flags,
         several aggregations of the same keys in one printa, keys that one lacks) and by
         the default output at the end; sort options by #pragma and by setopt().
  sort   the same programs, printed by the default output only, under one to three of
         aggsortkey, aggsortrev, aggsortpos, aggsortkeypos (by #pragma).
  err    one invalid program each: an aggregation used with two functions, with keys of
         other types or number, with other lquantize/llquantize parameters; an aggregating
         function outside an aggregation assignment; printa/trunc/clear/normalize of a
         non-aggregation; lquantize/llquantize parameters out of their ranges or not
         constant.

Left out on purpose:
  - agghist, aggzoom, aggpack: DTrace for Linux does not know them ("Invalid option name");
    they are Solaris 11.4's.
  - stack(), ustack(), sym() and other address keys: each implementation's own addresses.
  - execname, pid and other keys of the process: dtrace's process is not usdtrace's.
  - sum() and avg() whose total passes 64 bits, and stddev() whose sum of squares passes 128
    bits: each wraps at its own place; their values stay within 2^13 times the counter.
  - stddev() in a printa() of several aggregations: where its aggregation lacks a key of
    another, dtrace aborts (dt_divide_128: Assertion `divisor != 0' failed; seed ok 9 before).
  - normalize() of avg() and stddev(): usdtrace follows the Guide (the mean, the deviation,
    divided by the factor) where dtrace divides an average's sum unsigned (a negative mean
    prints huge: ok seed 9) and divides a deviation's mean square by the factor before its
    root (stddev of {0, 65, 100} by 1000 prints 2: ok seed 20); see src/agg/agg.c.
  - normalize() by zero: dtrace dies of SIGFPE (Floating point exception, exit 136: err seed
    47 before); usdtrace reports "normalize( ) value must be positive" as a run-time error.
  - avg() of negative values: printa()'s %@ conversions of a negative mean print huge in
    dtrace (pfprint_average divides the sum unsigned; ok seeds 55, 124), the Guide's mean in
    usdtrace (src/agg/agg_print.c); avg() is fed values at or above zero.
  - clear() of a stddev(): dtrace aborts printing it (dt_divide_128's assertion again, ok
    seed 39).
  - the default output without quiet: the CPU and the tick probe's id are each one's own.
  - in ok mode, printa() formats whose %@ conversion does not suit every value printed (%@s,
    %@lld of a count(), %@lu of a sum()): err mode has them.
(The seeds named above are the generator's before each exclusion: they draw other programs now.)
"""
import random
import sys

seed = int(sys.argv[1])
mode = sys.argv[2]
R = random.Random(seed * 7919 + sum(map(ord, mode)))

# integer key types: D type, printf conversion for a key of that type
ITYPES = [("char", "%d"), ("unsigned char", "%u"), ("short", "%d"), ("unsigned short", "%u"),
          ("int", "%d"), ("unsigned int", "%u"), ("long", "%d"), ("unsigned long", "%u"),
          ("int8_t", "%d"), ("uint8_t", "%u"), ("int16_t", "%d"), ("uint16_t", "%u"),
          ("int32_t", "%d"), ("uint32_t", "%u"), ("int64_t", "%d"), ("uint64_t", "%u")]
STRS = ['"a"', '"bb"', '"alpha"', '"zeta"', '""', '"x y"', '"B"', '"alpha2"']
# value types for the aggregating function's argument
VTYPES = ["char", "unsigned char", "short", "unsigned short", "int", "unsigned int", "long",
          "unsigned long", "int8_t", "uint8_t", "int32_t", "uint32_t", "int64_t"]


def small():
    return R.choice([0, 1, 2, 3, -1, -2, 5, 7, 10, -10, 42, 100, -100, 1000, 63, 64, 65,
                     R.randint(-50, 50), R.randint(0, 5000), R.randint(-5000, 0)])


def value(fn):
    """an argument expression: a literal, a cast literal, or one using the counter i."""
    v = small()
    if fn == "avg":
        # a mean at or above zero (see the docstring)
        return R.choice([str(abs(v)), "i * %d" % abs(v), "(uint8_t)%d" % v, "(uint16_t)%d" % v,
                         "(unsigned int)%d" % abs(v)])
    if fn in ("min", "max", "quantize", "llquantize", "lquantize") and R.random() < 0.15:
        v = R.choice([1 << 20, 123456789, -123456789, (1 << 40) + 3, -(1 << 33), 2147483647,
                      -2147483648])
    k = R.random()
    if k < 0.4:
        return str(v)
    if k < 0.7:
        return "(%s)%d" % (R.choice(VTYPES), v)
    if k < 0.85:
        return "i * %d" % v
    return "(%s)(i - %d)" % (R.choice(VTYPES), abs(v) % 7)


def lquant_params():
    lo = R.choice([0, 0, -10, -100, 1, 5, -5, -1000, 10])
    step = R.choice([1, 1, 2, 5, 10, 3, 25, 100])
    n = R.randint(1, 12)
    return lo, lo + step * n, step


def llquant_params():
    f = R.choice([2, 2, 3, 4, 5, 10, 10, 16])
    # steps: at most factor ** (low magnitude ...), a multiple of factor (or one that divides
    # the factor, when below it)
    lm = R.randint(0, 3)
    hm = lm + R.randint(0, 3)
    while f ** (hm + 1) > (1 << 62):
        hm -= 1
    steps = R.choice([f, f * f] if f * f <= 100 else [f])
    if f ** lm < steps and R.random() < 0.5:
        steps = f
    return f, lm, hm, steps


FUNCS = ["count", "sum", "avg", "min", "max", "stddev", "quantize", "lquantize", "llquantize"]


class Agg:
    def __init__(self, name, keys):
        self.name = name
        self.fn = R.choice(FUNCS)
        self.keys = keys          # list of (type or 'string', conversion)
        self.params = ()
        if self.fn == "lquantize":
            self.params = lquant_params()
        elif self.fn == "llquantize":
            self.params = llquant_params()

    def call(self):
        if self.fn == "count":
            return "count()"
        args = [value(self.fn)] + [str(p) for p in self.params]
        return "%s(%s)" % (self.fn, ", ".join(args))

    def quantizing(self):
        return self.fn in ("quantize", "lquantize", "llquantize")


def key_sig():
    n = R.choice([0, 0, 1, 1, 1, 2, 2, 3])
    ks = []
    for _ in range(n):
        r = R.random()
        if r < 0.35:
            ks.append(("string", "%s"))
        elif r < 0.45:
            ks.append(("probe", "%s"))
        else:
            ks.append(R.choice(ITYPES))
    return ks


def key_expr(k):
    t = k[0]
    if t == "string":
        return R.choice(STRS)
    if t == "probe":
        return R.choice(["probename", "probeprov", "probemod"])
    return "(%s)%d" % (t, R.choice([0, 1, -1, 2, 7, -7, 300, -300, 65535, 70000, -70000, 42,
                                    R.randint(-100, 100)]))


def update(a):
    keys = ""
    if a.keys:
        keys = "[" + ", ".join(key_expr(k) for k in a.keys) + "]"
    return "@%s%s = %s;" % (a.name, keys, a.call())


VALCONV = ["%@d", "%@u", "%@i", "%@x", "%@X", "%@o", "%@5d", "%@-8d", "%@08d", "%@llx",
           "%@10u", "%@+d", "%@#x", "%@lx"]
# a size prefix must name the value's own type, for every aggregation printed: count()'s is a
# uint64_t, the others' an int64_t (err mode has the mismatches)
COUNTCONV = ["%@lu", "%@llu"]
INT64CONV = ["%@ld", "%@lld"]


def printa_stmt(aggs):
    """printa of one aggregation, or of several alike keyed, with or without a format."""
    a = R.choice(aggs)
    group = [a]
    for b in aggs:
        if b is not a and b.fn != "stddev" and a.fn != "stddev" and \
                [k[0] for k in b.keys] == [k[0] for k in a.keys] and R.random() < 0.6:
            group.append(b)
    if R.random() < 0.3:
        return "printa(%s);" % ", ".join("@" + b.name for b in group)
    parts = []
    for k in a.keys:
        conv = k[1]
        if R.random() < 0.3:
            w = R.choice(["5", "-6", "12", "-3", "2"])
            conv = conv[0] + w + conv[1:]
        parts.append(conv)
    for b in group:
        if b.quantizing():
            parts.append(R.choice(["%@d", "%@u", "\\n%@d"]))
        else:
            extra = []
            if all(g.fn == "count" for g in group):
                extra = COUNTCONV
            elif all(g.fn != "count" for g in group):
                extra = INT64CONV
            parts.append(R.choice(VALCONV + extra))
    # the values may stand anywhere among the keys: keys keep their order, values theirs
    nk = len(a.keys)
    keyparts, valparts = parts[:nk], parts[nk:]
    if R.random() < 0.3:
        parts = []
        while keyparts or valparts:
            src = keyparts if keyparts and (not valparts or R.random() < 0.5) else valparts
            parts.append(src.pop(0))
    sep = R.choice([" ", " | ", "  ", ":"])
    fmt = R.choice(["", "k "]) + sep.join(parts) + "\\n"
    return 'printa("%s", %s);' % (fmt, ", ".join("@" + b.name for b in group))


def ops(aggs):
    out = []
    for _ in range(R.randint(0, 3)):
        a = R.choice(aggs)
        r = R.random()
        if r < 0.3:
            n = R.choice([None, 0, 1, 2, 3, -1, -2, 10])
            out.append("trunc(@%s%s);" % (a.name, "" if n is None else ", %d" % n))
        elif r < 0.55 and a.fn not in ("avg", "stddev"):
            out.append("normalize(@%s, %d);" % (a.name, R.choice([1, 2, 3, 10, 1000, 7])))
        elif r < 0.65:
            out.append("denormalize(@%s);" % a.name)
        elif r < 0.8 and a.fn != "stddev":
            out.append("clear(@%s);" % a.name)
        else:
            out.append('setopt(%s);' % R.choice(['"aggsortkey"', '"aggsortrev"',
                                                 '"aggsortpos", "1"', '"aggsortkeypos", "1"',
                                                 '"aggsortpos", "0"', '"aggsortkey", "0"']))
    return out


def program(sortmode):
    naggs = R.randint(1, 4)
    aggs = []
    names = R.sample(["a", "b", "c", "d", "e", "", "x"], naggs)
    sig = key_sig()
    for nm in names:
        # half of them share their keys' types, for printa of several
        aggs.append(Agg(nm, sig if R.random() < 0.5 else key_sig()))
    # @ alone has no keys in dtrace's default output naming; keep it as any other
    lines = []
    lines.append("#pragma D option quiet")
    if sortmode:
        for o in R.sample(["aggsortkey", "aggsortrev", "aggsortpos=0", "aggsortpos=1",
                           "aggsortpos=2", "aggsortkeypos=0", "aggsortkeypos=1",
                           "aggsortkeypos=2"], R.randint(1, 3)):
            lines.append("#pragma D option %s" % o)
    elif R.random() < 0.2:
        lines.append("#pragma D option %s" % R.choice(["aggsortkey", "aggsortrev",
                                                       "aggsortkeypos=1", "aggsortpos=1"]))
    lines.append("int i;")
    body = [update(R.choice(aggs)) for _ in range(R.randint(2, 10))]
    for a in aggs:
        body.append(update(a))
    R.shuffle(body)
    lines.append("BEGIN\n{\n\ti = 1;\n\t" + "\n\t".join(body) + "\n}")
    if R.random() < 0.5:
        tb = [update(R.choice(aggs)) for _ in range(R.randint(1, 4))]
        lines.append("tick-1ms\n/i < 4/\n{\n\ti++;\n\t" + "\n\t".join(tb) + "\n}")
        lines.append("tick-1ms\n/i >= 4/\n{\n\texit(0);\n}")
    else:
        lines.append("BEGIN\n{\n\texit(0);\n}")
    end = []
    if R.random() < 0.4:
        end.append(update(R.choice(aggs)))
    if not sortmode:
        for _ in range(R.randint(0, 3)):
            if R.random() < 0.5:
                end.extend(ops(aggs))
            end.append(printa_stmt(aggs))
            if R.random() < 0.3:
                end.append('printf("--\\n");')
    lines.append("END\n{\n\t" + "\n\t".join(end) + "\n}" if end else "END\n{\n}")
    return "\n".join(lines) + "\n"


def err_program():
    """one invalid program: the mistake is in the last clause."""
    good = '#pragma D option quiet\nBEGIN { @a[1] = count(); @q = lquantize(1, 0, 10, 1); @l = llquantize(1, 10, 0, 2, 10); }\n'
    cases = [
        "BEGIN { @a[1] = sum(1); }",
        'BEGIN { @a["x"] = count(); }',
        "BEGIN { @a[1, 2] = count(); }",
        "BEGIN { @a = count(); }",
        "BEGIN { @q = lquantize(1, 0, 10, 2); }",
        "BEGIN { @q = lquantize(1, 0, 20, 1); }",
        "BEGIN { @q = lquantize(1, -10, 10, 1); }",
        "BEGIN { @q = quantize(1); }",
        "BEGIN { @l = llquantize(1, 10, 0, 3, 10); }",
        "BEGIN { @l = llquantize(1, 2, 0, 2, 2); }",
        "BEGIN { @z = lquantize(1, %d, %d, %d); }" % (R.choice([0, 10, -5]), R.choice([0, 5, -10, 10]), R.choice([0, 1, -1, 20, 3])),
        "BEGIN { @z = lquantize(1, 0); }",
        "BEGIN { @z = lquantize(1, 0, 10, 1, 2); }",
        "BEGIN { @z = lquantize(1, x, 10, 1); }",
        "BEGIN { @z = lquantize(1, 0, 100000, 1); }",
        "BEGIN { @z = lquantize(1, 0, 1000000, 1); }",
        "BEGIN { @z = lquantize(1, -2147483649, 0, 1); }",
        "BEGIN { @z = lquantize(1, 0, 10, 0); }",
        "BEGIN { @z = lquantize(1, 0, 10, 65536); }",
        "BEGIN { @z = llquantize(1, %d, %d, %d, %d); }" % (R.choice([0, 1, 2, 10, 3, 16]), R.choice([0, 1, 5, -1, 3]), R.choice([0, 1, 2, 5, 30, 64]), R.choice([0, 1, 2, 3, 5, 10, 20, 100])),
        "BEGIN { @z = llquantize(1, 10, 0, 2); }",
        "BEGIN { @z = llquantize(1, 10, x, 2, 10); }",
        "BEGIN { @z = llquantize(1, 65536, 0, 1, 65536); }",
        "BEGIN { @z = llquantize(1, 10, 20, 19, 10); }",
        "BEGIN { @z = quantize(); }",
        "BEGIN { @z = quantize(1, 2); }",
        "BEGIN { @z = count(1); }",
        "BEGIN { @z = sum(); }",
        'BEGIN { @z = sum("s"); }',
        "BEGIN { @z = avg(1, 2); }",
        "BEGIN { x = count(); }",
        "BEGIN { trace(sum(1)); }",
        "BEGIN { x = 1; printa(x); }",
        'BEGIN { printa("%d", 1); }',
        "BEGIN { printa(); }",
        'BEGIN { printa("%@d %@d\\n", @a, @q); }',
        'BEGIN { printa("%s %@d\\n", @a); }',
        'BEGIN { printa("%d %d %@d\\n", @a); }',
        'BEGIN { printa("%@s\\n", @a); }',
        'BEGIN { printa("%@ld\\n", @a); }',
        'BEGIN { @s[1] = sum(1); printa("%@lu\\n", @s); }',
        'BEGIN { @s[1] = sum(1); printa("%d %@lld %@d\\n", @s, @a); }',
        'BEGIN { @s[1] = sum(1); printa("%d %@lu %@d\\n", @a, @s); }',
        'BEGIN { @s[1] = sum(1); @t["k"] = sum(1); printa("%d %@lld\\n", @s, @t); }',
        'BEGIN { @s[1] = sum(1); @t[1, 2] = max(1); printa("%d %@lu\\n", @s, @t, @a); }',
        "BEGIN { x = 1; trunc(x); }",
        "BEGIN { trunc(@a, \"s\"); }",
        "BEGIN { trunc(); }",
        "BEGIN { clear(1); }",
        "BEGIN { clear(@a, 1); }",
        "BEGIN { normalize(@a); }",
        "BEGIN { normalize(1, 2); }",
        "BEGIN { normalize(@a, \"x\"); }",
        "BEGIN { denormalize(1); }",
        "BEGIN { @a[1]++; }",
        "BEGIN { @y = count(); @y = count(); @y[1] = count(); }",
        "BEGIN { @b = count(); x = @b; }",
        "BEGIN { @b = count(); trace(@b); }",
        "BEGIN { @b[1] = count(); @b[1]++; }",
        "BEGIN { setopt(\"aggsortpos\", \"x\"); exit(0); }",
        "BEGIN { @s[\"k\"] = stddev(1, 2); }",
        "BEGIN { @c[1] = min(\"a\"); }",
        "BEGIN { printa(@nope); }",
        "BEGIN { clear(@nope); }",
    ]
    return good + R.choice(cases) + "\n"


if mode == "ok":
    sys.stdout.write(program(False))
elif mode == "sort":
    sys.stdout.write(program(True))
elif mode == "err":
    sys.stdout.write(err_program())
else:
    sys.exit("genagg_gen.py: unknown mode " + mode)
