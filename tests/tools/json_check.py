#!/usr/bin/env python3
"""json_check.py — checks usdtrace's -x oformat=json output (tests/sh/output_json.sh) with
Python's own json parser, against the text output of the same program.

  json_check.py actions TEXT JSON      one clause per action kind (output_json.sh's actions.d):
                                       each record of TEXT (markers "@@N@@" split it) against
                                       the JSON document of the same record
  json_check.py stream JSON            every line one complete document of version 2
  json_check.py sequence JSON TOTAL    load: records carry n = 1, 2, ... in order (printf
                                       "%d w" and trace(n)); received + dropped == TOTAL
Prints "ok" or what is wrong; exits 0 either way (the shell test reads the words)."""
import json
import re
import sys


def docs(path):
    out = []
    with open(path, "rb") as f:
        for i, line in enumerate(f, 1):
            if not line.endswith(b"\n"):
                raise ValueError("line %d is not terminated (torn document)" % i)
            d = json.loads(line.decode("utf-8"))
            if not isinstance(d, dict) or d.get("version") != 2 or "type" not in d:
                raise ValueError("line %d: not a version 2 document: %r" % (i, line[:200]))
            out.append(d)
    return out


BPF_FRAME = re.compile(r"^bpf`bpf_prog_[0-9a-f]+_(\w+)\+0x[0-9a-f]+$")
OFFSET = re.compile(r"\+0x[0-9a-f]+$")


def same_frames(a, b):
    """Stacks of two runs (text, JSON) equal frame by frame, to the function: the BPF
    program's own frame (bpf`bpf_prog_TAG_NAME+0xOFF) by its name, since the JSON run's
    program also records the firing's time (its own tag and offsets); the kernel's frames
    without their offsets, since the path into the program may differ from run to run (the
    test run's direct call or its call on another CPU)."""
    def norm(t):
        m = BPF_FRAME.match(t)
        return "bpf`" + m.group(1) if m else OFFSET.sub("", t)
    return [norm(x) for x in a] == [norm(x) for x in b]


def frame_text(f):
    """dtrace's text of a frame, from the JSON fields."""
    if f["module"] and f["function"] and f["offset"]:
        return "%s`%s+0x%x" % (f["module"], f["function"], f["offset"])
    if f["module"] and f["function"]:
        return "%s`%s" % (f["module"], f["function"])
    if f["module"]:
        return "%s`0x%x" % (f["module"], f["address"])
    return "0x%x" % f["address"]


def text_records(path):
    """Pieces of the text output after each "@@N@@" marker line, by N."""
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    parts = re.split(r"@@(\d+)@@\n", text)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def hexdump_bytes(piece):
    got = []
    for line in piece.splitlines():
        m = re.match(r"\s+[0-9a-f]+: ((?:[0-9a-f]{2} )+)", line)
        if m:
            got += [int(x, 16) for x in m.group(1).split()]
    return got


def agg_rows_text(piece):
    """Default printa rows: whitespace-separated keys then values, one row a line."""
    return [line.split() for line in piece.splitlines() if line.strip()]


def hist_rows_text(piece):
    """A histogram's rows: (label, count) with a non-zero count."""
    rows = []
    for line in piece.splitlines():
        m = re.match(r"^\s*(.+?) \|[@ |]*\s+(-?\d+)\s*$", line)
        if m and int(m.group(2)) != 0:
            rows.append((m.group(1).strip(), int(m.group(2))))
    return rows


