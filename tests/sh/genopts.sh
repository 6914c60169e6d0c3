# tier: full
# genopts.sh — dtrace's option table checked differentially (issue 20): tests/sh/genopts_gen.py
# writes random cases (reproducible from a seed) of options given every way (-x name[=value],
# #pragma D option before and after the clauses, setopt() while tracing, the short flags -b -C
# -e -q -w -Z -F -v -X, twice or contradicting) with values of every kind (sizes with and
# without k/m/g/t, times ns..day and hz, booleans and their words, numbers out of range,
# negatives, empty values, garbage, unknown names), each with a program whose output shows the
# option's effect (quiet, strsize, aggsort*, rawbytes, nspec, dynvarsize, defaultargs, ...).
# Its docstring lists what it leaves out on purpose.
#   - invariants: usdtrace alone, every mode's seeds: exit status 0, 1 or 2 (never a crash),
#     and every line on stderr is a message of its own ("usdtrace: ..." and its tab-indented
#     lines), the usage, a blank line after a run-time error, or "bufsize increased to N";
#   - vs-dtrace-MODE: where DTrace for Linux is built (/opt/oracle-dtrace), exit status, stdout
#     and stderr equal dtrace's for seeds that pass today (GENOPTS_SEEDS to try others). dtrace
#     is run again (up to three times) while it fails to enable or is killed at the time limit.
# Needs root (BPF).
# shellcheck disable=SC2016,SC2154 # '$1' is D text; gen_sweep_setup (lib.sh) sets w, gen, D
. "$TOP/tests/sh/lib.sh"
modes="x pragma setopt flags agg"
gen_sweep_setup genopts_gen.py invariants vs-dtrace-x vs-dtrace-pragma vs-dtrace-setopt \
	vs-dtrace-flags vs-dtrace-agg

# genopts_case SEED MODE: the case's program in $w/MODE-SEED.d (none when the case has none)
# and its arguments in $w/MODE-SEED.args, one a line.
genopts_case() {
	python3 "$gen" "$1" "$2" >"$w/$2-$1.case"
	sed '/^--PROG--$/,$d' "$w/$2-$1.case" >"$w/$2-$1.args"
	awk 'p; /^--PROG--$/ { p = 1 }' "$w/$2-$1.case" >"$w/$2-$1.d"
}

# genopts_run BINARY MODE SEED OUT: runs the case (CPU 0, where the machine lets it: the CPU
# column of the default output is then the same for both), into OUT.{out,err,rc}; the program's
# path is spelled PROG.d in stderr, and its own name dtrace (in messages, the usage, -V). A
# program reading $1 gets the operands 7 and seven.
genopts_run() {
	_bin=$1 _m=$2 _s=$3 _o=$4
	set --
	while IFS= read -r _a; do set -- "$@" "$_a"; done <"$w/$_m-$_s.args"
	if [ -s "$w/$_m-$_s.d" ]; then
		set -- "$@" -s "$w/$_m-$_s.d"
		grep -q '\$1' "$w/$_m-$_s.d" && set -- "$@" 7 seven
	fi
	_pin=
	command -v taskset >/dev/null 2>&1 && _pin="taskset -c 0"
	# shellcheck disable=SC2086 # the pinning is words
	timeout -s KILL 30 $_pin "$_bin" "$@" >"$_o.out" 2>"$_o.err" </dev/null
	echo $? >"$_o.rc"
	sed -i -E "s/^(usdtrace|dtrace): /dtrace: /; s/^Usage: usdtrace /Usage: dtrace /; s#$w/$_m-$_s.d#PROG.d#g" "$_o.err"
	sed -i -E 's/^usdtrace: /dtrace: /' "$_o.out"
}

# Seeds left out: setopt 15 (setopt("flowindent") while tracing: dtrace prints "(nul" where
# the probe's function belongs, a bug; usdtrace "| :BEGIN", as -F does), flags 7 (-v -V:
# dtrace adds its own release and version-control ids).
seeds_of() {
	case $1 in
	setopt) echo "${GENOPTS_SEEDS:-1 2 3 4 5 6 7 8 9 10 11 12 13 14 16 17}" ;;
	flags) echo "${GENOPTS_SEEDS:-1 2 3 4 5 6 8 9 10 11 12 13 14 15 16 17}" ;;
	*) echo "${GENOPTS_SEEDS:-1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16}" ;;
	esac
}

# --- usdtrace alone: no crash, every stderr line a message ---
# (a message's own lines after its first begin with a tab: a prototype and an argument, the
# usage's options)
msg='^(dtrace: .+|	.*|Usage: dtrace .+|bufsize increased to [0-9]+|)$'
bad=
for m in $modes; do
	for s in $(seeds_of "$m"); do
		genopts_case "$s" "$m"
		genopts_run "$USDTRACE" "$m" "$s" "$w/u-$m-$s"
		rc=$(cat "$w/u-$m-$s.rc")
		case $rc in 0 | 1 | 2) ;; *) bad="$bad $m-$s:exit-$rc" ;; esac
		if grep -Evq "$msg" "$w/u-$m-$s.err"; then
			bad="$bad $m-$s:[$(grep -Ev "$msg" "$w/u-$m-$s.err" | head -n 1)]"
		fi
	done
done
if [ -z "$bad" ]; then ok invariants; else notok invariants "$bad"; fi

# --- against dtrace: exit status, stdout, stderr of each seed's case ---
for m in $modes; do
	have_oracle_dtrace "vs-dtrace-$m" || continue
	differ=
	for s in $(seeds_of "$m"); do
		genopts_case "$s" "$m"
		for _ in 1 2 3; do
			genopts_run "$D" "$m" "$s" "$w/d-$m-$s"
			[ "$(cat "$w/d-$m-$s.rc")" = 137 ] ||
				grep -Eq 'could not enable tracing: Failed to enable|Failed to enable probe' \
					"$w/d-$m-$s.err" || break
		done
		genopts_run "$USDTRACE" "$m" "$s" "$w/u-$m-$s"
		for f in rc out err; do
			if ! cmp -s "$w/d-$m-$s.$f" "$w/u-$m-$s.$f"; then
				differ="$differ $s"
				diff "$w/d-$m-$s.$f" "$w/u-$m-$s.$f" | head -5 | sed "s/^/# vs-dtrace-$m $s $f: /"
				break
			fi
		done
	done
	if [ -z "$differ" ]; then ok "vs-dtrace-$m"; else notok "vs-dtrace-$m" "seeds differing from dtrace:$differ"; fi
done
