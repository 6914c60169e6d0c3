# tier: full
# genlex.sh — D's lexical elements and literals checked differentially (issue 20):
# tests/sh/genlex_gen.py writes programs (reproducible from a seed) of integer constants of
# every base, edge value and suffix, character constants (multi-character, every escape),
# string constants with escapes, greedy tokens, with comments, line continuations and newlines
# between any two tokens (vals); single lexical mistakes in several contexts (err); two
# mistakes of different kinds, to see which is reported first (order). Its docstring lists
# what it leaves out on purpose (where DTrace for Linux departs from the Guide).
#   - runs: usdtrace runs a vals program to its end (each case prints its number and `|`);
#     an err and an order program are refused with one message, at a line of the program
#     (or, for the few valid forms among them, run to their exit(0));
#   - vs-dtrace-MODE: where DTrace for Linux is built (/opt/oracle-dtrace), exit status, stdout
#     and stderr equal dtrace's for seeds that pass today (GENLEX_SEEDS to try others). What
#     earlier versions of the generator found differing is in tests/d/err/genlex_*: a name
#     after a constant then blanks (1Lu), an undefined macro variable before a later error,
#     a module name starting with a digit.
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
cases="runs vs-dtrace-vals vs-dtrace-err vs-dtrace-order"
# shellcheck disable=SC2086 # one word per case
gen_sweep_setup genlex_gen.py $cases

# --- usdtrace alone ---
bad=
python3 "$gen" 5 vals 30 >"$w/run-vals.d"
timeout -s KILL 60 "$USDTRACE" -q -s "$w/run-vals.d" >"$w/run-vals.out" 2>"$w/run-vals.err" ||
	bad="$bad vals: exit $? $(head -c 200 "$w/run-vals.err")"
[ "$(grep -c '|' "$w/run-vals.out")" -ge 30 ] && grep -q '^29:' "$w/run-vals.out" ||
	bad="$bad vals: not every case printed"
for m in err order; do
	for s in 1 2 3 4 5 6; do
		python3 "$gen" $s $m >"$w/run-$m-$s.d"
		timeout -s KILL 60 "$USDTRACE" -q -s "$w/run-$m-$s.d" >/dev/null 2>"$w/run-$m-$s.err"
		rc=$?
		# (a few of the forms are valid D: then the program runs to its exit(0))
		[ $rc = 0 ] || { [ $rc = 1 ] && [ "$(wc -l <"$w/run-$m-$s.err")" = 1 ] &&
			grep -q '^usdtrace: failed to compile script .*line [0-9]*: ' "$w/run-$m-$s.err"; } ||
			bad="$bad $m $s: exit $rc $(head -c 200 "$w/run-$m-$s.err")"
	done
done
if [ -z "$bad" ]; then ok runs; else notok runs "$bad"; fi

# --- against dtrace: exit status, stdout, stderr of each seed's program ---
gen_norm() { sed -E 's/^(usdtrace|dtrace): /dtrace: /'; }
gen_vs_dtrace vs-dtrace-vals vals -q ${GENLEX_SEEDS:-5 12 21 22 23 24}
gen_vs_dtrace vs-dtrace-err err -q ${GENLEX_SEEDS:-61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76}
gen_vs_dtrace vs-dtrace-order order -q ${GENLEX_SEEDS:-3 12 17 29 35 42 50 51 52 53 54 55}
