# tier: full
# arith_conv.sh — D's integer arithmetic as DTrace for Linux computes it (docs/arithmetic.md):
# results typed by the Guide's ranks (no promotion of narrow operands to int) but kept in 64
# bits, uncut through operators, ?: and comparisons, until a store, a cast or a record cuts
# them; dtrace's own casts, signed / and %, ++/--, op= and constant folding.
#   - random-vs-model: tests/sh/arith_gen.py writes random expressions and stores over
#     variables of every width, signedness and storage kind, printed with %d/%u/%x and as
#     (long long), and computes what each prints by the model; usdtrace must print that;
#   - model-vs-dtrace: when DTrace for Linux is built (/opt/oracle-dtrace), the same program
#     run by dtrace itself must print the model's values too, so the model cannot drift from
#     the reference (another seed each run of the suite: ARITH_SEED fixes it);
#   - fixed cases: narrow sums printed with %d, signed / and % and their folding, casts,
#     ++/--, aggregations of narrow sums, predicates, sizeof of mixed expressions, each value
#     from dtrace (the comments say why), and the run-time division by zero.
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
w=$W
cases="random-vs-model model-vs-dtrace fixed-values sizeof-types division-by-zero"
# shellcheck disable=SC2086 # one word per case
need_root_python3 $cases || exit 0

# --- random expressions (fixed seed: a failure reproduces with ARITH_SEED) ---
seed=${ARITH_SEED:-2020}
python3 "$TOP/tests/sh/arith_gen.py" "$seed" 300 "$w"
n=$(wc -l <"$w/model.out")
timeout 120 "$USDTRACE" -q -s "$w/rand.d" >"$w/us.out" 2>"$w/us.err"
rc=$?
grep -v '^$' "$w/us.out" >"$w/us.lines"
if [ $rc -ne 0 ]; then
	notok random-vs-model "exit $rc: $(head -c 300 "$w/us.err")"
elif ! cmp -s "$w/us.lines" "$w/model.out"; then
	notok random-vs-model "seed $seed: $(paste -d'|' "$w/model.out" "$w/us.lines" "$w/exprs" |
		awk -F'|' '$1 != $2' | head -3 | tr '\n' '#') (want|got|expr)"
else
	ok random-vs-model
fi
echo "# seed $seed: $n printed lines"
if have_oracle_dtrace model-vs-dtrace; then
	# a seed of its own, so the suite's runs sample ever more of the model against dtrace
	dseed=${ARITH_SEED:-$(date +%s)}
	mkdir -p "$w/dt"
	python3 "$TOP/tests/sh/arith_gen.py" "$dseed" 300 "$w/dt"
	timeout 120 "$ORACLE_DTRACE" -q -s "$w/dt/rand.d" >"$w/dt/dt.out" 2>"$w/dt/dt.err"
	rc=$?
	grep -v '^$' "$w/dt/dt.out" >"$w/dt/dt.lines"
	if [ $rc -ne 0 ]; then
		notok model-vs-dtrace "dtrace exit $rc: $(head -c 300 "$w/dt/dt.err")"
	elif ! cmp -s "$w/dt/dt.lines" "$w/dt/model.out"; then
		notok model-vs-dtrace "seed $dseed: $(paste -d'|' "$w/dt/model.out" "$w/dt/dt.lines" "$w/dt/exprs" |
			awk -F'|' '$1 != $2' | head -3 | tr '\n' '#') (model|dtrace|expr)"
	else
		ok model-vs-dtrace
	fi
	echo "# dtrace seed $dseed: $(wc -l <"$w/dt/model.out") printed lines"
fi

