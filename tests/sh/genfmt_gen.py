#!/usr/bin/env python3
"""genfmt_gen.py SEED MODE [N] -- seeded generator of D BEGIN programs exercising printf(),
trace() and tracemem() output formatting (issue 20, genfmt sweep; tests/sh/genfmt.sh runs it).

MODE ok:       one program, N printf() statements whose arguments suit their conversions
               (so one compile error does not hide the rest); stdout is the program.
MODE wild:     N statements, each to be run alone (header lines plus that statement):
               conversions, size prefixes and arguments picked at random, including
               mismatches, unknown conversions, too few / too many arguments.
MODE trace:    one program of N trace() statements of every type.
MODE tracemem: one program of N tracemem() statements.
MODE strsize:  one program (first line is a comment with the -x strsize value) of %s of long
               strings.
Each statement of a one-program mode is on its own line inside BEGIN, so a differing program
can be bisected statement by statement (the header lines start with '/*H*/'); each printed
line starts with its statement's number.

Where DTrace for Linux differs from the Guide or fails, the generator steers clear (or the
test keeps to seeds that avoid it):
  - %a/%A of an integer narrower than 8 bytes aborts dtrace ("Data record list does not match
    statement"): they get pointers and 64-bit integers;
  - a negative enumerator prints unsigned in dtrace (d/ok/enum_values follows the Guide);
  - dtrace loads a signed struct member (gs.s, gs.a) zero-extended before a cast widens it:
    (long long)gs.s of -32477 prints 33059;
  - dtrace refuses a bit-field under a conversion typed by a C type (%llu of an unsigned long
    long : 40 is "incompatible" with unsigned long long);
  - stringof() of an integer is "" in dtrace, a fault at that address in usdtrace;
  - dtrace has no strtol()/toupper(), and &global is "address of dynamic variable".
"""
import random
import sys

seed = int(sys.argv[1])
mode = sys.argv[2]
N = int(sys.argv[3]) if len(sys.argv) > 3 else 30
R = random.Random(seed * 7919 + sum(map(ord, mode)))

# --- typed variables: name, D type, kind (s signed int, u unsigned int, e enum, p pointer,
#     str string, arr char array), size in bytes
INTS = [
    ("char", 1, True), ("signed char", 1, True), ("unsigned char", 1, False),
    ("short", 2, True), ("unsigned short", 2, False), ("int", 4, True),
    ("unsigned int", 4, False), ("long", 8, True), ("unsigned long", 8, False),
    ("long long", 8, True), ("unsigned long long", 8, False),
    ("int8_t", 1, True), ("uint8_t", 1, False), ("int16_t", 2, True), ("uint16_t", 2, False),
    ("int32_t", 4, True), ("uint32_t", 4, False), ("int64_t", 8, True), ("uint64_t", 8, False),
]


def edge(size, signed):
    bits = size * 8
    lo = -(1 << (bits - 1)) if signed else 0
    hi = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
    return R.choice([0, 1, -1 if signed else 2, lo, hi, lo + 1 if signed else 10, hi - 1,
                     R.randint(lo, hi), R.randint(-300, 300) if signed else R.randint(0, 300),
                     65, 97, 10])


def lit(v, size, signed):
    # a constant of the value in the right type, through a cast
    if v == -(1 << 63):
        return "(%s)(-9223372036854775807 - 1)" % ty_of(size, signed)
    if v < 0:
        return "(%s)(%d)" % (ty_of(size, signed), v)
    if v >= (1 << 63):
        return "(%s)%dULL" % (ty_of(size, signed), v)
    return "(%s)%d" % (ty_of(size, signed), v)


def ty_of(size, signed):
    return {(1, True): "signed char", (1, False): "unsigned char", (2, True): "short",
            (2, False): "unsigned short", (4, True): "int", (4, False): "unsigned int",
            (8, True): "long long", (8, False): "unsigned long long"}[(size, signed)]


STRS = ["", "hello", "a b\tc", "with\\nnewline", "quote\\\"d", "back\\\\slash", "bell\\a",
        "oct\\101\\102", "hex\\x41", "percent %d inside", "long-" + "x" * 70,
        "\\033[1m", "tab\\tend", "é"]

header = []
assigns = []
vars_int = []   # (expr, size, signed)
vars_ptr = []
vars_str = []
vars_arr = []
vars_enum = []


