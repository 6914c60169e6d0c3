#!/usr/bin/env python3
"""genvar_gen.py SEED MODE -> a D program on stdout (reproducible from SEED), for genvar.sh.

Modes:
  vars  - several BEGIN clauses + END: globals, assoc arrays, self->, this->, of random types,
          implicit/explicit declarations, =, op=, ++/--, reads before assignment, predicates,
          deletes (assign 0), tuple keys; every value printed.
  tick  - a tick-1ms /i++ < N/ loop over the same kinds of variables.
  spec  - speculation()/speculate()/commit()/discard() with random orders, nspec.
  err   - one name used with two types / kinds in different clauses (compile error).
  decl  - one declaration of a random form and type, then one use of it (mostly errors).

Left out on purpose (both answers are right, or dtrace's is a bug): this-> read in a probe
before that probe's clauses assign it (the Guide: clause-local variables are not zero-filled;
dtrace shows a stale value, usdtrace zero), self-> in tick-1ms (the interrupted thread's).
"""
import random, sys

seed = int(sys.argv[1]); mode = sys.argv[2]
R = random.Random(seed * 7919 + len(mode))

INTS = [  # (name, bits, signed)
    ("char", 8, True), ("signed char", 8, True), ("unsigned char", 8, False),
    ("short", 16, True), ("unsigned short", 16, False), ("int", 32, True),
    ("unsigned int", 32, False), ("unsigned", 32, False), ("long", 64, True),
    ("unsigned long", 64, False), ("long long", 64, True), ("unsigned long long", 64, False),
    ("int8_t", 8, True), ("uint8_t", 8, False), ("int16_t", 16, True), ("uint16_t", 16, False),
    ("int32_t", 32, True), ("uint32_t", 32, False), ("int64_t", 64, True), ("uint64_t", 64, False),
]
EDGE = [0, 1, 2, 3, 7, 100, 127, 128, 255, 256, 1000, 32767, 32768, 65535, 65536,
        2147483647, 2147483648, 4294967295, 4294967296, 0x123456789, 9223372036854775807]

def lit(v):
    if v < 0:
        return "(%s)" % v
    if v > 2147483647:
        return "%dLL" % v if v <= 9223372036854775807 else "%dULL" % v
    return str(v)

def const():
    v = R.choice(EDGE)
    if R.random() < 0.3:
        v = -v
    if R.random() < 0.2:
        v = R.randint(-1000, 1000)
    return v

STRS = ['""', '"a"', '"hello"', '"x y z"', '"12345678901234567890"', '"BEGIN"', '"tab\\there"']

class Var:
    def __init__(s, name, kind, ty, explicit, keys=None):
        s.name, s.kind, s.ty, s.explicit, s.keys = name, kind, ty, explicit, keys
    def ref(s, key=None):
        base = {"g": s.name, "a": s.name, "t": "self->" + s.name, "c": "this->" + s.name,
                "ta": "self->" + s.name}[s.kind]
        if s.kind in ("a", "ta"):
            return "%s[%s]" % (base, key)
        return base

def keyexpr(keys):
    out = []
    for k in keys:
        if k == "int":
            out.append(str(R.choice([0, 1, 2, -1, 255, 65536])))
        elif k == "string":
            out.append(R.choice(['"a"', '"b"', '""', '"key"']))
        elif k == "long":
            out.append(R.choice(["1LL", "4294967296LL", "(-1LL)"]))
        else:
            out.append(R.choice(["'a'", "'z'"]) if k == "char" else "0")
    return ", ".join(out)

def fmt_of(ty):
    if ty == "string":
        return "%s"
    if ty == "ptr":
        return "%p"
    for n, b, sg in INTS:
        if n == ty:
            if b == 64:
                return "%lld" if sg else "%llu"
            return "%d" if sg else "%u"
    return "%d"

def declty(ty):
    return {"ptr": "int *"}.get(ty, ty)

