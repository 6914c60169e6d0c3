# tier: full
# genexpr.sh — D's expressions checked differentially (issue 20): tests/sh/genexpr_gen.py
# writes random programs of typed expressions (integer constants of every base and suffix,
# variables of every width, signedness and storage kind, bit-fields, casts, every operator,
# ?:, comma, sizeof, op= and ++/-- inside expressions; alloca'd arrays through pointers),
# each printed with %d %u %x and trace(); its docstring lists the dtrace bugs it steers
# clear of.
#   - runs: usdtrace compiles and runs a program of each mode;
#   - vs-dtrace-int, vs-dtrace-ptr: where DTrace for Linux is built (/opt/oracle-dtrace),
#     every printed line equals dtrace's for the same program (seeds that pass today, or
#     GENEXPR_SEED to try another; a differing line names its expression). Int seed 501
#     differed on a bit-field's rank before that was fixed (genexpr_bitfield_rank.d).
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
cases="runs vs-dtrace-int vs-dtrace-ptr"
# shellcheck disable=SC2086 # one word per case
gen_sweep_setup genexpr_gen.py $cases

# --- usdtrace alone: the programs compile and run ---
bad=
for mode in int ptr; do
	python3 "$gen" 7 20 $mode >"$w/run-$mode.d"
	timeout 120 "$USDTRACE" -q -s "$w/run-$mode.d" >"$w/run-$mode.out" 2>"$w/run-$mode.err" ||
		bad="$bad $mode: exit $? $(head -c 200 "$w/run-$mode.err")"
	grep -q '^0: ' "$w/run-$mode.out" || bad="$bad $mode: no output"
done
if [ -z "$bad" ]; then ok runs; else notok runs "$bad"; fi

# --- against dtrace: the numbered lines of both runs, line by line ---
vs_dtrace() {  # NAME MODE N SEED
	name=$1 mode=$2 n=$3 seed=${GENEXPR_SEED:-$4}
	have_oracle_dtrace "$name" || return 0
	EXPRS="$w/$name.exprs" python3 "$gen" "$seed" "$n" "$mode" >"$w/$name.d"
	timeout -s KILL 120 "$D" -q -s "$w/$name.d" 2>"$w/$name.derr" | grep '^[0-9]*: ' >"$w/$name.dout"
	timeout -s KILL 120 "$USDTRACE" -q -s "$w/$name.d" 2>"$w/$name.uerr" | grep '^[0-9]*: ' >"$w/$name.uout"
	if [ ! -s "$w/$name.dout" ]; then
		skip "$name" "seed $seed: dtrace ran none of it: $(head -c 200 "$w/$name.derr")"
	elif cmp -s "$w/$name.dout" "$w/$name.uout"; then
		ok "$name"
	else
		k=$(diff "$w/$name.dout" "$w/$name.uout" | sed -n 's/^[<>] \([0-9]*\): .*/\1/p' | head -1)
		notok "$name" "seed $seed expr $k: $(awk -F'\t' -v k="$k" '$1 == k { print $2 }' "$w/$name.exprs"): dtrace '$(grep "^$k: " "$w/$name.dout")' usdtrace '$(grep "^$k: " "$w/$name.uout")'"
	fi
	echo "# $name: seed $seed, $(wc -l <"$w/$name.dout") lines from dtrace"
}
vs_dtrace vs-dtrace-int int 40 501
vs_dtrace vs-dtrace-ptr ptr 10 303
