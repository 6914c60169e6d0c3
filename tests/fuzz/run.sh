#!/bin/sh
# run.sh DIR SECONDS TARGET... — run each fuzz target DIR/TARGET for SECONDS, one at a time, on
# its corpus DIR/corpus/NAME (kept between runs: it grows), seeded from DIR/seeds/NAME
# (seeds.sh) and the committed inputs of tests/fuzz/seeds/NAME and tests/fuzz/regress/NAME. Crashes, leaks and timeouts go
# to DIR/findings/NAME/. Prints one line per target: executions and findings. (docs/fuzz.md)
set -u
DIR=$1
SECS=$2
shift 2
status=0
printf '%-12s %12s %9s  %s\n' target executions findings "findings directory"
for t in "$@"; do
	name=${t#fuzz_}
	corpus=$DIR/corpus/$name
	found=$DIR/findings/$name
	mkdir -p "$corpus" "$found"
	dirs="$corpus"
	[ -d "$DIR/seeds/$name" ] && dirs="$dirs $DIR/seeds/$name"
	for d in tests/fuzz/seeds/$name tests/fuzz/regress/$name; do
		[ -d "$d" ] && dirs="$dirs $d"
	done
	log=$DIR/$name.log
	# -timeout: an input taking 10 s is a hang; -rss_limit_mb: one using 2 GB a runaway.
	# shellcheck disable=SC2086
	"$DIR/$t" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$found/" $dirs >"$log" 2>&1
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	nfound=$(find "$found" -type f | wc -l)
	[ "$nfound" -eq 0 ] || status=1
	printf '%-12s %12s %9s  %s\n' "$name" "${execs:-?}" "$nfound" "$found"
done
exit $status
