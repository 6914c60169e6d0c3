#!/bin/sh
# tier: fast
# cfi_cache.sh — the on-disk cache of unwind rows (src/elf/cfi_cache.c, docs/unwind.md "The
# cache"): rows read back from it are the rows the parser makes (tests/tools/cfi_dump without -t,
# which cfi_readelf.sh holds to readelf -wF), and an entry that is not exactly what was written
# (truncated, a byte changed, forged with a right checksum but wrong rows, a symbolic link, a file
# others may write) is rejected, removed and rebuilt, never used; a directory others may write is
# not used at all; USDTRACE_CFI_CACHE=off writes nothing; USDTRACE_CFI_CACHE_MB bounds the size.
# Objects: this machine's libc and python3.11, a test program and its stripped copy (the same
# build ID, other bytes: two entries).
. "$TOP/tests/sh/lib.sh"
CFIDUMP="$B/tools/cfi_dump"
[ -x "$CFIDUMP" ] || { notok cfi_cache "$CFIDUMP not built"; exit 0; }
command -v python3 >/dev/null 2>&1 || { skip cfi_cache "no python3"; exit 0; }
sdt_workdir
LIBC=$(ldd /bin/sh | awk '/libc.so.6/ { print $3 }')
PY=/usr/bin/python3.11
[ -r "$LIBC" ] || { skip cfi_cache "no libc.so.6 found"; exit 0; }
C=$W/cache
export USDTRACE_CFI_CACHE=$C
"$CFIDUMP" "$LIBC" >"$W/libc.ref" || { notok cfi_cache "cfi_dump $LIBC failed"; exit 0; }

# t NAME: the rows of $LIBC through the cache into $W/NAME.out, the counts into $W/NAME.err;
# "same" when they are the parser's
t() {
	"$CFIDUMP" -t "$LIBC" >"$W/$1.out" 2>"$W/$1.err"
	cmp -s "$W/$1.out" "$W/libc.ref" && echo same
}
counts() { grep '^cache ' "$W/$1.err"; }
entry() { ls "$C" | grep '\.cfi$'; }

r=$(t cold)
n=$(entry | wc -l)
modes=$(stat -c '%a' "$C" "$C/$(entry | head -1)" 2>/dev/null | tr '\n' ' ')
if [ "$r" = same ] && [ "$(counts cold)" = "cache hits=0 misses=1 rejected=0 stored=1 evicted=0" ] &&
	[ "$n" = 1 ] && [ "$modes" = "700 600 " ]; then
	ok "cfi_cache cold: the parser's rows, one entry stored (dir 700, file 600)"
else
	notok "cfi_cache cold" "same='$r' $(counts cold) entries=$n modes=$modes"
fi
E=$C/$(entry | head -1)
cp "$E" "$W/good"

r=$(t warm)
if [ "$r" = same ] && [ "$(counts warm)" = "cache hits=1 misses=0 rejected=0 stored=0 evicted=0" ]; then
	ok "cfi_cache warm: the same rows from the entry"
else
	notok "cfi_cache warm" "same='$r' $(counts warm)"
fi

# bad NAME: $E was damaged: the rows must still be the parser's, the entry rejected and rewritten
# whole (a later run hits it)
bad() {
	r=$(t "$1")
	c=$(counts "$1")
	r2=$(t "$1.again")
	if [ "$r" = same ] && [ "$c" = "cache hits=0 misses=0 rejected=1 stored=1 evicted=0" ] &&
		[ "$r2" = same ] && cmp -s "$E" "$W/good" && [ -f "$E" ] && [ ! -L "$E" ]; then
		ok "cfi_cache $1: rejected, rebuilt, rewritten"
	else
		notok "cfi_cache $1" "same='$r' $c; then same='$r2' $(counts "$1.again")"
	fi
}

size=$(stat -c %s "$E")
head -c $((size - 5)) "$W/good" >"$E"; bad truncated
head -c 100 "$W/good" >"$E"; bad "truncated in the header"
: >"$E"; bad empty

# The damaged entries, made in one python3 run (it starts slowly here) from the good one: fix()
# recomputes the checksum (cfi_cache.c: FNV-1a over 64-bit words, mixed, xor the length), so
# that only the row and header checks stand against a forger who knows it.
python3 - "$W/good" "$W" <<'EOF'
import struct, sys
good, w = open(sys.argv[1], 'rb').read(), sys.argv[2]
H = 216  # sizeof(struct cache_hdr); the sum at 208, the tracer's ID at 144, the object's at 48
def fix(b):
    M = (1 << 64) - 1
    rows = b[H:]
    h = 0xcbf29ce484222325
    for i in range(0, len(rows) - 7, 8):
        h = ((h ^ struct.unpack_from('<Q', rows, i)[0]) * 0x100000001b3) & M
        h ^= h >> 29
    struct.pack_into('<Q', b, 208, h ^ len(rows))
def make(name, edit, forge):
    b = bytearray(good)
    edit(b)
    if forge:
        fix(b)
    open(w + '/bad.' + name, 'wb').write(b)
