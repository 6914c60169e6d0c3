#!/usr/bin/env python3
"""genexpr_gen.py SEED N MODE -- one random D program of N typed expressions, for
tests/sh/genexpr.sh (issue 20: D's expressions checked differentially against DTrace for Linux).

MODE int: integer constants in every base and suffix and character constants, variables of
every integer width and signedness (globals, self->, this->, associative array elements,
struct members and bit-fields), casts to every integer type, unary - ~ ! +, every binary
operator, ?: with mixed-type arms, comma expressions, sizeof, op= and ++/-- inside larger
expressions. MODE ptr: alloca'd arrays of several element types read, written and compared
through pointers. MODE str: string variables and constants through ?:, comparisons, strjoin,
substr, strlen, index... (dtrace compiles those slowly: keep N small).

Each expression k is printed as printf("k: %d %u %x ", e, e, e); trace(e) (or "k: [%s] "
for a string), five to a BEGIN clause so that a fault abandons only its clause. With EXPRS
set, the expressions are written there one a line ("k<TAB>text").

Left out on purpose (dtrace bugs usdtrace does not follow, each seen on dtrace): signed
narrow struct members and alloca'd elements (dtrace loads them without sign extension),
++/-- of a bit-field (dtrace works on the whole storage unit), a divisor that may be 0 in an
unsigned division (dtrace checks only signed ones), a constant 0 on the right of op= to a
dynamic variable (dtrace deletes the variable), negative pointer differences (dtrace divides
them unsigned), string self-assignment (dtrace empties the string), toupper/tolower (not in
DTrace for Linux).
"""
import random, sys, os, re

seed = int(sys.argv[1]); N = int(sys.argv[2]) if len(sys.argv) > 2 else 40
MODE = sys.argv[3] if len(sys.argv) > 3 else "int"
R = random.Random(seed)

# name -> (bits, signed)
GTYPES = [("char", 8, 1), ("signed char", 8, 1), ("unsigned char", 8, 0), ("short", 16, 1),
          ("unsigned short", 16, 0), ("int", 32, 1), ("unsigned int", 32, 0), ("long", 64, 1),
          ("unsigned long", 64, 0), ("long long", 64, 1), ("unsigned long long", 64, 0),
          ("int8_t", 8, 1), ("uint8_t", 8, 0), ("int16_t", 16, 1), ("uint16_t", 16, 0),
          ("int32_t", 32, 1), ("uint32_t", 32, 0), ("int64_t", 64, 1), ("uint64_t", 64, 0),
          ("signed", 32, 1), ("unsigned", 32, 0), ("short int", 16, 1), ("long int", 64, 1),
          ("unsigned long int", 64, 0), ("signed long long", 64, 1)]
EDGES = [0, 1, 2, 3, 7, 100, 127, 128, 200, 255, 256, 300, 1000, 32767, 32768, 65535, 65536,
         2147483647, 2147483648, 4294967295, 4294967296, 9223372036854775807,
         9223372036854775808, 18446744073709551615, 0x123456789abcdef0, 12345, 99]

def lit(v):
    return str(v) + ("ULL" if v >= 1 << 63 else "")

def edge():
    v = R.choice(EDGES)
    if R.random() < 0.3: v = R.randrange(0, 1 << R.choice([8, 16, 32, 64]))
    return lit(v)

GLOBALS = []   # (name, type)
for idx, (t, b, s) in enumerate(GTYPES):
    GLOBALS.append(("g%d" % idx, t))
BF = [("bu3", "unsigned int", 3), ("bi5", "int", 5), ("bu33", "unsigned long long", 33),
      ("bi7", "long long", 7), ("bu1", "uint8_t", 1), ("bc4", "char", 4), ("bs12", "short", 12)]
# signed plain members left out: dtrace loads a global struct's members zero-extended
# (st.a = -1; (long long)st.a is 4294967295 there), a dtrace bug usdtrace does not follow
MEMB = [("ma", "unsigned int"), ("mb", "unsigned char"), ("mc", "uint16_t"), ("md", "unsigned long"),
        ("me", "uint8_t")]

