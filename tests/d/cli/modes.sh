# modes.sh — -e (compile only: no output, status 0, no privileges needed), -S (the generated
# code is printed; we check only that there is some and the status), usage errors (exit 2),
# bad -x options (exit 1), -o FILE (appends, as dtrace.c opens it with "a"), -Z.
# shellcheck disable=SC2016,SC2154 # $1, $target... are D macro variables; cli_lib.sh sets cli_why

cli_run e_compile_only 0 '' '' "$USDTRACE" -e -n 'BEGIN { x = 1; printf("%d\n", x); exit(0); }'
printf 'BEGIN\n{\n\ttrace(strlen("abc"));\n}\n' >"$W/e.d"
cli_run e_script 0 '' '' "$USDTRACE" -e -s "$W/e.d"
cli_run e_error 1 '' \
	'usdtrace: invalid probe specifier BEGIN { trace(nosuch); }: in action list: failed to resolve nosuch: Unknown variable name\n' \
	"$USDTRACE" -e -n 'BEGIN { trace(nosuch); }'

timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" -S -e -n 'BEGIN { x = 1; printf("%d\n", x + 2); exit(0); }' >"$W/S.out" 2>&1
rc=$?
lines=$(wc -l <"$W/S.out")
if [ $rc -eq 0 ] && [ "$lines" -ge 3 ]; then
	cli_ok S_prints_code
else
	cli_notok S_prints_code "exit $rc, $lines lines: $(head -n 1 "$W/S.out")"
fi

cli_run x_bad_option 1 '' 'usdtrace: failed to set -x nosuch: Invalid option name\n' \
	"$USDTRACE" -x nosuch -n 'BEGIN { exit(0); }'
# DTrace for Linux has no aggpack (illumos's packed histograms): refused, not ignored
cli_run x_aggpack 1 '' 'usdtrace: failed to set -x aggpack: Invalid option name\n' \
	"$USDTRACE" -x aggpack -n 'BEGIN { exit(0); }'
printf '#pragma D option aggpack\nBEGIN { exit(0); }\n' >"$W/aggpack.d"
cli_run pragma_aggpack 1 '' "usdtrace: failed to compile script $W/aggpack.d: line 1: failed to set option 'aggpack': Invalid option name\n" \
	"$USDTRACE" -s "$W/aggpack.d"
cli_run x_bad_value 1 '' 'usdtrace: failed to set -x strsize: Invalid value for specified option\n' \
	"$USDTRACE" -x strsize=big -n 'BEGIN { exit(0); }'

