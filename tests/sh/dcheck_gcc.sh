#!/bin/sh
# tier: fast
# dcheck's integer typing and constant folding against gcc as the witness: random integer
# constant expressions (the same text in D and in C) are folded by the checker and evaluated
# by gcc-compiled C; type size, signedness and value must agree for every one. (D folds in 64
# bits without cutting a result to its type, where C wraps: dck_fold gen keeps only expressions
# in which no step overflows its type, where the two agree; tests/d/ok/fold_64bit.d and
# test_dcheck cover the rest. A conditional's branches have one type of int's rank or above:
# D selects a constant condition's branch with that branch's own type, as dtrace's parser
# does, where C converts both; tests/d/ok/cond_const_select.d covers the difference.)
. "$TOP/tests/sh/lib.sh"
tool="$B/tools/dck_fold"
w=$(mktemp -d "${TMPDIR:-/tmp}/usdtrace-dck.XXXXXX") || exit 1
trap 'rm -rf "$w"' EXIT

if ! command -v gcc >/dev/null 2>&1; then
	skip dcheck_gcc "gcc not installed"
	exit 0
fi

check_seed() { # name seed count
	name=$1
	if ! "$tool" gen "$2" "$3" >"$w/exprs"; then
		notok "$name" "dck_fold gen failed"
		return
	fi
	{
		echo '#include <stdio.h>'
		echo '#include <stdint.h>'
		printf '%s\n' '#define P(e) printf("%d %d %lld\n", (int)sizeof(e), (__typeof__(e))-1 < 0, (long long)(e))'
		echo 'int main(void) {'
		sed 's/.*/P(&);/' "$w/exprs"
		echo 'return 0; }'
	} >"$w/w.c"
	if ! gcc -std=gnu11 -fwrapv -w -o "$w/w" "$w/w.c" 2>"$w/cc.err"; then
		notok "$name" "gcc failed: $(head -n 3 "$w/cc.err")"
		return
	fi
	"$w/w" >"$w/want"
	"$tool" eval "$w/exprs" >"$w/got"
	n=$(wc -l <"$w/exprs")
	if [ "$(wc -l <"$w/want")" -ne "$n" ] || [ "$n" -ne "$3" ]; then
		notok "$name" "expected $3 results, gcc gave $(wc -l <"$w/want")"
		return
	fi
	if cmp -s "$w/want" "$w/got"; then
		ok "$name"
	else
		line=$(paste -d '|' "$w/want" "$w/got" | grep -n -v '^\(.*\)|\1$' | head -n 1 | cut -d: -f1)
		notok "$name" "line $line: $(sed -n "${line}p" "$w/exprs") gcc [$(sed -n "${line}p" "$w/want")] dcheck [$(sed -n "${line}p" "$w/got")]"
	fi
}

check_seed dcheck_gcc_fold_seed1 1 400
check_seed dcheck_gcc_fold_seed2 2 400
check_seed dcheck_gcc_fold_seed3 31337 400
