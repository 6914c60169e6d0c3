#!/bin/sh
# tier: fast
# The D parser's precedence and associativity against gcc's: random C expressions (every C
# operator D shares, casts, ?:, unary operators, parentheses) are parsed by usdtrace and printed
# back fully parenthesised (tests/tools/dparse_paren); gcc compiles a program that evaluates each
# expression both as written and as parenthesised, on several inputs, and they must agree.
# Operands are unsigned (no overflow), constants too (`7u`), divisors are forced odd and shift counts small (no
# undefined behaviour), so a difference can only come from grouping.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tool="$B/tools/dparse_paren"
CC=${CC_FOR_TESTS:-gcc}
seed=${DPARSE_GCC_SEED:-$(date +%s)}

awk -v seed="$seed" -v n=400 '
function leaf(  r) {
	r = int(rand() * 6)
	if (r < 3) return substr("abc", r + 1, 1)
	return int(rand() * 20) "u"
}
function gen(d,  r, op) {
	if (d <= 0) return leaf()
	r = int(rand() * 22)
	if (r < 12) {
		split("+ - * < > <= >= == != & ^ |", ops, " ")
		return gen(d - 1) " " ops[r + 1] " " gen(d - 1)
	}
	if (r == 12) return gen(d - 1) " && " gen(d - 1)
	if (r == 13) return gen(d - 1) " || " gen(d - 1)
	if (r == 14) return gen(d - 1) " / ((" gen(d - 1) ") | 1)"
	if (r == 15) return gen(d - 1) " % ((" gen(d - 1) ") | 1)"
	if (r == 16) return gen(d - 1) (rand() < 0.5 ? " << " : " >> ") "((" gen(d - 1) ") & 7)"
	if (r == 17) return gen(d - 1) " ? " gen(d - 1) " : " gen(d - 1)
	if (r == 18) { split("- ! ~ +", u, " "); return u[int(rand() * 4) + 1] " " gen(d - 1) }
	if (r == 19) return (rand() < 0.5 ? "(unsigned char)" : "(unsigned short)") gen(d - 1)
	if (r == 20) return "(" gen(d - 1) ")"
	return gen(d - 1)
}
BEGIN { srand(seed); for (i = 0; i < n; i++) print gen(2 + int(rand() * 4)) }
' > "$tmp/exprs"

if ! "$tool" < "$tmp/exprs" > "$tmp/paren" 2> "$tmp/err"; then
	echo "not ok - gcc-precedence: the parser rejected an expression (seed $seed): $(head -n 2 "$tmp/err")"
	exit 0
fi
if [ "$(wc -l < "$tmp/exprs")" -ne "$(wc -l < "$tmp/paren")" ] || [ ! -s "$tmp/exprs" ]; then
	echo "not ok - gcc-precedence: $(wc -l < "$tmp/paren") results for $(wc -l < "$tmp/exprs") expressions"
	exit 0
fi
{
	echo '#include <stdio.h>'
	echo 'static int bad;'
	echo 'static void check(int i, unsigned a, unsigned b, unsigned c) {'
	echo '	unsigned long long x, y;'
	echo '	switch (i) {'
	paste -d '\t' "$tmp/exprs" "$tmp/paren" | awk -F '\t' '{
		printf "\tcase %d: x = (unsigned long long)(%s); y = (unsigned long long)(%s); break;\n", NR, $1, $2 }'
	echo '	default: return; }'
	printf '%s\n' '	if (x != y) { if (bad++ < 5) printf("expression %d differs for a=%u b=%u c=%u: %llu vs %llu\n", i, a, b, c, x, y); }'
	echo '}'
	echo 'int main(void) {'
	echo '	static const unsigned v[][3] = { {0,0,0}, {1,2,3}, {7,5,1}, {4294967295u,3,9}, {100,7,65536}, {12,0,5} };'
	echo "	for (int i = 1; i <= $(wc -l < "$tmp/exprs"); i++)"
	echo '		for (unsigned k = 0; k < sizeof(v) / sizeof(v[0]); k++) check(i, v[k][0], v[k][1], v[k][2]);'
	echo '	return bad != 0; }'
} > "$tmp/t.c"
if ! $CC -w -O0 -o "$tmp/t" "$tmp/t.c" 2> "$tmp/cc.err"; then
	echo "not ok - gcc-precedence: the check program does not compile (seed $seed): $(head -n 3 "$tmp/cc.err")"
	exit 0
fi
if "$tmp/t" > "$tmp/out"; then
	echo "ok - gcc-precedence ($(wc -l < "$tmp/exprs") random expressions, seed $seed)"
else
	echo "not ok - gcc-precedence (seed $seed): $(head -n 3 "$tmp/out")"
	sed -n "$(head -n 1 "$tmp/out" | awk '{print $2}')p" "$tmp/exprs" | head -n 1
fi

# The operators gcc cannot witness: D's ^^ sits between || and &&.
if printf 'a || b ^^ c && d\na ^^ b ^^ c\n' | "$tool" > "$tmp/xor" 2>&1 &&
	[ "$(cat "$tmp/xor")" = "$(printf '(a || (b ^^ (c && d)))\n((a ^^ b) ^^ c)')" ]; then
	echo "ok - logical-xor-precedence"
else
	echo "not ok - logical-xor-precedence: $(cat "$tmp/xor")"
fi
