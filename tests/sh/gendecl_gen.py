#!/usr/bin/env python3
"""gendecl_gen.py SEED MODE -> one D program on stdout (reproducible from SEED), for gendecl.sh.

D's declarations at the top level of a program, generated from the Guide's grammar ("Type and
Constant Definitions", "Variables", "Structs and Unions", "Pointers and Arrays"), each with a
use that shows what it declared (sizeof, a value stored and read back, printf) or with the
error it should raise. MODE names one family (or "any"):
  combo combo_cast storage quals proto declarator enum typedef selfthis conflict inline
  bitfield struct redecl fptr

Left out on purpose (dtrace's answer is a dtrace bug, see tests/sh/gendecl.sh): pointers to
arrays (dtrace sizes int (*x)[3] as an array of pointers), stores to bit-fields (dtrace
asserts in dt_cg_store), self-> arrays and structs (dtrace's code faults or fails the
verifier), four longs (dtrace takes them as long long), negative enumerators printed (dtrace
prints enum values unsigned), names of function types in messages.
"""
import random, sys

seed = int(sys.argv[1]); mode = sys.argv[2]
R = random.Random(seed * 7919 + len(mode))

SPECS = ["signed", "unsigned", "short", "long", "int", "char", "void", "float", "double",
         "const", "volatile", "restrict", "long long"]
BASE = ["char", "short", "int", "long", "long long", "unsigned char", "unsigned short", "unsigned",
        "unsigned long", "signed char", "int8_t", "uint16_t", "int32_t", "uint64_t", "float",
        "double", "string", "int *", "char *", "void *"]
STORAGE = ["extern", "static", "register", "auto", "self", "this", "typedef"]
QUALS = ["const", "volatile", "restrict"]
NAMES_BUILTIN = ["pid", "tid", "arg0", "execname", "timestamp", "curthread", "probefunc",
                 "errno", "walltimestamp", "args", "uregs", "ppid"]
NAMES_FUNCS = ["copyin", "strlen", "trace", "printf", "exit", "count", "stringof", "basename",
               "rand", "speculation", "alloca", "progenyof", "sizeof", "offsetof"]

def show(var, ty):
    if ty in ("float", "double"):
        return 'printf("%%d\\n", sizeof(%s));' % var
    if ty == "string":
        return '%s = "abc"; printf("%%d %%s\\n", sizeof(%s), %s);' % (var, var, var)
    if "*" in ty:
        return '%s = (%s)0x1234; printf("%%d %%p\\n", sizeof(%s), %s);' % (var, ty, var, var)
    v = R.choice([0, 1, -1, 127, 128, 255, 256, 65535, 65536, 2147483647, -2147483648, 4294967295, 0x123456789])
    vl = "(%d)" % v if v < 0 else ("%dLL" % v if v > 2147483647 else str(v))
    return '%s = %s; printf("%%d %%d\\n", sizeof(%s), (long long)%s);' % (var, vl, var, var)

def g_combo():
    n = R.randint(1, 4)
    specs = [R.choice(SPECS) for _ in range(n)]
    t = " ".join(specs)
    return "%s x; BEGIN { printf(\"%%d\\n\", sizeof(x)); exit(0); }" % t

def g_combo_cast():
    n = R.randint(1, 3)
    t = " ".join(R.choice(SPECS) for _ in range(n))
    return "BEGIN { printf(\"%%d %%d\\n\", sizeof(%s), (%s)-1 > 0); exit(0); }" % (t, t)

def g_storage():
    sc = R.choice(STORAGE)
    sc2 = R.choice(STORAGE + [""] * 4)
    ty = R.choice(BASE)
    q = R.choice(QUALS + [""] * 3)
    where = R.choice(["top", "top", "clause", "cast", "sizeof", "member", "param"])
    decl = " ".join(w for w in [sc2, sc, q, ty] if w)
    if where == "top":
        use = {"self": "self->x", "this": "this->x"}.get(sc, "x")
        if sc == "typedef" or sc2 == "typedef":
            return "%s x; BEGIN { printf(\"%%d\\n\", sizeof(x)); exit(0); }" % decl
        return "%s x; BEGIN { %s exit(0); }" % (decl, show(use, ty))
    if where == "clause":
        return "BEGIN { %s x; exit(0); }" % decl
    if where == "cast":
        return "BEGIN { printf(\"%%d\\n\", (%s)1); exit(0); }" % decl
    if where == "sizeof":
        return "BEGIN { printf(\"%%d\\n\", sizeof(%s)); exit(0); }" % decl
    if where == "member":
        return "struct s { %s m; }; BEGIN { printf(\"%%d\\n\", sizeof(struct s)); exit(0); }" % decl
    return "int f(%s); BEGIN { exit(0); }" % decl

