#!/usr/bin/env python3
"""genact_gen.py SEED MODE -> a D program on stdout (reproducible from SEED), for genact.sh:
the recording actions (trace, tracemem, print, exit) and the default output around them.

Modes:
  rec   - BEGIN clauses (one to four) each with none to four recording actions: trace() of
          integers of every width and sign, char, enumerators and enum variables, typedef'd
          integers, pointers, inet types (ipaddr_t), strings (empty, short, long against
          strsize), char arrays, int arrays, structs, unions and arrays of structs (globals,
          D-declared types); tracemem() of global arrays with a constant size and with the
          3-arg dynamic size; one print() of an alloca()d D-declared value; printf() between
          them; an END clause now and then. The header may set, by #pragma D option, quiet,
          rawbytes and strsize (the caller adds -q, -x strsize, -x [no]rawbytes or -x
          [no]quiet for some runs: the first line names the flags, /*F ...*/). The last
          BEGIN clause exits. Without quiet, each clause prints its probe line (the CPU
          column is each run's own: genact.sh masks it). Under rawbytes no strings (below).
  print - print() of pointers to D-declared structs and unions (a clause each), integers
          and enums: nested structs, arrays of integers, chars and structs as members,
          typedef'd and pointer members, every member stored (dtrace's alloca() memory is not
          cleared), most with seeded values, the rest zero (which print() leaves out).
  exit  - exit() of a value of every kind (0..255, negative, past 255, past 32 bits, of each
          integer type, an enumerator, a global, an expression), in BEGIN, in a later clause
          or in END, with records before and after it, exit() twice (the first one counts).
  err   - one misuse, or two in a row (which is reported), of trace(), tracemem(), print()
          and exit(): void values, aggregations, stack() values, the wrong number of
          arguments, non-constant or non-positive sizes, a size of the wrong type, an
          argument of the wrong type; the rest of the program is valid.

Left out on purpose (DTrace for Linux departs from the Guide, or from itself):
  - print() through a cast to a pointer to a typedef's name: dtrace names the type after
    whichever pointer type its CTF container already holds ((myint *)p prints (int), (s_t *)p
    prints (struct s) once a struct s * exists, (s_t) otherwise), an accident of libctf's
    pointer lookup, not a rule of D; typedef'd members are printed under their names by both;
  - a cast to a pointer to an array ((int (*)[3])p): dtrace reads it as int *[3];
  - tracemem() of an unreadable address (NULL, 1): dtrace prints zeros, the Guide faults;
    tracemem() of alloca() memory: dtrace prints zeros, not the bytes stored there (the
    generator traces global arrays instead);
  - print() of an empty string constant, print(""): dtrace reads the 256 bytes from its string
    table, past the constant's end, and prints what follows it there;
  - trace() of a struct in a self-> or this-> variable never assigned: dtrace faults on the
    NULL behind it (a dynamic-variable matter, not trace()'s);
  - print() of bit-fields and of bool members (dtrace mishandles both, see genkern_gen.py);
  - an enum as a member of a D struct or union: dtrace lays it out as 0 bytes (the next
    member at its offset: struct { enum e b; int c; } is of size 4, and print() shows the
    enum's value again as the next member's);
  - under rawbytes, trace() of strings: a string is strsize bytes shown whole, and dtrace's
    bytes past a constant's end are those of its string table;
  - -x nolibs: dtrace aborts on nearly every program without its D library (an assertion in
    dt_cg.c); nolibs changes no output, so the runs leave it out;
  - trace() of alloca() pointers and print()'s first line (an address of each run's own):
    genact.sh masks print()'s address.
"""
import random
import sys

seed = int(sys.argv[1])
mode = sys.argv[2]
R = random.Random(seed * 7919 + sum(map(ord, mode)))

