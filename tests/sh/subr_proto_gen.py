#!/usr/bin/env python3
"""subr_proto_gen.py — calls of every D subroutine and action with wrong arities and wrong
argument types, one D program per case, for tests/sh/subr_proto.sh.

Output: one case a line, "NAME<TAB>CALL", where CALL is the statement put in a BEGIN clause of
PRELUDE (below). For each function of DTrace for Linux's dt_open.c table (and the Guide's list):
  - every arity from 0 to one past its largest (two for a variadic one), the arguments
    filled from a valid call;
  - for each parameter position, the valid call with that argument replaced by a value of each
    kind in KINDS (integer, string, pointers, struct, array, aggregation, NULL, ...).
The verdicts (exit status and message) are DTrace for Linux's, stored in subr_proto.expected:

  subr_proto_gen.py                 the cases, "NAME<TAB>CALL" a line
  subr_proto_gen.py run BINARY [JOBS]
                                    compile each case with `BINARY -e -s p.d`, print
                                    "NAME<TAB>EXIT<TAB>STDERR" sorted by name (line breaks as
                                    \\n, the program's name at a line's start as "dtrace")

subr_proto.expected was made with:
  python3 tests/sh/subr_proto_gen.py run /opt/oracle-dtrace/sbin/dtrace 3 \\
      > tests/sh/subr_proto.expected
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

# the program each call is compiled in (line 9 holds the call)
PRELUDE = """struct s { int x; };
struct s sv;
int iarr[2];
char carr[8];
BEGIN
{
	@a = count();
	self->p = (int *)8;
	%s;
}
"""

# an argument of each kind
KINDS = [
    ("int", "1"),
    ("string", '"abc"'),
    ("voidp", "(void *)8"),
    ("charp", "(char *)8"),
    ("struct", "sv"),
    ("agg", "@a"),
]

# function: a valid argument list (the longest the prototype takes); None marks a variadic tail
FUNCS = {
    "alloca": ["8"],
    "basename": ['"a/b"'],
    "bcopy": ['"abc"', "alloca(4)", "4"],
    "breakpoint": [],
    "chill": ["1"],
    "cleanpath": ['"a/b"'],
    "clear": ["@a"],
    "commit": ["1"],
    "copyin": ["8", "4"],
    "copyinstr": ["8", "4"],
    "copyinto": ["8", "4", "alloca(4)"],
    "copyout": ["(void *)8", "8", "4"],
    "copyoutstr": ['"abc"', "8", "4"],
    "d_path": ["(struct path *)8"],
    "ddi_pathname": ["(void *)8", "1"],
    "denormalize": ["@a"],
    "dirname": ['"a/b"'],
    "discard": ["1"],
    "exit": ["0"],
    "freopen": ['"/dev/null"', None],
    "ftruncate": [],
    "func": ["8"],
    "getmajor": ["1"],
    "getminor": ["1"],
    "htonl": ["1"],
    "htonll": ["1"],
    "htons": ["1"],
    "index": ['"abc"', '"b"', "0"],
    "inet_ntoa": ["(ipaddr_t *)8"],
    "inet_ntoa6": ["(struct in6_addr *)8", "0"],
    "inet_ntop": ["2", "(void *)8"],
    "jstack": ["5", "100"],
    "link_ntop": ["1", "(void *)8"],
    "lltostr": ["1"],
    "mod": ["8"],
    "msgdsize": ["(mblk_t *)8"],
    "msgsize": ["(mblk_t *)8"],
    "mutex_owned": ["(struct mutex *)8"],
    "mutex_owner": ["(struct mutex *)8"],
    "mutex_type_adaptive": ["(struct mutex *)8"],
    "mutex_type_spin": ["(struct mutex *)8"],
    "normalize": ["@a", "2"],
    "ntohl": ["1"],
    "ntohll": ["1"],
    "ntohs": ["1"],
    "panic": [],
    "pcap": ["(void *)8", "1"],
    "print": ["1"],
    "printa": ["@a", None],
    "printf": ['"%d"', None],
    "progenyof": ["1"],
    "raise": ["1"],
    "rand": [],
    "rindex": ['"abc"', '"b"', "0"],
    "rw_iswriter": ["(rwlock_t *)8"],
    "rw_read_held": ["(rwlock_t *)8"],
    "rw_write_held": ["(rwlock_t *)8"],
    "setopt": ['"quiet"', '"1"'],
    "speculate": ["1"],
    "speculation": [],
    "stack": ["5"],
    "stop": [],
    "strchr": ['"abc"', "'b'"],
    "strjoin": ['"a"', '"b"'],
    "strlen": ['"abc"'],
    "strrchr": ['"abc"', "'b'"],
    "strstr": ['"abc"', '"b"'],
    "strtok": ['"a b"', '" "'],
    "substr": ['"abc"', "1", "1"],
    "sym": ["8"],
    "system": ['"true"', None],
    "tolower": ['"ABC"'],
    "toupper": ['"abc"'],
    "trace": ["1"],
    "tracemem": ["(void *)8", "4", "4"],
    "trunc": ["@a", "1"],
    "uaddr": ["8"],
    "ufunc": ["8"],
    "umod": ["8"],
    "ustack": ["5", "100"],
    "usym": ["8"],
}


# functions whose prototype is another's (the same parameter types): their arities and argument
# types are swept once, through the other; of these, only the valid call is compiled
SAME_AS = {
    "htonl": "htons", "htonll": "htons", "ntohl": "htons", "ntohll": "htons", "ntohs": "htons",
    "mutex_owner": "mutex_owned", "mutex_type_adaptive": "mutex_owned",
    "mutex_type_spin": "mutex_owned", "rw_read_held": "rw_iswriter",
    "rw_write_held": "rw_iswriter", "ufunc": "usym", "umod": "usym", "uaddr": "usym",
    "func": "sym", "mod": "sym", "dirname": "basename", "toupper": "basename",
    "tolower": "basename", "discard": "commit", "speculate": "commit", "getminor": "getmajor",
    "msgdsize": "msgsize", "rindex": "index", "strrchr": "strchr", "strstr": "strjoin",
    "denormalize": "clear", "jstack": "ustack",
}


def cases():
    for f in sorted(FUNCS):
        good = [a for a in FUNCS[f] if a is not None]
        variadic = None in FUNCS[f]
        top = len(good) + (2 if variadic else 1)
        for n in range(0, top + 1):
            if f in SAME_AS and n != len(good):
                continue
            args = (good + ["1"] * n)[:n]
            yield "%s.arity%d" % (f, n), "%s(%s)" % (f, ", ".join(args))
        if f in SAME_AS:
            continue
        for i in range(len(good)):
            for kname, kval in KINDS:
                if kval == good[i]:
                    continue
                args = list(good)
                args[i] = kval
                yield "%s.arg%d.%s" % (f, i + 1, kname), "%s(%s)" % (f, ", ".join(args))


def run_one(binary, workdir, name, call):
    """Compile one case with BINARY -e (compile only) in a directory of its own, so that every
    message names the same file, p.d; return its result line."""
    d = os.path.join(workdir, name)
    os.mkdir(d)
    with open(os.path.join(d, "p.d"), "w") as f:
        f.write(PRELUDE % call)
    try:
        r = subprocess.run([binary, "-e", "-s", "p.d"], cwd=d, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=60)
        rc, err = r.returncode, r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, err = "timeout", ""
    err = re.sub(r"^(usdtrace|dtrace): ", "dtrace: ", err, flags=re.M).rstrip("\n")
    return "%s\t%s\t%s" % (name, rc, err.replace("\\", "\\\\").replace("\n", "\\n"))


def run(binary, jobs):
    binary = os.path.abspath(binary) if os.sep in binary else binary
    with tempfile.TemporaryDirectory() as w:
        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            res = ex.map(lambda c: run_one(binary, w, c[0], c[1]), cases())
            for line in sorted(res):
                print(line)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "run":
        run(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 2)
    else:
        for name, call in cases():
            print("%s\t%s" % (name, call))