def g_quals():
    n = R.randint(1, 4)
    qs = [R.choice(QUALS) for _ in range(n)]
    ty = R.choice(BASE)
    pos = R.choice(["pre", "post", "ptr"])
    if pos == "pre":
        t = " ".join(qs) + " " + ty
    elif pos == "post":
        t = ty + " " + " ".join(qs)
    else:
        t = ty + " * " + " ".join(qs)
        ty = ty + " *"
    return "%s x; BEGIN { %s exit(0); }" % (t, show("x", ty) if pos != "post" or True else "")

PROTOS = ["int f(int, char *);", "int f(int, ...);", "int f(void);", "int f();", "void f(int a, int b);",
          "int f(int a, char *);", "int f(...);", "int f(void, int);", "int f(int, void);",
          "int f(void x);", "int f(int x, int x);", "int f(int [3]);", "int f(int (*)(int));",
          "int (*f)(int);", "int (*f[2])(int);", "int f(int)(int);", "int f(int)[3];",
          "int f[3](int);", "char *f(char *, ...);", "extern int f(int);", "static int f(int);",
          "typedef int f_t(int);", "typedef int (*fp_t)(int, ...);", "int f(register int);",
          "int f(static int);", "int f(extern int);", "int f(auto int);", "int f(self int);",
          "int f(const int, volatile char *restrict);", "int f(int, int, ...);",
          "int f(string);", "string f(string, ...);", "int f(struct nosuch *);",
          "int f(struct nosuch);", "int f(typedef int);", "int f(int a, ..., int b);",
          "int f(int);\nint f(int);", "int f(int);\nint f(char);", "int f(int);\nlong f(int);",
          "int f(int);\nint f(int, int);", "int f(int, ...);\nint f(int);", "int f(int);\nint f;",
          "int f;\nint f(int);", "int f(int a[]);", "int f(int a[][3]);", "int f(int a[3][]);"]

def g_proto():
    p = R.choice(PROTOS)
    use = R.choice(["", "printf(\"%d\\n\", sizeof(f));", "f = 1;", "trace(f);", "f(1);",
                    "printf(\"%d\\n\", sizeof(fp_t));", "printf(\"%d\\n\", sizeof(f_t *));"])
    return "%s\nBEGIN { %s exit(0); }" % (p, use)

DECLS = ["int *x[3]", "int (*x)(int)", "int x[2][3]", "char *x[2][2]",
         "int **x", "int x[0]", "int x[]", "int x[-1]",
         "int x[1][0]", "int x[3][]", "char x[4]", "int x[2147483648]", "int x[0x10]",
         "int x[3 + 1]", "int x[sizeof (int)]", "int x[1 ? 2 : 3]", "int x[1.5]", "int x['a']",
         "int x[\"s\"]", "int (x)", "int ((x))", "int *(x)", "void x",
         "void *x", "void x[2]", "void (*x)(void)", 
         "string x[2]", "string *x", "long x[3][4][5]", "int *const x",
         "int *volatile *const x", "const int *const x", "int x[4096]", "short x[1]"]

def g_declarator():
    d = R.choice(DECLS)
    how = R.choice(["var", "sizeof", "cast", "typedef"])
    if how == "var":
        return "%s; BEGIN { printf(\"%%d\\n\", sizeof(x)); exit(0); }" % d
    abstract = d.replace("x", "", 1)
    if how == "sizeof":
        return "BEGIN { printf(\"%%d\\n\", sizeof(%s)); exit(0); }" % abstract
    if how == "cast":
        return "BEGIN { trace((%s)0); exit(0); }" % abstract
    return "typedef %s; BEGIN { printf(\"%%d\\n\", sizeof(x)); exit(0); }" % d

