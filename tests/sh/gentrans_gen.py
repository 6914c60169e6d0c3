#!/usr/bin/env python3
"""gentrans_gen.py SEED MODE -> a D program on stdout (reproducible from SEED), for gentrans.sh.

Modes:
  xl   - random input structs (integers of each width, char arrays, a nested struct), a
         typedef of one, output structs and a union (some forward-declared), translators
         between them from a struct pointer, a typedef'd pointer, a struct by value and an
         integer, partial ones, one output type given several translators; every defined
         member read with xlate<T>(e).m, xlate<T *>(p)->m or (*xlate<T *>(p)).m and printed
         with printf, trace or print(), in predicates and aggregation keys.
  inl  - inline declarations of every integer width, strings, pointers, enums and typedef'd
         types, inlines of other inlines and of variables, used in printf/trace/print(), in
         predicates, array keys and aggregation keys.
  err  - one translator or inline mistake (a D_XLATE_* or D_DECL_* error, xlate with no
         matching translator, a cast, & or assignment of translated data, ...), or one of the
         valid neighbours of such a mistake (sizeof, offsetof of translated types).

Left out on purpose (dtrace's bugs, or dtrace departing from the Guide): uses of translators
from pointer inputs (an alloca'd input read through a translator faults in dtrace, or its
program fails to load; a BEGIN clause has no other memory to point to); whole translated
structs stored (dtrace: "no support for translated types yet"); inline constants outside
their declared type's range (dtrace keeps the constant's own type and value: inline uint8_t
x = 300 traces 300, sizeof of an inline long long of 1 is 4; the Guide gives an inline its
declared type). The err list keeps a few of dtrace's failures, compared where they agree.
"""
import random, sys

seed = int(sys.argv[1]); mode = sys.argv[2]
R = random.Random(seed * 6151 + len(mode))

INTS = [  # (name, bits, signed)
    ("char", 8, True), ("signed char", 8, True), ("unsigned char", 8, False),
    ("short", 16, True), ("unsigned short", 16, False), ("int", 32, True),
    ("unsigned int", 32, False), ("long", 64, True), ("unsigned long", 64, False),
    ("long long", 64, True), ("uint8_t", 8, False), ("int16_t", 16, True),
    ("uint32_t", 32, False), ("int64_t", 64, True), ("uint64_t", 64, False),
]

def rng(bits, signed):
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)

def lit(v):
    if v < 0:
        return "(-%s)" % lit(-v) if v != -(1 << 63) else "(-9223372036854775807LL - 1)"
    if v > 2147483647:
        return "%dLL" % v if v <= 9223372036854775807 else "%dULL" % v
    return str(v)

def value_of(bits, signed):
    lo, hi = rng(bits, signed)
    c = R.random()
    if c < 0.3:
        return R.choice([lo, hi, 0, 1, lo + 1, hi - 1])
    if c < 0.6:
        return R.randint(-100, 100) if signed else R.randint(0, 200)
    return R.randint(lo, hi)

def fmt(ty):
    if ty == "string":
        return "%s"
    for n, b, sg in INTS:
        if n == ty:
            return ("%d" if sg else "%u") if b < 64 else ("%lld" if sg else "%llu")
    return "%d"

out = []
def emit(s):
    out.append(s)

class Struct:
    def __init__(s, tag, kw="struct"):
        s.tag, s.kw, s.members = tag, kw, []   # members: (name, type, arraylen or None)
    @property
    def name(s):
        return "%s %s" % (s.kw, s.tag)
    def decl(s):
        body = " ".join("%s %s%s;" % (t, n, "[%d]" % a if a else "") for n, t, a in s.members)
        return "%s { %s };" % (s.name, body)

def int_type():
    return R.choice(INTS)