def check_actions(text_path, json_path):
    pieces = text_records(text_path)
    ds = docs(json_path)
    recs = {}
    for d in ds:
        if d["type"] != "probe":
            continue
        out = d["output"]
        if out and out[0]["kind"] == "printf":
            m = re.match(r"\n@@(\d+)@@\n", out[0]["message"])
            if m:
                recs[int(m.group(1))] = (d, out[1:])
    errs = []

    def want(n, cond, why):
        if not cond:
            errs.append("record %d: %s" % (n, why))

    for n, piece in sorted(pieces.items()):
        if n not in recs:
            errs.append("record %d: no JSON document" % n)
            continue
        d, items = recs[n]
        # record 7, the kernel stack, is a system call probe's (BEGIN has no kernel stack);
        # 99, the end, the -c command's exit
        begin = d["provider"] == "dtrace" and d["name"] == "BEGIN" and d["id"] == 1
        kstack = n == 7 and d["provider"] == "syscall" and d["name"] == "entry"
        end = n == 99 and d["provider"] == "proc" and d["name"] == "exit"
        want(n, (begin or kstack or end) and isinstance(d["cpu"], int),
             "probe fields %r" % {k: d[k] for k in ("id", "provider", "name", "cpu")})
        if not items:
            continue
        it = items[0]
        k = it["kind"]
        p = piece.rstrip("\n")
        if k == "trace" and it["type"] == "string":
            want(n, p == it["value"], "trace string %r vs text %r" % (it["value"], p))
        elif k == "trace" and "value" in it:
            want(n, isinstance(it["value"], int) and p == str(it["value"]),
                 "trace %r vs text %r" % (it["value"], p))
        elif k == "printf":
            want(n, piece.startswith(it["message"]), "printf %r vs text %r" % (it["message"], piece))
            want(n, [v["value"] for v in it["values"]] == [42, "str", 255, 65],
                 "printf values %r" % it["values"])
        elif k == "tracemem":
            want(n, it["bytes"] == hexdump_bytes(piece), "tracemem %r vs %r" % (it["bytes"], hexdump_bytes(piece)))
        elif k == "print":
            # the address is the run's own: the text run's and the JSON run's differ
            addr = re.compile(r"^0x[0-9a-f]+ = \*\n")
            want(n, it["type"] == "struct st *" and addr.match(p) and
                 addr.sub("", it["text"].rstrip("\n")) == addr.sub("", p) and
                 it["bytes"][:4] == [7, 0, 0, 0], "print %r vs %r" % (it, p))
        elif k == "stack":
            lines = [l.strip() for l in piece.splitlines() if l.strip()]
            want(n, same_frames([frame_text(f) for f in it["frames"]], lines) and len(lines) > 0,
                 "stack %r vs %r" % ([frame_text(f) for f in it["frames"]], lines))
        elif k in ("uaddr", "usym"):
            want(n, frame_text(it) == p.strip(), "%s %r vs %r" % (k, frame_text(it), p))
        elif k == "umod":
            want(n, it["module"] == p.strip(), "umod %r vs %r" % (it["module"], p))
        elif k == "printa" and "format" in it:
            want(n, piece.startswith(it["message"]), "printa message %r vs %r" % (it["message"], piece))
            want(n, [r["keys"] + r["values"] for r in it["rows"]] == [["b", 2, -3], ["a", 1, 10]],
                 "printa rows %r" % it["rows"])
        elif k == "printa":
            rows = [[str(x) for x in r["keys"] + r["values"]] for r in it["rows"]]
            want(n, rows == agg_rows_text(piece), "printa %r vs %r" % (rows, agg_rows_text(piece)))
        elif k == "system":
            want(n, it["output"] == "sys-out\n" and p.startswith("sys-out"),
                 "system %r vs %r" % (it["output"], p))
        else:
            errs.append("record %d: unexpected item %r" % (n, it))
    # the aggregations printed at exit, against the text after the last record
    exits = [d for d in ds if d["type"] == "aggregations"]
    if len(exits) != 1:
        errs.append("%d aggregations documents, want 1" % len(exits))
    else:
        tail = pieces[max(pieces)]
        scalars = []
        hists = []
        for item in exits[0]["output"]:
            name = item["aggregations"][0]["name"]
            fn = item["aggregations"][0]["function"]
            for r in item["rows"]:
                v = r["values"][0]
                if isinstance(v, dict):
                    hists.append((name, [(b["label"], b["count"]) for b in v["buckets"]]))
                else:
                    scalars.append((name, fn, v))
        # scalar rows print as one number a line, in aggregation order, before the histograms
        nums = [int(l) for l in re.findall(r"^\s+(-?\d+)\s*$", tail, re.M)]
        want(max(pieces), nums == [v for _, _, v in scalars], "exit scalars %r vs text %r" % (scalars, nums))
        blocks = tail.split("           value  ------------- Distribution ------------- count")[1:]
        got = [hist_rows_text(b) for b in blocks]
        want(max(pieces), got == [h for _, h in hists], "exit histograms %r vs text %r" % (hists, got))
        want(max(pieces), [f for _, f, _ in scalars] == ["min", "max", "avg", "stddev"] and
             [n for n, _ in hists] == ["q", "l", "ll"], "exit kinds %r %r" % (scalars, hists))
    return errs


def check_sequence(json_path, total):
    ds = docs(json_path)
    seen = []
    dropped = 0
    for d in ds:
        if d["type"] == "drop":
            dropped += d["count"]
            continue
        if d["type"] != "probe":
            continue
        out = d["output"]
        if len(out) != 2 or out[0]["kind"] != "printf" or out[1]["kind"] != "trace":
            return ["record with output %r" % out]
        n = out[1]["value"]
        if out[0]["message"] != "%d w\n" % n or out[0]["values"][0]["value"] != n:
            return ["record %d: printf %r disagrees with trace" % (n, out[0])]
        seen.append(n)
    errs = []
    if any(b <= a for a, b in zip(seen, seen[1:])):
        errs.append("values out of order")
    if len(seen) + dropped != total:
        errs.append("%d records + %d dropped != %d" % (len(seen), dropped, total))
    if seen and seen[-1] > total:
        errs.append("value %d beyond %d" % (seen[-1], total))
    return errs, len(seen), dropped


def main():
    try:
        if sys.argv[1] == "actions":
            errs = check_actions(sys.argv[2], sys.argv[3])
            print("ok" if not errs else "; ".join(errs)[:1500])
        elif sys.argv[1] == "stream":
            ds = docs(sys.argv[2])
            print("ok %d" % len(ds))
        elif sys.argv[1] == "sequence":
            errs, n, dropped = check_sequence(sys.argv[2], int(sys.argv[3]))
            print(("ok %d %d" % (n, dropped)) if not errs else "; ".join(errs))
    except (ValueError, KeyError, IndexError, TypeError) as e:
        print("bad: %s" % e)


main()