# --- the scalar types: name, size in bytes, signed ----------------------------------------
INTS = [
    ("char", 1, True), ("signed char", 1, True), ("unsigned char", 1, False),
    ("short", 2, True), ("unsigned short", 2, False), ("int", 4, True),
    ("unsigned int", 4, False), ("long", 8, True), ("unsigned long", 8, False),
    ("long long", 8, True), ("unsigned long long", 8, False), ("int8_t", 1, True),
    ("uint8_t", 1, False), ("int16_t", 2, True), ("uint16_t", 2, False), ("int32_t", 4, True),
    ("uint32_t", 4, False), ("int64_t", 8, True), ("uint64_t", 8, False),
    ("ga_i32", 4, True), ("ga_u8", 1, False), ("ga_ll", 8, True), ("ipaddr_t", 4, False),
]
TYPEDEFS = ["typedef int ga_i32;", "typedef unsigned char ga_u8;", "typedef long long ga_ll;"]
ENUMS = ["enum ga_e { GA_A, GA_B = 5, GA_C = 100, GA_D = 2147483647 };",
         "enum ga_f { GA_X = -1, GA_Y, GA_Z = 255 };"]
ENUMERATORS = ["GA_A", "GA_B", "GA_C", "GA_D", "GA_Y", "GA_Z"]


def value(size, signed):
    """A value of the type: edges, small numbers, printable chars and random ones."""
    bits = size * 8
    lo = -(1 << (bits - 1)) if signed else 0
    hi = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
    return R.choice([0, 1, lo, hi, 65, 97, 10, 32, 126, R.randint(lo, hi),
                     R.randint(-300, 300) if signed else R.randint(0, 300)])


def lit(v, tname):
    """The value as a D constant cast to type tname."""
    if v == -(1 << 63):
        return "(%s)(-9223372036854775807LL - 1)" % tname
    if v >= 1 << 63:
        return "(%s)%dULL" % (tname, v)
    if v < 0:
        return "(%s)(%d)" % (tname, v)
    return "(%s)%d" % (tname, v)


# --- D-declared aggregate types ------------------------------------------------------------
# A member: (name, kind, detail): kind int (detail = INTS entry), enum (enum name), ptr (C type),
# carr (length), iarr ((INTS entry, length)), struct (struct name), sarr ((struct, length))
STRUCTS = {}   # name -> ("struct"|"union", [members])
ENUM_MEMBERS = False   # dtrace lays enum members out as 0 bytes (docstring)
ORDER = []


def make_struct(depth):
    name = "ga_s%d" % len(ORDER)
    kind = "union" if R.random() < 0.25 else "struct"
    members = []
    for k in range(R.randint(1, 5)):
        r = R.random()
        mn = "m%d" % k
        if r < 0.4:
            members.append((mn, "int", R.choice(INTS)))
        elif r < 0.5 and ENUM_MEMBERS:
            members.append((mn, "enum", R.choice(["ga_e", "ga_f"])))
        elif r < 0.58:
            members.append((mn, "ptr", R.choice(["void *", "int *", "char *"])))
        elif r < 0.7:
            members.append((mn, "carr", R.choice([1, 3, 8, 12])))
        elif r < 0.8:
            members.append((mn, "iarr", (R.choice(INTS), R.choice([1, 2, 3, 5]))))
        elif depth < 2 and ORDER:
            inner = R.choice(ORDER)
            if R.random() < 0.6:
                members.append((mn, "struct", inner))
            else:
                members.append((mn, "sarr", (inner, R.choice([1, 2]))))
        else:
            members.append((mn, "int", R.choice(INTS)))
    STRUCTS[name] = (kind, members)
    ORDER.append(name)
    return name


def tag(sname):
    return "%s %s" % (STRUCTS[sname][0], sname)


def decl(mn, kind, d):
    if kind == "int":
        return "%s %s;" % (d[0], mn)
    if kind == "enum":
        return "enum %s %s;" % (d, mn)
    if kind == "ptr":
        return "%s%s;" % (d, mn)
    if kind == "carr":
        return "char %s[%d];" % (mn, d)
    if kind == "iarr":
        return "%s %s[%d];" % (d[0][0], mn, d[1])
    if kind == "struct":
        return "%s %s;" % (tag(d), mn)
    return "%s %s[%d];" % (tag(d[0]), mn, d[1])


