#!/usr/bin/env python3
"""genstore_gen.py SEED MODE -> a D program on stdout (reproducible from SEED), for genstore.sh.

Modes:
  vals - a random struct or union (integer members, char and int arrays, nested structs and
         unions) declared at top level; a global of it filled member by member, then copied whole
         into a second global, this->, self->, associative array elements (int key, and the
         struct itself as a key); one member of each copy changed; every leaf printed from every
         copy in the same clause, a later clause of the same probe and END (this-> only in the
         same probe); sizeof of each; a copy in alloca()'d scratch reached through a pointer:
         pointers to members (&p->m), their differences and comparisons, void * and uintptr_t
         round trips.
  arr  - global arrays (1-D and 2-D of an integer type, 1-D of a struct) filled at constant
         indexes and read at run-time indexes (two random groups of reads a program), sizeof,
         alloca()'d arrays through pointer arithmetic and comparisons, struct elements copied
         into self->, globals and associative arrays; sometimes an index out of range in END.
  err  - one invalid statement or declaration (operators on struct/array/pointer operands, &
         of non-lvalues, incompatible assignments, arrays as values, bad keys, bad bounds).

Left out on purpose (DTrace for Linux departs from the Guide, or fails to run the program):
  - struct copies out of a pointer (x = *p, p alloca()'d): dtrace faults at the alloca offset
    ("invalid address (0x8)"), usdtrace copies the value;
  - & of a D variable or of its member or element: dtrace refuses (dynamic variable) or its
    program fails verification; the pointers here are into alloca()'d scratch;
  - ==, !=, <... on two structs of one type: dtrace compares their addresses; the Guide allows
    relational operators on integers, pointers and strings only, as usdtrace does;
  - a struct or array as an aggregation key: dtrace asserts (dt_aggid_rec_add) or prints a
    garbage key; usdtrace refuses it;
  - int x[2][] (an array of arrays of no size): dtrace accepts it and its programs then fail
    to load; usdtrace refuses it as C does (array has incomplete element type);
  - trace() and print() of a D-declared struct: dtrace often fails to enable the probe, or
    print() fails with "No such file or directory";
  - a member of a self-> or associative array struct that does not exist yet: dtrace faults at
    address 0; usdtrace creates it (d/ok/dyn_struct_fault_in);
  - a run-time index of an 8-byte-element global array, and large BEGIN programs with
    run-time indexes: dtrace's programs fail BPF verification.
"""
import random, sys

seed = int(sys.argv[1]); mode = sys.argv[2]
R = random.Random(seed * 104729 + len(mode))

INTS = [("char", 8, True), ("unsigned char", 8, False), ("short", 16, True),
        ("unsigned short", 16, False), ("int", 32, True), ("unsigned int", 32, False),
        ("long", 64, True), ("unsigned long", 64, False), ("int8_t", 8, True),
        ("uint16_t", 16, False), ("int64_t", 64, True), ("uint32_t", 32, False)]
BITS = {n: (b, s) for n, b, s in INTS}

def fmt(ty):
    b, s = BITS[ty]
    if b == 64:
        return "%lld" if s else "%llu"
    return "%d" if s else "%u"

def val(ty):
    b, s = BITS[ty]
    lo, hi = (-(1 << (b - 1)), (1 << (b - 1)) - 1) if s else (0, (1 << b) - 1)
    v = R.choice([0, 1, lo, hi, R.randint(lo, hi), R.randint(-100, 300)])
    if v < 0:
        return "(%d)" % v if v > -(1 << 63) else "(-9223372036854775807LL - 1)"
    if v > 2147483647:
        return "%dULL" % v if v > 9223372036854775807 else "%dLL" % v
    return str(v)

out = []
def emit(s):
    out.append(s)

# ---- random aggregate types -------------------------------------------------------------
# a type is ("int", name) | ("arr", elemtype, n) | ("struct"/"union", tag, [(mname, type)])
types = []

def new_struct(depth=0, kind="struct"):
    tag = "%s%d" % ("s" if kind == "struct" else "u", len(types))
    mems = []
    for i in range(R.randint(1, 4) if kind == "struct" else R.randint(2, 3)):
        r = R.random()
        if r < 0.55:
            t = ("int", R.choice(INTS)[0])
        elif r < 0.7:
            t = ("arr", ("int", R.choice(INTS)[0]), R.randint(1, 4))
        elif r < 0.85 and depth < 2:
            t = new_struct(depth + 1, R.choice(["struct", "struct", "union"]))
        else:
            t = ("arr", ("int", "char"), R.randint(2, 6))
        mems.append(("m%d" % i, t))
    st = (kind, tag, mems)
    types.append(st)
    return st

