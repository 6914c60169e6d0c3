#!/bin/sh
# soak.sh — a long run at the highest event rate the machine sustains (issue 27): bounded
# memory, every drop reported, a clean exit. Not part of `make check`; needs root.
#
#   sh bench/soak.sh [SECONDS] [MODE]     (default 600 s, MODE loop)
#
# MODE loop: bench/soak_fire.c fires soak:::fire in a loop on one CPU, unthrottled. MODE
# forkexec: it forks and execs children continuously, each firing 2000 times and exiting
# (the probes are system-wide, soak*:::, so every child is traced as it appears). The program
# is bench/soak.d: a printf record per firing, an aggregation of up to 100000 keys printed and
# cleared every 10 s, a quantize, a speculation per firing (1 in 8 committed), a user stack
# 1 firing in 1024. usdtrace's output is counted (lines) and thrown away.
#
# Every second the tracer's RSS is sampled (/proc/PID/status VmRSS, into $SOAK_DIR/rss.tsv
# when SOAK_DIR is set). At the end, SIGINT: usdtrace must exit 0 after printing its
# aggregations. Printed: firings and records per second, the drops by kind as usdtrace reported
# them (every printf record missing from the output must be counted there), RSS at 10 % of
# the run, at the end and its peak (VmHWM), and a verdict: "bounded" when the RSS at the end is
# within 16 MB + 25 % of the RSS at 10 % of the run, the exit status 0, no other message, and
# no record lost without a drop reported.
#
# Environment: USDTRACE (default build/usdtrace), NICE (default 10: the machine may be shared;
# the figures then say what a niced tracer keeps up with), SOAK_DIR (keep the files there).
top=$(cd "$(dirname "$0")/.." && pwd)
USDTRACE=${USDTRACE:-$top/build/usdtrace}
SECS=${1:-600}
MODE=${2:-loop}
NICE=${NICE:-10}
[ -x "$USDTRACE" ] || { echo "build usdtrace first: make" >&2; exit 1; }
case $MODE in loop | forkexec) ;; *) echo "soak.sh: MODE is loop or forkexec" >&2; exit 2 ;; esac
if [ -n "$SOAK_DIR" ]; then
	w=$SOAK_DIR
	mkdir -p "$w"
else
	w=$(mktemp -d)
	trap 'rm -rf "$w"' EXIT
fi
cc -O2 -I"$top/include" -o "$w/soak_fire" "$top/bench/soak_fire.c" || exit 1

nice -n "$NICE" "$w/soak_fire" "$MODE" $((SECS + 60)) >"$w/fire.out" &
fp=$!
sleep 0.5
start=$(date +%s)
{ nice -n "$NICE" "$USDTRACE" -s "$top/bench/soak.d" 2>"$w/trace.err"; echo $? >"$w/trace.rc"; } |
	awk '/^firings traced:/ { print $3 >"'"$w/traced"'" } /^[0-9]+ [0-9]+$/ { p++ }
		END { print NR; print p + 0 >"'"$w/printfs"'" }' >"$w/lines" &
sleep 0.2
up=$(pgrep -n -f "^$USDTRACE -s $top/bench/soak.d")
[ -n "$up" ] || { echo "soak.sh: usdtrace did not start: $(head -c 300 "$w/trace.err")" >&2; kill "$fp"; exit 1; }
: >"$w/rss.tsv"
# SECS by the clock, not by samples: on a loaded machine a sample's sleep and awk take more
# than a second, and counting samples ran past the generator's end
t=0
while [ $t -lt "$SECS" ] && kill -0 "$up" 2>/dev/null; do
	sleep 1
	t=$(($(date +%s) - start))
	rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$up/status" 2>/dev/null)
	[ -n "$rss" ] && printf '%d\t%d\n' "$t" "$rss" >>"$w/rss.tsv"
done
hwm=$(awk '/^VmHWM:/ { print $2 }' "/proc/$up/status" 2>/dev/null)
kill -INT "$up" 2>/dev/null
while kill -0 "$up" 2>/dev/null; do sleep 0.2; done
end=$(date +%s)
kill -TERM "$fp" 2>/dev/null
wait
rc=$(cat "$w/trace.rc" 2>/dev/null)
fired=$(sed -n 's/.*fired \([0-9]*\).*/\1/p' "$w/fire.out")
children=$(sed -n 's/^children \([0-9]*\) failed \([0-9]*\).*/\1 (\2 failed)/p' "$w/fire.out")
lines=$(cat "$w/lines")
dur=$((end - start))
echo "soak: mode $MODE, $SECS s traced (niced $NICE), usdtrace exit status ${rc:-?}"
traced=$(cat "$w/traced" 2>/dev/null)
echo "  firings traced: ${traced:-?} in $SECS s ($(( ${traced:-0} / SECS ))/s; the generator fired ${fired:-?} in all, untraced ones included)${children:+; children $children}"
echo "  output: $lines lines ($((lines / (dur > 0 ? dur : 1)))/s)"
# the drops, by kind, as usdtrace reported them
awk '/drops/ { n = $2; sub(/^usdtrace: [0-9]+ /, ""); sub(/ on CPU [0-9]+$/, ""); d[$0] += n; any = 1 }
	END { if (!any) print "  drops: none reported"; for (k in d) printf "  %s: %d\n", k, d[k] }' "$w/trace.err"
other=$(grep -v 'drops' "$w/trace.err" | sort | uniq -c | head -5)
[ -n "$other" ] && echo "  other messages: $other"
# every firing sends one printf record: those missing from the output must be counted in
# the drops usdtrace reported
printfs=$(cat "$w/printfs" 2>/dev/null)
dropped=$(awk '/drops/ { n += $2 } END { print n + 0 }' "$w/trace.err")
missing=$(( ${traced:-0} - ${printfs:-0} ))
echo "  printf records: ${printfs:-?} of ${traced:-?} firings; missing $missing, drops reported $dropped"
n=$(wc -l <"$w/rss.tsv")
early=$(awk -v k=$(( n / 10 > 0 ? n / 10 : 1 )) 'NR == k { print $2 }' "$w/rss.tsv")
last=$(tail -n 1 "$w/rss.tsv" | cut -f2)
echo "  RSS (kB): at 10% ${early:-?}, at the end ${last:-?}, peak ${hwm:-?} ($n samples)"
verdict=bounded
if [ -z "$early" ] || [ -z "$last" ] || [ "$last" -gt $((early + early / 4 + 16384)) ]; then
	verdict="NOT bounded"
fi
[ "$rc" = 0 ] || verdict="$verdict, exit status ${rc:-?} (want 0)"
[ -n "$other" ] && verdict="$verdict, unexpected messages"
[ -n "$traced" ] && [ "$missing" -le "$dropped" ] || verdict="$verdict, records lost without a drop reported"
echo "  verdict: $verdict"
[ "$verdict" = bounded ]