def tinfo(t):
    for n, b, s in GTYPES:
        if n == t: return b, s
    raise KeyError(t)

SELF = [("s%d" % k, R.choice(GTYPES)[0]) for k in range(4)]
THIS = [("t%d" % k, R.choice(GTYPES)[0]) for k in range(4)]
ARR = [("a%d" % k, R.choice(GTYPES)[0]) for k in range(2)]

def const():
    c = R.random()
    if c < 0.12:
        chars = ["'a'", "'\\n'", "'\\0'", "'\\377'", "'\\x41'", "'ab'", "'\\\\'", "'\\t'",
                 "'\\''", "'\\200'", "'z'", "'\\x7f'", "'\\xff'", "'abcd'", "'\\e'", "'\\a'"]
        return R.choice(chars)
    v = int(edge().rstrip("ULL"))
    if R.random() < 0.5: v = R.choice([0, 1, 2, 3, 5, 8, 10, 31, 32, 33, 63, 64, 65, 100])
    form = R.random()
    if form < 0.5: s = str(v)
    elif form < 0.75: s = hex(v) if R.random() < 0.5 else "0X%X" % v
    else: s = "0%o" % v if v else "0"
    suf = R.choice(["", "", "", "", "u", "U", "l", "L", "ul", "UL", "ll", "LL", "ull",
                    "ULL", "uL", "uLL", "Ul"])
    if form < 0.5 and v >= 1 << 63 and "u" not in suf.lower(): suf = "u" + suf
    return s + suf

def castty():
    return R.choice(GTYPES)[0]

def lvalue():
    c = R.random()
    if c < 0.45: return R.choice(GLOBALS)[0]
    if c < 0.55: return "self->" + R.choice(SELF)[0]
    if c < 0.65: return "this->" + R.choice(THIS)[0]
    if c < 0.75:
        a = R.choice(ARR)[0]; return "%s[%d]" % (a, R.randrange(3))
    if c < 0.87: return "st." + R.choice(BF)[0]
    return "st." + R.choice(MEMB)[0]

BIN = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "^^", "<", "<=", ">",
       ">=", "==", "!="]

def expr(d):
    if d <= 0 or R.random() < 0.25:
        return lvalue() if R.random() < 0.65 else const()
    c = R.random()
    if c < 0.40:
        op = R.choice(BIN)
        l = expr(d - 1); r = expr(d - 1)
        if op in ("<<", ">>") and R.random() < 0.7:
            r = str(R.choice([0, 1, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 100]))
        if op in ("/", "%"):
            # dtrace checks for a zero divisor only in a signed division (dt_cg_arithmetic_op):
            # an unsigned x / 0 is BPF's 0 there, not the Guide's divide-by-zero fault, which
            # usdtrace keeps; so a divisor that may be 0 is in a signed division only
            if R.random() < 0.75: r = "(%s | 1)" % r
            else: return "((long long)(%s) %s (long long)(%s))" % (l, op, r)
        return "(%s %s %s)" % (l, op, r)
    if c < 0.52:
        return "%s(%s)" % (R.choice(["-", "~", "!", "+"]), expr(d - 1))
    if c < 0.64:
        return "(%s)(%s)" % (castty(), expr(d - 1))
    if c < 0.74:
        return "(%s ? %s : %s)" % (expr(d - 1), expr(d - 1), expr(d - 1))
    if c < 0.80:
        e = expr(d - 1)
        if e.startswith("st.b"): e = "(" + e + " + 0)"
        return "sizeof (%s)" % e if R.random() < 0.7 else "sizeof (%s)" % castty()
    if c < 0.90:
        op = R.choice(["+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=", "="])
        r = expr(d - 1)
        if op in ("/=", "%="): r = "(%s | 1)" % r  # see the note on / above
        if op in ("<<=", ">>="): r = str(R.choice([0, 1, 3, 8, 31, 33, 63]))
        lv = lvalue()
        # dtrace deletes a dynamic variable on op= of a constant 0 (docs/arithmetic.md: a
        # defect usdtrace does not follow): a constant right side is made non-zero there
        if (lv.startswith("self->") or lv.startswith("a")) and op != "=" and \
                not re.search(r"\b(g\d|self|this|st|a\d)", r):
            r = "(%s | 1)" % r
        return "(%s %s %s)" % (lv, op, r)
    if c < 0.96:
        lv = lvalue()
        # dtrace's ++/-- of a bit-field works on the whole container unit unmasked
        # (-1 in a short:12 ++ yields 4095, a second ++ 4096): a dtrace bug, not generated
        while lv.startswith("st.b"): lv = lvalue()
        return R.choice(["(%s++)", "(%s--)", "(++%s)", "(--%s)"]) % lv
    return "(%s, %s)" % (expr(d - 1), expr(d - 1))

