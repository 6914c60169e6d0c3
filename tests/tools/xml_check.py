#!/usr/bin/env python3
"""xml_check.py XML JSON — -x oformat=xml against -x oformat=json of the same program.

XML must be a well-formed document (python3's xml.etree) whose root is <dtrace>, holding one
<probes> element per JSON document, in order, each on a line of its own (the stream can be
read line by line). Each <probes> element must be its JSON document in libxo's XML form, by
libxo's rules written down here: an object's member is an element of the member's name; a
list is that element repeated, once per entry (a leaf list the same, with text); null an
empty element; numbers and strings their text (characters XML 1.0 cannot carry, the controls
but TAB, LF and CR, as U+FFFD). Fields that differ from run to run by nature ("timestamp", "cpu",
"cpu", "pid", "address") are compared by presence only, and a print()'s "text" with its address
line ("0x... = *") masked. Prints "ok N" or what differs."""
import json
import re
import sys
import xml.etree.ElementTree as ET

RUN_BOUND = {"timestamp", "cpu", "pid", "address"}
BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
ADDR_LINE = re.compile(r"^0x[0-9a-f]+ = \*$", re.M)


def masked(name, text):
    return ADDR_LINE.sub("ADDR = *", text) if name == "text" else text


def expect(name, v, out):
    """Append to out the (tag, text, children) triples v makes under name."""
    if isinstance(v, list):
        for e in v:
            expect(name, e, out)
    elif isinstance(v, dict):
        kids = []
        for k, x in v.items():
            expect(k, x, kids)
        out.append((name, "", kids))
    elif v is None:
        out.append((name, "", []))
    elif name in RUN_BOUND:
        out.append((name, "*", []))
    else:
        out.append((name, masked(name, BAD.sub("\ufffd", v)), []))


def actual(el):
    if el.tag in RUN_BOUND and len(el) == 0:
        text = "*"
    else:
        text = masked(el.tag, el.text or "")
    return (el.tag, text if len(el) == 0 else "", [actual(c) for c in el])


def main():
    raw = open(sys.argv[1], encoding="utf-8").read()
    root = ET.fromstring(raw)
    docs = [json.loads(l, parse_int=str, parse_float=str,
                       parse_constant=str) for l in open(sys.argv[2])]
    # numbers as their JSON text; true/false as JSON writes them
    def fix(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, dict):
            return {k: fix(x) for k, x in v.items()}
        if isinstance(v, list):
            return [fix(x) for x in v]
        return v
    errs = []
    if root.tag != "dtrace":
        errs.append("root %r" % root.tag)
    lines = raw.split("\n")
    if lines[0] != '<?xml version="1.0"?>' or lines[1] != "<dtrace>" or lines[-2:] != ["</dtrace>", ""]:
        errs.append("head/tail lines %r %r" % (lines[:2], lines[-2:]))
    for i, l in enumerate(lines[2:-2]):
        try:
            if ET.fromstring(l).tag != "probes":
                errs.append("line %d: not a <probes> element" % (i + 3))
        except ET.ParseError as e:
            errs.append("line %d: %s" % (i + 3, e))
    kids = list(root)
    if len(kids) != len(docs):
        errs.append("%d <probes> elements, %d JSON documents" % (len(kids), len(docs)))
    for n, (el, d) in enumerate(zip(kids, docs)):
        want = []
        expect("probes", fix(d), want)
        got = actual(el)
        if [got] != want:
            errs.append("document %d: XML %r, JSON makes %r" % (n, got, want[0]))
    print(("ok %d" % len(kids)) if not errs else "; ".join(errs)[:3000])


if __name__ == "__main__":
    main()