def struct_text(sname):
    kind, members = STRUCTS[sname]
    return "%s %s { %s };" % (kind, sname, " ".join(decl(*m) for m in members))


WORDS = ["", "a", "hi", "hello world", "tab\\tx", "x" * 19, "caf\\xc3\\xa9", "\\001\\002"]


def fill(path, sname, out, zero_share=0.3):
    """Statements storing seeded values into the members of the object at path (an lvalue);
    a union gets one member stored (the last one written is what print shows)."""
    kind, members = STRUCTS[sname]
    chosen = [R.choice(members)] if kind == "union" else members
    for (mn, mk, d) in chosen:
        if R.random() < zero_share:
            continue
        p = "%s.%s" % (path, mn)
        if mk == "int":
            out.append("%s = %s;" % (p, lit(value(d[1], d[2]), d[0])))
        elif mk == "enum":
            out.append("%s = %s;" % (p, R.choice(["GA_A", "GA_B", "GA_D"] if d == "ga_e"
                                                  else ["GA_X", "GA_Y", "GA_Z"])))
        elif mk == "ptr":
            out.append("%s = (%s)%s;" % (p, d, R.choice(["0", "0x1000", "0xffff880012345678"])))
        elif mk == "carr":
            w = R.choice(WORDS)
            chars = bytes(w, "ascii").decode("unicode_escape").encode("latin-1")[:d]
            for i, ch in enumerate(chars):
                out.append("%s[%d] = %d;" % (p, i, ch))
        elif mk == "iarr":
            for i in range(d[1]):
                if R.random() < 0.7:
                    out.append("%s[%d] = %s;" % (p, i, lit(value(d[0][1], d[0][2]), d[0][0])))
        elif mk == "struct":
            fill(p, d, out, zero_share)
        else:
            for i in range(d[1]):
                if R.random() < 0.6:
                    fill("%s[%d]" % (p, i), d[0], out, zero_share)


def zero_all(path, sname, out):
    """Statements storing 0 into every member of the alloca()d object at path: dtrace's
    alloca() memory is not cleared, so print() would show what an earlier clause left."""
    for (mn, mk, d) in STRUCTS[sname][1]:
        p = "%s.%s" % (path, mn)
        if mk in ("int", "enum", "ptr"):
            out.append("%s = 0;" % p if mk != "enum" else "%s = (enum %s)0;" % (p, d))
        elif mk in ("carr", "iarr"):
            out += ["%s[%d] = 0;" % (p, i) for i in range(d if mk == "carr" else d[1])]
        elif mk == "struct":
            zero_all(p, d, out)
        else:
            for i in range(d[1]):
                zero_all("%s[%d]" % (p, i), d[0], out)


def header(extra=()):
    lines = list(TYPEDEFS) + list(ENUMS)
    for _ in range(R.randint(2, 4)):
        make_struct(len(ORDER))
    lines += [struct_text(s) for s in ORDER]
    return lines + list(extra)