def cdecl(t, name):
    if t[0] == "int":
        return "%s %s" % (t[1], name)
    if t[0] == "arr":
        return cdecl(t[1], "%s[%d]" % (name, t[2]))
    return "%s %s %s" % (t[0], t[1], name)

def emit_types():
    for st in types:
        emit("%s %s { %s };" % (st[0], st[1], " ".join(cdecl(mt, mn) + ";" for mn, mt in st[2])))

def size_align(t):
    if t[0] == "int":
        b = BITS[t[1]][0] // 8
        return b, b
    if t[0] == "arr":
        sz, al = size_align(t[1])
        return sz * t[2], al
    sz = al = 0
    for _, mt in t[2]:
        msz, mal = size_align(mt)
        al = max(al, mal)
        if t[0] == "union":
            sz = max(sz, msz)
        else:
            sz = (sz + mal - 1) // mal * mal + msz
    return (sz + al - 1) // al * al, al

def leaves(t, path):
    """Every integer leaf of t as (path, inttype)."""
    if t[0] == "int":
        return [(path, t[1])]
    if t[0] == "arr":
        res = []
        for i in range(t[2]):
            res += leaves(t[1], "%s[%d]" % (path, i))
        return res
    if t[0] == "union":  # one member only: the one stored last is what we read
        mn, mt = t[2][0]
        return leaves(mt, "%s.%s" % (path, mn))
    res = []
    for mn, mt in t[2]:
        res += leaves(mt, "%s.%s" % (path, mn))
    return res

def printf_leaves(ls, base, label):
    if not ls:
        return
    # at most 6 leaves a printf
    for i in range(0, len(ls), 6):
        part = ls[i:i + 6]
        f = " ".join(fmt(t) for _, t in part)
        a = ", ".join(base + p for p, _ in part)
        emit('\tprintf("%s %s\\n", %s);' % (label, f, a))

# ---- modes -------------------------------------------------------------------------------
def gen_vals():
    st = new_struct(0, R.choice(["struct"] * 4 + ["union"]))
    emit_types()
    T = "%s %s" % (st[0], st[1])
    emit("%s g;" % T)
    emit("%s h;" % T)
    if R.random() < 0.5:
        emit("self %s sv;" % T)
    if R.random() < 0.5:
        emit("this %s tv;" % T)
    ls = leaves(st, "")
    emit("BEGIN\n{")
    for p, t in ls:
        emit("\tg%s = %s;" % (p, val(t)))
    printf_leaves(ls, "g", "g")
    dests = R.sample(["h", "self->sv", "this->tv", "a[1]", "a[2]", "k[g]", "self->q[3]"],
                     R.randint(2, 5))
    for d in dests:
        if d == "k[g]":
            emit("\tk[g] = 77;")
            emit('\tprintf("k %d\\n", k[g]);')
            continue
        src = R.choice(["g"] + [x for x in dests[:dests.index(d)] if x != "k[g]"])
        emit("\t%s = %s;" % (d, src))
        if ls and R.random() < 0.7:
            p, t = R.choice(ls)
            emit("\t%s%s = %s;" % (d, p, val(t)))
        printf_leaves(ls, d, d.replace('"', ''))
    emit('\tprintf("sizeof %%d %%d\\n", sizeof(g), sizeof(%s));' % T)
    for d in dests:
        if d != "k[g]":
            emit('\tprintf("sizeof %%d\\n", sizeof(%s));' % d)
    # pointers: a copy of g in alloca'd scratch (dtrace refuses & of a D variable)
    emit("\tthis->sp = (%s *)alloca(sizeof(%s));" % (T, T))
    emit("\t*this->sp = g;")
    printf_leaves([(p[1:], t) for p, t in ls], "this->sp->", "sp")
    if len(ls) >= 2:
        (p1, t1), (p2, t2) = R.sample(ls, 2)
        emit('\tprintf("ptr %%d %%d %%d %%d\\n", (char *)&this->sp->%s - (char *)&this->sp->%s, &this->sp->%s < &this->sp->%s, &this->sp->%s == &this->sp->%s, (char *)&this->sp->%s - (char *)this->sp);'
             % (p2[1:], p1[1:], p1[1:], p2[1:], p1[1:], p1[1:], p1[1:]))
        emit('\tthis->p = &this->sp->%s;' % p1[1:])
        emit('\t*this->p = %s;' % val(t1))
        emit('\tprintf("deref %s %s\\n", *this->p, this->sp->%s);' % (fmt(t1), fmt(t1), p1[1:]))
        emit('\tthis->vp = (void *)this->sp;')
        emit('\tprintf("void %d %d\\n", (char *)this->vp == (char *)this->sp, this->vp == this->sp);')
        emit('\tprintf("cast %s\\n", ((%s *)this->vp)->%s);' % (fmt(t1), T, p1[1:]))
        emit('\tthis->ip = (uintptr_t)this->sp;')
        emit('\tprintf("int %s\\n", ((%s *)this->ip)->%s);' % (fmt(t1), T, p1[1:]))
    if R.random() < 0.3 and ls:
        emit("\ttrace(g%s);" % R.choice(ls)[0])
    emit("}")
    emit("BEGIN\n{")
    for d in dests:
        if d == "this->tv":
            emit("\th = this->tv;")  # this-> persists across one probe's clauses
            printf_leaves(ls, "h", "h2")
        elif d == "k[g]":
            emit('\tprintf("k2 %d\\n", k[g]);')
        else:
            printf_leaves(ls, d, d + "2")
    emit("}")
    emit("END\n{")
    for d in dests:
        if d not in ("this->tv", "k[g]"):
            printf_leaves(ls, d, d + "e")
    emit('\tprintf("end\\n");')
    emit("}")
    emit("BEGIN { exit(0); }")

