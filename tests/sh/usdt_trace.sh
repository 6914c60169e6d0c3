#!/bin/sh
# tier: full
# usdt_trace.sh — the USDT provider end to end, in the real kernel, on programs built with our
# header (tests/progs/usdt/ut_prog.c) and the argument-form programs argforms.S / argtypes.c:
#   * arguments: every operand form decodes to the value the program put there (the programs
#     carry their own expectations, the same ones the ptrace witness argcheck checks);
#     sign/zero extension by size; args[]; copyinstr of a string the process never touched
#     (its page is not faulted in: only a sleepable program can read it);
#   * probe descriptions: provider$target with -c and -p, a bare provider for every process;
#     id, probeprov, probemod, probefunc, probename;
#   * semaphores: on in a process already running and in one started after tracing began;
#     back to 0 when the tracer exits by SIGINT and when it is killed by SIGKILL;
#   * bad descriptions: a process that does not exist;
#   * damaged notes (badnotes.S): the good probe still traces, the damage is reported, the
#     program is unharmed.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip usdt_trace "needs root"
	exit 0
fi

prog=$W/ut_prog
if ! gcc -O2 -Wall -Wextra -Werror -I"$TOP/include" -o "$prog" "$TOP/tests/progs/usdt/ut_prog.c" 2>"$W/cc.err"; then
	notok usdt-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi

# wait_for FILE PATTERN: up to 30 s for PATTERN to appear in FILE
wait_for() {
	i=0
	while [ $i -lt 600 ]; do
		grep -q "$2" "$1" 2>/dev/null && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# --- arguments, names, -c ---
timeout 20 "$U" -q -n 'ut$target:::args { printf("%d %s %d %c %d %d %d %d %x [%s:%s:%s:%s] %d\n", arg0, copyinstr(arg1), arg2, (char)arg3, arg4, args[4], arg9, args[10], args[11], probeprov, probemod, probefunc, probename, id); }' \
	-c "$prog args 3" >"$W/args.out" 2>"$W/args.err"
rc=$?
# provider ut<pid>; the probe id is the one -l gives the probe in the same process (the ids
# of the process's probes after the tracer's own, in the order -l lists them)
lid=$("$U" -l -n 'ut$target:::args' -c "$prog args 3" 2>/dev/null | awk 'NR == 2 { print $1 }')
sed 's/\[ut[0-9]*:/[utPID:/' "$W/args.out" >"$W/args.norm"
cat >"$W/args.want" <<EOF
0 alpha 0 a 0 0 9 10 fedcba9876543210 [utPID:ut_prog:main:args] $lid
1 beta -1000 b -1 -1 9 10 fedcba9876543211 [utPID:ut_prog:main:args] $lid
2 gamma -2000 c -2 -2 9 10 fedcba9876543212 [utPID:ut_prog:main:args] $lid

EOF
if [ $rc -eq 0 ] && cmp -s "$W/args.norm" "$W/args.want"; then
	ok usdt-args-c
else
	notok usdt-args-c "rc $rc: $(head -c 300 "$W/args.out") $(head -c 300 "$W/args.err")"
fi

# the provider is ut<pid of the traced process>, the same as $target
timeout 20 "$U" -q -n 'ut$target:::done { printf("%d %d\n", probeprov == strjoin("ut", lltostr(pid)), pid == $target); }' \
	-c "$prog args 1" >"$W/pp.out" 2>"$W/pp.err"
if [ "$(sed '/^$/d' "$W/pp.out")" = "1 1" ]; then
	ok usdt-probeprov-pid
else
	notok usdt-probeprov-pid "$(cat "$W/pp.out" "$W/pp.err" | head -c 300)"
fi

# default output: CPU ID FUNCTION:NAME, the matched notice
timeout 20 "$U" -n 'ut$target:::done' -c "$prog args 1" >"$W/def.out" 2>"$W/def.err"
if grep -q "^usdtrace: description 'ut\$target:::done' matched 1 probe$" "$W/def.err" &&
	grep -Eq '^ +[0-9]+ +[0-9]+ +main:done *$' "$W/def.out" &&
	head -1 "$W/def.out" | grep -q '^CPU     ID                    FUNCTION:NAME$'; then
	ok usdt-default-output
else
	notok usdt-default-output "$(cat "$W/def.out" "$W/def.err" | head -c 400)"
fi

# --- every operand form, against the programs' own expectations ---
if gcc -pie -o "$W/af_pie" "$TOP/tests/progs/argforms.S" 2>"$W/cc.err" &&
	gcc -no-pie -DNOPIE -Wl,--section-start=.argfixed=0x20000000 -o "$W/af_nopie" \
		"$TOP/tests/progs/argforms.S" 2>>"$W/cc.err"; then
	for v in pie nopie; do
		# %xmm registers are not saved for uprobes: BPF cannot read them (a known limit);
		# D has arg0..arg9 (args[10], args[11] are checked with ut_prog above)
		"$W/af_$v" expect | grep -v '^argforms:xmm:' |
			awk '{ out = $1; for (i = 2; i <= NF && i <= 11; i++) out = out " " $i; print out }' >"$W/af_$v.exp"
		timeout 20 "$U" -q -n 'argforms$target::: /probename != "xmm"/ { printf("argforms:%s: %d %d %d %d %d %d %d %d %d %d\n", probename, arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9); }' \
			-c "$W/af_$v" 2>"$W/af_$v.err" | sed '/^$/d' >"$W/af_$v.raw"
		# trim each line to the number of arguments the probe has
		awk 'NR == FNR { n[$1] = NF; next } { out = $1; for (i = 2; i <= n[$1] && i <= NF; i++) out = out " " $i; print out }' \
			"$W/af_$v.exp" "$W/af_$v.raw" >"$W/af_$v.out"
		if why=$(argvals_match "$W/af_$v.exp" "$W/af_$v.out"); then
			ok "usdt-argforms-$v"
		else
			notok "usdt-argforms-$v" "$(echo "$why" | head -n 3 | tr '\n' ' ') $(head -c 200 "$W/af_$v.err")"
		fi
	done
else
	notok usdt-argforms "build failed: $(head -c 300 "$W/cc.err")"
fi

for cc in gcc clang; do
	command -v $cc >/dev/null 2>&1 || { skip "usdt-argtypes-$cc" "$cc not installed"; continue; }
	bin=$W/argtypes_$cc
	if ! $cc -O2 -std=gnu11 -Wall -Wextra -Werror -o "$bin" "$TOP/tests/progs/argtypes.c" 2>"$W/cc.err"; then
		notok "usdt-argtypes-$cc" "build failed: $(head -c 300 "$W/cc.err")"
		continue
	fi
	# floats travel as their bits (D has no floating point), so that probe is left out; the
	# one unsigned 64-bit value above INT64_MAX prints with %u
	cat >"$W/at.d" <<'EOF'
argtypes$target::: /probename != "float" && probename != "ints" && probename != "many"/ { printf("%s:%s: %d %d %d %d %d %d %d %d %d %d\n", probeprov, probename, arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9); }
argtypes$target:::ints { printf("%s:%s: %d %d %d %d %d %d %d %u\n", probeprov, probename, arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7); }
argtypes$target:::many { printf("%s:%s: %d %d %d %d %d %d %d %d %d %d %d %d\n", probeprov, probename, arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, args[10], args[11]); }
EOF
	timeout 20 "$U" -q -s "$W/at.d" -c "$bin $bin.exp" 2>"$W/at.err" |
		sed -e '/^$/d' -e 's/^argtypes[0-9]*:/argtypes:/' >"$W/at.raw"
	grep -v '^argtypes:float:' "$bin.exp" >"$bin.exp2"
	awk 'NR == FNR { n[FNR] = NF; next } { out = $1; for (i = 2; i <= n[FNR] && i <= NF; i++) out = out " " $i; print out }' \
		"$bin.exp2" "$W/at.raw" >"$W/at.out"
	if [ -s "$bin.exp2" ] && why=$(argvals_match "$bin.exp2" "$W/at.out"); then
		ok "usdt-argtypes-$cc"
	else
		notok "usdt-argtypes-$cc" "$(echo "$why" | head -n 3 | tr '\n' ' ') $(head -c 200 "$W/at.err")"
	fi
done

# --- aggregations keyed by probe names: one program serves both probes, so the names are
# read at run time (a key built from the program's first probe would count every firing
# as it) ---
timeout 20 "$U" -q -n 'ut$target:::args, ut$target:::done { @[probename] = count(); }' \
	-c "$prog args 3" >"$W/agg.out" 2>"$W/agg.err"
printf '\n  done                                                              1\n  args                                                              3\n' >"$W/agg.want"
if cmp -s "$W/agg.out" "$W/agg.want"; then
	ok usdt-agg-probename
else
	notok usdt-agg-probename "$(od -c "$W/agg.out" | head -c 300) $(head -c 200 "$W/agg.err")"
fi

# --- printing and truncating an aggregation every millisecond while a process fires 300,000
# probes as fast as it can: the printed counts add up to every firing (no update is lost to
# trunc, nor to a clock program interrupting a uprobe program in the middle of its key) ---
rm -f "$W/go"
"$prog" wait "$W/go" 300000 >/dev/null &
fpid=$!
cat >"$W/trunc.d" <<'EOF'
#pragma D option quiet
BEGIN { printf("ready\n"); }
ut$1:::tick { @n = count(); x++; }
tick-1ms { printa("%@d\n", @n); trunc(@n); }
ut$1:::done { exit(0); }
END { printa("%@d\n", @n); printf("x %d\n", x); }
EOF
timeout 60 "$U" -s "$W/trunc.d" $fpid >"$W/trunc.out" 2>"$W/trunc.err" &
tpid=$!
wait_for "$W/trunc.out" ready
touch "$W/go"
wait $tpid
wait $fpid
sum=$(awk '/^[0-9]+$/ { s += $1; n++ } END { print s + 0, n + 0 }' "$W/trunc.out")
if [ "${sum% *}" = 300000 ] && [ "${sum#* }" -gt 10 ] && grep -q '^x 300000$' "$W/trunc.out"; then
	ok usdt-agg-trunc-loses-nothing
else
	notok usdt-agg-trunc-loses-nothing "sum and printings: $sum; $(tail -c 200 "$W/trunc.err")"
fi

# --- -p: a running process, provider$target ---
rm -f "$W/go"
"$prog" wait "$W/go" 25 >"$W/p.prog" &
ppid_=$!
cat >"$W/p.d" <<'EOF'
BEGIN { printf("ready\n"); }
ut$target:::tick { n++; }
ut$target:::done { printf("ticks %d\n", n); exit(0); }
EOF
timeout 20 "$U" -q -s "$W/p.d" -p $ppid_ >"$W/p.out" 2>"$W/p.err" &
tpid=$!
wait_for "$W/p.out" ready
touch "$W/go"
wait $tpid
wait $ppid_
if grep -q '^ticks 25$' "$W/p.out" && grep -q '^fired 25$' "$W/p.prog"; then
	ok usdt-pid-target
else
	notok usdt-pid-target "$(cat "$W/p.out" "$W/p.err" "$W/p.prog" | head -c 300)"
fi

# --- every process: one running before, one started after; semaphores; SIGINT ---
cat >"$W/sem.d" <<'EOF'
#pragma D option quiet
BEGIN { printf("ready\n"); }
ut:::guarded { @n = count(); }
ut:::guarded /pid == $1/ { @m = count(); }
END { printa("n=%@d", @n); printa(" m=%@d\n", @m); }
EOF
# (counts are aggregations: a and b fire at once on two CPUs, and n++ on a global is not atomic
# in D, so a global would lose increments)
rm -f "$W/g1" "$W/g2" "$W/g3"
"$prog" sem "$W/g1" "$W/g3" 100 >"$W/a.out" &
apid=$!
sdt_wait_exec $apid "$prog" 30
timeout 20 "$U" -s "$W/sem.d" $apid >"$W/tr.out" 2>"$W/tr.err" &
tpid=$!
if ! wait_for "$W/tr.out" ready; then
	notok usdt-global "tracer never became ready: $(head -c 300 "$W/tr.err")"
	kill $tpid $apid 2>/dev/null
else
	"$prog" sem "$W/g2" "$W/g2" 100 >"$W/b.out" &
	bpid=$!
	touch "$W/g1" "$W/g2"
	wait $bpid
	wait_for "$W/a.out" "enabled"
	kill -INT $tpid
	wait $tpid
	touch "$W/g3"
	wait $apid
	# a: on while traced, off after; b (started after tracing began): on in both rounds
	if [ "$(cat "$W/a.out")" = "enabled 100 of 100
enabled 0 of 100" ] && [ "$(cat "$W/b.out")" = "enabled 100 of 100
enabled 100 of 100" ] && grep -q '^n=300 m=100$' "$W/tr.out"; then
		ok usdt-global-semaphores
	else
		notok usdt-global-semaphores "a [$(cat "$W/a.out")] b [$(cat "$W/b.out")] tracer [$(cat "$W/tr.out" "$W/tr.err")]"
	fi
fi

# --- SIGKILL: the kernel drops the semaphores with the tracer ---
rm -f "$W/g1" "$W/g3" "$W/tr.out"
"$prog" sem "$W/g1" "$W/g3" 50 >"$W/k.out" &
apid=$!
sdt_wait_exec $apid "$prog" 30
"$U" -s "$W/sem.d" $apid >"$W/tr.out" 2>"$W/tr.err" &
tpid=$!
if wait_for "$W/tr.out" ready; then
	touch "$W/g1"
	wait_for "$W/k.out" enabled
	kill -KILL $tpid
	wait $tpid 2>/dev/null
	touch "$W/g3"
	wait $apid
	if [ "$(cat "$W/k.out")" = "enabled 50 of 50
enabled 0 of 50" ]; then
		ok usdt-sigkill-semaphores
	else
		notok usdt-sigkill-semaphores "[$(cat "$W/k.out")]"
	fi
else
	notok usdt-sigkill-semaphores "tracer never became ready: $(head -c 300 "$W/tr.err")"
	kill $tpid $apid 2>/dev/null
fi

# --- a process in another mount namespace (a container): its binary exists only there, so it
# is reached through /proc/PID/map_files; a probe of every process names the one that fired
# (provider ut<pid>) ---
if command -v unshare >/dev/null 2>&1; then
	rm -f "$W/go"
	mkdir -p "$W/ns"
	unshare -m sh -c "mount -t tmpfs none '$W/ns' && cp '$prog' '$W/ns/ut_ns' && exec '$W/ns/ut_ns' wait '$W/go' 30" >"$W/ns.prog" 2>&1 &
	nspid=$!
	i=0
	while [ $i -lt 100 ] && ! grep -q ut_ns "/proc/$nspid/maps" 2>/dev/null; do sleep 0.05; i=$((i + 1)); done
	cat >"$W/ns.d" <<'EOF'
#pragma D option quiet
BEGIN { printf("ready\n"); }
ut:::tick { n++; m = probemod; }
ut:::done { printf("%d ticks in %s of %s\n", n, m, probeprov); exit(0); }
EOF
	timeout 20 "$U" -s "$W/ns.d" >"$W/ns.out" 2>"$W/ns.err" &
	tpid=$!
	wait_for "$W/ns.out" ready
	touch "$W/go"
	wait $tpid
	wait $nspid
	if [ ! -e "$W/ns/ut_ns" ] && grep -q "^30 ticks in ut_ns of ut$nspid\$" "$W/ns.out" && grep -q '^fired 30$' "$W/ns.prog"; then
		ok usdt-mount-namespace
	else
		notok usdt-mount-namespace "$(cat "$W/ns.out" "$W/ns.err" "$W/ns.prog" | head -c 300)"
	fi
else
	skip usdt-mount-namespace "unshare not installed"
fi

# --- a library loaded with dlopen() after tracing began: its probes are enabled before the
# program runs any of its code (the -c child is held while the tracer attaches them), so every
# one of the 50 calls is seen, its clauses run in program order; -Z because no process has
# the library when tracing starts ---
lib=$W/libut.so
if gcc -O2 -shared -fPIC -Wall -Wextra -Werror -I"$TOP/include" -o "$lib" "$TOP/tests/progs/usdt/ut_lib.c" 2>"$W/cc.err"; then
	cat >"$W/dl.d" <<'EOF'
long s;
int printed;    /* read in a predicate before any assignment: dtrace wants it declared */
utlib$target:::hello { n++; s += arg1; }
ut$target:::done { printf("hello %d sum %d in %s\n", n, s, probemod); }
utlib$target:::hello /!printed/ { printed = 1; printf("first in %s, n=%d\n", probemod, n); }
EOF
	timeout 20 "$U" -Z -q -s "$W/dl.d" -c "$prog dlopen $lib 50" >"$W/dl.out" 2>"$W/dl.err"
	# the program's own line may come anywhere between the tracer's (two writers, one file)
	if [ "$(sed -e '/^$/d' -e '/^called /d' "$W/dl.out")" = "first in libut.so, n=1
hello 50 sum 2450 in ut_prog" ] && grep -q '^called 50 (sum 1275)$' "$W/dl.out"; then
		ok usdt-dlopen
	else
		notok usdt-dlopen "$(cat "$W/dl.out" "$W/dl.err" | head -c 400)"
	fi
else
	notok usdt-dlopen "build failed: $(head -c 300 "$W/cc.err")"
fi

# --- the fast path and its fallback for one probe: mix:::val's only site known at start has
# arg0 in %edi, so the class's program reads %edi straight from the context (the -S listing
# shows that load, and the program's twin that reads through the spec); the library
# dlopen()'d later fires the same probe from a site with arg0 in %edi (attached to the direct
# program when it appears), in %esi and in memory (attached to the twin, with 77 and 78 left
# in %edi to catch a wrong direct read). Every value is a negative int: sign extension too.
# A predicate of arg0 (tested ahead of the prologue in the direct program) sees the same. ---
if gcc -O2 -Wall -Wextra -Werror -DMAIN -o "$W/fastmix" "$TOP/tests/progs/usdt/fastmix.c" \
		"$TOP/tests/progs/usdt/fastmix.S" 2>"$W/cc.err" &&
	gcc -shared -fPIC -o "$W/libfastmix.so" "$TOP/tests/progs/usdt/fastmix.S" 2>>"$W/cc.err"; then
	fm_d='mix$target:::val { printf("%s %d\n", probefunc, arg0); }'
	timeout 20 "$U" -Z -q -n "$fm_d" -c "$W/fastmix $W/libfastmix.so" >"$W/fm.out" 2>"$W/fm.err"
	rc=$?
	timeout 20 "$U" -S -e -n "$fm_d" -c "$W/fastmix $W/libfastmix.so" >/dev/null 2>"$W/fm.S"
	fm_p='mix$target:::val /arg0 < -1000 && arg0 > -3000 || arg0 == -9/ { printf("%s %d\n", probefunc, arg0); }'
	timeout 20 "$U" -Z -q -n "$fm_p" -c "$W/fastmix $W/libfastmix.so" >"$W/fmp.out" 2>"$W/fmp.err"
	rcp=$?
	# %rdi is pt_regs word 14 (offset 112): read in the first program, not in its twin
	# the program's own line may come anywhere between the tracer's (two writers, one file)
	if [ $rc -eq 0 ] && [ "$(sed -e '/^$/d' -e '/^sum /d' "$W/fm.out")" = "mixmain_fire -1
mixmain_fire -2
mixmain_fire -3
mixlib_same -1001
mixlib_other -2001
mixlib_mem -3001
mixlib_same -1002
mixlib_other -2002
mixlib_mem -3002
mixlib_same -1003
mixlib_other -2003
mixlib_mem -3003
mixmain_fire -9" ] && grep -q '^sum -18033$' "$W/fm.out" &&
		[ "$(grep -c '^probe ' "$W/fm.S")" = 2 ] &&
		sed '/^; the program above/q' "$W/fm.S" | grep -q 'r0 = \*(u64 \*)(r6 + 112)$' &&
		[ $rcp -eq 0 ] && [ "$(sed -e '/^$/d' -e '/^sum /d' "$W/fmp.out" | tr '\n' ' ')" = "mixlib_same -1001 mixlib_other -2001 mixlib_same -1002 mixlib_other -2002 mixlib_same -1003 mixlib_other -2003 mixmain_fire -9 " ]; then
		ok usdt-fast-fallback
	else
		notok usdt-fast-fallback "rc $rc $rcp: $(cat "$W/fm.out" "$W/fm.err" "$W/fmp.out" | tr '\n' ' ' | head -c 600) $(grep -c 'r6 + 112' "$W/fm.S") direct reads"
	fi
else
	notok usdt-fast-fallback "build failed: $(head -c 300 "$W/cc.err")"
fi

# --- typed arguments declared in a provider file (usdtrace -G's type note): args[0] is an
# account_t *, its members read from the process; the example's own script ---
bank=$TOP/examples/bank
if "$U" -h -s "$bank/bank.d" -o "$W/bank_probes.h" &&
	gcc -O2 -I"$W" -c "$bank/bank.c" -o "$W/bank.o" &&
	"$U" -G -s "$bank/bank.d" -o "$W/bank_probes.o" "$W/bank.o" &&
	gcc -o "$W/bank" "$W/bank.o" "$W/bank_probes.o"; then
	# the program's own line may come anywhere between the tracer's (two writers, one file)
	(cd "$W" && timeout 20 "$U" -s "$bank/transfers.d" -c './bank 6') >"$W/bank.all" 2>"$W/bank.err"
	grep -v '^6 transfers' "$W/bank.all" >"$W/bank.out"
	cat >"$W/bank.want" <<'EOF'
alice  (1000) -> bob     100
  audit: alice -> bob: 100 (ok)
bob    ( 600) -> carol   250
  audit: bob -> carol: 250 (ok)
carol  ( 250) -> alice   400
  audit: carol -> alice: 400 (refused)
  refused: error 28
alice  ( 900) -> bob     550
  audit: alice -> bob: 550 (ok)
bob    ( 900) -> carol   100
  audit: bob -> carol: 100 (ok)
carol  ( 350) -> alice   250
  audit: carol -> alice: 250 (ok)
1 refused

EOF
	if cmp -s "$W/bank.out" "$W/bank.want" &&
		grep -q '^6 transfers, 1 refused; balances: alice=600 bob=800 carol=100$' "$W/bank.all"; then
		ok usdt-typed-args
	else
		notok usdt-typed-args "$(diff "$W/bank.want" "$W/bank.out" | head -c 300) $(head -c 200 "$W/bank.err")"
	fi
else
	notok usdt-typed-args "the example did not build"
fi

# --- a program the -c child forks and execs, which loads a library with dlopen(): its
# dynamic linker's reports hold it too (a descendant of the -c child), so every call counts;
# the description names no process ---
if [ -f "$lib" ]; then
	printf '#!/bin/sh\n%s dlopen %s 50\ntrue\n' "$prog" "$lib" >"$W/child.sh"
	cat >"$W/child.d" <<'EOF'
utlib:::hello { n++; p = pid; }
END { printf("hello %d, in a child: %d\n", n, p != $target); }
EOF
	timeout 20 "$U" -Z -q -s "$W/child.d" -c "sh $W/child.sh" >"$W/child.out" 2>"$W/child.err"
	if grep -q '^hello 50, in a child: 1$' "$W/child.out" && grep -q '^called 50 (sum 1275)$' "$W/child.out"; then
		ok usdt-child-exec-dlopen
	else
		notok usdt-child-exec-dlopen "$(cat "$W/child.out" "$W/child.err" | head -c 300)"
	fi
fi

# --- bad descriptions ---
w=$W
expect_fail usdt-dead-pid "usdtrace: invalid probe specifier ut999999999:::tick { }: probe description ut999999999:::tick does not match any probes" \
	"$U" -n 'ut999999999:::tick { }'

# --- damaged notes (tests/progs/badnotes.S): the good probe traces exactly, the damage is
# reported (sites ignored, an argument that reads as 0), the "site" in .data is never
# installed, and the program runs as it does untraced ---
if gcc -o "$W/badnotes" "$TOP/tests/progs/badnotes.S" 2>"$W/cc.err"; then
	timeout 20 "$U" -q -n 'bad$target::: { printf("%s %d\n", probename, arg0); }' \
		-c "$W/badnotes" >"$W/bad.out" 2>"$W/bad.err"
	rc=$?
	sed '/^$/d' "$W/bad.out" | sort | uniq -c | awk '{ $1 = $1; print }' | sort >"$W/bad.got"
	cat >"$W/bad.want" <<'EOF'
1 datum intact
1 good 1
1 good 2
1 good 3
1 good 4
1 good 5
5 garbage_args 0
EOF
	sort "$W/bad.want" >"$W/bad.want.s"
	why=""
	[ $rc -eq 0 ] || why="exit $rc"
	cmp -s "$W/bad.got" "$W/bad.want.s" || why="$why; output [$(tr '\n' ' ' <"$W/bad.got")]"
	grep -q "^usdtrace: warning: $W/badnotes: bad:far_pc: probe address 0x7fffffff0000 is outside every loadable segment; site ignored$" "$W/bad.err" ||
		why="$why; no warning for far_pc"
	grep -q "^usdtrace: warning: $W/badnotes: bad:bad_sem: semaphore address 0x7fffffff0000 is outside every loadable segment; site ignored$" "$W/bad.err" ||
		why="$why; no warning for bad_sem"
	grep -q "^usdtrace: warning: bad[0-9]*:badnotes:main:garbage_args: argument 0 (this): .*; it reads as 0$" "$W/bad.err" ||
		why="$why; no warning for garbage_args"
	if [ -z "$why" ]; then
		ok usdt-damaged-notes
	else
		notok usdt-damaged-notes "$why: $(head -c 300 "$W/bad.err")"
	fi
else
	notok usdt-damaged-notes "build failed: $(head -c 300 "$W/cc.err")"
fi

# -l and the tracer number probes alike (one matching path, provider by provider): a USDT
# probe and a pid probe of the same -c process get the ids -l shows for them
"$U" -l -n 'ut$target:::args' -n 'pid$target:a.out:main:entry' -c "$prog args 1" 2>/dev/null |
	awk 'NR > 1 { print $1, $5 }' | sort >"$W/ids.l"
timeout 20 "$U" -q -n 'ut$target:::args,pid$target:a.out:main:entry { printf("%d %s\n", id, probename); }' \
	-c "$prog args 1" 2>"$W/ids.err" | grep -E '^[0-9]+ (args|entry)$' | sort -u >"$W/ids.t"
if [ "$(wc -l <"$W/ids.l")" -eq 2 ] && cmp -s "$W/ids.l" "$W/ids.t"; then
	ok list-trace-same-ids
else
	notok list-trace-same-ids "-l [$(tr '\n' ' ' <"$W/ids.l")] trace [$(tr '\n' ' ' <"$W/ids.t")] $(head -c 200 "$W/ids.err")"
fi