def build_header():
    header.append("enum gfe { GF_A, GF_B = 5, GF_C = -3, GF_D = 2147483647 };")
    header.append("struct gfs { int a; unsigned int b : 3; int c : 5; long l; "
                  "unsigned char uc; char arr[8]; unsigned long long bf : 40; short s; };")
    header.append("struct gfs gs;")
    header.append("char garr[12];")
    header.append("enum gfe ge;")
    for i, (t, sz, sg) in enumerate(INTS):
        v = edge(sz, sg)
        if t == "char":
            v = R.choice([65, 0, -1, 127, -128, 10, 97, 48])
        header.append("%s gv%d;" % (t, i))
        assigns.append("gv%d = %s;" % (i, lit(v, sz, sg)))
        vars_int.append(("gv%d" % i, sz, sg, t))
        # the same value in a clause-local
        assigns.append("this->tv%d = (%s)gv%d;" % (i, t, i))
        vars_int.append(("this->tv%d" % i, sz, sg, t))
    a = R.randint(-2 ** 31, 2 ** 31 - 1)
    assigns.append("gs.a = %d;" % a)
    vars_int.append(("gs.a", 4, True, "int"))
    assigns.append("gs.b = %d;" % R.randint(0, 20))
    vars_int.append(("gs.b", 4, False, "unsigned int:3"))
    assigns.append("gs.c = %d;" % R.randint(-20, 20))
    vars_int.append(("gs.c", 4, True, "int:5"))
    assigns.append("gs.l = %d;" % R.randint(-2 ** 63, 2 ** 63 - 1))
    vars_int.append(("gs.l", 8, True, "long"))
    assigns.append("gs.uc = %d;" % R.randint(0, 255))
    vars_int.append(("gs.uc", 1, False, "unsigned char"))
    assigns.append("gs.bf = %dULL;" % R.randint(0, 2 ** 41))
    vars_int.append(("gs.bf", 8, False, "ull:40"))
    assigns.append("gs.s = %d;" % R.randint(-40000, 40000))
    vars_int.append(("gs.s", 2, True, "short"))
    word = R.choice(["hi", "abcdefg", "", "x"])
    for k, ch in enumerate(word):
        assigns.append("gs.arr[%d] = '%s';" % (k, ch))
    assigns.append("gs.arr[%d] = 0;" % len(word))
    word = R.choice(["yes", "abcdefghijk", "", "Q"])
    for k, ch in enumerate(word):
        assigns.append("garr[%d] = '%s';" % (k, ch))
    assigns.append("garr[%d] = 0;" % len(word))
    vars_arr.extend(["gs.arr", "garr"])
    assigns.append("ge = %s;" % R.choice(["GF_A", "GF_B", "GF_D"]))
    vars_enum.extend(["ge", "GF_A", "GF_B", "GF_D", "(enum gfe)7"])  # no negative enumerator: dtrace prints it unsigned (enum_values.d)
    for k, s in enumerate(R.sample(STRS, 4)):
        assigns.append('gstr%d = "%s";' % (k, s))
        vars_str.append("gstr%d" % k)
    assigns.append("this->p = (int *)%s;" % R.choice(["0", "1", "0xffff", "0xffffffff81000000",
                                                     "0x7fffdeadbeef"]))
    vars_ptr.extend(["this->p", "(char *)0", "NULL", "(void *)-1",
                     "(uintptr_t)0xffffffff00000000"])


def int_arg():
    r = R.random()
    if r < 0.55:
        e, sz, sg, t = R.choice(vars_int)
        return e, sz, sg
    if r < 0.7:
        sz, sg = R.choice([(1, True), (1, False), (2, True), (2, False), (4, True), (4, False),
                           (8, True), (8, False)])
        v = edge(sz, sg)
        return lit(v, sz, sg), sz, sg
    if r < 0.8:
        v = R.choice([0, 1, -1, 42, -42, 255, 256, 65535, 2147483647, -2147483648, 4294967295,
                      4294967296, 9223372036854775807, 1234567])
        sz = 4 if -2 ** 31 <= v < 2 ** 31 else 8
        if v == 4294967295:
            return "4294967295", 8, True
        return str(v), sz, True
    if r < 0.85:
        return R.choice(["'a'", "'\\n'", "'\\0'", "'\\377'", "'%'"]), 4, True
    if r < 0.92:
        return R.choice(["strlen(gstr0)", "strlen(\"abc\")", "sizeof(gs)", "sizeof(int)",
                         "(int)strlen(gstr1) - 100",
                         "ge + 1", "gv5 * 2", "gv7 >> 3", "-gv9", "~gv3", "!gv0"]), 8, True
    e = R.choice(vars_enum)
    return e, 4, True