def gen_arr():
    # (no 8-byte elements and no 1-element arrays: dtrace's programs indexing them at run time
    # fail BPF verification)
    et = R.choice([t for t in INTS if t[1] < 64])[0]
    n = R.randint(2, 6)
    m = R.randint(1, 4)
    st = new_struct(1)
    emit_types()
    T = "%s %s" % (st[0], st[1])
    emit("%s a1[%d];" % (et, n))
    emit("%s a2[%d][%d];" % (et, n, m))
    emit("%s sa[%d];" % (T, n))
    ls = leaves(st, "")
    emit("BEGIN\n{")
    for i in range(n):
        emit("\ta1[%d] = %s;" % (i, val(et)))
    for i in range(n):
        for j in range(m):
            if R.random() < 0.5:
                emit("\ta2[%d][%d] = %s;" % (i, j, val(et)))
    for i in R.sample(range(n), min(n, 2)):
        for p, t in ls:
            emit("\tsa[%d]%s = %s;" % (i, p, val(t)))
    emit("\ti = %d;" % R.randint(0, n - 1))
    emit("\tj = %d;" % R.randint(0, m - 1))
    emit("}")
    # (dtrace's verifier loses track of an index's bounds in a large BEGIN program: two
    # groups a program)
    def g_a1():
        emit('\tprintf("a1 %s %s\\n", a1[i], a1[0]);' % (fmt(et), fmt(et)))
    def g_a2():
        emit('\tprintf("a2 %s %s %s\\n", a2[i][j], a2[%d][%d], a2[i][0]);' % (fmt(et), fmt(et), fmt(et), n - 1, m - 1))
    def g_sa():
        printf_leaves(ls, "sa[i]", "sa")
    def g_sz():
        emit('\tprintf("sz %d %d %d %d %d %d\\n", sizeof(a1), sizeof(a2), sizeof(a2[0]), sizeof(sa), sizeof(sa[0]), sizeof(a2[i][j]));')
    def g_ptr():
        emit("\tthis->p = (%s *)alloca(%d * sizeof(%s));" % (et, n, et))
        for i in range(n):
            emit("\tthis->p[%d] = a1[%d];" % (i, i))
        emit('\tprintf("pa %d %d\\n", &this->p[i] - &this->p[0], (char *)&this->p[i] - (char *)this->p);')
        emit("\tthis->r = this->p + i;")
        emit('\tprintf("pp %s %s %%d\\n", *this->r, this->p[i], this->r == &this->p[i]);' % (fmt(et), fmt(et)))
        emit('\tprintf("cmp %d %d %d %d\\n", this->p < this->r, this->r >= this->p, this->p != this->r, this->r - 1 < this->p);')
    def g_q():
        emit("\tthis->q = (%s *)alloca(sizeof(%s));" % (T, T))
        emit("\t*this->q = sa[i];")
        printf_leaves([(p[1:], t) for p, t in ls[:4]], "this->q->", "q")
    def g_c():
        emit("\tself->c = sa[%s];" % R.choice([str(R.randint(0, n - 1)), "i"]))
        printf_leaves(ls[:3], "self->c", "c")
    def g_cp():
        emit("\tsb = sa[i];")
        emit("\tself->d[i] = sb;")
        emit("\tthis->e = self->d[i];")
        printf_leaves(ls[:4], "this->e", "e")
    groups = [g_a1, g_a2, g_sa, g_sz, g_ptr, g_q, g_c, g_cp]
    used = R.sample(groups, 2)
    for g in used:
        emit("BEGIN\n{")
        g()
        emit("}")
    emit("END\n{")
    if g_c in used:
        printf_leaves(ls[:3], "self->c", "ce")
    emit('\tprintf("e %s\\n", a2[i][j]);' % fmt(et))
    if R.random() < 0.5:
        emit("\ti = %d;" % R.choice([n, n + 1, -1, 100]))
        emit('\tprintf("oob %s\\n", a1[i]);' % fmt(et))
    emit('\tprintf("end\\n");')
    emit("}")
    emit("BEGIN { exit(0); }")

