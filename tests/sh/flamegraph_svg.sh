#!/bin/sh
# tier: fast
# flamegraph_svg.sh — scripts/flamegraph.py, the SVG flame graph of folded stacks (README's
# profile example): python3's XML parser reads every graph; from a known input (stacks
# sharing prefixes, a repeated stack, names with < > & and ", a blank line), each frame's
# rectangle is where the tree says: its width its samples times (width - 2 x 10 px) /
# total, to 1e-3 px; its title "NAME (N samples, P%)" with N the input's sum for that
# prefix; children side by side inside their parent, one row up; frames under --minwidth
# left out; bad input (no count) refused with a message and status 1; no input, an SVG
# saying so.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
cd "$W" || exit 1
FG="python3 $TOP/scripts/flamegraph.py"

cat >in.folded <<'EOF2'

main;a;b 30
main;a;c 10
main;x<T>&"q";b 5
main;a;b 20
libc`start;main 1
EOF2
$FG --width 1020 in.folded >g.svg 2>g.err
v=$(python3 - g.svg <<'EOP' 2>&1
import re, sys
import xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
errs = []
if root.tag != NS + "svg":
    errs.append("root %r" % root.tag)
# the expected tree: prefix -> samples
want = {}
for stack, n in [("main;a;b", 50), ("main;a;c", 10), ('main;x<T>&"q";b', 5), ("libc`start;main", 1)]:
    parts = stack.split(";")
    for i in range(1, len(parts) + 1):
        want[";".join(parts[:i])] = want.get(";".join(parts[:i]), 0) + n
total = 66
scale = (1020 - 20) / total
frames = []
for g in root.iter(NS + "g"):
    t = g.find(NS + "title").text
    r = g.find(NS + "rect")
    m = re.match(r"^(.*) \((\d+) samples, ([\d.]+)%\)$", t)
    frames.append((m.group(1), int(m.group(2)), float(m.group(3)), float(r.get("x")),
                   float(r.get("y")), float(r.get("width"))))
# rebuild each frame's path from the geometry: a parent lies one row below and spans it
def path(f):
    parents = [p for p in frames if abs(p[4] - (f[4] + 16)) < 1e-6 and
               p[3] - 1e-3 <= f[3] and f[3] + f[5] <= p[3] + p[5] + 1e-3]
    if not parents:
        return f[0]
    return path(parents[0]) + ";" + f[0]
got = {}
for f in frames:
    if f[0] == "all":
        if (f[1], abs(f[5] - 1000) < 1e-3) != (total, True):
            errs.append("root frame %r" % (f,))
        continue
    p = path(f)
    p = p[len("all;"):] if p.startswith("all;") else p
    got[p] = f[1]
    if abs(f[5] - f[1] * scale) > 1e-3:
        errs.append("%s: width %.4f for %d samples (want %.4f)" % (p, f[5], f[1], f[1] * scale))
    if abs(f[2] - round(100.0 * f[1] / total, 2)) > 0.006:
        errs.append("%s: %.2f%%" % (p, f[2]))
if got != want:
    errs.append("tree %r, want %r" % (got, want))
print("ok" if not errs else "; ".join(errs)[:1500])
EOP
)
if [ "$v" = ok ] && ! grep -q . g.err; then
	ok flamegraph-widths-and-tree
else
	notok flamegraph-widths-and-tree "$v $(head -c 200 g.err)"
fi

# --minwidth: 1 sample of 1001 at 1000 px is under 1 px
{ echo "main;big 1000"; echo "main;tiny 1"; } >mw.folded
$FG --width 1020 --minwidth 1 mw.folded >mw.svg 2>mw.err
v=$(python3 -c 'import sys, xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
t = [g.find(NS + "title").text.split(" (")[0] for g in ET.parse(sys.argv[1]).getroot().iter(NS + "g")]
print(sorted(t))' mw.svg 2>&1)
if [ "$v" = "['all', 'big', 'main']" ]; then
	ok flamegraph-minwidth
else
	notok flamegraph-minwidth "$v $(head -c 200 mw.err)"
fi

printf 'main;a;b 3\nmain;a oops\n' >bad.folded
$FG bad.folded >bad.svg 2>bad.err
rc=$?
if [ $rc = 1 ] && grep -q "^flamegraph.py: line 2: not 'frame;frame;... COUNT'" bad.err && ! grep -q . bad.svg; then
	ok flamegraph-bad-input
else
	notok flamegraph-bad-input "status $rc [$(head -c 200 bad.err)]"
fi

printf '\n' | $FG >empty.svg 2>empty.err
if python3 -c 'import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1])' empty.svg &&
   grep -q "no samples" empty.svg; then
	ok flamegraph-no-samples
else
	notok flamegraph-no-samples "$(head -c 200 empty.err)"
fi