# --- fixed cases, each value what DTrace for Linux prints (checked with it) ---
cat >"$w/fixed.d" <<'EOF'
unsigned short us; signed char sc; unsigned char uc; char c; short s; int i; unsigned u;
long l; int64_t big; unsigned char uc2;
BEGIN {
	us = 65535; sc = -128; uc = 255; c = 100; s = -3; i = -7; u = 4; l = -7; big = 0x8000000000000000;
	uc2 = 128;
	printf("%d %d %d %d\n", us + us, sc + sc, uc + uc, c + c);
	printf("%d %d %d %d\n", (long long)(us + us), (long long)(sc + sc), (long long)(uc + uc), (long long)(c + c));
	printf("%d %d %d\n", us * us, -uc, ~uc);
	printf("%d %d\n", uc + 1, us + 1);
	printf("%d %d %d %d %d %d\n", i / 2, i % 2, -i / -2, i % -2, -i % -2, -7 % -2);
	printf("%d %d\n", l / 2, l % 4);
	printf("%d %d\n", big / -1, big % -1);
	printf("%d %d %d %d\n", (unsigned char)255 > (char)-1, s < u, i < l, us >= s);
	printf("%d %d\n", u ? s : u, uc ? sc : uc);
	printf("%d %d %d\n", (short)70000, (unsigned short)-1, (signed char)200);
	printf("%d %d %d\n", (long long)(int)(uc + uc), (long long)(unsigned int)s, (long long)(long)(u - 5));
	printf("%x %x\n", sc >> 1, uc >> 1);
	printf("%d %d\n", (uc2 + uc2) ? 1 : 0, (long long)((uc2 + uc2) / 2));
	c = -1;
	printf("%d ", (long long)c++);
	printf("%d\n", (long long)++c);
	printf("%d %d\n", (long long)-(unsigned char)1, (long long)(-8 >> 1));
	@s = sum(uc2 + uc2); @k[uc2 + uc2] = count();
	kx[uc + uc] = 7; ki[(int)(uc + uc)] = 8;
	printf("%d %d %d %d\n", kx[254], kx[510], ki[510], ki[254]);
}
BEGIN /uc2 + uc2/ { printf("predicate\n"); }
BEGIN { exit(0); }
END { printa("%@d\n", @s); printa("%d %@d\n", @k); }
EOF
# us + us: unsigned short, its 64 bits 131070, recorded in 2 bytes: 65534; sc + sc: -256, a
# signed char's byte 0; uc + uc 510 -> 254; c + c 200 -> as a char -56; (long long) casts keep
# all 64 bits. us * us recorded as an unsigned short: 1; -uc: 1; ~uc: 0. uc + 1, us + 1: int.
# Signed / and % divide the magnitudes and are negative when exactly one operand is: -7 % -2
# is 1 and 7 % -2 is -1 at run time, while the constant -7 % -2 is folded as C does (-1).
# INT64_MIN / -1 wraps. Comparisons take the 64 bits, signed when the common type is: us >=
# s compares 65535 and -3 as unsigned short operands' 64 bits: 0 (C says 1). ?: yields the
# chosen operand's 64 bits, recorded at the common type (u ? s : u: unsigned int 4294967293).
# (int)(uc + uc) keeps 510 (a wider signed type does not cut), (unsigned int)s cuts to 32
# bits, (long)(u - 5) keeps the 64-bit -1. uc2 + uc2 is 256, not 0, in a condition, a
# division, a predicate and a sum; an aggregation key records it as an unsigned char (0).
# c++ reads the char -1 zero-extended (255) and stores 0; ++c then yields 1. -(unsigned char)1
# folds to 255, -8 >> 1 folds as a logical shift. An associative array's key is cut to the
# key's type (inferred from the first use): kx[uc + uc] and kx[510] are kx[254] (unsigned char
# keys), ki[(int)(uc + uc)] is ki[510] (int keys).
want='65534 0 254 -56
131070 -256 510 200
1 1 0
256 65536
-3 -1 -3 1 -1 -1
-3 -3
-9223372036854775808 0
0 0 0 0
4294967293 128
4464 65535 -56
510 4294967293 -1
c0 7f
1 128
255 1
255 9223372036854775804
7 7 8 0
predicate
256
0 1'
timeout 60 "$USDTRACE" -q -s "$w/fixed.d" >"$w/fixed.out" 2>"$w/fixed.err"
got=$(grep -v '^$' "$w/fixed.out")
if [ "$got" = "$want" ]; then ok fixed-values
else notok fixed-values "got '$(echo "$got" | tr '\n' '|')' want '$(echo "$want" | tr '\n' '|')' $(head -c 200 "$w/fixed.err")"; fi

# --- the types themselves: sizeof of mixed expressions (no code runs for sizeof) ---
timeout 60 "$USDTRACE" -q -n 'unsigned short us; signed char sc; unsigned char uc; short s; int i; long l;
BEGIN { printf("%d %d %d %d %d %d %d %d %d %d %d\n", sizeof (us + us), sizeof (sc + uc), sizeof (s * sc),
	sizeof (uc << 4), sizeof (-us), sizeof (uc + 1), sizeof (s + l), sizeof (i ? sc : us),
	sizeof (sc < uc), sizeof (!(unsigned char)0), sizeof (uc += 1000)); exit(0); }' >"$w/sz.out" 2>"$w/sz.err"
got=$(grep -v '^$' "$w/sz.out")
if [ "$got" = "2 1 2 1 2 4 8 2 4 1 1" ]; then ok sizeof-types
else notok sizeof-types "got '$got' want '2 1 2 1 2 4 8 2 4 1 1' $(head -c 200 "$w/sz.err")"; fi

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