SCONST = ['""', '"a"', '"abc"', '"abd"', '"ab"', '"hello world"', '"\\t"', '"zz"', '"A"', '"a\\0b"',
          '"\\101\\x42"', '"Zebra"', '"abc "', '"%d"', '"0123456789"']
SGLOB = ["gs%d" % k for k in range(4)]
SSELF = ["ss%d" % k for k in range(2)]
STHIS = ["ts%d" % k for k in range(2)]

def slvalue():
    c = R.random()
    if c < 0.5: return R.choice(SGLOB)
    if c < 0.65: return "self->" + R.choice(SSELF)
    if c < 0.8: return "this->" + R.choice(STHIS)
    return "sa[%d]" % R.randrange(3)

def small():
    c = R.random()
    if c < 0.5: return str(R.choice([0, 1, 2, 3, 5, 10, 11, 12, 100, -1, -2, -5, -11]))
    if c < 0.8: return R.choice(GLOBALS)[0]
    return sexpr_int(0)

def sexpr(d):
    """a string-typed expression"""
    if d <= 0 or R.random() < 0.3:
        return slvalue() if R.random() < 0.6 else R.choice(SCONST)
    c = R.random()
    if c < 0.25: return "(%s ? %s : %s)" % (sexpr_int(d - 1), sexpr(d - 1), sexpr(d - 1))
    if c < 0.40: return "strjoin(%s, %s)" % (sexpr(d - 1), sexpr(d - 1))
    if c < 0.52:
        if R.random() < 0.5: return "substr(%s, %s)" % (sexpr(d - 1), small())
        return "substr(%s, %s, %s)" % (sexpr(d - 1), small(), small())
    if c < 0.58: return "stringof(%s)" % sexpr(d - 1)
    if c < 0.66: return "lltostr(%s)" % expr(d - 1)
    # toupper/tolower: the Guide has them, DTrace for Linux does not ("undefined function name")
    if c < 0.74: return sexpr(d - 1)
    if c < 0.80:
        # dtrace empties a string variable assigned itself (b = b: b is "" after, and the
        # assignment's value is ""): a dtrace bug, so no self-assignment is generated
        lv, rv = slvalue(), sexpr(d - 1)
        return "(%s = %s)" % (lv, rv) if lv != rv else rv
    if c < 0.86: return "strtok(%s, %s)" % (sexpr(d - 1), R.choice(['" "', '"b"', '","', '""']))
    if c < 0.92: return "basename(%s)" % sexpr(d - 1) if R.random() < 0.5 else "dirname(%s)" % sexpr(d - 1)
    return sexpr(d - 1)

def sexpr_int(d):
    """an int-typed expression over strings"""
    c = R.random()
    if d <= 0 or c < 0.3: return "strlen(%s)" % sexpr(d - 1)
    if c < 0.6: return "(%s %s %s)" % (sexpr(d - 1), R.choice(["<", "<=", ">", ">=", "==", "!="]), sexpr(d - 1))
    if c < 0.7: return "%s(%s, %s)" % (R.choice(["index", "rindex"]), sexpr(d - 1), sexpr(d - 1))
    if c < 0.78: return "(%s %s %s)" % (sexpr_int(d - 1), R.choice(BIN[:3] + BIN[7:]), expr(d - 1))
    if c < 0.85: return "!(%s)" % sexpr_int(d - 1)
    if c < 0.92: return "(%s ? %s : %s)" % (sexpr(d - 1) + " == " + sexpr(d - 1), sexpr_int(d - 1), expr(d - 1))
    return "strlen(%s) + sizeof (%s)" % (sexpr(d - 1), sexpr(d - 1))