def pick_type(allow_struct=True):
    r = R.random()
    if r < 0.65:
        return R.choice(INTS)[0]
    if r < 0.85:
        return "string"
    if r < 0.95:
        return "ptr"
    return "struct S" if allow_struct else "int"

def is_int(ty):
    return any(n == ty for n, _, _ in INTS)

def value_for(ty):
    if ty == "string":
        return R.choice(STRS)
    if ty == "ptr":
        return "(int *)%s" % R.choice(["0", "0x1000", "0xffffffff81000000", "12345"])
    return lit(const())

out = []
def emit(s):
    out.append(s)

def prints(v, key=None):
    if v.ty == "struct S":
        r = v.ref(key)
        return 'printf("%s.a=%%d .b=%%s .c=%%d\\n", %s.a, %s.b, %s.c);' % (r, r, r, r)
    r = v.ref(key)
    f = fmt_of(v.ty)
    return 'printf("%s=%s\\n", %s);' % (r.replace('"', "'").replace("%", "%%"), f, r)

def assign_stmts(v, key):
    r = v.ref(key)
    st = []
    if v.ty == "struct S":
        # struct variables: member stores into globals/this only (dtrace rejects struct assoc)
        st.append("%s.a = %s;" % (r, lit(R.randint(-5, 70000))))
        st.append("%s.b = %s;" % (r, R.choice(STRS)))
        st.append("%s.c = %s;" % (r, lit(R.randint(0, 300))))
        return st
    if v.ty == "string":
        st.append("%s = %s;" % (r, R.choice(STRS)))
        return st
    if v.ty == "ptr":
        st.append("%s = %s;" % (r, value_for("ptr")))
        if R.random() < 0.5:
            st.append("%s %s %d;" % (r, R.choice(["+=", "-="]), R.randint(1, 4)))
        return st
    c = R.random()
    if c < 0.4:
        st.append("%s = %s;" % (r, lit(const())))
    elif c < 0.7:
        op = R.choice(["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="])
        n = R.randint(1, 9) if op not in ("<<=", ">>=") else R.randint(0, 40)
        st.append("%s %s %s;" % (r, op, lit(n)))
    else:
        st.append(R.choice(["%s++;", "%s--;", "++%s;", "--%s;"]) % r)
    return st

