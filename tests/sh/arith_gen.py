#!/usr/bin/env python3
"""arith_gen.py SEED COUNT DIR — random integer expressions over typed D variables, written
three ways for tests/sh/arith_conv.sh:

  DIR/rand.d      the D program: each expression printed with printf("%d", (long long)(E));
  DIR/guide.c     the same expressions in C with D's typing made explicit: every operator's
                  operands converted to the type the Dynamic Tracing Guide gives the result
                  ("Type Conversions": the operand of highest rank, ranked char < short < int
                  < long < long long with each unsigned type just above its signed one; no
                  promotion of narrow operands to int), and the result converted to that type.
                  gcc -fwrapv computes it: the witness of what D must print.
  DIR/plain.c     the expressions as C reads them (integer promotions first), to record where
                  D and C disagree;
  DIR/exprs       one expression a line, in the order printed.

Divisors are made odd (x | 1, never 0); shift counts are constants below 16; a ?: condition is
never a constant (D chooses the branch of a constant condition before typing). A signed
division by -1 is computed as negation in the witness (the x86 division would trap; D wraps:
INT64_MIN / -1 is INT64_MIN).
"""
import random
import re
import sys

# name: (size in bytes, signed, C spelling)
TYPES = {
    "char": (1, True, "signed char"),       # D's char is signed
    "signed char": (1, True, "signed char"),
    "unsigned char": (1, False, "unsigned char"),
    "short": (2, True, "short"),
    "unsigned short": (2, False, "unsigned short"),
    "int": (4, True, "int"),
    "unsigned int": (4, False, "unsigned int"),
    "long": (8, True, "long"),
    "unsigned long": (8, False, "unsigned long"),
    "long long": (8, True, "long long"),
    "unsigned long long": (8, False, "unsigned long long"),
}
# rank: size first, then unsigned above signed; long and long long share a rank (both 64 bits
# here, as dt_type_promote ranks by bits): the left operand's type is kept on a tie.
def rank(t):
    size, signed, _ = TYPES[t]
    return size * 2 + (0 if signed else 1)

def common(a, b):
    return b if rank(b) > rank(a) else a

VARS = [
    ("c", "char", "-100"), ("sc", "signed char", "77"), ("uc", "unsigned char", "200"),
    ("s", "short", "-300"), ("us", "unsigned short", "65000"), ("i", "int", "-7"),
    ("u", "unsigned int", "3000000000"), ("l", "long", "-5000000000"),
    ("ul", "unsigned long", "18446744073709551000"), ("ll", "long long", "123456789012"),
    ("ull", "unsigned long long", "9"),
]

VARNAMES = set(n for n, _, _ in VARS)

def cty(t):
    return TYPES[t][2]