# --- rec: clauses of recording actions ------------------------------------------------------
def rec_program():
    pragmas, flags = [], []
    for opt in ("quiet", "rawbytes"):
        if R.random() < 0.2:
            pragmas.append("#pragma D option %s" % opt)
    if R.random() < 0.3:
        sz = R.choice([1, 2, 5, 8, 13, 32, 64])
        if R.random() < 0.5:
            pragmas.append("#pragma D option strsize=%d" % sz)
        else:
            flags += ["-x", "strsize=%d" % sz]
    if R.random() < 0.3:
        flags.append("-q")
    if R.random() < 0.15:
        flags += ["-x", R.choice(["rawbytes", "quiet", "norawbytes", "noquiet"])]
    # under rawbytes a string is strsize bytes shown whole: dtrace's bytes past a constant's
    # end are its string table's, so no strings then
    raw = "-x rawbytes" in " ".join(flags) or "#pragma D option rawbytes" in pragmas
    hdr = header()
    globs, sets = [], []
    ints = []
    for i, (t, sz, sg) in enumerate(INTS):
        if R.random() < 0.5:
            globs.append("%s ga_v%d;" % (t, i))
            sets.append("ga_v%d = %s;" % (i, lit(value(sz, sg), t)))
            ints.append("ga_v%d" % i)
    objs = []
    for k, s in enumerate(ORDER):
        globs.append("%s ga_o%d;" % (tag(s), k))
        fill("ga_o%d" % k, s, sets)
        objs.append(("ga_o%d" % k, s))
    csize, isize = R.choice([4, 16, 40]), R.choice([1, 3, 6])
    globs += ["char ga_c[%d];" % csize, "int ga_ia[%d];" % isize,
              "string ga_str;", "enum ga_e ga_en;"]
    w = R.choice(WORDS + ["x" * 70])
    sets.append('ga_str = "%s";' % w)
    for i, ch in enumerate(bytes(R.choice(WORDS), "ascii").decode("unicode_escape")
                           .encode("latin-1")[:3]):
        sets.append("ga_c[%d] = %d;" % (i, ch))
    sets += ["ga_ia[%d] = %d;" % (i, R.choice([R.randint(-5, 5), R.randint(-2**31, 2**31 - 1)]))
             for i in range(isize)]
    sets += ["ga_c[%d] = %d;" % (i, R.randint(0, 255)) for i in range(4, csize)
             if R.random() < 0.3]
    sets.append("ga_en = %s;" % R.choice(["GA_A", "GA_B", "GA_C"]))

    printed = []

    def action():
        r = R.random()
        if r < 0.3:
            t, sz, sg = R.choice(INTS)
            return "trace(%s);" % R.choice(ints + [lit(value(sz, sg), t)] if ints else
                                            [lit(value(sz, sg), t)])
        if r < 0.45 and not raw:
            return "trace(%s);" % R.choice(
                ['""', '"a"', '"hello"', '"%s"' % ("y" * R.choice([7, 8, 31, 32, 33, 100])),
                 "ga_str", '"tab\\there"', '"nl\\n"', "stringof(ga_c)"])
        if r < 0.6:
            o, s = R.choice(objs)
            m = R.choice(STRUCTS[s][1])
            return "trace(%s);" % R.choice([o, o, "%s.%s" % (o, m[0])])
        if r < 0.68:
            return "trace(%s);" % R.choice(["ga_c", "ga_ia", "ga_en", R.choice(ENUMERATORS),
                                            "'a'", "'\\n'", "(void *)0x1234", "(char *)0",
                                            "(int *)0xffffffff81000000", "(ipaddr_t)0x0100007f"])
        if r < 0.8:
            # (dtrace's tracemem() of alloca() memory reads zeros: global arrays instead)
            a, room = R.choice([("ga_c", csize), ("&ga_c[1]", csize - 1), ("ga_ia", 4 * isize),
                                ("(char *)ga_ia", 4 * isize), ("&ga_ia[0]", 4 * isize)])
            n = R.choice([k for k in (1, 2, 3, 4, 7, 8, 12, 16, 17, 24, 33, 39, 40) if k <= room])
            if R.random() < 0.4:
                dyn = R.choice(["0", "1", str(n), str(n + 5), "-1", "ga_ia[0]", "%d / 2" % n,
                                "(char)-1", "sizeof(int)"])
                return "tracemem(%s, %d, %s);" % (a, n, dyn)
            return "tracemem(%s, %d);" % (a, n)
        if r < 0.9 and not printed:
            printed.append(1)   # (one print() a program: dtrace's verifier gives up on more)
            s = R.choice(ORDER)
            p = "this->p%d" % R.randint(0, 1 << 20)   # one clause-local per type
            st = []
            zero_all(p, s, st)
            fill(p, s, st)
            return "%s = (%s *)alloca(sizeof(%s)); %s print(%s);" % (
                p, tag(s), tag(s), " ".join(st).replace(p + ".", p + "->"), p)
        return 'printf("<%%d>", %s);' % (R.choice(ints) if ints else "1")

    clauses = []
    for c in range(R.randint(1, 4)):   # (more, and dtrace's verifier gives up on BEGIN)
        body = [action() for _ in range(R.choice([0, 0, 1, 1, 2, 3, 4]))]
        clauses.append(body)
    clauses[0] = sets + clauses[0]
    clauses[-1].append("exit(%d);" % R.choice([0, 0, 0, 1, 3]))
    out = ["/*F %s*/" % " ".join(flags)] + pragmas + hdr + globs
    for body in clauses:
        out.append("BEGIN\n{")
        out += ["\t" + s for s in body]
        out.append("}")
    if R.random() < 0.3:
        out.append("END\n{\n\ttrace(%s);\n}" % R.choice(["1", "ga_en"] + ([] if raw else ['"end"'])))
    return "\n".join(out) + "\n"


