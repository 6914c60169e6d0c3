# cli_lib.sh — helpers for the command-line snippets in tests/d/cli/, sourced by
# tests/sh/dcorpus.sh before each snippet. The snippet runs in its own scratch directory $W
# (its working directory, removed afterwards) with $USDTRACE, $TOP and $CLI (its name) set.
#
#   cli_run CASE WANT_STATUS WANT_OUT WANT_ERR COMMAND...
#       runs COMMAND (time-limited) and checks its exit status, its stdout against WANT_OUT
#       and its stderr against WANT_ERR. WANT_OUT and WANT_ERR are printf(1) formats for the
#       exact bytes ("hi\n\n"; a literal % is %%), or "~ERE": every line must match the
#       extended regular expression, and there is at least one line, or "*": not checked.
#       With CLI_CPU=1 in the environment, the CPU column of default-output record lines in
#       stdout is replaced by "  *" before comparing (write "  *" in WANT_OUT).
#   cli_is_root                    true when running as root
#   cli_needs_root CASE            prints "skip - ...: needs root" and fails when not root;
#                                  fails silently in the fast tier (TIER=fast: no tracing)
#   cli_ok CASE / cli_notok CASE WHY   a result line for a case checked by hand
# Results are named d/cli/$CLI/CASE.

cli_ok() { echo "ok - d/cli/$CLI/$1"; }
cli_notok() { echo "not ok - d/cli/$CLI/$1: $2"; }
cli_is_root() { [ "$(id -u)" -eq 0 ]; }
cli_needs_root() {
	[ "${TIER:-full}" = fast ] && return 1
	cli_is_root && return 0
	echo "skip - d/cli/$CLI/$1: needs root"
	return 1
}

# cli_match WANT FILE: 0 when FILE is what WANT describes (see above); sets cli_why otherwise.
cli_match() {
	case $1 in
	\*) return 0 ;;
	\~*)
		if [ ! -s "$2" ]; then
			cli_why="empty, want lines matching /${1#\~}/"
			return 1
		fi
		if grep -Evq -e "${1#\~}" "$2"; then
			cli_why="[$(grep -Ev -e "${1#\~}" "$2" | head -n 1)] does not match /${1#\~}/"
			return 1
		fi
		return 0 ;;
	esac
	# shellcheck disable=SC2059 # the expectation is a printf format by design
	printf "$1" >"$W/.want"
	if cmp -s "$2" "$W/.want"; then
		return 0
	fi
	cli_why=$(awk -v gf="$2" -v wf="$W/.want" 'BEGIN {
		n = 0
		while (1) {
			g = (getline gl < gf) > 0; h = (getline wl < wf) > 0; n++
			if (!g && !h) { print "differs in a final newline"; exit }
			if (!g) { printf "line %d: got end of output, want [%s]\n", n, wl; exit }
			if (!h) { printf "line %d: got [%s], want end of output\n", n, gl; exit }
			if (gl != wl) { printf "line %d: got [%s] want [%s]\n", n, gl, wl; exit }
		}
	}')
	return 1
}

cli_run() {
	_case=$1 _want=$2 _out=$3 _err=$4
	shift 4
	timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$@" >"$W/.out" 2>"$W/.err" </dev/null
	_rc=$?
	if [ "${CLI_CPU:-0}" = 1 ]; then
		sed -E 's/^[ 0-9]{2}[0-9]( +[0-9]+ +[^ ]*:[^ ]* )/  *\1/' "$W/.out" >"$W/.out2"
		mv "$W/.out2" "$W/.out"
	fi
	if [ $_rc -eq 124 ] || [ $_rc -eq 137 ]; then
		cli_notok "$_case" "timed out"
	elif [ $_rc -ne "$_want" ]; then
		cli_notok "$_case" "exit $_rc, want $_want: $(head -n 1 "$W/.err")"
	elif ! cli_match "$_out" "$W/.out"; then
		cli_notok "$_case" "stdout $cli_why"
	elif ! cli_match "$_err" "$W/.err"; then
		cli_notok "$_case" "stderr $cli_why"
	else
		cli_ok "$_case"
	fi
}
