# tier: full
# genact.sh — the recording actions and their default output checked differentially (issue
# 20): tests/sh/genact_gen.py writes seeded programs of trace() of every type D has (integers
# of each width and sign, char, enums, typedef'd integers, pointers, ipaddr_t, strings, char
# and int arrays, D structs and unions), tracemem() with constant and dynamic sizes, print() of
# D-declared values through pointers, exit() of every kind of value (the exit status), clauses
# with none or several actions run with and without -q, quiet, rawbytes and strsize set by
# pragma or -x, and misuses of trace()/tracemem()/print()/exit() (which error is reported).
# Its docstring lists what it leaves out.
#   - runs: usdtrace alone, seeds of every mode: exit status 0..255 from exit() or 1 from a
#     compile error, never a crash; a compile error is one message;
#   - vs-dtrace-MODE: where DTrace for Linux is built (/opt/oracle-dtrace), exit status,
#     stdout and stderr equal dtrace's for seeds that pass today (GENACT_SEEDS to try others).
#     The flags a program wants are on its first line (/*F ...*/). What differed before the
#     fixes of this sweep: err seeds 42, 44 and 97 (print()'s prototype was checked after a
#     later statement's cooking error, print() of void was no prototype mismatch), 3, 53,
#     57 and 61 (trace()'s and tracemem()'s checks came before a later statement's cooking
#     error), 94 (exit(print(..)) was exit's error), 99 (print() of an empty string variable
#     closed its array); print seed 3 (print() of a char 0 pointee). Err seeds 52, 58 and 67
#     trace() an aggregating function's value (dynamic, not void).
# Needs root (BPF).
# shellcheck disable=SC2154 # gen_sweep_setup (lib.sh) sets w, gen, D
. "$TOP/tests/sh/lib.sh"
gen_sweep_setup genact_gen.py runs vs-dtrace-rec vs-dtrace-print vs-dtrace-exit vs-dtrace-err

# the flags of a program: its first line /*F ...*/, or none
gen_flags() { sed -n '1s,^/\*F \(.*\)\*/$,\1,p' "$1"; }

# what is each run's own: the program's name, the CPU column of the probe lines, print()'s
# address, a fault's BPF pc
gen_norm() {
	sed -E 's/^(usdtrace|dtrace): /dtrace: /; s/^ +[0-9]+( +[0-9]+ +[^ ]*:(BEGIN|END) )/ CPU\1/
		s/0x[0-9a-f]+ = \*$/ADDR = */; s/at BPF pc [0-9]+/at BPF pc N/'
}

# --- usdtrace alone: no crash, one message for a compile error ---
bad=
for m in rec print exit err; do
	for s in 1 2 3 4 5 6; do
		f="$w/run-$m-$s"
		python3 "$gen" $s $m >"$f.d"
		# shellcheck disable=SC2046 # the flags are words
		timeout -s KILL 60 "$USDTRACE" $(gen_flags "$f.d") -s "$f.d" >"$f.out" 2>"$f.err"
		rc=$?
		if [ $rc -gt 255 ] || [ $rc = 134 ] || [ $rc = 137 ] || [ $rc = 139 ]; then
			bad="$bad $m $s: exit $rc $(head -c 200 "$f.err")"
		elif grep -q 'failed to compile' "$f.err" &&
		     [ "$(grep -cv '^	' "$f.err")" != 1 ]; then
			bad="$bad $m $s: more than one message"
		fi
	done
done
if [ -z "$bad" ]; then ok runs; else notok runs "$bad"; fi

# --- against dtrace: exit status, stdout and stderr of whole programs ---
vs_dtrace() {  # MODE SEED...
	_m=$1
	shift
	# shellcheck disable=SC2086 # GENACT_SEEDS: seeds to try instead, as words
	gen_vs_dtrace "vs-dtrace-$_m" "$_m" per-program ${GENACT_SEEDS:-"$@"}
}
vs_dtrace rec 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24
vs_dtrace print 2 3 4 5 6 7 8 9 10 11 12 13
vs_dtrace exit 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
vs_dtrace err 1 2 3 4 5 6 7 8 9 10 42 44 52 53 57 58 61 67 94 97 99
exit 0