def gen_vars(clause_probe="BEGIN", tick=False):
    nv = R.randint(2, 6)
    vs = []
    decls = []
    if R.random() < 0.5:
        decls.append("struct S { int a; string b; unsigned char c; };")
        have_struct = True
    else:
        have_struct = False
    for i in range(nv):
        kind = R.choice(["g", "g", "a", "c"] if mode == "tick" else ["g", "g", "a", "t", "c", "ta"])
        ty = pick_type(have_struct and kind in ("g", "c"))
        keys = None
        if kind in ("a", "ta"):
            keys = [R.choice(["int", "string", "long", "char"]) for _ in range(R.randint(1, 3))]
            if ty == "struct S":
                ty = "int"
        explicit = R.random() < 0.5 or ty in ("struct S",)
        if kind == "c" and ty == "struct S":
            explicit = True
        v = Var("v%d" % i, kind, ty, explicit, keys)
        if explicit:
            prefix = {"g": "", "a": "", "t": "self ", "c": "this ", "ta": "self "}[kind]
            if kind in ("a", "ta"):
                decls.append("%s%s %s[%s];" % (prefix, declty(ty), v.name,
                                               ", ".join(keys)))
            else:
                decls.append("%s%s %s;" % (prefix, declty(ty), v.name))
        vs.append(v)
    # global arrays sometimes
    arr = None
    if R.random() < 0.3:
        arr = (R.choice(["int", "char", "uint16_t", "long"]), R.randint(2, 5))
        decls.append("%s garr[%d];" % arr)
    for d in decls:
        emit(d)
    # keys fixed per variable so reads can hit stored elements
    keyset = {v.name: [keyexpr(v.keys) for _ in range(2)] if v.keys else [None] for v in vs}
    assigned = set()
    nclauses = R.randint(2, 5)
    clauses = []
    for ci in range(nclauses):
        body = []
        pred = None
        for _ in range(R.randint(2, 6)):
            v = R.choice(vs)
            key = R.choice(keyset[v.name])
            # implicitly declared variables must be assigned before being read (dtrace
            # needs the type); read-before-assign only when explicit, or after the
            # assignment in source order (a later clause reading an earlier one).
            if not v.explicit and v.name not in assigned:
                if v.ty in ("string", "ptr") or v.ty == "struct S" or R.random() < 0.5 or not is_int(v.ty):
                    pass
                # implicit declaration: '=' of the right type first
                if v.ty == "string":
                    body.append("%s = %s;" % (v.ref(key), R.choice(STRS)))
                elif v.ty == "ptr":
                    body.append("%s = %s;" % (v.ref(key), value_for("ptr")))
                else:
                    body.append("%s = (%s)%s;" % (v.ref(key), v.ty, lit(const())))
                assigned.add(v.name)
                body.append(prints(v, key))
                continue
            r = R.random()
            if r < 0.35:
                body.append(prints(v, key))
            elif r < 0.8:
                body.extend(assign_stmts(v, key))
                body.append(prints(v, key))
            elif r < 0.9 and v.kind in ("a", "ta", "t") and is_int(v.ty):
                body.append("%s = 0;" % v.ref(key))  # delete
                body.append(prints(v, key))
            else:
                # increments inside expressions
                if is_int(v.ty):
                    body.append('printf("%%d %%d\\n", %s++, %s);' % (v.ref(key), v.ref(key)))
                else:
                    body.append(prints(v, key))
            if v.kind != "c":
                assigned.add(v.name)
        if arr and R.random() < 0.5:
            i = R.randint(0, arr[1] - 1)
            body.append("garr[%d] = %s;" % (i, lit(const())))
            body.append('printf("garr[%d]=%%d\\n", garr[%d]);' % (i, i))
        if R.random() < 0.3:
            ints = [v for v in vs if is_int(v.ty) and (v.explicit or v.name in assigned)]
            if ints:
                v = R.choice(ints)
                key = R.choice(keyset[v.name])
                pred = "%s %s %s" % (v.ref(key), R.choice(["==", "!=", "<", ">="]), lit(R.choice([0, 1, -1, 255])))
                if R.random() < 0.3:
                    pred = v.ref(key)
        clauses.append((pred, body))
    global THIS_VARS
    THIS_VARS = [v for v in vs if v.kind == "c"]
    return clauses

THIS_VARS = []
def this_inits():
    # this-> values are undefined at a probe's first clause (the Guide: the only D variables
    # not zero-filled), so every probe firing sets them first.
    b = []
    for v in THIS_VARS:
        if v.ty == "struct S":
            b += ["this->%s.a = 5;" % v.name, 'this->%s.b = "init";' % v.name, "this->%s.c = 7;" % v.name]
        elif v.ty == "string":
            b.append('this->%s = "init";' % v.name)
        elif v.ty == "ptr":
            b.append("this->%s = (int *)8;" % v.name)
        else:
            b.append("this->%s = 1;" % v.name)
    return b

def emit_clause(probe, pred, body):
    emit(probe)
    if pred:
        emit("/%s/" % pred)
    emit("{")
    for b in body:
        emit("\t" + b)
    emit("}")

if mode == "vars":
    cl = gen_vars()
    emit_clause("BEGIN", None, this_inits())
    nend = R.randint(0, 2)
    for i, (p, b) in enumerate(cl[:len(cl) - nend]):
        emit_clause("BEGIN", p, b)
    emit_clause("BEGIN", None, ['printf("begin done\\n");', "exit(0);"])
    if nend:
        emit_clause("END", None, this_inits())
    for (p, b) in cl[len(cl) - nend:]:
        emit_clause("END", p, b)
    emit('END { printf("end\\n"); }')
