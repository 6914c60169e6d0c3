#!/bin/sh
# tier: fast
# dcorpus.sh — runs the D corpus under tests/d/ against the usdtrace binary.
#
#   tests/d/ok/NAME.d    a valid D script; NAME.out is its exact stdout, NAME.err its exact
#                        stderr (absent: stderr must be empty). Directives, each on a line of
#                        its own at the top of the script:
#                          /* @opts: -x strsize=32 */   options before -s
#                          /* @args: foo 42 */          macro arguments after the script
#                          /* @status: 3 */             expected exit status (default 0)
#                          /* @cpu */                   the CPU column of default-output
#                                                       lines is not compared
#                          /* @sort */                  stdout compared sorted
#                          /* @root */                  the test traces: needs root
#                        Run-time fault messages end "at BPF pc N"; a positive N reads as
#                        "at BPF pc NNN" (as DTrace's runtest does), so .err files do not
#                        depend on the code generator's instruction count.
#   tests/d/err/NAME.d   an invalid program: exit 1 (or @status), nothing on stdout, NAME.err
#                        the exact stderr. The same directives apply.
#   tests/d/cli/NAME.sh  command-line cases written as shell snippets over cli_lib.sh; they
#                        print their own result lines ("d/cli/NAME/CASE").
#
# Scripts run from their own directory and are named by their base name (-s NAME.d), so the
# messages that quote the script ("failed to compile script NAME.d: ...") do not depend on
# where the tree lives. Every run has a time limit: a hung tracer is a failure, not a hang.
# Tests run in parallel (DCORPUS_JOBS, default 8); results print in a fixed order.
#
# Environment (from tests/run.sh): USDTRACE, TOP, TIER. Optional: DCORPUS_JOBS, DCORPUS_TIMEOUT
# (seconds per run, default 20), DCORPUS_ONLY (a glob over "ok/NAME", "err/NAME", "cli/NAME").
# TIER=fast (make check-fast) leaves out what traces: @root scripts and the cli cases that need
# root (cli_needs_root); the full tier runs everything.

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
USDTRACE=${USDTRACE:-$TOP/build/usdtrace}
D=$TOP/tests/d
DCORPUS_TIMEOUT=${DCORPUS_TIMEOUT:-20}
TIER=${TIER:-full}
export TOP USDTRACE D DCORPUS_TIMEOUT TIER

# The first value of a directive "/* @NAME: VALUE */" in the first 30 lines ("" if absent).
directive() {
	sed -n "1,30s|^/\* @$2: *\(.*[^ ]\) *\*/ *\$|\1|p" "$1" | head -n 1
}

# Whether a flag directive "/* @NAME */" is present.
has_flag() {
	sed -n '1,30p' "$1" | grep -q "^/\* @$2 \*/"
}

# Replace the CPU column of default-output record lines ("%3d %6d %32s ") by "  *".
normalize_cpu() {
	sed -E 's/^[ 0-9]{2}[0-9]( +[0-9]+ +[^ ]*:[^ ]*)/  *\1/'
}

# "line N: got [X] want [Y]" for the first line where two files differ.
first_diff() { # got want
	awk -v gf="$1" -v wf="$2" 'BEGIN {
		n = 0
		while (1) {
			g = (getline gl < gf) > 0; h = (getline wl < wf) > 0; n++
			if (!g && !h) { print "identical?"; exit }
			if (!g) { printf "line %d: got end of output, want [%s]\n", n, wl; exit }
			if (!h) { printf "line %d: got [%s], want end of output\n", n, gl; exit }
			if (gl != wl) { printf "line %d: got [%s] want [%s]\n", n, gl, wl; exit }
		}
	}'
}

# Same bytes? (A missing final newline counts as a difference, unlike first_diff's view.)
same() { cmp -s "$1" "$2"; }