ERRS = [
    "g + 1", "g - g", "-g", "!g", "~g", "g && 1", "g ? 1 : 2",
    "g++", "++g", "g += 1", "g * 2", "g.nosuch", "g->m0", "p.m0", "*g", "g[0]", "(int)g",
    "(struct sx)g", "&1", "&(x + 1)", "&this->i", "&self->i", "&a[1]", "&\"s\"", "&`max_pfn",
    "arr + 1 == 0", "arr == arr", "&arr == 0", "ga = ga", "arr = arr", "g = i", "i = g",
    "g = o", "a[1] = arr", "a[arr] = 1", 
    "arr[4]", "arr[-1]", "arr[1][1]", "m[2][3]", "m[0][4]", "p - q", "p < q", "p + q",
    "p * 2", "p / 2", "p % 2", "p & 1", "p << 1", "-p", "~p", "vp + 1", "*vp", "vp[0]",
    "p - vp", "vp < p", "sizeof(g + 1)", "sizeof(void)", "sizeof g", "sizeof(arr)",
    "(char)g", "(int[3])arr", "(struct s0 *)g", "(struct s0)1", "g.m0 = g", "arr = 0",
    "self->x = arr", "this->x = arr", "printf(\"%d\", g)",
    "printf(\"%d\", arr)", "printf(\"%s\", p)", "print(1 + g)", "g = *p", "*p = g",
    "&g.m0 == p", "&g == p", "p == 1", "p == (char *)0", "p == vp", "p > 0",
    "(long)p + 1", "(int *)(long)p", "(uint64_t)&g", "o = g", "u = g", "u = o",
    "g.m0 = \"str\"", "arr[0] = \"s\"", "k[g, 1] = 2", "k[arr] = 1", "self->k[g] = 1",
    "this->t = g, this->t.m0 = 1", "&g.m0 + 1 == p", "*(&g.m0)", "&*p == p", "&p->m0",
    "sizeof(struct s0)", "sizeof(union nosuch)", "sizeof(struct nosuch)", "&arr[1] - &arr[0]",
    "&m[1][0] - &m[0][0]", "&m[1] - &m[0]", "*arr", "*m", "m[1]", "arr",
]
ERRDECLS = [
    "int x[];", "int x[0];", "int x[-1];", "int x[][2];", "struct s0 x[];",
    "int x[1LL << 40];", "int x[\"a\"];", "int x[2.5];", "void x;", "void x[2];",
    "struct nosuch x;", "union s0 x;", "struct s0 { int z; };", "int x[i];", "int x[3] = 1;",
    "this int tx[];", "int x[2][0];", "struct s0 x[0];",
]

def gen_err():
    st = new_struct(0)
    emit_types()
    emit("struct sx { char c[3]; long l; };")
    emit("union ux { int i; char c; };")
    emit("%s %s g, h;" % (st[0], st[1]))
    emit("struct sx o;")
    emit("union ux u;")
    emit("int arr[4];")
    emit("int ga[4];")
    emit("int m[2][4];")
    emit("int *p;")
    emit("char *q;")
    emit("void *vp;")
    emit("int i;")
    if R.random() < 0.25:
        emit(R.choice(ERRDECLS))
        emit("BEGIN { exit(0); }")
        return
    e = R.choice(ERRS)
    emit("BEGIN\n{")
    emit("\t%s;" % e)
    emit("\texit(0);")
    emit("}")

{"vals": gen_vals, "arr": gen_arr, "err": gen_err}[mode]()
print("\n".join(out))