ENUMS = ["enum e { A, B, C };", "enum e { A = 1, B, C = 10, D };", "enum e { A = -1, B, C = -100 };",
         "enum e { A, A };", "enum e { A = 1, B = 1 };", "enum e { A = 2147483647, B };",
         "enum e { A = 2147483648 };", "enum e { A = -2147483648 };", "enum e { A = -2147483649 };",
         "enum e { A = 4294967295 };", "enum e { A = 0x7fffffff };", "enum e { A = 'a', B };",
         "enum e { A = 1 + 2 * 3, B = A << 2 };", "enum e { A = \"s\" };", "enum e { A = 1.0 };",
         "enum e { };", "enum e;", "enum e { A, };", "enum e { A, B,, };", "enum { A, B };",
         "enum e { A };\nenum e { A };", "enum e { A };\nenum f { A };", "enum e { A };\nenum e { B };",
         "enum e { A };\nint A;", "int A;\nenum e { A };", "enum e { pid };", "enum e { A = B };",
         "enum e { A = sizeof (int) };", "enum e { A = -1 };\nenum e x;", "enum e { A = 3 };\nint x[A];",
         "enum e { A = -1 };\nint x[A];", "enum e { A = 0 };\nint x[A];", "enum e { A = 1 }; enum e { A = 1 };",
         "enum e { A, B } x;", "enum e { A = 1 } y, z;", "typedef enum e { A = 5 } e_t;",
         "enum e { A = ~0 };", "enum e { A = 1 / 0 };", "enum e { A = 1 % 0 };", "enum e { A = 010 };",
         "enum e { TICK = 1 };", "enum e { BEGIN = 1 };", "enum e { int };", "enum e { A = B, B };",
         "enum e { A = 2 };\nstruct s { int a[A]; };", "enum e { A = 5 };\nenum e2 { B = A + 1 };"]

def g_enum():
    e = R.choice(ENUMS)
    use = R.choice(["printf(\"%d\\n\", A);", "printf(\"%d %d\\n\", A, B);", "printf(\"%d\\n\", sizeof(enum e));",
                    "printf(\"%d\\n\", sizeof(x));", "x = A; printf(\"%d\\n\", x);", "trace(B); trace(C);",
                    "printf(\"%d\\n\", sizeof(e_t));", "printf(\"%d\\n\", D);", ""])
    return "%s\nBEGIN { %s exit(0); }" % (e, use)

TYPEDEFS = ["typedef int a_t; typedef a_t b_t; typedef b_t *c_t;",
            "typedef int a_t; typedef int a_t;", "typedef int a_t; typedef long a_t;",
            "typedef int a_t; typedef unsigned a_t;", "typedef int a_t; typedef const int a_t;",
            "typedef int a_t; int a_t;", "int a_t; typedef int a_t;", "typedef int a_t[3]; typedef a_t b_t[2];",
            "typedef int *a_t; typedef a_t *b_t;", "typedef struct s { int a; } a_t; typedef struct s b_t;",
            "typedef int int;", "typedef int pid_t;", "typedef long pid_t;", "typedef char string;",
            "typedef int uint64_t;", "typedef uint64_t uint64_t;", "typedef int;", "typedef a_t;",
            "typedef int a_t, *b_t, c_t[2];", "typedef int (*a_t)(int); typedef a_t b_t[2];",
            "typedef int a_t; a_t x; a_t y;", "typedef unsigned char a_t; typedef a_t a_t;",
            "typedef int a_t; typedef a_t a_t;", "typedef const volatile int a_t;",
            "typedef int a_t; unsigned a_t x;", "typedef int a_t; long a_t x;", "typedef int a_t; a_t a_t;",
            "typedef struct { int a; } a_t; typedef struct { int a; } a_t;",
            "typedef enum { X } a_t; typedef enum { X } b_t;", "typedef int a_t;\ninline int a_t = 1;",
            "inline int a_t = 1;\ntypedef int a_t;", "typedef string a_t; a_t x;",
            "typedef int self;", "typedef int this;", "typedef int x; x y;"]

def g_typedef():
    t = R.choice(TYPEDEFS)
    use = R.choice(["printf(\"%d\\n\", sizeof(a_t));", "printf(\"%d\\n\", sizeof(b_t));",
                    "printf(\"%d\\n\", sizeof(c_t));", "a_t v; v = 1;", "this->v = (a_t)300; printf(\"%d\\n\", this->v);",
                    "printf(\"%d\\n\", (a_t)-1);", ""])
    return "%s\nBEGIN { %s exit(0); }" % (t, use)

