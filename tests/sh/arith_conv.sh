# tier: full
# arith_conv.sh — D's integer arithmetic by the Guide's rule ("Type Conversions": the result has
# the type of the highest-ranked operand, char < short < int < long < long long with each
# unsigned type just above its signed one; no promotion of narrow operands to int), checked
# on random expressions over variables of every width and signedness:
#   - gcc is the witness: tests/sh/arith_gen.py writes each expression a second time in C with
#     that typing spelled out as casts, and usdtrace must print what gcc -fwrapv computes;
#   - the same expressions as plain C (integer promotions) and as DTrace for Linux runs them
#     (when /opt/oracle-dtrace is built) are counted and shown as "#" lines: where D and C
#     part, and where dtrace keeps a narrow result's 64 bits unconverted (docs/check.md);
#   - fixed cases: the sums of narrow types printed with %d, sizeof of mixed expressions,
#     signed / and % (negative operands, INT64_MIN / -1, the run-time division by zero).
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
w=$W
cases="random-vs-guide fixed-values sizeof-types division-by-zero"
if ! sdt_is_root; then
	for c in $cases; do skip "$c" "needs root"; done
	exit 0
fi
if ! command -v gcc >/dev/null || ! command -v python3 >/dev/null; then
	for c in $cases; do skip "$c" "needs gcc and python3"; done
	exit 0
fi

# --- random expressions (fixed seed: a failure reproduces with ARITH_SEED) ---
seed=${ARITH_SEED:-2020}
python3 "$TOP/tests/sh/arith_gen.py" "$seed" 250 "$w"
if ! gcc -w -fwrapv -o "$w/guide" "$w/guide.c" 2>"$w/guide.cerr" ||
   ! gcc -w -fwrapv -o "$w/plain" "$w/plain.c" 2>>"$w/guide.cerr"; then
	notok random-vs-guide "gcc: $(head -c 300 "$w/guide.cerr")"
else
	"$w/guide" >"$w/guide.out"
	"$w/plain" >"$w/plain.out"
	timeout 120 "$USDTRACE" -q -s "$w/rand.d" >"$w/us.out" 2>"$w/us.err"
	rc=$?
	grep -v '^$' "$w/us.out" >"$w/us.lines"
	if [ $rc -ne 0 ]; then
		notok random-vs-guide "exit $rc: $(head -c 300 "$w/us.err")"
	elif ! cmp -s "$w/us.lines" "$w/guide.out"; then
		notok random-vs-guide "seed $seed: $(paste -d' ' "$w/guide.out" "$w/us.lines" "$w/exprs" |
			awk '$1 != $2' | head -3 | tr '\n' '|') (want got expr)"
	else
		ok random-vs-guide
	fi
	n=$(wc -l <"$w/exprs")
	c=$(paste -d' ' "$w/guide.out" "$w/plain.out" | awk '$1 != $2' | wc -l)
	echo "# seed $seed: C's integer promotions give another value for $c of $n expressions, e.g.:"
	paste -d' ' "$w/guide.out" "$w/plain.out" "$w/exprs" | awk '$1 != $2' | head -3 | sed 's/^/#   D C expr: /'
	if [ -x /opt/oracle-dtrace/sbin/dtrace ]; then
		timeout 120 /opt/oracle-dtrace/sbin/dtrace -q -s "$w/rand.d" >"$w/dt.out" 2>/dev/null
		grep -v '^$' "$w/dt.out" >"$w/dt.lines"
		d=$(paste -d' ' "$w/guide.out" "$w/dt.lines" | awk '$1 != $2' | wc -l)
		echo "# DTrace for Linux differs from the Guide's rule on $d of $n (narrow results kept in 64 bits, signed %), e.g.:"
		paste -d' ' "$w/guide.out" "$w/dt.lines" "$w/exprs" | awk '$1 != $2' | head -3 | sed 's/^/#   usdtrace dtrace expr: /'
	fi
fi