# run_script KIND NAME RESULT: run one ok/ or err/ test, write its result line to RESULT.
run_script() {
	kind=$1 name=$2 res=$3
	dir=$D/$kind
	f=$dir/$name.d
	label=d/$kind/$name
	wd=$(mktemp -d "${TMPDIR:-/tmp}/dcorpus-$name.XXXXXX") || { echo "not ok - $label: mktemp" >"$res"; return; }
	if has_flag "$f" root && [ "$(id -u)" -ne 0 ]; then
		echo "skip - $label: needs root" >"$res"
		rm -rf "$wd"
		return
	fi
	opts=$(directive "$f" opts)
	args=$(directive "$f" args)
	want=$(directive "$f" status)
	[ -n "$want" ] || { [ "$kind" = err ] && want=1 || want=0; }

	# shellcheck disable=SC2086 # options and arguments are word lists by design
	(cd "$dir" && exec timeout -k 3 "$DCORPUS_TIMEOUT" "$USDTRACE" $opts -s "$name.d" $args) \
		>"$wd/out" 2>"$wd/err" </dev/null
	rc=$?

	if [ "$kind" = ok ]; then
		cp "$dir/$name.out" "$wd/want.out" 2>/dev/null || : >"$wd/want.out"
	else
		: >"$wd/want.out"
	fi
	cp "$dir/$name.err" "$wd/want.err" 2>/dev/null || : >"$wd/want.err"
	sed -E 's/at BPF pc [1-9][0-9]*/at BPF pc NNN/' "$wd/err" >"$wd/e" && mv "$wd/e" "$wd/err"
	# A default-output line's CPU column is wherever the probe fired: an expectation that
	# holds one without @cpu passes or fails by where the scheduler put the tracer.
	if ! has_flag "$f" cpu && ! normalize_cpu <"$wd/want.out" | cmp -s - "$wd/want.out"; then
		echo "not ok - $label: $name.out holds default-output lines: the script needs /* @cpu */" >"$res"
		rm -rf "$wd"
		return
	fi
	if has_flag "$f" cpu; then
		normalize_cpu <"$wd/out" >"$wd/o" && mv "$wd/o" "$wd/out"
		normalize_cpu <"$wd/want.out" >"$wd/o" && mv "$wd/o" "$wd/want.out"
	fi
	if has_flag "$f" sort; then
		LC_ALL=C sort "$wd/out" >"$wd/o" && mv "$wd/o" "$wd/out"
		LC_ALL=C sort "$wd/want.out" >"$wd/o" && mv "$wd/o" "$wd/want.out"
	fi

	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		echo "not ok - $label: timed out after ${DCORPUS_TIMEOUT}s" >"$res"
	elif [ $rc -ne "$want" ]; then
		echo "not ok - $label: exit $rc, want $want: $(head -n 1 "$wd/err")" >"$res"
	elif ! same "$wd/out" "$wd/want.out"; then
		echo "not ok - $label: stdout $(first_diff "$wd/out" "$wd/want.out")" >"$res"
	elif ! same "$wd/err" "$wd/want.err"; then
		echo "not ok - $label: stderr $(first_diff "$wd/err" "$wd/want.err")" >"$res"
	else
		echo "ok - $label" >"$res"
	fi
	rm -rf "$wd"
}

# run_cli NAME RESULT: a tests/d/cli/NAME.sh snippet, with cli_lib.sh's helpers.
run_cli() {
	name=$1 res=$2
	wd=$(mktemp -d "${TMPDIR:-/tmp}/dcorpus-cli-$name.XXXXXX") || { echo "not ok - d/cli/$name: mktemp" >"$res"; return; }
	(cd "$wd" && CLI=$name W=$wd sh -c '. "$D/cli/cli_lib.sh"; . "$D/cli/$CLI.sh"') \
		>"$wd/.result" 2>"$wd/.stderr" </dev/null
	rc=$?
	grep -E '^(ok|not ok|skip) - ' "$wd/.result" >"$res"
	if [ $rc -ne 0 ] && ! grep -q '^not ok' "$res"; then
		echo "not ok - d/cli/$name: snippet exited $rc: $(head -n 1 "$wd/.stderr")" >>"$res"
	fi
	[ -s "$res" ] || [ "$TIER" = fast ] || echo "not ok - d/cli/$name: ran no case" >"$res"
	rm -rf "$wd"
}

if [ "${1:-}" = --one ]; then # internal: one test, from the parallel driver below
	case $2 in
	cli) run_cli "$3" "$4" ;;
	*) run_script "$2" "$3" "$4" ;;
	esac
	exit 0
fi

if [ ! -x "$USDTRACE" ]; then
	echo "not ok - dcorpus: no usdtrace binary at $USDTRACE"
	exit 1
fi
w=$(mktemp -d "${TMPDIR:-/tmp}/dcorpus.XXXXXX") || exit 1
trap 'rm -rf "$w"' EXIT
trap 'exit 1' INT TERM

: >"$w/list"
for f in "$D"/ok/*.d "$D"/err/*.d "$D"/cli/*.sh; do
	[ -f "$f" ] || continue
	kind=$(basename "$(dirname "$f")")
	name=$(basename "$f"); name=${name%.*}
	[ "$kind/$name" = cli/cli_lib ] && continue
	if [ "$TIER" = fast ] && [ "$kind" != cli ] && has_flag "$f" root; then
		continue # traces: the full tier's
	fi
	if [ -n "${DCORPUS_ONLY:-}" ]; then
		# shellcheck disable=SC2254
		case $kind/$name in $DCORPUS_ONLY) ;; *) continue ;; esac
	fi
	echo "$kind $name $w/$kind.$name.res" >>"$w/list"
done

xargs -P "${DCORPUS_JOBS:-8}" -n 3 sh "$0" --one <"$w/list"

while read -r kind name res; do
	if [ -s "$res" ]; then
		cat "$res"
	elif [ "$kind" = cli ] && [ "$TIER" = fast ] && [ -f "$res" ]; then
		: # every case of the snippet traces: the full tier's
	else
		echo "not ok - d/$kind/$name: no result"
	fi
done <"$w/list"
exit 0