def g_selfthis():
    ty = R.choice(BASE + ["struct s", "int[3]"])
    kind = R.choice(["self", "this"])
    pre = "struct s { int a; char b; };\n" if ty == "struct s" else ""
    if ty == "int[3]":
        return pre + "%s int x[3]; BEGIN { printf(\"%%d\\n\", sizeof(%s->x)); exit(0); }" % (kind, kind)
    if ty == "struct s":
        return pre + "%s struct s x; BEGIN { %s->x.a = 7; printf(\"%%d %%d\\n\", sizeof(%s->x), %s->x.a); exit(0); }" % (kind, kind, kind, kind)
    var = kind + "->x"
    variant = R.random()
    if variant < 0.2:
        return "%s %s x; BEGIN { %s = \"s\"; exit(0); }" % (kind, ty, var)
    if variant < 0.3:
        return "%s %s x; %s %s x; BEGIN { %s exit(0); }" % (kind, ty, kind, R.choice(BASE), show(var, ty))
    if variant < 0.4:
        other = "this" if kind == "self" else "self"
        return "%s %s x; int x; BEGIN { %s->x = 1; x = 2; printf(\"%%d %%d\\n\", %s->x, x); exit(0); }" % (kind, ty, kind, kind)
    return "%s %s x; BEGIN { %s exit(0); }" % (kind, ty, show(var, ty))

def g_conflict():
    name = R.choice(NAMES_BUILTIN + NAMES_FUNCS)
    form = R.choice(["int %s;", "self int %s;", "this int %s;", "typedef int %s;", "int %s(int);",
                     "inline int %s = 1;", "enum e { %s };", "struct %s { int a; };", "int %s[2];",
                     "string %s;"])
    return "%s\nBEGIN { exit(0); }" % (form % name)

def g_inline():
    forms = ["inline int v = 1; int v;", "inline int v = 1; self int v;", "inline int v = 1; this int v;",
             "int v; inline int v = 1;", "inline int v = 1; inline int v = 1;", "inline int v = 1; inline int v = 2;",
             "inline int v = 1; inline long v = 1;", "inline int v = 1; typedef int v;",
             "inline int v = 1; int v(int);", "inline int v = 1; enum e { v };", "inline int v[int] = 1;",
             "inline string v = \"a\"; string v;", "inline int v = 1; struct v { int a; };",
             "inline int v = 1; int w[v];", "inline int v = 3; enum e { A = v };"]
    return "%s\nBEGIN { printf(\"%%d\\n\", v); exit(0); }" % R.choice(forms)

def g_bitfield():
    ty = R.choice(["int", "unsigned", "char", "unsigned char", "short", "long", "unsigned long long",
                   "uint8_t", "int64_t", "float", "int *", "string", "enum e"])
    w = R.choice([0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, -1])
    named = R.random() < 0.7
    m = "%s %s: %d;" % (ty, "a" if named else "", w)
    extra = R.choice(["", "int b;", "unsigned c : 4;", "int : 0; int d;", "char e;"])
    pre = "enum e { E0, E1 };\n" if ty == "enum e" else ""
    body = 'printf("%d\\n", sizeof(struct s));'
    if named and R.random() < 0.5:
        body = 'this->v = (struct s *)alloca(sizeof (struct s)); bzero(this->v, sizeof (struct s)); printf("%d %d\\n", sizeof(struct s), this->v->a);'
    return pre + "struct s { %s %s };\nBEGIN { %s exit(0); }" % (m, extra, body)

