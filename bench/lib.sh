# lib.sh — what the benchmarks share: median, now_ns and ms_of for every script; for the
# side-by-side ones (usdt.sh, pid.sh) fire_run and fire_row, which want the script to have set
# me (its name, for messages), w (its scratch folder), bin (where the bench programs are built),
# bad (0; set to 1 when a run fails), and for fire_run FIRE_PROG (the looping program), FIRE_N
# (its iterations) and FIRE_COUNTED (a case pattern: the keys whose output must show the count
# FIRE_N, so a lost firing is noticed).

# median [FILE]: the median of the numbers in FILE (standard input when none), one a line: the
# middle one, or the mean of the middle two; a whole number prints as one, others with two
# decimals; "nan" when there are none. Every bench script's median.
median() {
	sort -n "${1:--}" | awk '{ v[NR] = $1 }
		END { if (NR == 0) { print "nan"; exit }
		      m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		      if (m == int(m)) printf "%.0f\n", m; else printf "%.2f\n", m }'
}

# bench_cc OUT SRC [CFLAGS...]: builds bench/SRC.c into $top/build/bench/OUT with the flags
# every bench program gets (and CFLAGS), or ends the script: a benchmark without its program
# measures nothing. Wants top (the checkout) set; CC is honoured.
bench_cc() {
	_out=$1 _src=$2
	shift 2
	mkdir -p "$top/build/bench"
	${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -D_GNU_SOURCE "$@" \
		-o "$top/build/bench/$_out" "$top/bench/$_src.c" ||
		{ echo "${me:-$0}: cannot build bench/$_src.c" >&2; exit 1; }
}

# now_ns: the wall clock in nanoseconds.
now_ns() { date +%s%N; }

# ms_of COMMAND...: run COMMAND (its output discarded); print its wall time in milliseconds.
ms_of() {
	_s=$(now_ns)
	"$@" >/dev/null 2>&1
	_e=$(now_ns)
	echo $(((_e - _s) / 1000000))
}

# fire_run KEY TRACER-ARGS...: one traced (or, with no args, untraced) run of FIRE_PROG; appends
# the loop time it reports to $w/fire.KEY; a failed run is remembered in $w/fire.KEY.failed.
fire_run() {
	key=$1
	shift
	rm -f "$w/fire.rep"
	if [ $# -eq 0 ]; then
		"$FIRE_PROG" "$FIRE_N" "$w/fire.rep"
		st=$?
	else
		timeout 600 "$@" -c "$FIRE_PROG $FIRE_N $w/fire.rep" >"$w/fire.out" 2>"$w/fire.err"
		st=$?
	fi
	if [ $st -ne 0 ] || [ ! -s "$w/fire.rep" ]; then
		[ -f "$w/fire.$key.failed" ] ||
			echo "$me: $key: exit $st: $(head -c 300 "$w/fire.err" 2>/dev/null | tr '\n' ' ')" >&2
		echo "exit $st" >>"$w/fire.$key.failed"
		return
	fi
	if [ $# -gt 0 ]; then
		# shellcheck disable=SC2254
		case $key in
		$FIRE_COUNTED) grep -q "[^0-9]$FIRE_N\$\|^$FIRE_N\$" "$w/fire.out" ||
			{ echo "$me: $key: no count of $FIRE_N in: $(head -c 200 "$w/fire.out" | tr '\n' ' ')" >&2; bad=1; } ;;
		esac
	fi
	awk '$1 == "ns" { print $2 }' "$w/fire.rep" >>"$w/fire.$key"
}

# fire_row VARIANT BASE: one line of the per-firing table: usdtrace's and bpftrace's cost per
# iteration of variant VARIANT (median of $w/fire.u.VARIANT / fire.b.VARIANT, less BASE, the
# untraced median, over FIRE_N) and their ratio; n/a for a tracer without runs.
fire_row() {
	for t in u b; do
		if [ -f "$w/fire.$t.$1.failed" ] || [ ! -s "$w/fire.$t.$1" ]; then
			eval "c_$t=n/a"
			[ -f "$w/fire.$t.$1.failed" ] && bad=1
		else
			m=$(median "$w/fire.$t.$1")
			eval "c_$t=$(awk -v m="$m" -v b="$2" 'BEGIN { printf "%.1f", (m - b) / '"$FIRE_N"' }')"
		fi
	done
	ratio=$(awk -v u="$c_u" -v b="$c_b" 'BEGIN { if (u + 0 > 0 && b + 0 > 0) printf "%.2fx", b / u; else print "-" }')
	printf '  %-8s %16s %16s %10s\n' "$1" "$c_u" "$c_b" "$ratio"
}

# stamp_run KEY CLOCK-PARSER COMMAND...: one run of COMMAND under bench/stamprun (output in
# $w/att.out, stderr in $w/att.out.err); sets t0 (when it was forked), total (its run time)
# and begin (the monotonic clock its BEGIN printed, read by CLOCK-PARSER, a shell command over
# its output). Returns 1, with the message printed and bad set, when it failed.
stamp_run() {
	key=$1 parse=$2
	shift 2
	line=$("$bin/stamprun" "$w/att.out" "$@") || { bad=1; return 1; }
	set -- $line
	t0=$1 total=$2 st=$3
	if [ "$st" -ne 0 ]; then
		echo "$me: attach $key: exit $st: $(grep -v 'uprobe_events\|failed to detach' "$w/att.out.err" | head -c 300 | tr '\n' ' ')" >&2
		bad=1
		return 1
	fi
	begin=$(eval "$parse" <"$w/att.out")
	case $begin in
	'' | *[!0-9]*) echo "$me: attach $key: no BEGIN timestamp in its output" >&2; bad=1; return 1 ;;
	esac
	return 0
}
