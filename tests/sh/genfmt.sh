# tier: full
# genfmt.sh — output formatting checked differentially (issue 20): tests/sh/genfmt_gen.py
# writes seeded BEGIN programs of printf() calls (every conversion, flag combinations, literal
# and '*' widths and precisions, size prefixes, arguments of every integer type, enums,
# pointers, strings, char arrays, struct members, bit-fields, subroutine results), of trace()
# of every type, of tracemem() with and without its third argument, and of %s under a small
# -x strsize; its docstring lists the dtrace bugs it steers clear of.
#   - runs: usdtrace compiles and runs a program of each mode, printing every numbered line;
#   - vs-dtrace-MODE: where DTrace for Linux is built (/opt/oracle-dtrace), usdtrace's stdout,
#     stderr and exit status equal dtrace's for the same program (seeds that pass today, or
#     GENFMT_SEED to try another; a differing line names its statement). Before the fixes of
#     this sweep, ok seed 16 differed on %a of an address several kernel functions share.
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
cases="runs vs-dtrace-ok vs-dtrace-trace vs-dtrace-tracemem vs-dtrace-strsize"
# shellcheck disable=SC2086 # one word per case
gen_sweep_setup genfmt_gen.py $cases

# strsize mode: the program's first line names the -x option it wants
xopt() { sed -n 's,^/\*X \(.*\)\*/$,-x \1,p' "$1"; }

# --- usdtrace alone: the programs compile and run ---
bad=
for mode in ok trace tracemem strsize; do
	python3 "$gen" 2 $mode 20 >"$w/run-$mode.d"
	# shellcheck disable=SC2046 # the option is two words or none
	timeout 120 "$USDTRACE" -q $(xopt "$w/run-$mode.d") -s "$w/run-$mode.d" >"$w/run-$mode.out" \
		2>"$w/run-$mode.err" || bad="$bad $mode: exit $? $(head -c 200 "$w/run-$mode.err")"
	grep -q '^19:' "$w/run-$mode.out" || bad="$bad $mode: no line 19"
done
if [ -z "$bad" ]; then ok runs; else notok runs "$bad"; fi

# --- against dtrace: stdout, stderr and exit status of whole programs ---
vs_dtrace() {  # NAME MODE N SEED...
	name=$1 mode=$2 n=$3
	shift 3
	have_oracle_dtrace "$name" || return 0
	why=
	for seed in ${GENFMT_SEED:-"$@"}; do
		f="$w/$name-$seed.d"
		python3 "$gen" "$seed" "$mode" "$n" >"$f"
		for try in 1 2; do   # dtrace fails to enable a big program now and then under load
			# shellcheck disable=SC2046
			timeout -s KILL 120 "$D" -q $(xopt "$f") -s "$f" >"$f.dout" 2>"$f.derr"
			echo $? >>"$f.dout"
			grep -q 'could not enable tracing' "$f.derr" || break
		done
		# shellcheck disable=SC2046
		timeout -s KILL 120 "$USDTRACE" -q $(xopt "$f") -s "$f" >"$f.uout" 2>"$f.uerr"
		echo $? >>"$f.uout"
		sed -i -E 's/^[^ :]*(usdtrace|dtrace): /dtrace: /' "$f.derr" "$f.uerr"
		if ! cmp -s "$f.dout" "$f.uout" || ! cmp -s "$f.derr" "$f.uerr"; then
			k=$(diff "$f.dout" "$f.uout" | sed -n 's/^[<>] \([0-9]*\):.*/\1/p' | head -1)
			why="$why seed $seed${k:+ statement $k: $(grep -m1 "\"$k:" "$f" | sed 's/^\t//')}:"
			why="$why dtrace '$(grep -m1 "^$k:" "$f.dout" || head -c 200 "$f.derr")'"
			why="$why usdtrace '$(grep -m1 "^$k:" "$f.uout" || head -c 200 "$f.uerr")'"
		fi
	done
	if [ -z "$why" ]; then ok "$name"; else notok "$name" "$why"; fi
}
vs_dtrace vs-dtrace-ok ok 50 2 4 9 16
vs_dtrace vs-dtrace-trace trace 40 2 3
vs_dtrace vs-dtrace-tracemem tracemem 30 1 2
vs_dtrace vs-dtrace-strsize strsize 30 6 7
