#!/bin/sh
# tier: full
# output_fold.sh — -x aggfold (src/print/fold.c, docs/output.md): stack-keyed count()/sum()
# aggregations printed as folded stacks (root first, ';'-joined, then the value), on a program
# with known call chains (tests/progs/ustack/chain.c: main -> level_a -> level_b -> level_c
# A times, main -> level_x -> lib_hop -> level_c B times):
#   * the lines against gdb's backtraces at level_c (its functions, caller to callee) and
#     against the text output of the same aggregation (frames reversed, offsets dropped), the
#     counts exact;
#   * other key members lead the line; sums; keys folding to one line add up;
#   * aggregations that do not fold (no stack, a quantize) print as dtrace prints them;
#   * printa() of a stack-keyed aggregation folds too; setopt("aggfold") at run time;
#   * README's example: a profile folded, then drawn by scripts/flamegraph.py, the SVG's
#     frames the profile's stack with its sample counts.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip output-fold "needs root"
	exit 0
fi
cd "$W" || exit 1
if ! build_chain; then
	notok fold-build "$(head -c 300 cc.err)"
	exit 0
fi

timeout 60 "$U" -q -x aggfold -n 'chain$target:::fire { @[ustack()] = count(); }' \
	-c "$W/chain 3 2" >fold.out 2>fold.err
timeout 60 "$U" -q -n 'chain$target:::fire { @[ustack()] = count(); }' \
	-c "$W/chain 3 2" >text.out 2>text.err

# gdb: the backtraces at each stop in level_c (chain A only: lib_hop has no frame gdb unwinds)
printf 'set pagination off\nbreak level_c\ncommands\nsilent\nbt\ncontinue\nend\nrun\n' >g.cmd
timeout 60 gdb -q -batch -x g.cmd --args "$W/chain" 3 0 >gdb.out 2>&1

v=$(python3 - fold.out text.out gdb.out <<'EOF'
import re, sys
fold = [l for l in open(sys.argv[1]).read().splitlines() if l.strip()]
text = open(sys.argv[2]).read()
# gdb's chains, caller to callee from main, and how often each was seen
chains, cur = {}, []
for l in open(sys.argv[3]):
    m = re.match(r"^#(\d+)\s+(?:0x[0-9a-f]+ in )?(\S+) ", l)
    if not m:
        continue
    if m.group(1) == "0":
        cur = []
    cur.insert(0, m.group(2))
    if m.group(2) == "main":
        chains[";".join(cur)] = chains.get(";".join(cur), 0) + 1
errs = []
# addresses without a symbol differ from run to run (ASLR): compare them as "0x?"
def norm(s):
    return re.sub(r"`0x[0-9a-f]+", "`0x?", s)
lines = {}
for l in fold:
    m = re.match(r"^(\S(?:.*\S)?) (\d+)$", l)
    if not m:
        errs.append("not folded: %r" % l)
        continue
    lines[norm(m.group(1))] = int(m.group(2))
# the text's stacks, each reversed and without offsets
want = {}
for block in re.split(r"\n(?=\n)", text):
    frames = [f.strip() for f in block.splitlines() if "`" in f or f.strip().startswith("0x")]
    m = re.search(r"^\s+(\d+)\s*$", block, re.M)
    if frames and m:
        key = ";".join(re.sub(r"\+0x[0-9a-f]+$", "", f) for f in reversed(frames))
        want[norm(key)] = int(m.group(1))
if lines != want:
    errs.append("folded %r != text %r" % (lines, want))
# gdb's chain (caller to callee, from main) ends the line that counts 3
a = [k for k, n in lines.items() if n == 3]
funcs = [re.sub(r"^[^`]*`", "", f) for f in a[0].split(";")] if a else []
if chains != {";".join(funcs[-4:]): 3}:
    errs.append("gdb %r vs folded %r" % (chains, a))
b = [k for k, n in lines.items() if n == 2]
if not b or not b[0].endswith("chain`main;chain`level_x;libchainlib.so`lib_hop;chain`level_c"):
    errs.append("lib chain %r" % b)
print("ok" if not errs else "; ".join(errs))
EOF
)
if [ "$v" = ok ]; then
	ok fold-matches-gdb-and-text
else
	notok fold-matches-gdb-and-text "$v [$(head -c 300 fold.err)]"
fi

# other key members first; sum(); ustack(2) keys that fold to one line add up; quantize and
# keyless aggregations print as dtrace prints them; printa() folds; setopt at run time
timeout 60 "$U" -q -n 'BEGIN { setopt("aggfold"); } chain$target:::fire {
	@k[execname, ustack(2)] = sum(10); @n = count(); @h[ustack(1)] = quantize(1); }
	END { printa(@k); printf("--\n"); }' -c "$W/chain 3 2" >more.out 2>more.err
k=$(sed -n '1,/^--$/p' more.out | grep -v '^$' | tr '\n' '|')
if [ "$k" = "chain;chain\`level_b;chain\`level_c 30|chain;libchainlib.so\`lib_hop;chain\`level_c 20|--|" ] &&
   grep -q '^                5$' more.out && grep -q 'Distribution' more.out &&
   grep -q '^              chain`level_c+0x' more.out; then
	ok fold-keys-sums-others
else
	notok fold-keys-sums-others "[$(head -c 400 more.out | tr '\n' '|')] $(head -c 200 more.err)"
fi

# members in key order: the stack, then an integer
timeout 60 "$U" -q -x aggfold -n 'chain$target:::fire { @[ustack(1), arg0] = count(); }' \
	-c "$W/chain 3 0" >m.out 2>m.err
if [ "$(grep -v '^$' m.out | tr '\n' '|')" = "chain\`level_c;0 1|chain\`level_c;1 1|chain\`level_c;2 1|" ]; then
	ok fold-other-members-after-stack
else
	notok fold-other-members-after-stack "[$(head -c 300 m.out | tr '\n' '|')] $(head -c 200 m.err)"
fi

# README's profile to flame graph, as written there: folded stacks of a spinning function to
# an SVG (scripts/flamegraph.py) whose frames are the profile's stack, every one as wide as
# the samples
timeout 60 "$U" -q -x aggfold -o prof.folded \
	-n 'profile-997 /pid == $target/ { @[ustack()] = count(); }' -c "$W/chain spin 500" \
	>prof.out 2>prof.err
python3 "$TOP/scripts/flamegraph.py" prof.folded >prof.svg 2>prof.svgerr
v=$(python3 - prof.folded prof.svg <<'EOP' 2>&1
import re, sys
import xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
lines = [l.rsplit(" ", 1) for l in open(sys.argv[1]).read().splitlines() if l.strip()]
spin = sum(int(n) for s, n in lines if "chain`main;chain`level_spin" in s)
total = sum(int(n) for s, n in lines)
t = {}
for g in ET.parse(sys.argv[2]).getroot().iter(NS + "g"):
    m = re.match(r"^(.*) \((\d+) samples", g.find(NS + "title").text)
    t[m.group(1)] = (int(m.group(2)), float(g.find(NS + "rect").get("width")))
ok = (spin > 0 and t.get("chain`level_spin", (0,))[0] == spin and t["all"][0] == total and
      abs(t["chain`level_spin"][1] - 1180.0 * spin / total) < 1e-3)
print("ok" if ok else "folded %r, svg %r" % (lines, t))
EOP
)
if [ "$v" = ok ] && ! grep -q . prof.svgerr; then
	ok fold-flamegraph-svg
else
	notok fold-flamegraph-svg "$v $(head -c 200 prof.err) $(head -c 200 prof.svgerr)"
fi