# ---------------------------------------------------------------------------------------
def gen_xl():
    emit("#pragma D option quiet")
    emit("#pragma D option strsize=64")
    # input structs
    ins = []
    nested = Struct("nest%d" % seed)
    nested.members = [("x", "int", None), ("y", "unsigned short", None)]
    emit(nested.decl())
    for i in range(R.randint(1, 2)):
        s = Struct("in%d_%d" % (seed, i))
        for j in range(R.randint(2, 4)):
            n, b, sg = int_type()
            s.members.append(("m%d" % j, n, None))
        s.members.append(("nm", "char", R.choice([4, 8, 16])))
        if R.random() < 0.6:
            s.members.append(("inner", nested.name, None))
        ins.append(s)
        emit(s.decl())
    tdef = None
    if R.random() < 0.7:
        tdef = "in%d_t" % seed
        emit("typedef %s %s;" % (ins[0].name, tdef))
    # output types
    outs = []
    for i in range(R.randint(1, 3)):
        kw = "union" if i > 0 and R.random() < 0.3 else "struct"
        o = Struct("out%d_%d" % (seed, i), kw)
        if kw == "union":
            n, b, sg = int_type()
            o.members = [("u0", n, None), ("u1", "int", None)]
        else:
            for j in range(R.randint(2, 5)):
                if R.random() < 0.3:
                    o.members.append(("o%d" % j, "string", None))
                else:
                    o.members.append(("o%d" % j, int_type()[0], None))
        outs.append(o)
    otdef = None
    for o in outs:
        if R.random() < 0.3:
            emit("%s;" % o.name)   # forward declaration, defined below
    for o in outs:
        emit(o.decl())
    if R.random() < 0.4:
        otdef = ("out%d_t" % seed, outs[0])
        emit("typedef %s %s;" % (outs[0].name, otdef[0]))
    # input kinds: (decl type, param, how to reach member m, is pointer, struct)
    kinds = []
    for s in ins:
        kinds.append(("%s *" % s.name, "ptr", s))
    if tdef:
        kinds.append(("%s *" % tdef, "tptr", ins[0]))
    kinds.append((ins[-1].name, "val", ins[-1]))
    kinds.append((R.choice(["int", "long", "uint8_t", "unsigned short"]), "int", None))
    R.shuffle(kinds)

    def mexpr(kind, p, s, oty):
        acc = (lambda m: "%s->%s" % (p, m)) if kind in ("ptr", "tptr") else \
              (lambda m: "%s.%s" % (p, m))
        if s is None:
            if oty == "string":
                return R.choice(['%s > 10 ? "big" : "small"' % p, '"int"'])
            return R.choice(["%s" % p, "%s * 2" % p, "%s + 1" % p, "%s & 0xf" % p,
                             "-%s" % p, "%s >> 1" % p, "%s %% 7" % p])
        ints = [m for m, t, a in s.members if a is None and t != nested.name]
        if oty == "string":
            return R.choice(["stringof(%s)" % acc("nm"), acc("nm"), '"lit"',
                             '%s > 0 ? "pos" : "nonpos"' % acc(R.choice(ints))])
        c = R.random()
        a, b = acc(R.choice(ints)), acc(R.choice(ints))
        if c < 0.2:
            return a
        if c < 0.5:
            return "%s %s %s" % (a, R.choice(["+", "-", "*", "&", "|", "^"]), b)
        if c < 0.6:
            return "%s %s %d" % (a, R.choice([">>", "<<", "/", "%"]), R.randint(1, 5))
        if c < 0.7 and any(m == "inner" for m, _, _ in s.members):
            return "%s.%s" % (acc("inner"), R.choice(["x", "y"]))
        if c < 0.8:
            return "%s ? %s : %s" % (a, b, R.randint(-3, 3))
        if c < 0.9:
            return "%s[%d]" % (acc("nm"), R.randint(0, 2))
        return "(%s)%s" % (R.choice(INTS)[0], a)

    xls = []   # (output Struct, kind, input struct, defined members)
    used = set()
    for o in outs:
        for k in R.sample(kinds, R.randint(1, min(2, len(kinds)))):
            # a typedef'd pointer input is the same input as its struct's pointer
            same = "%s *" % ins[0].name if k[1] == "tptr" else k[0]
            if (o.tag, same) in used:
                continue
            used.add((o.tag, same))
            ms = [m for m in o.members if R.random() < 0.8] or o.members[:1]
            if o.kw == "union":
                ms = [R.choice(o.members)]
            p = R.choice(["p", "in", "x", "arg"])
            exprs = {m: mexpr(k[1], p, k[2], t) for m, t, _ in ms}
            body = " ".join("%s = %s;" % (m, exprs[m]) for m, t, _ in ms)
            oname = otdef[0] if otdef and otdef[1] is o and R.random() < 0.5 else o.name
            emit("translator %s < %s %s > { %s };" % (oname, k[0], p, body))
            # DTrace for Linux faults, or fails to load its program, reading an alloca'd
            # input through a translator (its bug: the input's alloca taint is lost), and a
            # BEGIN clause has no other memory to point to: translators of pointer inputs
            # are declared (and checked) but not used
            if k[1] not in ("ptr", "tptr"):
                xls.append((o, k, ms))
    # globals of the by-value input and the integer input, set by the first clause
    emit("%s gv;" % ins[-1].name)
    emit("int iv;")
    emit("BEGIN {")
    def fill(ref, s, unsigned_only=False):
        for m, t, a in s.members:
            if a:
                word = R.choice(["ab", "hello", "", "xyz", "0123456789abcdef"])[:a - 1]
                for i, ch in enumerate(word):
                    emit("\t%s%s[%d] = '%s';" % (ref, m, i, ch))
                emit("\t%s%s[%d] = 0;" % (ref, m, len(word)))
            elif t == nested.name:
                emit("\t%s%s.x = %s;" % (ref, m, lit(value_of(32, True))))
                emit("\t%s%s.y = %s;" % (ref, m, lit(value_of(16, False))))
            else:
                b, sg = next((b, sg) for n, b, sg in INTS if n == t)
                v = value_of(b, sg)
                emit("\t%s%s = %s;" % (ref, m, lit(abs(v) % (1 << (b - 1)) if unsigned_only and b < 64 and sg else v)))
    # (non-negative: DTrace for Linux reads a signed member narrower than 64 bits of a global
    # struct zero-extended, its bug: signed char gv.m = -7 reads 249)
    fill("gv.", ins[-1], True)
    emit("\tiv = %s;" % lit(value_of(32, True)))
    emit("}")

    def arg_for(k):
        if k[1] == "val":
            return "gv"
        return "iv"

    def use(o, k, m, t):
        a = arg_for(k)
        f = R.random()
        if f < 0.4:
            return "xlate<%s>(%s).%s" % (o.name, a, m)
        if f < 0.8:
            return "xlate<%s *>(%s)->%s" % (o.name, a, m)
        return "(*xlate<%s *>(%s)).%s" % (o.name, a, m)

    preds = []
    for xi, (o, k, ms) in enumerate(xls):
        emit("BEGIN {")   # a clause each: dtrace's BPF verifier refuses long ones
        emit('\tprintf("%s from %s\\n");' % (o.name, k[0].strip()))
        for m, t, _ in ms:
            e = use(o, k, m, t)
            h = R.random()
            if h < 0.6:
                emit('\tprintf("%s=%s\\n", %s);' % (m, fmt(t), e))
            elif h < 0.8:
                emit('\ttrace(%s); printf("\\n");' % e)
            else:   # print() takes a pointer only (dtrace's prototype: void *)
                emit('\tprintf("%s=%%x\\n", %s);' % (m, e) if t != "string" else
                     '\ttrace(%s); printf("\\n");' % e)
        m, t, _ = R.choice(ms)
        emit("\t@a%d[%s] = count();" % (xi, use(o, k, m, t)))
        emit("}")
        m, t, _ = R.choice(ms)
        if t != "string" and k[1] in ("val", "int"):   # inputs that outlive the clause
            preds.append("BEGIN /%s %s %d/ { printf(\"pred %s\\n\"); }" %
                         (use(o, k, m, t), R.choice(["==", "!=", ">", "<"]), R.randint(-2, 2), m))
    for p in preds:
        emit(p)
    emit("BEGIN { exit(0); }")

