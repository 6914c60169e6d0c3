#!/usr/bin/env python3
"""genkern_gen.py SEED MODE -> a D program on stdout (reproducible from SEED and the running
kernel's types), for genkern.sh. It reads the kernel's BTF (/sys/kernel/btf/vmlinux) itself,
so its expectations come from the kernel's own type data, not from usdtrace.

Modes:
  layout - sizeof of random kernel structs and unions, offsetof and sizeof of their named
           direct members, sizeof of random typedefs; each line prints 1 when the value is the
           one BTF gives (so usdtrace alone checks itself; dtrace prints the same).
  enum   - one random enumerator of the kernel's enums used as a value, compared with BTF's
           value, and sizeof of its enum type. The kernel's enumerators are no names in D
           (dtrace: "failed to resolve LVT_TIMER: Unknown variable name"; PIDTYPE_PID and
           the like come from the D library), so most programs check that refusal; one
           enumerator a program.
  print  - print() of one random kernel struct in alloca() memory filled by bcopy() from a
           string of seeded bytes (some left zero): the member walk, type names, zero members
           left out, arrays, nested structs and the "..." at the struct's end.

Left out on purpose (dtrace's answer is a bug, decided by the Guide): offsetof of members
inside anonymous members (dtrace gives the offset within the anonymous member); structs with
bit-fields in print (dtrace takes the bits below the field's offset), with anonymous unions
(dtrace names some "(struct)"), with function pointers (dtrace names them "(*)(*) (...)"),
with bool or 128-bit members (dtrace prints a bool's byte as it is; a 128-bit integer is a
bit-field to it), with arrays of const elements (dtrace names them "const const char [10]");
enumerators whose name the kernel gives two values; ENUM64. Layout seeds whose struct name a
loaded module's types give too (dtrace may take the module's: seed 4's struct port) are left
out of genkern.sh's list.
"""
import random, struct, sys

seed = int(sys.argv[1]); mode = sys.argv[2]
R = random.Random(seed * 7919 + len(mode))

# --- BTF (the kernel's type data) -----------------------------------------------------------
def load_btf(path="/sys/kernel/btf/vmlinux"):
    b = open(path, "rb").read()
    _magic, _ver, _flags, hlen, toff, tlen, soff, _slen = struct.unpack_from("<HBBIIIII", b, 0)
    tb, sb = hlen + toff, hlen + soff

    def name(off):
        return b[sb + off:b.index(b"\0", sb + off)].decode()
    types = [None]
    p = tb
    while p < tb + tlen:
        no, info, sz = struct.unpack_from("<III", b, p)
        p += 12
        kind, vlen, kflag = (info >> 24) & 0x1f, info & 0xffff, info >> 31
        t = {"name": name(no), "kind": kind, "size": sz, "type": sz}
        if kind == 1:
            t["enc"] = struct.unpack_from("<I", b, p)[0]
            p += 4
        elif kind == 3:
            t["elt"], _idx, t["n"] = struct.unpack_from("<III", b, p)
            p += 12
        elif kind in (4, 5):
            t["members"] = []
            for _ in range(vlen):
                mn, mt, mo = struct.unpack_from("<III", b, p)
                p += 12
                bits = mo >> 24 if kflag else 0
                t["members"].append((name(mn), mt, mo & 0xffffff if kflag else mo, bits))
        elif kind == 6:
            t["enums"] = []
            for _ in range(vlen):
                en, ev = struct.unpack_from("<Ii", b, p)
                p += 8
                t["enums"].append((name(en), ev))
        elif kind == 13:
            p += 8 * vlen
        elif kind in (14, 17):
            p += 4
        elif kind in (15, 19):
            p += 12 * vlen
        types.append(t)
    return types

T = load_btf()
QUALS = (8, 9, 10, 11, 18)   # typedef, volatile, const, restrict, type tag

def resolve(i):
    while i and T[i]["kind"] in QUALS:
        i = T[i]["type"]
    return i

def size_of(i):
    """The byte size of type i, or None when D has none (void, functions, flexible arrays)."""
    i = resolve(i)
    if not i:
        return None
    k = T[i]["kind"]
    if k == 2:
        return 8
    if k in (1, 4, 5, 6, 16):
        return T[i]["size"] or None
    if k == 3:
        e = size_of(T[i]["elt"])
        return e * T[i]["n"] if e and T[i]["n"] else None
    return None

