#!/usr/bin/env python3
"""print_check.py TEXT JSON — print()'s JSON trees (-x oformat=json) against the text output of
the same program (dtrace's layout, which tests/d checks against Oracle's dtrace).

TEXT holds the text run's output: each print() follows a marker line "@@N@@" (printf'd by the
program). JSON holds the JSON run's documents: the print items, in the same order. For each
pair, the tree is rendered back into dtrace's text by dtrace's rules, written down here from
the definition (dprint.h), not taken from usdtrace: members and elements whose values are all
zero left out, structs "(type) {" ... "}," ("}" at the top), arrays "(type) [" ... "]," (an
array of other than base integers, floats or enums ends the text at its first line, its
enclosing braces closed), one
more column of indentation per level under column 44, a char its byte between quotes, enums by
name, pointers in hex, floats as %g. A cut-off at printsize shows as "..." in the text and as
"truncated" in the tree: the check removes the "..." lines and asks that exactly the trees
that say "truncated" had one. Prints "ok N" (N prints compared) or what differs."""
import json
import re
import sys

INDENT = 44


def is_zero(node):
    if "members" in node:
        return all(is_zero(m) for m in node["members"])
    if "elements" in node:
        return all(is_zero(e) for e in node["elements"])
    v = node.get("value")
    return v in (0, 0.0, "", None)


def char_text(v):
    """A char's byte between quotes as it is, unescaped (dtrace does so for a type named
    char; other 8-bit types print as numbers)."""
    return "'%s'" % chr(v & 0xff)


def value_text(node, bitfield):
    t, v = node["type"], node.get("value")
    if t.endswith("*"):
        return "0x%x" % v
    if t in ("float", "double", "long double"):
        return "%g" % v
    if t == "string":
        return '"%s"' % v
    if t.startswith("enum"):
        return node.get("enumerator", str(v))
    if t == "char" and not bitfield:
        return char_text(v)
    return str(v)


PLAIN = re.compile(r"^((signed |unsigned )?(char|short|int|long|long long)|unsigned|signed|_Bool|"
                   r"float|double|long double|enum \S+)$")


class Ended(Exception):
    """The text ends here: dtrace writes nothing more of the print() but closing braces."""


def render(node, name, depth, top, out, cut):
    """Append the text lines of node (name: its member name) at depth; note cut-offs."""
    try:
        render_node(node, name, depth, top, out, cut)
    except Ended:
        if not top:
            raise
        out.append(" " * INDENT + "}")
        # ended before any printsize cut-off: the text shows no "..." (one before would
        # have ended it there)
        del cut[:]


def render_node(node, name, depth, top, out, cut):
    pre = "" if top and not out else " " * (INDENT + depth)
    label = (".%s = " % name if name else "") + "(%s)" % node["type"]
    if node.get("truncated"):
        cut.append(node["type"])
    if "members" in node:
        out.append(pre + label + " {")
        try:
            for m in node["members"]:
                if not is_zero(m):
                    render_node(m, m["name"], depth + 1, False, out, cut)
        except Ended:
            # the struct's braces close below the end (the outermost's by render)
            if not top:
                out.append(" " * (INDENT + depth) + "},")
            raise
        out.append(" " * (INDENT + depth) + ("}" if top else "},"))
    elif "elements" in node:
        out.append(pre + label + " [")
        # dtrace prints an array's elements only when their type is a base integer, float or
        # enum type (not a typedef's name, pointer, struct, union or array): else the text
        # ends at the array's first line (dprint.h)
        if node["elements"] and not PLAIN.match(node["elements"][0]["type"]):
            raise Ended()
        for e in node["elements"]:
            if not is_zero(e):
                render_node(e, None, depth + 1, False, out, cut)
        out.append(" " * (INDENT + depth) + "],")
    else:
        # a scalar printed whole ends bare; one printed through a pointer ("ADDR = *" above
        # it) ends with a comma, as dtrace prints print((int *)p)
        out.append(pre + label + value_text(node, "bits" in node) +
                   ("" if top and not (out and ADDR.match(out[0])) else ","))


def expected(item):
    out, cut = [], []
    if "address" in item:
        out.append("0x%x = *" % item["address"])
    render(item["value"], None, 0, True, out, cut)
    return out, cut


ADDR = re.compile(r"^0x[0-9a-f]+ = \*$")


def same(want, got):
    """Line lists equal, but for the address a pointer's first line shows: each run has its
    own (alloca() memory), so only its form is compared."""
    if len(want) != len(got):
        return False
    return all(w == g or (i == 0 and ADDR.match(w) and ADDR.match(g))
               for i, (w, g) in enumerate(zip(want, got)))


def main():
    text = open(sys.argv[1]).read()
    items = []
    for line in open(sys.argv[2]):
        d = json.loads(line)
        for it in d.get("output", []):
            if it["kind"] == "print":
                items.append(it)
    sections = re.split(r"^@@\d+@@\n", text, flags=re.M)[1:]
    errs = []
    if len(sections) != len(items):
        print("%d prints in the text, %d in the JSON" % (len(sections), len(items)))
        return
    for n, (sec, it) in enumerate(zip(sections, items)):
        lines = [l for l in sec.rstrip("\n").split("\n") if l.strip()]
        shown = [l for l in lines if l.strip() != "..."]
        want, cut = expected(it)
        if not same(want, shown):
            errs.append("print %d: tree renders %r, text is %r" % (n, want, shown))
        if bool(cut) != (len(shown) != len(lines)):
            errs.append("print %d: truncated %r but the text's cut-off lines are %d" %
                        (n, cut, len(lines) - len(shown)))
        if "address" in it and not it.get("text", "").startswith("0x%x = *\n" % it["address"]):
            errs.append("print %d: address %r is not the text's %r" % (n, it["address"], it.get("text")))
        if not same(it.get("text", "").rstrip("\n").split("\n"), sec.rstrip("\n").split("\n")):
            errs.append("print %d: the item's text %r is not the text output %r" %
                        (n, it.get("text"), sec))
    print("ok %d" % len(items) if not errs else "; ".join(errs)[:3000])


if __name__ == "__main__":
    main()