class Gen:
    def __init__(self, rnd):
        self.r = rnd

    def leaf(self):
        if self.r.random() < 0.65:
            name, t, _ = self.r.choice(VARS)
            return name, name, name, t
        k = str(self.r.randint(0, 1000))
        return k, k, k, "int"

    def binop(self, op, a, b):
        """(D text, guide C, plain C, type) of a op b."""
        ad, ag, ap, at = a
        bd, bg, bp, bt = b
        t = common(at, bt)
        d = "(%s %s %s)" % (ad, op, bd)
        p = "(%s %s %s)" % (ap, op, bp)
        if op in ("<", "<=", ">", ">=", "==", "!="):
            g = "((%s)(%s) %s (%s)(%s))" % (cty(t), ag, op, cty(t), bg)
            return d, g, p, "int"
        g = "((%s)((%s)(%s) %s (%s)(%s)))" % (cty(t), cty(t), ag, op, cty(t), bg)
        return d, g, p, t

    def divop(self, op, a, b):
        b = self.binop("|", b, ("1", "1", "1", "int"))
        ad, ag, ap, at = a
        bd, bg, bp, bt = b
        t = common(at, bt)
        d = "(%s %s %s)" % (ad, op, bd)
        fn = ("dv_" if op == "/" else "md_") + cty(t).replace(" ", "_")
        g = "%s((%s)(%s), (%s)(%s))" % (fn, cty(t), ag, cty(t), bg)
        # plain C: avoid the trap of a division by -1 the same way
        p = "((%s) == -1 ? %s : (%s) %s (%s))" % (bp, "-(%s)" % ap if op == "/" else "0", ap, op, bp)
        return d, g, p, t

    def gen(self, depth):
        """An expression with at least one variable in every operator's operands: D folds an
        operator over constants in 64 bits without cutting the value to its type (as dtrace's
        dt_node_op2 does), which is not the run-time rule this test checks."""
        if depth == 0:
            return self.leaf()
        for _ in range(20):
            e = self.gen_op(depth)
            if VARNAMES & set(re.findall(r"[A-Za-z_]\w*", e[0])):
                return e
        return self.leaf_var()

    def gen_op(self, depth):
        r = self.r.random()
        if r < 0.40:
            op = self.r.choice(["+", "-", "*", "&", "|", "^"])
            return self.binop(op, self.gen(depth - 1), self.gen(depth - 1))
        if r < 0.52:
            op = self.r.choice(["<", "<=", ">", ">=", "==", "!="])
            return self.binop(op, self.gen(depth - 1), self.gen(depth - 1))
        if r < 0.62:
            return self.divop(self.r.choice(["/", "%"]), self.gen(depth - 1), self.gen(depth - 1))
        if r < 0.72:
            ad, ag, ap, at = self.gen(depth - 1)
            k = self.r.randint(0, 15)
            if self.r.random() < 0.5:
                g = "((%s)((unsigned long long)(%s) << %d))" % (cty(at), ag, k)
                return "(%s << %d)" % (ad, k), g, "(%s << %d)" % (ap, k), at
            g = "((%s)((%s)(%s) >> %d))" % (cty(at), cty(at), ag, k)
            return "(%s >> %d)" % (ad, k), g, "(%s >> %d)" % (ap, k), at
        if r < 0.82:
            ad, ag, ap, at = self.gen(depth - 1)
            t = self.r.choice(list(TYPES))
            return ("((%s)%s)" % (t, ad), "((%s)(%s))" % (cty(t), ag),
                    "((%s)%s)" % (cty(t), ap), t)
        if r < 0.91:
            cd, cg, cp, ct = self.binop("-", self.binop("+", self.gen(depth - 1), self.leaf_var()),
                                        self.leaf_var())
            ad, ag, ap, at = self.gen(depth - 1)
            bd, bg, bp, bt = self.gen(depth - 1)
            t = common(at, bt)
            return ("(%s ? %s : %s)" % (cd, ad, bd),
                    "((%s)((%s) ? (%s)(%s) : (%s)(%s)))" % (cty(t), cg, cty(t), ag, cty(t), bg),
                    "(%s ? %s : %s)" % (cp, ap, bp), t)
        ad, ag, ap, at = self.gen(depth - 1)
        op = self.r.choice(["-", "~", "!"])
        if op == "!":
            return "(!%s)" % ad, "(!(%s))" % ag, "(!%s)" % ap, "int"
        return ("(%s%s)" % (op, ad), "((%s)(%s(%s)(%s)))" % (cty(at), op, cty(at), ag),
                "(%s%s)" % (op, ap), at)

    def leaf_var(self):
        return ("i", "i", "i", "int")


def c_helpers():
    out = []
    for t, (size, signed, c) in TYPES.items():
        if t == "char":
            continue
        n = c.replace(" ", "_")
        if signed:
            out.append("static %s dv_%s(%s a, %s b) { return b == -1 ? (%s)(0ull - (unsigned long long)a) : a / b; }" % (c, n, c, c, c))
            out.append("static %s md_%s(%s a, %s b) { return b == -1 ? 0 : a %% b; }" % (c, n, c, c))
        else:
            out.append("static %s dv_%s(%s a, %s b) { return a / b; }" % (c, n, c, c))
            out.append("static %s md_%s(%s a, %s b) { return a %% b; }" % (c, n, c, c))
    return "\n".join(out)


def main():
    seed, count, outdir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    g = Gen(random.Random(seed))
    exprs = [g.gen(g.r.randint(1, 3)) for _ in range(count)]
    decl_d = "\n".join("%s %s;" % (t, n) for n, t, _ in VARS)
    init_d = " ".join("%s = (%s)%s;" % (n, t, v if not v.isdigit() or int(v) < 2**31 else v + "UL")
                      for n, t, v in VARS)
    with open(outdir + "/rand.d", "w") as f:
        f.write(decl_d + "\nBEGIN {\n" + init_d + "\n")
        for d, _, _, _ in exprs:
            f.write('\tprintf("%%d\\n", (long long)%s);\n' % d)
        f.write("\texit(0);\n}\n")
    decl_c = "\n".join("static %s %s;" % (cty(t), n) for n, t, _ in VARS)
    init_c = " ".join("%s = (%s)%s;" % (n, cty(t), v if not v.isdigit() or int(v) < 2**31 else v + "ULL")
                      for n, t, v in VARS)
    for name, idx in (("guide.c", 1), ("plain.c", 2)):
        with open(outdir + "/" + name, "w") as f:
            f.write("#include <stdio.h>\n" + decl_c + "\n" + c_helpers() + "\nint main(void) {\n" + init_c + "\n")
            for e in exprs:
                f.write('\tprintf("%%lld\\n", (long long)(%s));\n' % e[idx])
            f.write("\treturn 0;\n}\n")
    with open(outdir + "/exprs", "w") as f:
        for d, _, _, _ in exprs:
            f.write(d + "\n")


if __name__ == "__main__":
    main()