def swap(b):
    r = b[H + 160:H + 176]
    b[H + 160:H + 176] = b[H + 176:H + 192]
    b[H + 176:H + 192] = r
def setb(off, v):
    def e(b):
        b[off] = v
    return e
def xorb(off, v):
    def e(b):
        b[off] ^= v
    return e
make('byte', xorb(H + 1604, 0x40), False)
make('order', swap, True)
make('rule', setb(H + 16 * 50 + 12, 9), True)
make('pad', setb(H + 16 * 50 + 14, 1), True)
make('pc', lambda b: struct.pack_into('<I', b, len(b) - 16, 0xfffffff0), True)
make('count', lambda b: struct.pack_into('<Q', b, 16, struct.unpack_from('<Q', b, 16)[0] + 1), True)
make('tool', xorb(144, 1), False)
make('id', xorb(48, 1), False)
EOF
for c in "byte:a byte of a row changed" "order:forged: rows out of order" \
	"rule:forged: unknown CFA rule" "pad:forged: padding not zero" \
	"pc:forged: a pc past the object" "count:forged: row count" \
	"tool:forged: another build of the tracer" "id:forged: another build ID"; do
	cp "$W/bad.${c%%:*}" "$E"
	bad "${c#*:}"
done
cp "$W/good" "$E"; chmod 0666 "$E"; bad "writable by others"
cp "$W/good" "$W/elsewhere"; rm -f "$E"; ln -s "$W/elsewhere" "$E"; bad "a symbolic link"

# a directory others may write is not used: the rows are still the parser's, nothing is stored
chmod 0777 "$C"
r=$(t opendir)
chmod 0700 "$C"
if [ "$r" = same ] && grep -q 'not a directory of ours' "$W/opendir.err" &&
	[ "$(counts opendir)" = "cache hits=0 misses=0 rejected=0 stored=0 evicted=0" ]; then
	ok "cfi_cache a directory others may write: not used, one warning"
else
	notok "cfi_cache a directory others may write" "same='$r' $(cat "$W/opendir.err")"
fi

# off
r=$(USDTRACE_CFI_CACHE=off "$CFIDUMP" -t "$LIBC" 2>"$W/off.err" | cmp -s - "$W/libc.ref" && echo same)
if [ "$r" = same ] && grep -q "cache hits=0 misses=0 rejected=0 stored=0 evicted=0" "$W/off.err"; then
	ok "cfi_cache USDTRACE_CFI_CACHE=off: nothing read or written"
else
	notok "cfi_cache off" "same='$r' $(cat "$W/off.err")"
fi

# the size bound: python3.11's entry (about 1 MB) and libc's in a cache of 1 MB: the least
# recently used one goes
rm -rf "$C"
USDTRACE_CFI_CACHE_MB=1 "$CFIDUMP" -t "$LIBC" >/dev/null 2>&1
sleep 0.05
USDTRACE_CFI_CACHE_MB=1 "$CFIDUMP" -t "$PY" >"$W/py.out" 2>"$W/py.err"
total=$(du -cb "$C"/*.cfi 2>/dev/null | awk 'END { print $1 }')
"$CFIDUMP" "$PY" | cmp -s - "$W/py.out" && pysame=same
if [ -r "$PY" ] && [ "$pysame" = same ] && [ "$total" -le 1048576 ] && grep -q 'evicted=[1-9]' "$W/py.err"; then
	ok "cfi_cache USDTRACE_CFI_CACHE_MB=1: the oldest entry removed, $total bytes kept"
elif [ ! -r "$PY" ]; then
	skip "cfi_cache size bound" "no $PY"
else
	notok "cfi_cache size bound" "python3.11 same='$pysame', $total bytes: $(cat "$W/py.err")"
fi

# one build ID, two files: a program with .debug_frame and its stripped copy have their own
# entries, each read back as the parser makes its rows
# (functions enough that their FDEs cover most of the code: an object whose CFI leaves most of
# it out takes rows from a separate debug file too, and is not cached)
awk 'BEGIN { for (i = 0; i < 40; i++) printf "int f%d(int *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += v[i] * %d + (s >> 3); return s; }\n", i, i + 1
	print "int main(int c, char **v) { (void)v; return f0(&c, 1) + f39(&c, 1); }" }' >"$W/p.c"
if cc -O2 -g -Wl,--build-id -o "$W/p" "$W/p.c" 2>/dev/null &&
	strip -o "$W/ps" "$W/p"; then
	rm -rf "$C"
	fails=
	for f in "$W/p" "$W/ps" "$W/p" "$W/ps"; do
		"$CFIDUMP" "$f" >"$W/f.ref" 2>/dev/null
		"$CFIDUMP" -t "$f" 2>/dev/null | cmp -s - "$W/f.ref" || fails="$fails $f"
	done
	n=$(ls "$C" | grep -c '\.cfi$')
	if [ -z "$fails" ] && [ "$n" = 2 ]; then
		ok "cfi_cache one build ID, two files: two entries, each its file's rows"
	else
		notok "cfi_cache one build ID, two files" "differs:$fails; $n entries"
	fi
else
	skip "cfi_cache one build ID, two files" "cc or strip failed"
fi
exit 0
