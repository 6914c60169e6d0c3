# tier: full
# gendecl.sh — D's declarations checked differentially (issue 20, "D by the book"):
# tests/sh/gendecl_gen.py writes one program per seed (reproducible) of a family of
# declarations at the top level of a program: runs of type specifiers and qualifiers (long
# long long, short long, signed unsigned), storage classes in every place, prototypes,
# declarators in declarations, casts and sizeof, enums (values, duplicates, overflow, as
# dimensions), typedef chains and redeclarations, self/this declarations, names that conflict
# with built-in identifiers or inlines, bit-fields, struct bodies, redeclared variables, and
# function pointers; each with a use that shows what it declared, or the error it should
# raise. Its docstring lists what it leaves out (dtrace bugs).
#   - runs: usdtrace compiles each family's programs to an answer (exit 0 or 1, never a
#     crash or an internal error);
#   - vs-dtrace-MODE: where DTrace for Linux is built (/opt/oracle-dtrace), exit status,
#     stdout and stderr equal dtrace's for seeds that pass today (GENDECL_SEEDS to try
#     others).
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
cases="runs vs-dtrace-combo vs-dtrace-typedef vs-dtrace-enum vs-dtrace-redecl vs-dtrace-any"
# shellcheck disable=SC2086 # one word per case
gen_sweep_setup gendecl_gen.py $cases

# --- usdtrace alone: every family's programs get an answer ---
bad=
for m in combo combo_cast storage quals proto declarator enum typedef selfthis conflict inline \
	bitfield struct redecl fptr; do
	for s in 1 2 3; do
		python3 "$gen" $s $m >"$w/run-$m-$s.d"
		timeout -s KILL 60 "$USDTRACE" -q -s "$w/run-$m-$s.d" >"$w/run.out" 2>"$w/run.err"
		rc=$?
		{ [ $rc -le 1 ] && ! grep -qi 'internal error\|assert' "$w/run.err"; } ||
			bad="$bad $m/$s: exit $rc $(head -c 200 "$w/run.err")"
	done
done
if [ -z "$bad" ]; then ok runs; else notok runs "$bad"; fi

# --- against dtrace: exit status, stdout and stderr of each seed's program ---
gen_norm() { sed -E 's/^(usdtrace|dtrace): /dtrace: /'; }
gen_vs_dtrace vs-dtrace-combo combo -q ${GENDECL_SEEDS:-1 2 3 4 5 6 7 8}
gen_vs_dtrace vs-dtrace-typedef typedef -q ${GENDECL_SEEDS:-1 2 3 4 5 6 7 8}
gen_vs_dtrace vs-dtrace-enum enum -q ${GENDECL_SEEDS:-1 2 3 4 5 6 7 8}
gen_vs_dtrace vs-dtrace-redecl redecl -q ${GENDECL_SEEDS:-1 2 3 4 5 6 7 8}
gen_vs_dtrace vs-dtrace-any any -q ${GENDECL_SEEDS:-1 2 3 4 5 6 7 8 9 10 11 12}
