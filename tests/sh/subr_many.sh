#!/bin/sh
# tier: full
# subr_many.sh — many calls of one string subroutine in one clause load and give the right
# results (issue 20: 13 cleanpath() calls went past the kernel verifier's 1M processed
# instructions, where DTrace for Linux loads 16 cleanpath and 20 dirname/basename in a clause;
# bench/subr_capacity.sh measures how many each tool loads). Each case makes N calls in one
# BEGIN clause, every call on a different input, keeps each result as an aggregation key, and
# compares them with python3's own computation of the subroutine's definition (the Dynamic
# Tracing Guide): posixpath for the path subroutines, socket.inet_ntop for IPv6 addresses,
# str methods for the rest. N (128) is at
# least DTrace for Linux's figure from bench/subr_capacity.sh for every subroutine.
. "$TOP/tests/sh/lib.sh"
sdt_workdir

if ! sdt_is_root; then
	skip subr_many "needs root"
	exit 0
fi
command -v python3 >/dev/null || { skip subr_many "no python3"; exit 0; }

# gen NAME N: writes $W/NAME.d (the program) and $W/NAME.want (the expected lines "i|result")
gen() {
	python3 - "$1" "$2" "$W" <<'EOF'
import posixpath, socket, struct, sys
name, n, w = sys.argv[1], int(sys.argv[2]), sys.argv[3]
calls, want = [], []
words = [0x80fe, 0, 0, 0]
for i in range(n):
    p = "/usr/./lib%d/../lib64//x%d/libc%d.so.%d" % (i, i, i, i % 7)
    d = "/usr/lib%d/sub%d/file%d.txt" % (i, i, i)
    s = "Hello, World %d: abcXYZ abc" % i
    t = "abc" if i % 3 else "World %d" % i
    if name == "cleanpath":
        call, res = 'cleanpath("%s")' % p, posixpath.normpath(p)
    elif name == "basename":
        call, res = 'basename("%s")' % d, posixpath.basename(d)
    elif name == "dirname":
        call, res = 'dirname("%s")' % d, posixpath.dirname(d)
    elif name == "toupper":
        call, res = 'toupper("%s")' % s, s.upper()
    elif name == "tolower":
        call, res = 'tolower("%s")' % s, s.lower()
    elif name == "strjoin":
        call, res = 'strjoin("%s", "%s")' % (d, t), d + t
    elif name == "substr":
        k, m = i % 11, 3 + i % 5
        call, res = 'substr("%s", %d, %d)' % (s, k, m), s[k:k + m]
    elif name == "index":
        call, res = 'index("%s", "%s")' % (s, t), s.find(t)
    elif name == "rindex":
        call, res = 'rindex("%s", "%s")' % (s, t), s.rfind(t)
    elif name == "strstr":
        call, res = 'strstr("%s", "%s")' % (s, t), s[s.find(t):]
    elif name == "strchr":
        ch = "o" if i % 2 else "c"
        call, res = "strchr(\"%s\", '%s')" % (s, ch), s[s.find(ch):]
    elif name == "strrchr":
        ch = "o" if i % 2 else "c"
        call, res = "strrchr(\"%s\", '%s')" % (s, ch), s[s.rfind(ch):]
    elif name in ("inet_ntoa6", "inet_ntop6"):
        # fe80::/10 addresses with varied zero runs (never the IPv4 forms, which the two
        # subroutines print differently): one word changes before each call (one store per
        # call keeps the clause short); python's inet_ntop is libc's RFC 5952 text
        k = 1 + i % 3
        words[k] = [0, i * 0x10001, 0x01000000 * (i % 5), 0xffff0000][(i // 3) % 4]
        sets = "this->p6->in6_u.u6_addr32[%d] = 0x%x; " % (k, words[k])
        fn = "inet_ntoa6(this->p6)" if name == "inet_ntoa6" else "inet_ntop(AF_INET6, (void *)this->p6)"
        call = None
        calls.append("\t%s@[%d, %s] = count();\n" % (sets, i, fn))
        res = socket.inet_ntop(socket.AF_INET6, struct.pack("<4I", *words))
    elif name == "lltostr":
        v = (-1) ** i * (i * 7919 + 1) ** 3
        call, res = "lltostr(%dLL)" % v, str(v)
    else:
        raise SystemExit("unknown subroutine " + name)
    if call is not None:
        calls.append("\t@[%d, %s] = count();\n" % (i, call))
    want.append("%d|%s|1\n" % (i, res))
with open("%s/%s.d" % (w, name), "w") as f:
    f.write("BEGIN\n{\n\tthis->p6 = (struct in6_addr *)alloca(16);\n"
            "\tthis->p6->in6_u.u6_addr32[0] = 0x80fe; this->p6->in6_u.u6_addr32[1] = 0;\n"
            "\tthis->p6->in6_u.u6_addr32[2] = 0; this->p6->in6_u.u6_addr32[3] = 0;\n"
            + "".join(calls) + "\texit(0);\n}\n\nEND\n{\n"
            "\tprinta(\"%%d|%s|%%@d\\n\", @);\n}\n" % ("%d" if name in ("index", "rindex") else "%s"))
with open("%s/%s.want" % (w, name), "w") as f:
    f.write("".join(want))
EOF
}

# N per subroutine: at least DTrace for Linux's largest count (bench/subr_capacity.sh 100:
# cleanpath 37, the others 100 or more); 128 each. inet_ntop6 is inet_ntop(AF_INET6, ...).
for spec in ${SUBR_MANY_ONLY:-cleanpath:128 basename:128 dirname:128 toupper:128 tolower:128 strjoin:128 \
	substr:128 index:128 rindex:128 strstr:128 strchr:128 strrchr:128 lltostr:128 \
	inet_ntoa6:128 inet_ntop6:128}; do
	name=${spec%%:*} n=${spec#*:}
	gen "$name" "$n" || { notok "subr_many/$name" "generator failed"; continue; }
	timeout 120 "$USDTRACE" -q -x aggsortkey -s "$W/$name.d" >"$W/$name.out" 2>"$W/$name.err"
	rc=$?
	sed -i '/^$/d' "$W/$name.out"
	if [ $rc -ne 0 ]; then
		notok "subr_many/$name" "$n calls: exit $rc: $(head -c 300 "$W/$name.err" | tr '\n' ' ')"
	elif ! cmp -s "$W/$name.out" "$W/$name.want"; then
		notok "subr_many/$name" "$n calls: results differ: $(diff "$W/$name.want" "$W/$name.out" | head -4 | tr '\n' ' ')"
	else
		ok "subr_many/$name ($n calls)"
	fi
done
