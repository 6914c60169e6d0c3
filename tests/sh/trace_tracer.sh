# tier: full
# trace_tracer.sh — the whole tracer on real one-liners and scripts (root): dtrace's output and
# messages byte for byte (heading, prefixes, the blank lines after END and at the end, the
# "matched N probes" notices and when quiet silences them), exit() status, tick and profile
# probes, END after SIGINT, -c with $target and the child's exit, -p and its exit, -o
# appending, faults firing ERROR, command-line order across -s and -n.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
w=$W
cases="begin_trace_exit quiet_printf_status notices_quiet tick_counts options_after_operands
script_matched_count
sigint_runs_end c_target_and_exit p_target_exit output_appends fault_fires_error order_of_sources
profile_fires cpp_defines two_pids destructive_system"
if ! sdt_is_root; then
	for c in $cases; do skip "$c" "needs root"; done
	exit 0
fi
U=$USDTRACE
# Prefer an ASan+UBSan build of usdtrace (the Makefile's SAN flags) when the sanitized library
# exists, so the tracer's run-time paths are checked for memory errors too. Leak checking stays
# off: main's option arrays live until exit by design (opts.h).
if [ -f "$B/libusdtrace-asan.a" ] && gcc -std=gnu11 -Wall -Wextra -Werror -O1 -g -I"$TOP/include" \
	$SRC_INC -D_GNU_SOURCE -DUSDTRACE_VERSION='"e2e"' -fsanitize=address,undefined \
	-fno-omit-frame-pointer -fno-sanitize-recover=all -o "$w/usdtrace" "$TOP/src/cmd/main.c" \
	"$B/libusdtrace-asan.a" -lelf -ldw -lbpf -lz 2>"$w/asan.err"; then
	U=$w/usdtrace
	ASAN_OPTIONS=detect_leaks=0
	export ASAN_OPTIONS
fi

# check NAME WANT-STATUS WANT-STDOUT WANT-STDERR: compare the last run's results.
check() {
	if [ "$rc" -ne "$2" ]; then notok "$1" "exit $rc (want $2): $(head -c 300 "$w/err")"
	elif [ "$(cat "$w/out")" != "$3" ]; then notok "$1" "stdout [$(cat "$w/out")] want [$3]"
	elif [ "$(cat "$w/err")" != "$4" ]; then notok "$1" "stderr [$(cat "$w/err")] want [$4]"
	else ok "$1"; fi
}
# run ARGS...: usdtrace with a time limit; output in $w/out, $w/err, status in rc.
run() {
	timeout 20 "$U" "$@" >"$w/out" 2>"$w/err"
	rc=$?
}
# Blank lines at the end matter: compare outputs with a sentinel appended.
runx() {
	run "$@"
	printf 'X' >>"$w/out"
}
nl='
'

# The CPU column varies: replace it by "C".
runx -n 'BEGIN { trace(1); exit(0); }'
sed -i 's/^ *[0-9]\{1,3\} \( *1 \)/  C \1/' "$w/out"
check begin_trace_exit 0 "CPU     ID                    FUNCTION:NAME
  C      1                           :BEGIN           1
${nl}X" "usdtrace: description 'BEGIN ' matched 1 probe"

runx -qn 'BEGIN { printf("%s-%d\n", "x", 42); exit(7); }'
check quiet_printf_status 7 "x-42
${nl}X" ""

# quiet by pragma silences the notices too (dtrace's notice() is quiet's)
printf '#pragma D option quiet\nBEGIN\n{\n\tprintf("q");\n\texit(0);\n}\n' >"$w/q.d"
runx -s "$w/q.d"
check notices_quiet 0 "q${nl}X" ""

printf 'tick-50ms\n{\n\tn++;\n}\n\ntick-50ms\n/n == 4/\n{\n\tprintf("n=%%d\\n", n);\n\texit(0);\n}\n\nEND\n{\n\tprintf("end\\n");\n}\n' >"$w/t.d"
runx -q -s "$w/t.d"
check tick_counts 0 "n=4
end
${nl}X" ""

# Options may follow operands, as with dtrace: -q after the script is an option.
runx -s "$w/t.d" -q
check options_after_operands 0 "n=4
end
${nl}X" ""
run -s "$w/t.d"
if [ $rc -eq 0 ] && [ "$(cat "$w/err")" = "usdtrace: script '$w/t.d' matched 3 probes" ]; then
	ok script_matched_count
else
	notok script_matched_count "exit $rc: [$(cat "$w/err")]"
fi