# --- fixed cases, each value from the Guide's rule (and what dtrace prints for it) ---
cat >"$w/fixed.d" <<'EOF'
unsigned short us; signed char sc; unsigned char uc; char c; short s; int i; unsigned u;
long l; int64_t big;
BEGIN {
	us = 65535; sc = -128; uc = 255; c = 100; s = -3; i = -7; u = 4; l = -7; big = 0x8000000000000000;
	printf("%d %d %d %d\n", us + us, sc + sc, uc + uc, c + c);
	printf("%d %d %d\n", us * us, -uc, ~uc);
	printf("%d %d\n", uc + 1, us + 1);
	printf("%d %d %d %d\n", i / 2, i % 2, -i / -2, i % -2);
	printf("%d %d\n", l / 2, l % 4);
	printf("%d %d\n", big / -1, big % -1);
	printf("%d %d %d\n", (unsigned char)255 > (char)-1, s < u, i < l);
	printf("%d %d\n", u ? s : u, uc ? sc : uc);
	printf("%d %d %d\n", (short)70000, (unsigned short)-1, (signed char)200);
	printf("%x %x\n", sc >> 1, uc >> 1);
	exit(0);
}
EOF
# us + us: unsigned short 65534; sc + sc: signed char (-256 cut to 0); uc + uc: 254; c + c: 200
# as a char, -56. us * us: 1; -uc: 1; ~uc: 0. uc + 1, us + 1: int. Signed / and % round toward 0
# and a remainder takes the dividend's sign, as in C (-7 % -2 is -1: DTrace for Linux prints 1);
# INT64_MIN / -1 wraps to INT64_MIN, % -1 is 0. sc >> 1 shifts arithmetically; %x of a signed
# char prints its own byte (c0), as dtrace does. (char)-1 becomes the unsigned char 255; short
# -3 becomes the unsigned int 4294967293; ?: converts its chosen branch to the common type
# (signed char -128 as an unsigned char is 128).
want='65534 0 254 -56
1 1 0
256 65536
-3 -1 -3 -1
-3 -3
-9223372036854775808 0
0 0 0
4294967293 128
4464 65535 -56
c0 7f'
timeout 60 "$USDTRACE" -q -s "$w/fixed.d" >"$w/fixed.out" 2>"$w/fixed.err"
got=$(grep -v '^$' "$w/fixed.out")
if [ "$got" = "$want" ]; then ok fixed-values
else notok fixed-values "got '$(echo "$got" | tr '\n' '|')' want '$(echo "$want" | tr '\n' '|')' $(head -c 200 "$w/fixed.err")"; fi

# --- the types themselves: sizeof of mixed expressions (no code runs for sizeof) ---
timeout 60 "$USDTRACE" -q -n 'unsigned short us; signed char sc; unsigned char uc; short s; int i; long l;
BEGIN { printf("%d %d %d %d %d %d %d %d %d\n", sizeof (us + us), sizeof (sc + uc), sizeof (s * sc),
	sizeof (uc << 4), sizeof (-us), sizeof (uc + 1), sizeof (s + l), sizeof (i ? sc : us),
	sizeof (sc < uc)); exit(0); }' >"$w/sz.out" 2>"$w/sz.err"
got=$(grep -v '^$' "$w/sz.out")
if [ "$got" = "2 1 2 1 2 4 8 2 4" ]; then ok sizeof-types
else notok sizeof-types "got '$got' want '2 1 2 1 2 4 8 2 4' $(head -c 200 "$w/sz.err")"; fi

# --- division by zero at run time: dtrace's error, the clause abandoned, tracing goes on ---
timeout 60 "$USDTRACE" -q -n 'BEGIN { z = 0; x = 1 / z; printf("not reached\n"); }
BEGIN { printf("after\n"); exit(0); }' >"$w/dz.out" 2>"$w/dz.err"
rc=$?
if [ $rc -eq 0 ] && grep -q '^after$' "$w/dz.out" && ! grep -q 'not reached' "$w/dz.out" &&
   grep -q 'divide-by-zero' "$w/dz.err"; then
	ok division-by-zero
else
	notok division-by-zero "exit $rc out '$(tr '\n' '|' <"$w/dz.out")' err '$(head -c 200 "$w/dz.err")'"
fi
