# actions.sh — system() (destructive: -w, and the "allowing destructive actions" notice, which
# -q silences), its output ordered with printf's (the consumer flushes before running the
# command), printf's %Y (walltime in ns, printed "%Y %b %e %T" in local time: dt_printf.c
# pfprint_time), faults in a tick probe and dynamic variable drops.
# shellcheck disable=SC2016,SC2154 # $1, $target... are D macro variables; cli_lib.sh sets cli_why

cli_needs_root system_order || return 0

cli_run system_order 0 'before\nhi\nafter\n\n' '' "$USDTRACE" -q -w \
	-n 'BEGIN { printf("before\n"); system("echo hi"); printf("after\n"); exit(0); }'
cli_run system_format 0 '42 x\n\n' '' "$USDTRACE" -q -w \
	-n 'BEGIN { system("echo %d %s", 40 + 2, "x"); exit(0); }'
CLI_CPU=1 cli_run w_notice 0 '*' \
	"usdtrace: description 'BEGIN ' matched 1 probe\nusdtrace: allowing destructive actions\n" \
	"$USDTRACE" -w -n 'BEGIN { exit(0); }'
cli_run destructive_option 0 'ok\n\n' '' "$USDTRACE" -q -x destructive \
	-n 'BEGIN { system("echo ok"); exit(0); }'

cli_run printf_Y 0 '2001 Sep  9 01:46:40|1970 Jan  1 00:00:00\n\n' '' env TZ=UTC "$USDTRACE" -q \
	-n 'BEGIN { printf("%Y|%Y\n", (uint64_t)1000000000000000000, (uint64_t)0); exit(0); }'

# A fault in a tick firing: the message names the clause (dt_clause_1) and the probe; tracing
# goes on.
printf 'tick-10ms\n{\n\tn++;\n}\n\ntick-10ms\n/n == 2/\n{\n\tx = 0;\n\ty = 1 / x;\n}\n\ntick-10ms\n/n == 4/\n{\n\tprintf("%%d\\n", n);\n\texit(0);\n}\n' >"$W/tf.d"
cli_run tick_fault 0 '4\n\n' \
	'~^usdtrace: error in dt_clause_1 for probe ID [0-9]+ \(profile:::tick-10ms\): divide-by-zero at BPF pc [1-9][0-9]*$' \
	"$USDTRACE" -q -s "$W/tf.d"

# More keys than dynvarsize holds: stores fail and dtrace reports the drops on stderr
# (dt_consume/dt_handle drop messages, as src/dout.h documents); the program still completes.
# A failed store ends its clause (as in dtrace), so the counter is stepped before the stores.
printf '#pragma D option quiet\n#pragma D option dynvarsize=4k\nint i;\n\ntick-1ms\n/i < 100/\n{\n\ti++;\n\ta[i, 0] = 1; a[i, 1] = 1; a[i, 2] = 1; a[i, 3] = 1; a[i, 4] = 1;\n\ta[i, 5] = 1; a[i, 6] = 1; a[i, 7] = 1; a[i, 8] = 1; a[i, 9] = 1;\n}\n\ntick-1ms\n/i == 100/\n{\n\tprintf("done\\n");\n\texit(0);\n}\n' >"$W/dv.d"
cli_run dynvar_drops 0 'done\n\n' \
	'~^usdtrace: [0-9]+ dynamic variable drops?( with non-empty (dirty|rinsing) list)?$' \
	"$USDTRACE" -s "$W/dv.d"

# Storing 0 frees an element (the Guide, "Associative Arrays": assigning zero deallocates it):
# 400 keys created and zeroed one after the other fit in a dynvarsize that holds fewer than
# 400 elements, while the same 400 keys kept alive do not (the control: drops are reported;
# DTrace for Linux drops there too). A failed store ends its clause, so exit() has its own.
awk 'BEGIN { print "#pragma D option quiet\n#pragma D option dynvarsize=4k\n\nBEGIN\n{";
	for (i = 0; i < 400; i++) printf "\ta[%d] = 1;\n\ta[%d] = 0;\n", i, i;
	print "}\n\nBEGIN\n{\n\tprintf(\"done\\n\");\n\texit(0);\n}" }' >"$W/zf.d"
cli_run assoc_zero_frees 0 'done\n\n' '' "$USDTRACE" -s "$W/zf.d"
grep -v '= 0;' "$W/zf.d" >"$W/zk.d"
cli_run assoc_kept_drops 0 'done\n\n' '~^usdtrace: [0-9]+ dynamic variable drops?$' "$USDTRACE" -s "$W/zk.d"

# bufsize sizes the principal buffer: a 4104-byte record (header and a 4096-byte string) fits
# the default 4m (with -x bufsize=4k tracing is refused before it starts, as DTrace for Linux
# refuses this very program: tests/d/cli/buffers.sh).
printf '#pragma D option quiet\n#pragma D option strsize=4096\n\nBEGIN\n{\n\tprintf("%%s\\n", "big");\n}\n\nBEGIN\n{\n\texit(0);\n}\n' >"$W/bs.d"
cli_run bufsize_default_fits 0 'big\n\n' '' "$USDTRACE" -s "$W/bs.d"

# profile-N fires on every CPU (tick-N on one): each online CPU reports itself once.
online=$(awk -F, '{ for (i = 1; i <= NF; i++) { n = split($i, r, "-");
	lo = r[1]; hi = (n > 1) ? r[2] : r[1]; for (c = lo; c <= hi; c++) print c } }' \
	/sys/devices/system/cpu/online)
