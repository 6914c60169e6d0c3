#!/bin/sh
# tier: fast
# list_errors.sh — bad input to -l: processes that do not exist or vanish while being listed,
# commands that cannot run, malformed descriptions, descriptions that match nothing. Each must
# give a clear message and dtrace's exit status (non-zero but for a description that matches
# nothing, a warning), never a crash or a hang.
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

. "$TOP/tests/sh/lib.sh"

# A pid that cannot exist (above any pid_max).
expect_fail nonexistent_pid "usdtrace: No such process" \
	"$USDTRACE" -l -p 2147483000
# A pid of a process that has exited.
sh -c 'exit 0' &
dead=$!
wait $dead
expect_fail exited_pid "usdtrace: No such process" "$USDTRACE" -l -p "$dead"
if [ -s "$w/out" ]; then echo "not ok - grab_fails_before_output: printed [$(cat "$w/out")]"; else echo "ok - grab_fails_before_output"; fi

# A command that cannot be run, whatever the reason, is libproc's "No such process" to dtrace
# (dtrace -l -c nonexistent-cmd-xyz, dtrace -l -c FILE for a file without x permission).
# (PATH of readable directories only: one the user may not search makes execvp say EACCES)
expect_fail c_nonexistent "usdtrace: No such process" \
	env PATH=/usr/bin:/bin "$USDTRACE" -l -c 'nonexistent-cmd-xyz --flag'
printf "not a program\\n" >"$w/notexec"
chmod 644 "$w/notexec"
expect_fail c_not_executable "usdtrace: No such process" \
	"$USDTRACE" -l -c "$w/notexec"

# A description that matches nothing is a warning: the listing succeeds (dtrace -l -n
# nosuch::: prints the heading, the warning, and exits 0).
expect_warn() {
	_n=$1 _w=$2
	shift 2
	expect_exit "$_n" 0 "$_w" "$@"
}
# The message names the description as four fields, as dtrace does.
expect_warn no_match_n "usdtrace: failed to match :::no-such-probe-xyz: No probe matches description" \
	"$USDTRACE" -l -p $$ -n no-such-probe-xyz
expect_warn no_match_P "usdtrace: failed to match nosuchprov:::: No probe matches description" \
	"$USDTRACE" -l -p $$ -P nosuchprov
expect_warn no_match_m "usdtrace: failed to match p:m::: No probe matches description" \
	"$USDTRACE" -l -p $$ -m p:m
expect_warn no_match_f "usdtrace: failed to match :m:f:: No probe matches description" \
	"$USDTRACE" -l -p $$ -f m:f
expect_warn no_match_last "usdtrace: failed to match :m:f:: No probe matches description" \
	"$USDTRACE" -l -p $$ -n BEGIN -f m:f
# an unknown probe id is an error of the description, before anything is listed (dtrace -l
# -i 1 -i 999999: no header, exit 1)
EXPECT_FAIL_QUIET=1 expect_fail no_match_id \
	"usdtrace: invalid probe specifier 999999: invalid probe identifier 999999: Unknown probe identifier" \
	"$USDTRACE" -l -p $$ -i 1 -i 999999
# the header is still printed, as dtrace prints it before matching
expect_warn no_match_header "usdtrace: failed to match :::no-such-probe-xyz: No probe matches description" \
	"$USDTRACE" -l -n no-such-probe-xyz
if [ "$(cat "$w/out")" = "$(printf '%5s %10s %17s %33s %s' ID PROVIDER MODULE FUNCTION NAME)" ]; then
	echo "ok - no_match_prints_header"
else
	echo "not ok - no_match_prints_header: [$(cat "$w/out")]"
fi

expect_fail too_many_fields "usdtrace: invalid probe specifier a:b:c:d:e: invalid probe description \"a:b:c:d:e\": Overspecified probe description" \
	"$USDTRACE" -l -n a:b:c:d:e
expect_fail P_with_colon "usdtrace: invalid probe specifier a:b: invalid probe description \"a:b\": Overspecified probe description" \
	"$USDTRACE" -l -P a:b