def str_arg():
    r = R.random()
    if r < 0.3:
        return R.choice(vars_str)
    if r < 0.55:
        return '"%s"' % R.choice(STRS)
    if r < 0.7:
        return R.choice(vars_arr)
    if r < 0.8:
        return R.choice(["strjoin(gstr0, gstr1)", "substr(\"abcdef\", 2)",
                         "lltostr(gv7)", "stringof(gs.arr)",
                         "basename(\"/a/b/c\")", "strchr(\"abcabc\", 'c')"])
    if r < 0.9:
        return 'probename'
    return R.choice(["probefunc", "probemod", "probeprov", "(string)gstr3"])


FLAGS = "-+ #0'"


def flags():
    r = R.random()
    if r < 0.4:
        return ""
    n = R.choice([1, 1, 1, 2, 2, 3, 4])
    return "".join(R.choice(FLAGS) for _ in range(n))


def width(args):
    r = R.random()
    if r < 0.4:
        return ""
    if r < 0.7:
        return str(R.choice([1, 2, 3, 5, 8, 10, 12, 16, 20, 25]))
    if r < 0.8:
        return str(R.choice([0, 30, 40, 64, 100, 200]))
    args.append(R.choice(["5", "-5", "0", "12", "-12", "1", "40", "(int)gv0", "gs.c"]))
    return "*"


def prec(args):
    r = R.random()
    if r < 0.5:
        return ""
    if r < 0.6:
        return "."
    if r < 0.85:
        return "." + str(R.choice([0, 1, 2, 3, 5, 8, 10, 20, 50]))
    args.append(R.choice(["3", "-3", "0", "8", "1", "25", "-1"]))
    return ".*"


def conv_ok():
    """(spec, args, kind) for a conversion with an argument that suits it."""
    args = []
    f = flags()
    w = width(args)
    p = prec(args)
    c = R.choice(["d", "i", "o", "u", "x", "X", "c", "s", "S", "p", "a", "Y", "T", "%",
                  "hd", "hu", "hx", "hX", "ho", "hi", "ld", "lu", "lx", "lX", "lo", "li",
                  "lld", "llu", "llx", "llX", "llo", "lli", "C",
                  "d", "d", "x", "s", "s", "u"])
    if c == "%":
        if R.random() < 0.7:
            return "%%", []
        return "%%", []
    spec = "%" + f + w + p + c
    if c in ("s", "S"):
        return spec, args + [str_arg()]
    if c == "p" or c in ("a", "A"):
        # dtrace aborts on %a/%A of an integer narrower than 8 bytes (a dtrace bug: "Data
        # record list does not match statement"), so give them pointers or 64-bit integers
        if R.random() < 0.6 or c != "p":
            return spec, args + [R.choice(vars_ptr + ["gv9", "gv10", "gs.l", "0", "1ULL"])]
    if c in ("Y", "T"):
        return spec, args + [R.choice(["(int64_t)0", "(int64_t)1700000000000000000",
                                       "(int64_t)86400000000000", "gv17", "(uint64_t)gv18"])]
    # the conversions typed by a C type want that type exactly (ctf_type_compat)
    # h, l and ll: d and i take the signed type, u and o the unsigned one, x and X the signed
    for pre, signed, unsigned in (("h", "short", "unsigned short"), ("l", "long", "unsigned long"),
                                  ("ll", "long long", "unsigned long long")):
        if c[:-1] == pre and c[-1] in "diuoxX":
            e, sz, sg = int_arg()
            return spec, args + ["(" + (unsigned if c[-1] in "uo" else signed) + ")(" + e + ")"]
    e, sz, sg = int_arg()
    if c in ("c", "C") and sz > 4:
        e = "(int)(" + e + ")"
    return spec, args + [e]


TEXT = ["", "", "", "x=", " | ", "[", "]", "\\t", "a\\\\b", "\\\"q\\\"", "\\101", "é",
        "\\x7e", "{ }", "::", "-"]


def printf_stmt(idx):
    parts = []
    args = []
    n = R.choice([0, 1, 1, 2, 2, 3, 4, 6])
    for _ in range(n):
        parts.append(R.choice(TEXT))
        s, a = conv_ok()
        parts.append(s)
        args.extend(a)
    parts.append(R.choice(TEXT))
    fmt = "%d:" % idx + "".join(parts) + "\\n"
    return 'printf("%s"%s);' % (fmt, "".join(", " + a for a in args))