elif mode == "tick":
    n = R.randint(1, 5)
    cl = gen_vars()
    emit("int i;" if R.random() < 0.5 else "")
    emit_clause("BEGIN", None, ['printf("start\\n");'])
    emit_clause("tick-1ms", None, this_inits())
    for (p, b) in cl:
        pred = "i++ < %d" % n if R.random() < 0.5 else "i < %d" % n
        if p:
            pred = "(%s) && (%s)" % (pred, p)
        emit_clause("tick-1ms", pred, ['printf("tick i=%d\\n", i);'] + b)
    emit_clause("tick-1ms", "i >= %d" % n, ['printf("stop i=%d\\n", i);', "exit(0);"])
    emit_clause("tick-1ms", None, ["i++;"])
elif mode == "spec":
    nspec = R.randint(1, 4)
    if R.random() < 0.7:
        emit("#pragma D option nspec=%d" % nspec)
    else:
        nspec = 1
    ns = R.randint(1, 5)
    emit("BEGIN")
    emit("{")
    for k in range(ns):
        emit("\ts%d = speculation();" % k)
        emit('\tprintf("s%d=%%d\\n", s%d);' % (k, k))
    emit("}")
    ops = []
    for k in range(ns):
        for j in range(R.randint(1, 3)):
            ops.append(("spec", k, j))
        ops.append((R.choice(["commit", "discard"]), k))
    R.shuffle(ops)
    for op in ops:
        emit("BEGIN")
        if op[0] == "spec":
            emit("/s%d/" % op[1] if R.random() < 0.7 else "")
            emit("{")
            emit("\tspeculate(s%d);" % op[1])
            emit('\tprintf("spec s%d #%d\\n");' % (op[1], op[2]))
            if R.random() < 0.3:
                emit("\ttrace(s%d);" % op[1])
            emit("}")
        else:
            emit("/s%d/" % op[1] if R.random() < 0.7 else "")
            emit("{")
            emit("\t%s(s%d);" % (op[0], op[1]))
            emit("}")
    emit('BEGIN { printf("plain\\n"); }')
    emit("BEGIN { exit(0); }" if R.random() < 0.5 else
         'tick-1ms { exit(0); }')
    emit('END { printf("end\\n"); }')
elif mode == "err":
    kinds = ["g", "a", "t", "c", "ta"]
    k1 = R.choice(kinds); k2 = R.choice(kinds) if R.random() < 0.4 else k1
    t1 = R.choice(["int", "string", "char", "long", "int *", "uint8_t"])
    t2 = R.choice(["int", "string", "char", "long", "int *", "uint8_t"])
    def val(t):
        return {"int": "1", "string": '"s"', "char": "(char)1", "long": "1L",
                "int *": "(int *)0", "uint8_t": "(uint8_t)2"}[t]
    def ref(k, key):
        return {"g": "x", "a": "x[%s]" % key, "t": "self->x", "c": "this->x",
                "ta": "self->x[%s]" % key}[k]
    key1 = R.choice(["1", '"a"', "1, 2", '1, "b"'])
    key2 = key1 if R.random() < 0.6 else R.choice(["1", '"a"', "1, 2", '1, "b"', '"a", 1'])
    pre = []
    if R.random() < 0.4:
        p = {"g": "", "a": "", "t": "self ", "c": "this ", "ta": "self "}[k1]
        if k1 in ("a", "ta"):
            ks = ", ".join("string" if '"' in x else "int" for x in key1.split(", "))
            pre.append("%s%s x[%s];" % (p, t1, ks))
        else:
            pre.append("%s%s x;" % (p, t1))
    for l in pre:
        emit(l)
    if R.random() < 0.3:
        emit("")
    emit("BEGIN")
    emit("{")
    emit("\t%s = %s;" % (ref(k1, key1), val(t1)))
    emit("}")
    emit("")
    second = "BEGIN" if R.random() < 0.7 else "END"
    if second == "END":
        emit("BEGIN { exit(0); }")
    emit(second)
    emit("{")
    if R.random() < 0.5:
        emit("\ttrace(%s);" % ref(k2, key2))
    emit("\t%s = %s;" % (ref(k2, key2), val(t2)))
    emit("\texit(0);")
    emit("}")