# -l reads each argument as a program, as dtrace does: the clause's description is listed
expect_warn clause_description "usdtrace: failed to match :::nosuch: No probe matches description" \
	"$USDTRACE" -l -n 'nosuch{printf("x");}'
# an unterminated [ is a pattern that matches nothing (dtrace's gmatch), not a malformed one
expect_warn bad_bracket "usdtrace: failed to match :::foo[ab: No probe matches description" \
	"$USDTRACE" -l -n 'foo[ab'
expect_fail missing_file "usdtrace: failed to open /nonexistent/prog: No such file or directory" \
	"$USDTRACE" -l -m /nonexistent/prog
expect_fail not_elf_file "usdtrace: failed to open $w/notexec: not an ELF file" \
	"$USDTRACE" -l -m "$w/notexec"

# Processes that exit while being listed: short-lived children, listed by pid and as part of
# the whole machine. Either the listing succeeds or the pid is reported gone; nothing else.
bad=
i=0
while [ $i -lt 40 ]; do
	sleep 0.01 &
	p=$!
	"$USDTRACE" -l -p "$p" >"$w/out" 2>"$w/err"
	rc=$?
	if [ $rc -eq 0 ]; then
		:
	elif [ $rc -eq 1 ] && grep -q "^usdtrace: No such process\$\|^usdtrace: pid $p: " "$w/err"; then
		:
	else
		bad="pid $p: exit $rc: $(head -c 200 "$w/err")"
		break
	fi
	wait $p
	i=$((i + 1))
done
if [ -z "$bad" ]; then echo "ok - vanishing_pid"; else echo "not ok - vanishing_pid: $bad"; fi

# Whole-machine listing while processes come and go.
( j=0; while [ $j -lt 300 ]; do /bin/true; j=$((j + 1)); done ) &
churn=$!
bad=
i=0
while [ $i -lt 10 ]; do
	"$USDTRACE" -l >"$w/out" 2>"$w/err"
	rc=$?
	if [ $rc -ne 0 ] || [ -s "$w/err" ]; then
		bad="exit $rc: $(head -c 200 "$w/err")"
		break
	fi
	i=$((i + 1))
done
kill $churn 2>/dev/null
wait $churn 2>/dev/null
if [ -z "$bad" ]; then echo "ok - list_all_with_churn"; else echo "not ok - list_all_with_churn: $bad"; fi

# A file whose second note is damaged: the first probe is still listed, the damage is reported as
# a warning naming the file, and the listing succeeds.
cp /usr/bin/python3.11 "$w/damaged" 2>/dev/null || cp "$USDTRACE" "$w/damaged"
secoff=$(readelf -S -W "$w/damaged" | awk '$2 == ".note.stapsdt" { print $5 } $3 == ".note.stapsdt" { print $6 }' | head -n 1)
if [ -z "$secoff" ]; then
	echo "skip - damaged_second_note: no .note.stapsdt in $(basename "$(readlink -f "$w/damaged")")"
else
	off=$((0x$secoff))
	d1=$(od -An -tu4 -j $((off + 4)) -N4 "$w/damaged" | tr -d ' ')
	second=$((off + 12 + 8 + (d1 + 3) / 4 * 4))
	# descsz of the second note := 0xfffffff0
	printf '\360\377\377\377' | dd of="$w/damaged" bs=1 seek=$((second + 4)) conv=notrunc 2>/dev/null
	"$USDTRACE" -l -m "$w/damaged" >"$w/out" 2>"$w/err"
	rc=$?
	n=$(awk 'NR > 1' "$w/out" | wc -l)
	if [ $rc -eq 0 ] && [ "$n" -eq 1 ] && grep -q "^usdtrace: warning: $w/damaged: .*runs past the end" "$w/err"; then
		echo "ok - damaged_second_note"
	else
		echo "not ok - damaged_second_note: exit $rc, $n probes, stderr: $(cat "$w/err")"
	fi
fi