printf 'profile-100hz\n/!seen[cpu]/\n{\n\tseen[cpu] = 1;\n\tprintf("%%d\\n", cpu);\n}\n\ntick-500ms\n{\n\texit(0);\n}\n' >"$W/pc.d"
# cpu-clock samples an idle CPU rarely or never (bpftrace's profile:hz: too, see
# docs/bpf-plumbing.md), so every CPU gets a busy loop for the test's duration.
spinners=
for c in $online; do
	taskset -c "$c" sh -c 'while :; do :; done' &
	spinners="$spinners $!"
done
timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" -q -s "$W/pc.d" >"$W/pc.out" 2>"$W/pc.err"
rc=$?
# tick-N fires on one CPU only (the Dynamic Tracing Guide, "profile Provider": tick probes fire
# on one CPU per interval): 30 firings while every CPU is busy come from a single CPU.
cat >"$W/tc.d" <<'EOF_TC'
tick-5ms
/!seen[cpu]/
{
	seen[cpu] = 1;
	ncpus++;
}

tick-5ms
/++n == 30/
{
	printf("%d\n", ncpus);
	exit(0);
}
EOF_TC
timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" -q -s "$W/tc.d" >"$W/tc.out" 2>"$W/tc.err"
trc=$?
kill $spinners 2>/dev/null
wait $spinners 2>/dev/null
got=$(grep . "$W/pc.out" | sort -n | tr '\n' ' ')
want=$(echo "$online" | sort -n | tr '\n' ' ')
if [ $rc -eq 0 ] && [ "$got" = "$want" ] && [ ! -s "$W/pc.err" ]; then
	cli_ok profile_every_cpu
else
	cli_notok profile_every_cpu "exit $rc, CPUs [$got], online [$want]: $(head -n 1 "$W/pc.err")"
fi
if [ $trc -eq 0 ] && cli_match '1\n\n' "$W/tc.out" && [ ! -s "$W/tc.err" ]; then
	cli_ok tick_one_cpu
else
	cli_notok tick_one_cpu "exit $trc, stdout [$(tr '\n' ' ' <"$W/tc.out")]: $(head -n 1 "$W/tc.err")"
fi

# A program the verifier refuses is reported in D terms (the probe, the clause and action the
# refused instruction came from, or the string subroutine whose one BPF function holds it, and
# the verifier's reason) with exit 1; -x verbose adds the
# verifier's log. The real refusal at hand: basename() at the largest strsize is more than the
# verifier will follow (its pending branches); once that limit goes, nothing is refused here.
vr_prog='BEGIN { s = "a/b"; trace(basename(s)); }'
timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" -q -x strsize=4096 -n "$vr_prog" \
	-n 'BEGIN { exit(0); }' >"$W/vr.out" 2>"$W/vr.err"
if [ $? -eq 0 ]; then
	echo "skip - d/cli/$CLI/verifier_refusal_in_d_terms: the verifier accepts basename() at strsize 4096"
else
	cli_run verifier_refusal_in_d_terms 1 '' \
		"usdtrace: failed to enable probe 1 (dtrace:::BEGIN): the BPF verifier rejected the code generated for basename() (one BPF function for all its calls): The sequence of 8193 jumps is too complex. (-x verbose shows the verifier's log)\n" \
		"$USDTRACE" -q -x strsize=4096 -n "$vr_prog" -n 'BEGIN { exit(0); }'
	timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" -q -x strsize=4096 -x verbose -n "$vr_prog" \
		-n 'BEGIN { exit(0); }' >"$W/vv.out" 2>"$W/vv.err"
	rc=$?
	# (-x verbose also lists each program first, in dtrace's "Disassembly of clause" form; the
	# verifier's log checks the subroutine's function on its own and ends with its reason)
	if [ $rc -eq 1 ] && grep -q 'basename() (one BPF function for all its calls): The sequence of 8193 jumps is too complex\.$' "$W/vv.err" &&
		grep -q '^Disassembly of clause :::BEGIN, <dtrace:::BEGIN>:$' "$W/vv.err" &&
		grep -q '^0000 00000: bf 61 0000 00000000    r6 = r1$' "$W/vv.err" &&
		grep -q '^Validating d_basename() func#1\.\.\.$' "$W/vv.err" &&
		grep -q '^The sequence of 8193 jumps is too complex\.$' "$W/vv.err" && [ ! -s "$W/vv.out" ]; then
		cli_ok verifier_log_verbose
	else
		cli_notok verifier_log_verbose "exit $rc: $(head -n 2 "$W/vv.err" | tr '\n' ' ')"
	fi
fi
# print() of a pointer to a scalar: the address line, then the value as a member is written,
# comma included (observed: dtrace -qn 'BEGIN { print(&curthread->pid); exit(0); }' prints
# "0xffff... = *" and "<44 blanks>(pid_t)1234,"). The pointer may be a cast one: a kernel
# address is read as kernel memory whatever the pointer's type.
if cli_needs_root print_scalar_ptr; then
	cli_run print_scalar_ptr 0 '~^(0x[0-9a-f]+ = \*| {44}\(pid_t\)[1-9][0-9]*,|)$' '' \
		"$USDTRACE" -q -n 'BEGIN { print(&curthread->pid); exit(0); }'
fi
if cli_needs_root print_cast_scalar_ptr; then
	cli_run print_cast_scalar_ptr 0 '~^(0x[0-9a-f]+ = \*| {44}\(int\)[1-9][0-9]*,|)$' '' \
		"$USDTRACE" -q -n 'BEGIN { print((int *)&curthread->tgid); exit(0); }'
fi