def tag(i):
    return ("union " if T[i]["kind"] == 5 else "struct ") + T[i]["name"]

def names_once(kinds):
    seen = {}
    for i in range(1, len(T)):
        if T[i]["kind"] in kinds and T[i]["name"]:
            seen.setdefault((T[i]["kind"], T[i]["name"]), []).append(i)
    return sorted(v[0] for v in seen.values() if len(v) == 1)

def printable(i, depth=0):
    """Whether print() of struct i avoids the dtrace bugs listed in the docstring."""
    for (mn, mt, _mo, bits) in T[i]["members"]:
        if bits:
            return False
        r = resolve(mt)
        while r and T[r]["kind"] == 3:
            if T[T[r]["elt"]]["kind"] == 10:
                return False
            r = resolve(T[r]["elt"])
        if not r:
            continue
        k = T[r]["kind"]
        if k == 1 and (T[r]["enc"] >> 24) & 4 or k == 1 and T[r]["size"] > 8:
            return False
        if k == 2 and resolve(T[r]["type"]) and T[resolve(T[r]["type"])]["kind"] == 13:
            return False
        if k == 5 and not T[r]["name"]:
            return False
        if k in (4, 5) and (depth > 6 or not printable(r, depth + 1)):
            return False
    return True

# --- the program -------------------------------------------------------------------------
lines = []
if mode == "layout":
    recs = [i for i in names_once((4, 5)) if T[i]["size"]]
    for _ in range(8):
        i = R.choice(recs)
        lines.append("sizeof(%s) == %d" % (tag(i), T[i]["size"]))
        named = [m for m in T[i]["members"] if m[0] and not m[3] and size_of(m[1])]
        for (mn, mt, mo, _b) in R.sample(named, min(3, len(named))):
            lines.append("offsetof(%s, %s) == %d" % (tag(i), mn, mo // 8))
            lines.append("sizeof(((%s *)0)->%s) == %d" % (tag(i), mn, size_of(mt)))
    tds = [i for i in names_once((8,)) if not T[i]["name"].startswith("btf_trace_")
           and size_of(i) and not (T[resolve(i)]["kind"] == 1 and T[resolve(i)]["size"] > 8)]
    for i in R.sample(tds, 8):
        lines.append("sizeof(%s) == %d" % (T[i]["name"], size_of(i)))
elif mode == "enum":
    count = {}
    for i in range(1, len(T)):
        for (en, _ev) in T[i].get("enums", []) if T[i]["kind"] == 6 else []:
            count[en] = count.get(en, 0) + 1
    enums = [i for i in range(1, len(T)) if T[i]["kind"] == 6 and T[i]["enums"]]
    tags = set(names_once((6,)))
    while not lines:
        i = R.choice(enums)
        en, ev = R.choice(T[i]["enums"])
        if count[en] != 1:
            continue
        lines.append("%s == %d" % (en, ev))
        if i in tags:
            lines.append("sizeof(enum %s) == %d" % (T[i]["name"], T[i]["size"]))
elif mode == "print":
    recs = [i for i in names_once((4,)) if 0 < T[i]["size"] <= 200 and printable(i)]
    i = R.choice(recs)
    sz = T[i]["size"]
    n = R.randrange(max(1, sz // 2), sz + 1)
    alpha = [chr(c) for c in range(0x21, 0x7f) if chr(c) not in '"\\']
    if R.random() < 0.5:
        alpha = ["A", "B", "0", "1", "@", "~", " "]
    data = "".join(R.choice(alpha) for _ in range(n))
    print("BEGIN\n{\n\tthis->p = (%s *)alloca(sizeof(%s));" % (tag(i), tag(i)))
    print('\tbcopy("%s", this->p, %d);' % (data, n))
    print("\tprint(this->p);\n\texit(0);\n}")
    sys.exit(0)
else:
    sys.exit("genkern_gen.py: unknown mode " + mode)

print("BEGIN\n{")
for l in lines:
    print('\tprintf("%%d\\n", %s);' % l)
print("\texit(0);\n}")