# --- print: print() of D-declared values ---------------------------------------------------
def print_program():
    hdr = header()
    body = []
    for s in ORDER:
        if R.random() < 0.3:
            continue
        st = []
        p = "this->" + s   # a clause-local of its own type
        zero_all(p, s, st)
        fill(p, s, st, R.choice([0.0, 0.3, 0.7]))
        body.append("%s = (%s *)alloca(sizeof(%s));" % (p, tag(s), tag(s)))
        body += [x.replace(p + ".", p + "->") for x in st]
        body.append("print(%s);" % p)
        body.append("}\nBEGIN\n{")   # a clause each (dtrace's verifier gives up on more)
    body.append("}\nBEGIN\n{")
    # base types only: print() through a pointer to a typedef's name is left out (docstring)
    for t, sz, sg in R.sample(INTS[:11], 3):
        body.append("this->q%d = (%s *)alloca(sizeof(%s));" % (len(body), t, t))
        n = "this->q%d" % (len(body) - 1)
        body.append("*%s = %s;" % (n, lit(value(sz, sg), t)))
        body.append("print(%s);" % n)
    e = R.choice(["ga_e", "ga_f"])
    body.append("this->e = (enum %s *)alloca(sizeof(enum %s));" % (e, e))
    body.append("*this->e = %s;" % R.choice(ENUMERATORS[:4] if e == "ga_e" else
                                            ["GA_X", "GA_Y", "GA_Z", "(enum ga_f)7"]))
    body.append("print(this->e);")
    if R.random() < 0.5:
        body.append('print("%s");' % R.choice(["abc", "hello world", "x"]))
    out = list(hdr) + ["BEGIN\n{"] + [b if b[0] == "}" else "\t" + b for b in body]
    out += ["\texit(0);", "}"]
    return "\n".join(out) + "\n"


# --- exit: the exit status ----------------------------------------------------------------
def exit_program():
    v = R.choice([0, 1, 2, 3, 42, 127, 128, 200, 255, 256, 257, 511, 1000, -1, -2, -128,
                  -255, -256, 65535, 65536 + 7, (1 << 31) - 1, 1 << 31, (1 << 32) + 3,
                  (1 << 63) - 1, R.randint(-100000, 100000)])
    t = R.choice(["int", "char", "unsigned char", "short", "long", "unsigned long long",
                  "uint8_t", "int64_t", None, None])
    hdr = ["enum ga_x { GX_A = 3, GX_B = 300, GX_C = -7 };", "int ga_st;"]
    if t is None:
        e = R.choice([str(v), "GX_A", "GX_B", "GX_C", "ga_st", "ga_st + 1", "ga_st * 256 + 5",
                      "-ga_st", "(1 << 8) | 9", "'A'", "sizeof(int)"])
    else:
        e = "(%s)(%d)" % (t, v) if v >= -(1 << 63) and v < 1 << 63 else str(v)
    pre = ["ga_st = %d;" % R.randint(-300, 300)]
    where = R.choice(["begin", "later", "end", "twice", "after"])
    out = hdr + ["BEGIN\n{"] + ["\t" + p for p in pre]
    if R.random() < 0.5:
        out.append("\ttrace(%s);" % R.choice(["ga_st", '"before"', "1"]))
    if where == "begin":
        out.append("\texit(%s);" % e)
    elif where == "twice":
        out.append("\texit(%s);\n\texit(%d);" % (e, R.choice([0, 9])))
    elif where == "after":
        out.append("\texit(%s);\n\ttrace(\"after\");" % e)
    out.append("}")
    if where in ("later", "twice"):
        out.append("BEGIN\n{\n\ttrace(\"later\");%s\n}" %
                   ("\n\texit(%s);" % e if where == "later" else "\n\texit(77);"))
    if where == "end":
        out.append("BEGIN\n{\n\texit(5);\n}\nEND\n{\n\texit(%s);\n}" % e)
    elif R.random() < 0.4:
        out.append("END\n{\n\ttrace(\"end\");\n}")
    return "/*F %s*/\n" % R.choice(["", "-q"]) + "\n".join(out) + "\n"