# narrow signed element types left out: dtrace loads from alloca'd (and its own) memory
# without sign extension (dt_cg_node DT_TOK_DEREF: BPF_LOAD, no dt_cg_promote), so an int
# -5 there reads 4294967291; a dtrace bug (kernel memory is sign-extended) usdtrace does
# not follow
PTRS = [("p", "unsigned int", 4), ("c", "uint8_t", 1), ("l", "long", 8), ("s", "unsigned short", 2),
        ("u", "unsigned char", 1), ("w", "uint16_t", 2)]
NEL = 4

def pidx():
    c = R.random()
    if c < 0.6: return str(R.randrange(NEL))
    return "(%s & 3)" % R.choice(GLOBALS)[0]

def pexpr(d, name=None):
    """a pointer into one alloca'd array: (text, array name)"""
    name = name or R.choice(PTRS)[0]
    c = R.random()
    base = "this->" + name
    if d <= 0 or c < 0.4: return base, name
    if c < 0.6: return "(%s + %s)" % (base, R.randrange(NEL)), name
    if c < 0.7: return "&%s[%s]" % (base, pidx()), name
    if c < 0.8: return "(%s ? %s : %s)" % (expr(d - 1), base, "(%s + 1)" % base), name
    if c < 0.9: return "((%s *)%s)" % (dict((n, t) for n, t, _ in PTRS)[name], base), name
    return "(%s - 0)" % base, name

def pexpr_int(d):
    c = R.random()
    if d <= 0 or c < 0.25:
        n = R.choice(PTRS)[0]
        return R.choice(["this->%s[%s]" % (n, pidx()), "*(this->%s + %s)" % (n, pidx()), "*this->%s" % n])
    if c < 0.4:
        # dtrace divides a pointer difference by the element size unsigned (dt_cg_ptrsize:
        # BPF_DIV), so a negative one is garbage there (this->l - (this->l + 2) is
        # 2305843009213693950, a dtrace bug): only differences >= 0 are generated
        n = R.choice(PTRS)[0]; i = R.randrange(NEL); j = R.randrange(i, NEL)
        return "((this->%s + %d) - (this->%s + %d))" % (n, j, n, i) if R.random() < 0.5 else \
            "(&this->%s[%d] - this->%s)" % (n, j, n)
    if c < 0.5:
        a, n = pexpr(d - 1); b, _ = pexpr(d - 1, n)
        return "(%s %s %s)" % (a, R.choice(["<", "<=", ">", ">=", "==", "!="]), b)
    if c < 0.58:
        a, n = pexpr(d - 1)
        return R.choice(["!%s", "(%s != NULL)", "(%s ? 1 : 2)", "(%s && 1)"]) % a
    if c < 0.66:
        n = R.choice(PTRS)[0]
        return R.choice(["(this->%s[%s] %s %s)" % (n, pidx(), R.choice(["+=", "-=", "|=", "^=", "*=", "="]), expr(d - 1)),
                         # (a prefix ++/-- of an alloca'd element fails dtrace's BPF
                         # verifier: "Permission denied", a dtrace bug)
                         "(this->%s[%s]++)" % (n, pidx()), "(this->%s[%s]--)" % (n, pidx()),
                         "(*(this->%s + %s) = %s)" % (n, R.randrange(NEL), expr(d - 1))])
    if c < 0.72:
        a, n = pexpr(d - 1)
        return R.choice(["sizeof (*%s)" % a, "sizeof (%s)" % a, "sizeof (this->%s[0])" % n])
    if c < 0.8:
        a, n = pexpr(d - 1)
        return "((uintptr_t)(%s) - (uintptr_t)this->%s)" % (a, n)
    if c < 0.88:
        return "(%s %s %s)" % (pexpr_int(d - 1), R.choice(BIN[:3] + BIN[7:]), expr(d - 1))
    if c < 0.94:
        # reinterpret the bytes of one array through another type
        src = R.choice(PTRS)[0]; t = R.choice(["unsigned char", "uint8_t", "unsigned short", "uint16_t"])
        return "*((%s *)this->%s + %d)" % (t, src, R.randrange(2))
    return pexpr_int(d - 1)

