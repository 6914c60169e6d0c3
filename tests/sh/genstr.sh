# tier: full
# genstr.sh — D's strings checked differentially (issue 20): tests/sh/genstr_gen.py writes
# programs of random cases over every string subroutine, string comparisons and keys, string
# literals' escapes and character constants, each case its own numbered BEGIN clause; its
# docstring lists where DTrace for Linux departs from the Guide and the generator steers clear.
#   - runs: usdtrace compiles and runs a program, every case printing its number or faulting;
#   - vs-dtrace-SEED: where DTrace for Linux is built (/opt/oracle-dtrace), the output and the
#     error messages (BPF pc aside) equal dtrace's for the same program (seeds that pass
#     today, or GENSTR_SEED to try another; a differing line names its case).
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
n=30
seeds=${GENSTR_SEED:-"1 2 3"}
cases="runs"
for s in $seeds; do cases="$cases vs-dtrace-$s"; done
# shellcheck disable=SC2086 # one word per case
gen_sweep_setup genstr_gen.py $cases

# --- usdtrace alone: every case's clause runs ---
python3 "$gen" 7 "$n" >"$w/run.d"
if ! timeout 120 "$USDTRACE" -s "$w/run.d" >"$w/run.out" 2>"$w/run.err"; then
	notok runs "exit $?: $(head -c 200 "$w/run.err")"
elif [ $(($(grep -c '^[0-9]*: ' "$w/run.out") + $(grep -c 'error in dt_clause' "$w/run.err"))) != "$n" ]; then
	# a clause that faults prints nothing (dtrace drops a faulted clause's records)
	notok runs "of $n cases $(grep -c '^[0-9]*: ' "$w/run.out") printed, $(grep -c 'error in dt_clause' "$w/run.err") faulted"
else
	ok runs
fi

# --- against dtrace: stdout line by line, stderr with the BPF pc left out ---
errs() { sed -E 's/^(usdtrace|dtrace): /dtrace: /; s/ at BPF pc [0-9]+//' "$1"; }
for s in $seeds; do
	name=vs-dtrace-$s
	have_oracle_dtrace "$name" || continue
	python3 "$gen" "$s" "$n" >"$w/$name.d"
	timeout -s KILL 120 "$D" -s "$w/$name.d" >"$w/$name.dout" 2>"$w/$name.derr"
	timeout -s KILL 120 "$USDTRACE" -s "$w/$name.d" >"$w/$name.uout" 2>"$w/$name.uerr"
	if ! grep -q '^[0-9]*: ' "$w/$name.dout"; then
		skip "$name" "seed $s: dtrace ran none of it: $(head -c 200 "$w/$name.derr")"
	elif ! cmp -s "$w/$name.dout" "$w/$name.uout"; then
		k=$(diff "$w/$name.dout" "$w/$name.uout" | grep '^[<>]' | head -1)
		notok "$name" "seed $s: first differing line (< dtrace, > usdtrace): $k; program $w/$name.d"
	elif [ "$(errs "$w/$name.derr")" != "$(errs "$w/$name.uerr")" ]; then
		notok "$name" "seed $s: errors differ: dtrace '$(errs "$w/$name.derr" | head -c 300)' usdtrace '$(errs "$w/$name.uerr" | head -c 300)'"
	else
		ok "$name"
	fi
	echo "# $name: $(grep -c '^[0-9]*: ' "$w/$name.dout") cases, $(wc -l <"$w/$name.derr") faults, as dtrace"
done