def program(stmts, extra_header=()):
    lines = ["/*H*/" + h for h in header] + ["/*H*/" + h for h in extra_header]
    lines.append("/*H*/BEGIN {")
    lines += ["/*H*/\t" + a for a in assigns]
    lines += ["\t" + s for s in stmts]
    lines.append("/*H*/\texit(0);")
    lines.append("/*H*/}")
    return "\n".join(lines) + "\n"


build_header()
if mode == "ok":
    for h in range(4):
        header.append("string gstr%d;" % h)
    print(program([printf_stmt(i) for i in range(N)]), end="")
elif mode == "wild":
    for h in range(4):
        header.append("string gstr%d;" % h)
    out = []
    for i in range(N):
        args = []
        parts = []
        n = R.choice([1, 1, 2])
        for _ in range(n):
            f = flags()
            w = width(args)
            p = prec(args)
            sz = R.choice(["", "", "", "h", "hh", "l", "ll", "L", "z", "t", "j", "w", "lll",
                           "hl"])
            c = R.choice(list("aAcCdeEfFgGiopsSuxXYTk%nmbBqrvyzZ@$?") + ["ls", "ws", "wc"])
            parts.append("%" + f + w + p + sz + c)
        fmt = "".join(parts) + "\\n"
        nargs = len(args) + n + R.choice([0, 0, 0, 0, -1, 1, 2])
        al = list(args)
        while len(al) < nargs:
            k = R.random()
            if k < 0.5:
                al.append(int_arg()[0])
            elif k < 0.7:
                al.append(str_arg())
            elif k < 0.8:
                al.append(R.choice(vars_ptr))
            elif k < 0.87:
                al.append(R.choice(["gs", "&gs", "stack()", "ustack()", "(float)1",
                                    "curthread"]))
            else:
                al.append(R.choice(vars_enum))
        al = al[:max(nargs, 0)]
        out.append('printf("%s"%s);' % (fmt, "".join(", " + a for a in al)))
    print(program(out), end="")
elif mode == "trace":
    for h in range(4):
        header.append("string gstr%d;" % h)
    st = []
    for i in range(N):
        r = R.random()
        if r < 0.5:
            a = int_arg()[0]
        elif r < 0.75:
            a = str_arg()
        elif r < 0.85:
            a = R.choice(vars_ptr)
        else:
            a = R.choice(vars_enum + ["gs", "gs.arr", "garr"])
        st.append('printf("%d:"); trace(%s); printf("\\n");' % (i, a))
    print(program(st), end="")
elif mode == "tracemem":
    for h in range(4):
        header.append("string gstr%d;" % h)
    st = []
    for i in range(N):
        # stay inside the object (what follows garr differs between the two tracers)
        a, room = R.choice([("garr", 12), ("gs.arr", 23), ("&garr[2]", 10), ("&gs.arr[1]", 22),
                            ("&garr[11]", 1), ("(char *)gs.arr", 23), ("(uint64_t *)garr", 12),
                            ("(int *)&garr[1]", 11)])
        size = R.choice([k for k in (1, 2, 4, 7, 8, 10, 12, 15, 16, 17, 22, 23) if k <= room])
        if R.random() < 0.4:
            dyn = R.choice(["0", "1", "3", "SIZE", "5", "-1", "100", "gv0", "sizeof(gs)",
                            "gv5", "(char)300", "gs.b"])
            dyn = dyn.replace("SIZE", str(size))
            st.append('printf("%d:\\n"); tracemem(%s, %d, %s);' % (i, a, size, dyn))
        else:
            st.append('printf("%d:\\n"); tracemem(%s, %d);' % (i, a, size))
    print(program(st), end="")
elif mode == "strsize":
    for h in range(4):
        header.append("string gstr%d;" % h)
    sz = R.choice([2, 3, 5, 8, 16, 17, 32, 64])
    st = []
    for i in range(N):
        s, a = conv_ok()
        s = "%" + R.choice(["", "-", "10", "-20", ".3", "30.5", "*", ".*"]).replace("*", "")
        a = str_arg()
        st.append('printf("%d:[%ss]\\n", %s);' % (i, s, a))
    print("/*X strsize=%d*/" % sz)
    print(program(st), end="")