# SIGINT: the interrupted line is ended, END runs, status 0.
timeout -s INT 2 "$U" -qn 'BEGIN { printf("begin"); }' -n 'END { printf("end"); }' >"$w/out" 2>"$w/err"
rc=$?
printf 'X' >>"$w/out"
[ $rc -eq 124 ] && rc=0 # timeout's own status when it sent the signal
check sigint_runs_end 0 "begin
end
X" ""

# -c: $target is the child; its exit ends the trace, unannounced (DTrace for Linux prints no
# "pid N has exited", as Solaris's dtrace did); END runs.
runx -n 'BEGIN { printf("%d", $target); }' -n 'END { printf("end"); }' -c '/bin/sleep 0.2'
pid=$(awk 'NR == 2 { print $NF }' "$w/out")
sed -i 's/^ *[0-9]\{1,3\} \( *[12] \)/  C \1/' "$w/out"
check c_target_and_exit 0 "CPU     ID                    FUNCTION:NAME
  C      1                           :BEGIN $pid
  C      2                             :END end
${nl}X" "usdtrace: description 'BEGIN ' matched 1 probe
usdtrace: description 'END ' matched 1 probe"

sleep 3 &
sp=$!
runx -qn 'BEGIN { printf("%d\n", $target); }' -p "$sp"
check p_target_exit 0 "$sp
${nl}X" ""
wait "$sp" 2>/dev/null

printf 'old\n' >"$w/o.txt"
run -o "$w/o.txt" -qn 'BEGIN { printf("new\n"); exit(0); }'
printf 'X' >>"$w/o.txt"
if [ $rc -eq 0 ] && [ ! -s "$w/out" ] && [ "$(cat "$w/o.txt")" = "old
new
${nl}X" ]; then ok output_appends; else notok output_appends "exit $rc [$(cat "$w/o.txt")]"; fi

runx -qn 'BEGIN { trace(*(int *)16); }' -n 'ERROR { printf("%d %d %d %d", arg1, arg2, arg4, arg5); exit(3); }'
sed -E 's/at BPF pc [1-9][0-9]*$/at BPF pc NNN/' "$w/err" >"$w/err2" && mv "$w/err2" "$w/err"
check fault_fires_error 3 "1 0 1 16
X" "usdtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x10) at BPF pc NNN"

# Sources keep command-line order: clauses of -n, -s, -n fire in that order for BEGIN.
printf 'BEGIN\n{\n\tprintf("2");\n}\n' >"$w/two.d"
runx -qn 'BEGIN { printf("1"); }' -s "$w/two.d" -n 'BEGIN { printf("3"); exit(0); }'
check order_of_sources 0 "123
X" ""

# profile-N fires on every CPU: others may fire before exit() is seen, so one or more "p".
runx -qn 'profile-97 { printf("p"); exit(0); }'
if [ "$rc" -eq 0 ] && [ ! -s "$w/err" ] && printf '%s' "$(cat "$w/out")" | tr '\n' '|' | grep -qE '^p+\|X$'; then
	ok profile_fires
else
	notok profile_fires "exit $rc, stdout [$(cat "$w/out")] stderr [$(cat "$w/err")]"
fi

# -C runs cpp with -D definitions over the script.
printf '#define N 3\nBEGIN\n{\n\tprintf("%%d %%d\\n", N, M);\n\texit(0);\n}\n' >"$w/c.d"
runx -q -C -D M=9 -s "$w/c.d"
check cpp_defines 0 "3 9
${nl}X" ""

# Several -p: the trace ends when the last of them has exited.
sleep 1 &
a=$!
sleep 2 &
b=$!
t0=$(date +%s%N)
runx -q -p "$a" -p "$b" -n 'END { printf("end\n"); }'
t1=$(date +%s%N)
if [ $(((t1 - t0) / 1000000)) -lt 1500 ]; then
	notok two_pids "stopped after $(((t1 - t0) / 1000000)) ms, before the second pid exited"
else
	check two_pids 0 "end
${nl}X" ""
fi
wait

# -w: system() runs through sh after the record's prefix; dtrace's notice about destructive
# actions follows the matched notices.
runx -w -n 'BEGIN { system("echo hi %d", 5); exit(0); }'
sed -i 's/^ *[0-9]\{1,3\} \( *1 \)/  C \1/' "$w/out"
check destructive_system 0 "CPU     ID                    FUNCTION:NAME
  C      1                           :BEGIN hi 5
${nl}${nl}X" "usdtrace: description 'BEGIN ' matched 1 probe
usdtrace: allowing destructive actions"
