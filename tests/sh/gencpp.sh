# tier: full
# gencpp.sh — the preprocessor, macro arguments and scripts checked differentially (issue 20):
# tests/sh/gencpp_gen.py writes cases (reproducible from a seed) of a script and headers and a
# command line: macro arguments of every form in -n and -s programs and probe descriptions, -C
# with cpp's directives, options and predefined macros, errors after cpp, #pragma D among cpp
# lines, executable #! scripts. Its docstring lists what it leaves out on purpose.
#   - runs: usdtrace alone exits 0, 1 or 2 on every case of a seed (no signal, no hang);
#   - vs-dtrace: where DTrace for Linux is built (/opt/oracle-dtrace), exit status, stdout and
#     stderr equal dtrace's for seeds that pass today (GENCPP_SEEDS to try others, GENCPP_N
#     cases each). Cases that differed before their fix: -Xt/-Xc (cpp_stdc_t), self->$1
#     (macro_arg_member), sizeof($1) with $1 = uint64_t (macro_arg_type), $$1 = "\" (macro_arg_escapes),
#     -x cpppath= (cpp_path_empty).
# Left out: a description that enables every system call ("syscall:::", "$1:::" with $1 =
# syscall), where dtrace takes long enough to attach that it times out.
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
gen_sweep_setup gencpp_gen.py runs vs-dtrace

python3 "$gen" run 1 60 "$w/alone" "$USDTRACE" >"$w/alone.txt" 2>&1
if grep -qv '^same ' "$w/alone.txt"; then
	notok runs "$(grep -v '^same ' "$w/alone.txt" | head -3 | tr '\n' ' ')"
else
	ok runs
fi

if have_oracle_dtrace vs-dtrace; then
	: >"$w/vs.txt"
	for s in ${GENCPP_SEEDS:-11 12 13}; do
		python3 "$gen" run "$s" "${GENCPP_N:-25}" "$w/vs" "$USDTRACE" "$D" >>"$w/vs.txt" 2>&1
	done
	if grep -qv '^same ' "$w/vs.txt"; then
		grep -v '^same ' "$w/vs.txt" | head -5 | sed 's/^/# /'
		notok vs-dtrace "cases differing from dtrace: $(grep -cv '^same ' "$w/vs.txt")"
	else
		ok vs-dtrace
	fi
fi
