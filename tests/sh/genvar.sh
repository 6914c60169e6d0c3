# tier: full
# genvar.sh — D's variables and clauses checked differentially (issue 20): tests/sh/genvar_gen.py
# writes random programs (reproducible from a seed) of several BEGIN/END/tick clauses over
# globals, associative arrays (tuple keys), self->, this->, of every integer width, strings,
# pointers and declared structs, declared or not, assigned with =, op= and ++/--, read before
# assignment, deleted, used in predicates; speculations in random orders and numbers; one name
# given two types or kinds; declarations of every form with one use. Its docstring lists what
# it leaves out on purpose.
#   - runs: usdtrace runs a program of each running mode to its end;
#   - vs-dtrace-MODE: where DTrace for Linux is built (/opt/oracle-dtrace), exit status, stdout
#     and stderr equal dtrace's for seeds that pass today (GENVAR_SEEDS to try others). Seeds
#     that differed before their fix: err 14 and 25 (self-> of an associative array,
#     genvar_self_assoc_*), decl 79 (an element's index before the value).
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
cases="runs vs-dtrace-vars vs-dtrace-spec vs-dtrace-err vs-dtrace-decl"
# shellcheck disable=SC2086 # one word per case
gen_sweep_setup genvar_gen.py $cases

# --- usdtrace alone: the running modes' programs run to their END clause ---
bad=
for m in vars spec; do
	python3 "$gen" 41 $m >"$w/run-$m.d"
	timeout -s KILL 60 "$USDTRACE" -q -s "$w/run-$m.d" >"$w/run-$m.out" 2>"$w/run-$m.err" ||
		bad="$bad $m: exit $? $(head -c 200 "$w/run-$m.err")"
	grep -q '^end$' "$w/run-$m.out" || bad="$bad $m: no END output"
done
if [ -z "$bad" ]; then ok runs; else notok runs "$bad"; fi

# --- against dtrace: exit status, stdout, stderr of each seed's program ---
# (the BPF pc in a fault message is each implementation's own)
gen_norm() { sed -E 's/^(usdtrace|dtrace): /dtrace: /; s/at BPF pc [0-9]+/at BPF pc N/'; }
gen_vs_dtrace vs-dtrace-vars vars -q ${GENVAR_SEEDS:-41 42 43 44 45 46 47 48}
gen_vs_dtrace vs-dtrace-spec spec -q ${GENVAR_SEEDS:-41 42 43 44 45 46}
gen_vs_dtrace vs-dtrace-err err -q ${GENVAR_SEEDS:-11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26}
gen_vs_dtrace vs-dtrace-decl decl -q ${GENVAR_SEEDS:-71 72 73 74 75 76 77 78 79 80 81 82}