def g_struct():
    forms = ["struct s { int a; int a; };", "struct s { int a; }; struct s { int a; };",
             "struct s { int a; }; struct s { long a; };", "struct s { };", "struct s;",
             "struct s; struct s { int a; };", "struct s { struct s x; };", "struct s { struct s *x; };",
             "struct s { void v; };", "struct s { int f(int); };", "struct s { int (*f)(int); };",
             "struct s { int a[]; };", "struct s { int a[0]; };", "struct s { char c; int i; };",
             "union u { char c; long l; };", "union u { int a; }; struct u { int a; };",
             "struct s { int; };", "struct s { static int a; };", "struct s { extern int a; };",
             "struct s { typedef int a; };", "struct s { self int a; };", "struct s { const int a; };",
             "struct { int a; } x;", "struct s { int a; } x, *y;", "struct s { string a; };",
             "struct s { struct t { int b; } a; };", "struct s { enum { Q } a; };"]
    use = R.choice(["printf(\"%d\\n\", sizeof(struct s));", "printf(\"%d\\n\", sizeof(union u));",
                    "printf(\"%d\\n\", sizeof(x));", "printf(\"%d\\n\", offsetof(struct s, i));", ""])
    return "%s\nBEGIN { %s exit(0); }" % (R.choice(forms), use)

RTYPES = ["int", "long", "char", "string", "int *", "uint8_t", "struct s", "int [2]", "void *", "unsigned"]
def g_redecl():
    k1 = R.choice(["", "self ", "this "]); k2 = R.choice([k1, k1, ""])
    t1 = R.choice(RTYPES); t2 = R.choice([t1, t1] + RTYPES)
    def d(k, t):
        if t == "int [2]": return "%sint x[2];" % k
        return "%s%s x;" % (k, t)
    form = R.random()
    pre = "struct s { int a; };\n"
    if form < 0.5:
        return pre + d(k1, t1) + "\n" + d(k2, t2) + "\nBEGIN { exit(0); }"
    if form < 0.75:
        keys1 = ", ".join(R.choice(["int", "string", "char", "long"]) for _ in range(R.randint(1, 3)))
        keys2 = R.choice([keys1, ", ".join(R.choice(["int", "string", "char", "long"]) for _ in range(R.randint(1, 3)))])
        return pre + "%s x[%s];\n%s x[%s];\nBEGIN { exit(0); }" % (t1.replace("int [2]", "int"), keys1, t2.replace("int [2]", "int"), keys2)
    use = R.choice(["x = 1;", "x[1] = 1;", "x = \"s\";", "x[\"a\"] = 2;", "self->x = 1;", "this->x = 1;", "x++;"])
    return pre + d(k1, t1) + "\nBEGIN { " + use + " exit(0); }"

def g_fptr():
    forms = ["int (*fp)(int);", "void (*fp)(void);", "int (*fp)(int, ...);", "char *(*fp)(char *);",
             "int (**fp)(int);", "int (*fp[2])(int);", "typedef int (*fp_t)(int); fp_t fp;",
             "int (*(*fp)(int))(char);", "self int (*fp)(int);", "this int (*fp)(int);",
             "int (*fp)(int x, int y);", "int (*fp)(int (*)(int));", "int (*fp)();"]
    use = R.choice(["printf(\"%d\\n\", sizeof(fp));", "fp = 0; printf(\"%p\\n\", fp);",
                    "fp = (int (*)(int))0x1000; printf(\"%p\\n\", fp);", "trace(fp);", "fp(1);",
                    "printf(\"%d\\n\", sizeof(*fp));", "self->fp = 0;", "this->fp = 0; printf(\"%p\\n\", this->fp);"])
    return "%s\nBEGIN { %s exit(0); }" % (R.choice(forms), use)

CATS = [(g_redecl, 4), (g_fptr, 2), (g_combo, 3), (g_combo_cast, 2), (g_storage, 4), (g_quals, 2), (g_proto, 3),
        (g_declarator, 3), (g_enum, 3), (g_typedef, 3), (g_selfthis, 2), (g_conflict, 2),
        (g_inline, 1), (g_bitfield, 2), (g_struct, 2)]

GEN = {f.__name__[2:]: f for f, w in CATS}
pool = [f for f, w in CATS for _ in range(w)]
f = R.choice(pool) if mode == "any" else GEN[mode]
prog = f()
# four longs, negative enumerators shown (any with "= -" but a dimension), self-> structs and arrays: see the docstring
while (prog.split("BEGIN")[0].split().count("long") >= 4 or
       ("= -" in prog and "x[A]" not in prog) or "long long long long" in prog or "self struct" in prog or "self int x[3]" in prog or
       "-1, B, C = -100" in prog or "trace((int" in prog or "(*" in prog and "[" in prog.split("(*", 1)[1][:8]):
    prog = f()
print(prog)