for args in "-Y" "" "-s" "-n"; do
	# shellcheck disable=SC2086
	"$USDTRACE" $args >"$W/u.out" 2>"$W/u.err"
	rc=$?
	name=usage_${args#-}
	[ -n "$args" ] || name=usage_no_arguments
	if [ $rc -eq 2 ] && grep -q '^Usage: usdtrace ' "$W/u.err" && [ ! -s "$W/u.out" ]; then
		cli_ok "$name"
	else
		cli_notok "$name" "exit $rc (want 2): $(head -n 1 "$W/u.err")"
	fi
done

if cli_needs_root o_file; then
	timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" -q -o "$W/o.txt" -n 'BEGIN { printf("hi\n"); exit(0); }' >"$W/o1.out" 2>&1
	cli_run o_file 0 '' '' "$USDTRACE" -q -o "$W/o.txt" -n 'BEGIN { printf("hi\n"); exit(0); }'
	if [ -s "$W/o1.out" ]; then
		cli_notok o_file_stdout "first run printed [$(head -n 1 "$W/o1.out")]"
	elif cli_match 'hi\n\nhi\n\n' "$W/o.txt"; then
		cli_ok o_file_appends
	else
		cli_notok o_file_appends "$cli_why"
	fi
fi
if cli_needs_root o_file_default; then
	# The heading and records go to the file; the notice stays on stderr.
	cli_run o_file_default 0 '' "usdtrace: description 'BEGIN ' matched 1 probe\n" \
		"$USDTRACE" -o "$W/od.txt" -n 'BEGIN { exit(0); }'
	cli_why="no output file"
	if [ -f "$W/od.txt" ] && sed -E 's/^[ 0-9]{2}[0-9]( +[0-9]+ +[^ ]*:[^ ]* )/  *\1/' "$W/od.txt" >"$W/od2.txt" &&
		cli_match 'CPU     ID                    FUNCTION:NAME\n  *      1                           :BEGIN \n\n' "$W/od2.txt"; then
		cli_ok o_file_default_content
	else
		cli_notok o_file_default_content "$cli_why"
	fi
fi
if cli_needs_root Z_no_match; then
	cli_run Z_no_match 0 'ok\n\n' '' "$USDTRACE" -q -Z -n 'nosuch:::probe { printf("never\n"); }' \
		-n 'BEGIN { printf("ok\n"); exit(0); }'
fi

# Messages are prefixed with the name the binary was invoked by (dtrace.c: g_pname is
# basename(argv[0])), so a link named dtrace talks like dtrace.
ln -s "$USDTRACE" "$W/dtrace"
cli_run invoked_as_dtrace 1 '' \
	'dtrace: invalid probe specifier BEGIN { x = nosuch; }: in action list: failed to resolve nosuch: Unknown variable name\n' \
	"$W/dtrace" -n 'BEGIN { x = nosuch; }'
# ... and so do the tracer's run-time messages: the probe notices and a fault report.
if cli_needs_root invoked_as_dtrace_tracing; then
	CLI_CPU=1 cli_run invoked_as_dtrace_tracing 0 \
		'CPU     ID                    FUNCTION:NAME\n  *      1                           :BEGIN \n\n' \
		"~^dtrace: (description 'BEGIN ' matched 1 probe|error in dt_clause_0 for probe ID 1 \(dtrace:::BEGIN\): invalid address \(0x8\) at BPF pc [1-9][0-9]*)$" \
		"$W/dtrace" -n 'BEGIN { x = *(int *)8; }' -n 'BEGIN { exit(0); }'
fi

# -v names each description as the "matched" notice does, by its text up to the predicate or
# action (DTrace for Linux: "Stability attributes for description BEGIN :" for
# -n 'BEGIN /1/ { exit(0); }'), not by the whole clause.
cli_run v_description_label 0 \
	'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n\n\n' \
	'' "$USDTRACE" -qv -n 'BEGIN /1/ { exit(0); }'

# -l -P profile: the standing probes DTrace for Linux lists (profile-97 ... profile-4999, tick-1
# ... tick-5000), newest first as both list them; other rates (tick-1s) are made when a
# description names them, not listed before (checked: /opt/oracle-dtrace/sbin/dtrace -l -P profile)
"$USDTRACE" -l -P profile >"$W/lp.out" 2>"$W/lp.err"
rc=$?
got=$(awk 'NR > 1 { printf "%s %s|", $2, $NF }' "$W/lp.out")
want='profile tick-5000|profile tick-1000|profile tick-500|profile tick-100|profile tick-10|profile tick-1|profile profile-4999|profile profile-4001|profile profile-1999|profile profile-997|profile profile-499|profile profile-199|profile profile-97|'
if [ $rc -eq 0 ] && [ "$got" = "$want" ] && [ ! -s "$W/lp.err" ]; then
	cli_ok l_profile_standing
else
	cli_notok l_profile_standing "exit $rc: $got $(head -c 200 "$W/lp.err")"
fi

# -32: D compiled in the ILP32 data model (dtrace(8): "-32 ... the D compiler uses the 32-bit
# data model"); the sizes are DTrace for Linux's under -32 (checked with compare.sh): long,
# pointers, size_t 4; long long, int64_t, off_t, time_t, timestamp 8; a long constant too large
# for 32 bits is a long long; (long) truncates to 32 bits; psinfo_t is 368 bytes. -64 after it
# restores LP64: the last one wins.
cli_run ilp32_sizes 0 '4 4 4 4 8 8 8 8 8 8\n1 0 -1 -2147483648 368\n\n' '' "$USDTRACE" -32 -qn 'BEGIN {
	printf("%d %d %d %d %d %d %d %d %d %d\n", sizeof(long), sizeof(void *), sizeof(size_t),
	    sizeof(1L), sizeof(long long), sizeof(int64_t), sizeof(off_t), sizeof(time_t),
	    sizeof(timestamp), sizeof(0xffffffffffL));
	printf("%d %d %d %d %d\n", (long)0x100000001, 1L << 40, (long)-1, 2147483647L + 1,
	    sizeof(psinfo_t));
	exit(0); }'
cli_run ilp32_then_lp64 0 '8 8\n\n' '' "$USDTRACE" -32 -64 -qn 'BEGIN {
	printf("%d %d\n", sizeof(long), sizeof(char *)); exit(0); }'
printf 'BEGIN\n/8 == sizeof(long)/\n{\n\tprintf("64\\n");\n\texit(1);\n}\n\nBEGIN\n/4 == sizeof(long)/\n{\n\tprintf("32\\n");\n\texit(0);\n}\n' >"$W/model.d"
cli_run ilp32_script 0 '32\n\n' '' "$USDTRACE" -q -32 -s "$W/model.d"
# -G -32 would need 32-bit probe objects, which are not made here: refused with the reason
printf 'provider p { probe q(int); };\n' >"$W/prov.d"
cli_run ilp32_G_refused 1 '' 'usdtrace: -G -32: 32-bit probe objects cannot be made; compile the program for x86-64 (-64)\n' \
	"$USDTRACE" -G -32 -s "$W/prov.d" -o "$W/prov.o"
# under -32 a pointer member is 4 bytes in memory too: storing one leaves its neighbour alone
# (DTrace for Linux -32 prints the same for this program)
printf 'struct s { char *p; int a; } x;\nBEGIN\n{\n\tx.a = 7;\n\tx.p = (char *)0x11223344;\n\tprintf("%%d %%d %%x\\n", x.a, sizeof(x), (long)x.p);\n\texit(0);\n}\n' >"$W/ptrmember.d"
cli_run ilp32_pointer_member_store 0 '7 8 11223344\n\n' '' "$USDTRACE" -32 -qs "$W/ptrmember.d"