# --- err: misuse of the recording actions -------------------------------------------------
ERRS = [
    "trace((void)0);", "trace(exit(0));", "trace(trace(1));", 'trace(printf("x"));',
    "trace(@ga_a);", "trace(@ga_a[1]);", "trace(stack());", "trace(ustack());",
    "trace();", "trace(1, 2);", "trace(ga_nosuch);", "trace(ga_i + @ga_a);",
    "tracemem();", "tracemem(ga_p);", "tracemem(ga_p, ga_i);", "tracemem(ga_p, 0);",
    "tracemem(ga_p, -1);", "tracemem(ga_p, 8, 1, 2);", 'tracemem(ga_p, "8");',
    "tracemem(ga_p, 8, \"x\");", "tracemem(ga_p, 8, ga_s);", "tracemem((void)0, 8);",
    "tracemem(ga_s, 4);", "tracemem(@ga_a, 4);", "tracemem(ga_p, 1.0);",
    "tracemem(ga_p, 8, (void)0);", "tracemem(ga_p, 8, @ga_a);", "tracemem(stack(), 8);",
    "print();", "print(1);", "print((void)0);", "print(exit(0));", "print(@ga_a);",
    "print(stack());", "print(ga_s);", "print(1, 2);", "print((void *)ga_p);",
    "print(ga_st);", "print(ga_i);",
    "exit();", "exit(1, 2);", 'exit("a");', "exit(ga_s);", "exit((void)0);",
    "exit(@ga_a);", "exit(stack());", "exit(ga_st);", "exit((void *)0);", "exit(ga_p);",
    "trace(ga_st);", "trace(*ga_p);", "trace(&ga_i);", "print(&ga_i);", "trace(ga_fn);",
    "trace(count());", "trace(quantize(1));",
]


def err_program():
    hdr = ["struct ga_t { int a; };", "struct ga_t ga_st;", "int ga_i;", "string ga_s;",
           "char *ga_p;", "void *ga_fn;"]
    stmts = [R.choice(ERRS)]
    if R.random() < 0.4:
        stmts.append(R.choice(ERRS))
    before = R.choice(["", "@ga_a = count();", "@ga_a[1] = sum(2);", "trace(1);"])
    if "@ga_a[" in " ".join(stmts):
        before = "@ga_a[1] = sum(2);"
    elif "@ga_a" in " ".join(stmts):
        before = "@ga_a = count();"
    body = [before] + stmts + ["exit(0);"]
    return "\n".join(hdr) + "\nBEGIN\n{\n" + "".join("\t%s\n" % b for b in body if b) + "}\n"


if mode == "rec":
    sys.stdout.write(rec_program())
elif mode == "print":
    sys.stdout.write(print_program())
elif mode == "exit":
    sys.stdout.write(exit_program())
elif mode == "err":
    sys.stdout.write(err_program())
else:
    sys.exit("genact_gen.py: unknown mode " + mode)