def gen_program():
    """-> (header lines, [(this-inits, [exprs])])"""
    hdr = []
    hdr.append("struct gst { %s %s };" % (" ".join("%s %s;" % (t, n) for n, t in MEMB),
               " ".join("%s %s : %d;" % (t, n, w) for n, t, w in BF)))
    hdr.append("struct gst st;")
    for n, t in GLOBALS: hdr.append("%s %s;" % (t, n))
    for n, t in SELF: hdr.append("self %s %s;" % (t, n))
    if MODE == "str":
        for n in SGLOB: hdr.append("string %s;" % n)
    hdr.append("BEGIN {")
    if MODE == "str":
        for n in SGLOB: hdr.append("  %s = %s;" % (n, R.choice(SCONST)))
        for n in SSELF: hdr.append("  self->%s = %s;" % (n, R.choice(SCONST)))
        for k in range(3): hdr.append("  sa[%d] = %s;" % (k, R.choice(SCONST)))
    for n, t in GLOBALS: hdr.append("  %s = %s;" % (n, edge()))
    for n, t in SELF: hdr.append("  self->%s = (%s)%s;" % (n, t, edge()))
    for n, t in ARR:
        for k in range(3): hdr.append("  %s[%d] = (%s)%s;" % (n, k, t, edge()))
    for n, t in MEMB: hdr.append("  st.%s = %s;" % (n, edge()))
    for n, t, w in BF: hdr.append("  st.%s = %s;" % (n, edge()))
    hdr.append("}")
    clauses = []
    for k in range(N):
        if k % 5 == 0:
            clauses.append((["  this->%s = (%s)%s;" % (n, t, edge()) for n, t in THIS] +
                            (["  this->%s = %s;" % (n, R.choice(SCONST)) for n in STHIS] if MODE == "str" else []) +
                            (["  this->%s = (%s *)alloca(%d);" % (n, t, sz * NEL) for n, t, sz in PTRS] +
                             ["  this->%s[%d] = %s;" % (n, k, edge()) for n, t, sz in PTRS for k in range(NEL)]
                             if MODE == "ptr" else []), []))
        d = R.choice([1, 2, 2, 3, 3, 4])
        if MODE == "ptr":
            clauses[-1][1].append((k, ("i", pexpr_int(d))))
        elif MODE == "str":
            clauses[-1][1].append((k, ("s", sexpr(d)) if R.random() < 0.5 else ("i", sexpr_int(d))))
        else:
            clauses[-1][1].append((k, ("i", expr(d))))
    return hdr, clauses

def emit(hdr, clauses, keep):
    out = list(hdr)
    for inits, exprs in clauses:
        sel = [(k, e) for k, e in exprs if k in keep]
        if not sel: continue
        out.append("BEGIN {")
        out.extend(inits)
        for k, (kind, e) in sel:
            if kind == "s":
                out.append('  printf("%d: [%%s] ", %s); trace(%s); printf("\\n");' % (k, e, e))
            else:
                out.append('  printf("%d: %%d %%u %%x ", %s, %s, %s); trace(%s); printf("\\n");' % (k, e, e, e, e))
        out.append("}")
    out.append("BEGIN { exit(0); }")
    return "\n".join(out) + "\n"

if __name__ == "__main__":
    hdr, clauses = gen_program()
    keep = set(range(N))
    if os.environ.get("KEEP"): keep = set(int(x) for x in os.environ["KEEP"].split(","))
    sys.stdout.write(emit(hdr, clauses, keep))
    if os.environ.get("EXPRS"):
        with open(os.environ["EXPRS"], "w") as f:
            for inits, exprs in clauses:
                for k, (kind, e) in exprs: f.write("%d\t%s\n" % (k, e))