if mode != "decl":
    print("\n".join(out))

if mode == "decl":
    TYS = ["int", "char", "string", "long long", "uint8_t", "int *", "struct S", "struct U",
           "void", "enum E", "short", "unsigned", "char *", "int64_t", "float", "struct S *"]
    emit("struct S { int a; char b; };")
    emit("enum E { E0, E1 = 5 };")
    t = R.choice(TYS)
    form = R.choice(["g", "g", "self", "this", "assoc", "selfassoc", "array", "array2",
                     "static", "extern", "init", "multi", "const", "register", "thisassoc"])
    keyt = ", ".join(R.choice(["int", "string", "char", "uint64_t", "struct S", "int *", "void"])
                     for _ in range(R.randint(1, 3)))
    nkeys = keyt.count(",") + 1
    decl = {"g": "%s x;", "self": "self %s x;", "this": "this %s x;",
            "assoc": "%s x[" + keyt + "];", "selfassoc": "self %s x[" + keyt + "];",
            "thisassoc": "this %s x[" + keyt + "];",
            "array": "%s x[3];", "array2": "%s x[2][3];", "static": "static %s x;",
            "extern": "extern %s x;", "init": "%s x = 1;", "multi": "%s x, y;",
            "const": "const %s x;", "register": "register %s x;"}[form] % t
    if R.random() < 0.15:
        emit(decl)
        decl2t = R.choice(TYS)
        emit(decl.replace(t, decl2t, 1) if R.random() < 0.5 else decl)
    else:
        emit(decl)
    ref = {"g": "x", "self": "self->x", "this": "this->x", "assoc": "x[%s]",
           "selfassoc": "self->x[%s]", "thisassoc": "this->x[%s]", "array": "x[%s]",
           "array2": "x[1][%s]", "static": "x", "extern": "x", "init": "x", "multi": "y",
           "const": "x", "register": "x"}[form]
    def key():
        if form in ("array", "array2"):
            return R.choice(["0", "2", "3", "-1", "i", '"a"'])
        n = nkeys if R.random() < 0.8 else R.randint(0, 3)
        return ", ".join(R.choice(["1", '"a"', "'c'", "(uint64_t)1", "(int *)0", "s", "1LL"])
                         for _ in range(n))
    if "%s" in ref:
        r = ref % key()
    else:
        r = ref if R.random() < 0.85 else R.choice(["x[1]", "self->x", "this->x", "x"])
    val = R.choice(["1", '"str"', "(char)2", "(int *)0", "s", "0", "x", "E1", "(uint8_t)300",
                    "1LL << 40", "&s", "s.a", "(struct S *)0"])
    use = R.choice(["%s = %s;" % (r, val), "trace(%s);" % r, "%s++;" % r, "--%s;" % r,
                    "%s += %s;" % (r, val), "trace(sizeof(%s));" % r, "trace(&%s);" % r,
                    "trace(%s.a);" % r, "trace(%s->a);" % r, "trace(*%s);" % r,
                    'printf("%%d\\n", %s);' % r, 'printf("%%s\\n", %s);' % r,
                    "%s = 0;" % r, "%s.a = 1;" % r, "trace(%s == %s);" % (r, val),
                    "trace(%s[0]);" % r, "trace(stringof(%s));" % r])
    emit("struct S s;")
    emit("BEGIN")
    emit("{")
    if R.random() < 0.4:
        emit("\t" + "%s = %s;" % (r, val))
    emit("\t" + use)
    if R.random() < 0.3:
        emit("\ttrace(%s);" % r)
    emit("\texit(0);")
    emit("}")
    print("\n".join(out))