# ---------------------------------------------------------------------------------------
def gen_inl():
    emit("#pragma D option quiet")
    inls = []   # (name, type)
    if R.random() < 0.5:
        emit("enum col%d { RED%d, GREEN%d = %d, BLUE%d };" % (seed, seed, seed, R.randint(-5, 50), seed))
        inls.append(("ie", "enum col%d" % seed, "GREEN%d" % seed))
    if R.random() < 0.5:
        n, b, sg = R.choice(INTS)
        emit("typedef %s myint%d_t;" % (n, seed))
        inls.append(("itd", "myint%d_t" % seed, lit(R.randint(0, 127))))
    for i in range(R.randint(2, 6)):
        c = R.random()
        if c < 0.6:
            n, b, sg = int_type()
            # within 16 bits too: dtrace types an inline of a constant as the constant (an
            # int), and folds inlines of such inlines in int (i + 2 of i = 2147483647 wraps)
            v = max(-(1 << 15), min((1 << 15) - 1, value_of(b, sg)))
            inls.append(("i%d" % i, n, lit(v)))
        elif c < 0.8:
            inls.append(("s%d" % i, "string", R.choice(['"abc"', '""', '"hello world"',
                                                        '"tab\\tx"'])))
        elif c < 0.9:
            inls.append(("ptr%d" % i, "int *", "(int *)%s" % R.choice(["0", "0x1000", "8"])))
        else:
            inls.append(("c%d" % i, "char", R.choice(["'a'", "'\\n'", "65"])))
    # inlines of other inlines
    ints = [x for x in inls if x[1] not in ("string", "int *")]
    if ints and R.random() < 0.8:
        a = R.choice(ints)
        b = R.choice(ints)
        inls.append(("isum", R.choice(["int", "long", "long long"]),
                     "%s %s %s" % (a[0], R.choice(["+", "-", "*", "|"]), b[0] if R.random() < 0.5 else "2")))
    strs = [x for x in inls if x[1] == "string"]
    if strs and R.random() < 0.5:
        inls.append(("sel", "string", "(%s ? %s : \"no\")" % (R.choice(ints)[0] if ints else "1", R.choice(strs)[0])))
    if R.random() < 0.4:
        inls.append(("dyn", "int", "gvar * 3"))
        emit("int gvar;")
    for n, t, v in inls:
        emit("inline %s %s = %s;" % (t, n, v))
    emit("BEGIN {")
    if any(n == "dyn" for n, _, _ in inls):
        emit("\tgvar = %d;" % R.randint(-10, 10))
    for n, t, v in inls:
        h = R.random()
        # (%d for every integer: dtrace gives an inline of a constant the constant's type,
        # int, which %lld refuses)
        f = "%p" if t == "int *" else "%s" if t == "string" else \
            "%c" if t == "char" and R.random() < 0.5 else "%d"
        if h < 0.6:
            emit('\tprintf("%s=%s\\n", %s);' % (n, f, n))
        elif h < 0.8:
            emit('\ttrace(%s); printf("\\n");' % n)
        elif t == "int *":
            emit('\tprintf("%%p\\n", %s);' % n)
        else:
            emit('\ttrace(%s); printf("\\n");' % n)
    for n, t, v in R.sample(inls, min(2, len(inls))):
        if t != "int *":
            emit("\ta%s[%s] = 1;" % (n, n))
            emit("\t@k[%s] = count();" % n if t == "string" else "\t@n[(long)%s] = count();" % n)
    emit("}")
    for n, t, v in R.sample(inls, min(2, len(inls))):
        if t == "string":
            emit('BEGIN /%s == %s/ { printf("pred %s\\n"); }' % (n, v, n))
        elif t != "int *":
            emit('BEGIN /%s/ { printf("pred %s\\n"); }' % (n, n))
    emit("BEGIN { exit(0); }")

