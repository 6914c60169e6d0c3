#!/bin/sh
# tier: fast
# Deep and large generated D programs (issue 20): usdtrace accepts what DTrace for Linux accepts
# and refuses, with its words, what it refuses. DTrace's parser is bison's with a 10,000-entry
# stack; a program nesting deeper gets "memory exhausted near TOKEN". The boundaries below were
# found by running /opt/oracle-dtrace/sbin/dtrace on the same generated programs (bisection):
# N is the deepest it compiles, N+1 the first it refuses, and the token it names.
# Operator chains (1+1+...+1) nest to the left and cost dtrace no stack: 100,000 operators
# compile there; 10,000 clauses compile there too. Compiled with -e (nothing is loaded).
top=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
U=${USDTRACE:-$top/build/usdtrace}
. "$top/tests/sh/lib.sh"
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

gen() {  # KIND N: a program on stdout
	python3 - "$1" "$2" <<'PY'
import sys
k, n = sys.argv[1], int(sys.argv[2])
par = '(' * n + '1' + ')' * n
print({
 'paren':   'BEGIN { trace(%s); exit(0); }' % par,
 'minus':   'BEGIN { trace(' + '- ' * n + '1); exit(0); }',
 'cast':    'BEGIN { trace(' + '(int)' * n + '1); exit(0); }',
 'cond':    'BEGIN { trace(' + '1 ? ' * n + '1' + ' : 0' * n + '); exit(0); }',
 'pred':    'BEGIN /%s/ { trace(1); exit(0); }' % par,
 'second':  'BEGIN { x = 1; trace(%s); exit(0); }' % par,
 'clause2': 'BEGIN { y = 2; }\nBEGIN { trace(%s); exit(0); }' % par,
 'printf':  'BEGIN { printf("%%d\\n", %s); exit(0); }' % par,
 'aggkey':  'BEGIN { @[%s] = count(); exit(0); }' % par,
 'plus':    'BEGIN { trace(' + '+'.join(['1'] * n) + '); exit(0); }',
 'xplus':   'BEGIN { x = 1; trace(' + '+'.join(['x'] * n) + '); exit(0); }',
 'clauses': '\n'.join('BEGIN { x = %d; }' % i for i in range(n)) + '\nBEGIN { trace(x); exit(0); }',
 'stmts':   'BEGIN { ' + ' '.join('x = %d;' % i for i in range(n)) + ' trace(x); exit(0); }',
 'ifs':     'BEGIN {' + 'if (1) {' * n + 'trace(1);' + '}' * n + ' exit(0); }',
}[k])
PY
}

accepts() {  # NAME KIND N
	gen "$2" "$3" >"$w/p.d"
	if timeout 120 "$U" -e -qs "$w/p.d" >"$w/out" 2>"$w/err"; then
		ok "$1"
	else
		notok "$1" "exit $?: $(head -c 300 "$w/err")"
	fi
}

refuses() {  # NAME KIND N LINE TOKEN
	gen "$2" "$3" >"$w/p.d"
	timeout 120 "$U" -e -qs "$w/p.d" >"$w/out" 2>"$w/err"
	rc=$?
	want="usdtrace: failed to compile script $w/p.d: line $4: memory exhausted near \"$5\""
	if [ $rc -ne 1 ]; then
		notok "$1" "exit $rc (want 1): $(head -c 300 "$w/err")"
	elif [ "$(cat "$w/err")" != "$want" ]; then
		notok "$1" "stderr [$(head -c 300 "$w/err")] want [$want]"
	else
		ok "$1"
	fi
}

# kind  deepest-accepted  line  token-named-one-deeper  (from DTrace for Linux)
while read -r kind n line tok; do
	accepts "deep-$kind-$n" "$kind" "$n"
	refuses "deep-$kind-$((n + 1))-refused" "$kind" $((n + 1)) "$line" "$tok"
done <<'EOF2'
paren 9991 1 )
minus 9992 1 1
cast 3330 1 1
cond 4995 1 :
pred 9993 1 )
second 9989 1 )
clause2 9990 2 )
printf 9989 1 )
aggkey 9991 1 )
EOF2

# far past the limit: the same message at the token where dtrace's stack filled
refuses deep-paren-20000-refused paren 20000 1 "("

accepts chain-plus-100000 plus 100000
accepts chain-var-100000 xplus 100000
accepts clauses-10000 clauses 10000
accepts statements-10000 stmts 10000
# if/else is not in DTrace for Linux's grammar; nested ifs still compile, and nesting past the
# parser stack is refused, not a crash
accepts ifs-1000 ifs 1000
gen ifs 5000 >"$w/p.d"
timeout 120 "$U" -e -qs "$w/p.d" >"$w/out" 2>"$w/err"
rc=$?
if [ $rc -eq 1 ] && grep -q 'memory exhausted near "if"' "$w/err"; then
	ok ifs-5000-refused
else
	notok ifs-5000-refused "exit $rc: $(head -c 300 "$w/err")"
fi
# a tree deeper than the compiler's bound: a clear error, not a stack overflow
gen plus 250000 >"$w/p.d"
timeout 120 "$U" -e -qs "$w/p.d" >"$w/out" 2>"$w/err"
rc=$?
if [ $rc -eq 1 ] && grep -q 'nested too deeply' "$w/err"; then
	ok chain-plus-250000-refused
else
	notok chain-plus-250000-refused "exit $rc: $(head -c 300 "$w/err")"
fi
# -n gives the same limits: the argument is parsed as a clause
gen paren 9991 >"$w/p.d"
if timeout 120 "$U" -e -qn "$(cat "$w/p.d")" >"$w/out" 2>"$w/err"; then
	ok deep-paren-9991-n
else
	notok deep-paren-9991-n "$(head -c 300 "$w/err")"
fi
