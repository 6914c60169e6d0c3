#!/usr/bin/env python3
"""flamegraph.py — an SVG flame graph from folded stacks (usdtrace -x aggfold), with nothing
but python3's standard library: Debian 12 packages no flame graph tool.

    python3 scripts/flamegraph.py [--title T] [--width PX] [--minwidth PX] [FILE] > out.svg

Input: lines "frame;frame;...;frame COUNT" (root first, the leaf last; the count after the
last space), the output of `usdtrace -x aggfold` and the input of FlameGraph's
flamegraph.pl; blank lines are skipped, a line without a count is an error. Identical
stacks add up.

Output: one SVG document. Stacks are merged into a tree from the root; each node is a
rectangle whose width is proportional to its count (the samples in it and below it), laid
out left to right in name order, one row per depth with the root row at the bottom (as
flamegraph.pl draws it). Each rectangle is in a <g> with a <title> "NAME (N samples, P%)"
(the tooltip) and a label cut to fit. Frames narrower than --minwidth pixels (default 0.1)
are left out, with what they hold, as flamegraph.pl does. Colours are warm and fixed by the
frame's name, so two graphs of the same program colour alike."""
import argparse
import hashlib
import sys
from xml.sax.saxutils import escape

FRAME_H = 16
PAD = 10
TOP = 36        # room for the title
FONT = 12
CHAR_W = 0.59 * FONT


class Node:
    __slots__ = ("name", "count", "kids")

    def __init__(self, name):
        self.name = name
        self.count = 0
        self.kids = {}


def read_folded(f):
    root = Node("all")
    for n, line in enumerate(f, 1):
        line = line.rstrip("\n")
        if not line.strip():
            continue
        stack, sep, count = line.rpartition(" ")
        try:
            c = int(count)
        except ValueError:
            c = None
        if not sep or c is None or c < 0:
            raise ValueError("line %d: not 'frame;frame;... COUNT': %r" % (n, line[:200]))
        node = root
        node.count += c
        for frame in stack.split(";"):
            node = node.kids.setdefault(frame, Node(frame))
            node.count += c
    return root


def colour(name):
    h = hashlib.md5(name.encode("utf-8", "replace")).digest()
    return "rgb(%d,%d,%d)" % (205 + h[0] % 50, 80 + h[1] % 150, h[2] % 55)


def depth(node):
    return 1 + max((depth(k) for k in node.kids.values()), default=0)


def draw(out, node, x, level, height, scale, minwidth, total):
    w = node.count * scale
    if w < minwidth:
        return
    y = height - PAD - (level + 1) * FRAME_H
    pct = 100.0 * node.count / total if total else 0.0
    title = "%s (%d samples, %.2f%%)" % (node.name, node.count, pct)
    label = node.name
    fit = int((w - 6) / CHAR_W)
    if fit < 3:
        label = ""
    elif len(label) > fit:
        label = label[:fit - 2] + ".."
    out.append('<g><title>%s</title><rect x="%.4f" y="%d" width="%.4f" height="%d" fill="%s" '
               'rx="2" ry="2"/><text x="%.2f" y="%.2f">%s</text></g>\n' %
               (escape(title), x, y, w, FRAME_H - 1, colour(node.name), x + 3,
                y + FRAME_H - 4.5, escape(label)))
    kx = x
    for name in sorted(node.kids):
        kid = node.kids[name]
        draw(out, kid, kx, level + 1, height, scale, minwidth, total)
        kx += kid.count * scale


def main():
    ap = argparse.ArgumentParser(description="an SVG flame graph from folded stacks")
    ap.add_argument("file", nargs="?", help="folded stacks (default: standard input)")
    ap.add_argument("--title", default="Flame Graph")
    ap.add_argument("--width", type=float, default=1200.0)
    ap.add_argument("--minwidth", type=float, default=0.1)
    a = ap.parse_args()
    if a.width <= 2 * PAD:
        ap.error("--width must be more than %d" % (2 * PAD))
    try:
        f = open(a.file, encoding="utf-8", errors="replace") if a.file else sys.stdin
        root = read_folded(f)
    except (OSError, ValueError) as e:
        sys.stderr.write("flamegraph.py: %s\n" % e)
        return 1
    levels = depth(root)
    height = TOP + levels * FRAME_H + 2 * PAD
    scale = (a.width - 2 * PAD) / root.count if root.count else 0.0
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n',
           '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="%g" height="%d" '
           'viewBox="0 0 %g %d" font-family="Verdana, sans-serif" font-size="%d">\n' %
           (a.width, height, a.width, height, FONT),
           '<rect x="0" y="0" width="100%" height="100%" fill="#f8f8f8"/>\n',
           '<text x="%g" y="24" text-anchor="middle" font-size="17" id="title">%s</text>\n' %
           (a.width / 2, escape(a.title))]
    if root.count:
        draw(out, root, float(PAD), 0, height, scale, a.minwidth, root.count)
    else:
        out.append('<text x="%g" y="%d" text-anchor="middle">no samples</text>\n' %
                   (a.width / 2, TOP + 2 * PAD))
    out.append("</svg>\n")
    sys.stdout.write("".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