# ---------------------------------------------------------------------------------------
ERRS = [
    # translators
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; translator struct o < struct i *q > { a = 1; };",
    "struct o { int a; }; struct i { int b; }; typedef struct i i_t; translator struct o < struct i *p > { a = p->b; }; translator struct o < i_t *q > { a = 1; };",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { nosuch = p->b; };",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->nosuch; };",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = \"str\"; };",
    "struct o { string a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; };",
    "struct o { int *a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; };",
    "struct i { int b; }; translator int < struct i *p > { a = p->b; };",
    "struct i { int b; }; typedef int myint; translator myint < struct i *p > { a = 1; };",
    "struct i { int b; }; translator int * < struct i *p > { a = 1; };",
    "struct o { int a; int c; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; a = 2; };",
    "struct o; struct i { int b; }; translator struct o < struct i *p > { a = p->b; };",
    "struct o { int a; }; struct i; translator struct o < struct i *p > { a = p->b; };",
    "struct o { int a; }; struct i; translator struct o < struct i p > { a = 1; };",
    "union u; struct i { int b; }; translator union u < struct i *p > { a = 1; };",
    "enum e { A }; struct i { int b; }; translator enum e < struct i *p > { a = 1; };",
    "struct o { int a; }; translator struct o < struct nosuch *p > { a = 1; };",
    "struct o { int a; }; translator struct o < nosuch_t *p > { a = 1; };",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = q->b; };",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p.b; };",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i p > { a = p->b; };",
    "struct o { int a; }; translator struct o < int v > { a = v; }; translator struct o < int w > { a = 2; };",
    "struct o { int a; }; translator struct o < int v > { a = v; }; translator struct o < long w > { a = 2; };",
    "struct o { int a; }; translator struct o < string s > { a = strlen(s); };",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { };",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b };",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i * > { a = 1; };",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p >;",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o *>(1).a); }",
    # uses
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o>(\"s\").a); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o *>((int *)0)->a); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o>((struct i *)0).nosuch); }",
    "struct o { int a; int c; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o>((struct i *)0).c); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o>((struct i *)0)->a); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o *>((struct i *)0).a); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace((long)xlate<struct o *>((struct i *)0)); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace((struct o)xlate<struct o>((struct i *)0)); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o>((struct i *)0)); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o *>((struct i *)0)); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { print(xlate<struct o>((struct i *)0)); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { print(*xlate<struct o *>((struct i *)0)); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(sizeof (xlate<struct o>((struct i *)0))); exit(0); }",
    "struct o { int a; char c; long l; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(sizeof (*xlate<struct o *>((struct i *)0))); exit(0); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(sizeof (xlate<struct o *>((struct i *)0))); exit(0); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(sizeof (xlate<struct o>((struct i *)0).a)); exit(0); }",
    "struct o { int a; long l; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; l = 1; }; BEGIN { trace(offsetof(struct o, l)); exit(0); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(&xlate<struct o *>((struct i *)0)->a); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(&xlate<struct o>((struct i *)0)); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { xlate<struct o *>((struct i *)0)->a = 1; }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { xlate<struct o>((struct i *)0).a++; }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { x = xlate<struct o *>((struct i *)0); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { @a[xlate<struct o>((struct i *)0)] = count(); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o *>((struct i *)0) == 0); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<int>((struct i *)0)); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct nosuch>((struct i *)0).a); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o>().a); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate<struct o>((struct i *)0, 1).a); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(xlate(struct o)((struct i *)0).a); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = p->b; }; BEGIN { trace(stringof(xlate<struct o>((struct i *)0).a)); exit(0); }",
    "struct o { string s; }; struct i { char c[4]; }; translator struct o < struct i *p > { s = p->c; }; BEGIN { this->p = (struct i *)alloca(4); this->p->c[0] = 'q'; trace(xlate<struct o *>(this->p)->s); exit(0); }",
    "struct o { int a; }; struct i { int b; }; translator struct o < struct i *p > { a = xlate<struct o *>(p)->a; }; BEGIN { trace(xlate<struct o *>((struct i *)0)->a); }",
    # inlines
    "inline int x = 1; inline int x = 2;",
    "inline int x = 1; inline long x = 1;",
    "int x; inline int x = 1;",
    "inline int x = 1; int x;",
    "inline int x = x + 1;",
    "inline int x = y; inline int y = 1;",
    "inline int x = \"str\";",
    "inline string s = 1;",
    "inline int *p = 1;",
    "inline int *p = \"s\";",
    "inline char c = \"s\";",
    "inline struct nosuch s = 1;",
    "struct st { int a; }; inline struct st s = 1;",
    "inline int x;",
    "inline int x = 1 BEGIN { exit(0); }",
    "inline x = 1;",
    "inline int x = 1; BEGIN { x = 2; }",
    "inline int x = 1; BEGIN { x++; }",
    "inline int x = 1; BEGIN { trace(&x); }",
    "inline int x[int] = 1;",
    "inline int x = 1; BEGIN { trace(x[0]); }",
    "inline string s = \"a\"; BEGIN { s = \"b\"; }",
    "inline int x = 1; BEGIN { this->x = x; trace(this->x + x); exit(0); }",
    "inline int x = 1; inline int x = 1;",
    "inline uint8_t x = 300; BEGIN { trace(x); exit(0); }",
    "inline int8_t x = -129; BEGIN { trace(x); exit(0); }",
    "inline unsigned x = -1; BEGIN { trace(x); exit(0); }",
    "inline char c = 'ab'; BEGIN { trace(c); exit(0); }",
    "inline void *v = 0; BEGIN { trace(v); exit(0); }",
    "inline int x = sizeof (int) * 2; BEGIN { trace(x); exit(0); }",
    "enum e { A = 5 }; inline enum e x = A; BEGIN { trace(x); exit(0); }",
    "enum e { A = 5 }; inline enum e x = 7; BEGIN { trace(x); exit(0); }",
    "enum e { A = 5 }; enum f { B }; inline enum e x = B; BEGIN { trace(x); exit(0); }",
    "enum e { A = 5 }; inline int x = A; BEGIN { trace(x); exit(0); }",
    "typedef int myint; inline myint x = 3; BEGIN { trace(x); exit(0); }",
    "inline nosuch_t x = 3;",
    "inline int x = 1, y = 2;",
    "inline int x = 1; inline int y = x; inline int z = y * x; BEGIN { trace(z); exit(0); }",
    "inline int x = walltimestamp > 0; BEGIN { trace(x); exit(0); }",
    "inline string s = probename; BEGIN { trace(s); exit(0); }",
    "inline int x = 1; BEGIN / x / { trace(x); exit(0); }",
    "inline string s = \"a\"; BEGIN { @[s] = count(); exit(0); }",
    "inline int64_t x = 0x7fffffffffffffff; BEGIN { trace(x + 1); exit(0); }",
    "inline int x = 1; BEGIN { inline int y = 2; }",
    "BEGIN { exit(0); } inline int late = 1; END { trace(late); }",
    "inline int x = 1 / 0;",
    "inline int x = 1; BEGIN { trace(sizeof (x)); exit(0); }",
    "inline string s = \"abc\"; BEGIN { trace(sizeof (s)); exit(0); }",
    "inline int x = 1; BEGIN { trace(x()); }",
    "inline int x = 1; BEGIN { trace(x->a); }",
    "typedef struct { int a; } st_t; inline st_t *sp = (st_t *)0; BEGIN { trace(sizeof (*sp)); exit(0); }",
]

def gen_err():
    emit(ERRS[seed % len(ERRS)])

{"xl": gen_xl, "inl": gen_inl, "err": gen_err}[mode]()
print("\n".join(out))
