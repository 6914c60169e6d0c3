#!/bin/sh
# tier: full
# formula_user.sh — user-space formula probes (docs/formula-providers.md, "User-space
# formulas") over a program with no probes (tests/progs/formula/kvstore.c), built with gcc and
# clang at -O0 and -O2. A D library defines provider kf over its code: every call of kv_lookup
# in kv_swap (call-F), the second one only (call-F-N), every call of strcmp (through the PLT) in
# kv_lookup, every return instruction of kv_lookup (ret), its return (uretprobe), kv_put's
# entry, every call of kv_hash in the kv_* functions (a glob). For each build:
#   * counts and argument sums against the program's own record of its work (its last line);
#   * the same against gdb, an independent witness, stopping at the addresses objdump finds for
#     those calls and return instructions (breakpoints at FUNC+OFF; registers read as the ABI
#     places the callee's arguments): counts, sums of %rsi at the calls, of %rax at the rets,
#     and the offsets of the ret instructions that ran (args[0] of ret). The program is
#     deterministic, so the tracer's run and gdb's run do the same work. (bpftrace 0.17 here
#     cannot put a uprobe at an offset: "compiled without (k|u)probe offset support".)
#   * -l -v's sites of the call-F probe are the addresses objdump shows for the calls;
#   * probeprov, probemod, probefunc and probename are the formula probe's.
# With gcc -fno-plt, strcmp's calls through its GOT slot are counted too. Then, on one build:
# -S of a clause on a formula probe is the program of the same clause on the pid probe at the
# same place (only the headings differ); a formula naming no function, no call, a call number
# past the calls, a location that is none: an error naming the library file and line; kb:::x
# with -c names the -c process, and with no process is an error; a kernel alternative in a
# user-space formula and the reverse. Last, examples/vl's script on the toy vlserver prints
# what its README shows.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
. "$TOP/tests/sh/pid.inc"
U=$USDTRACE
if ! sdt_is_root; then
	skip formula_user "needs root"
	exit 0
fi
SRC=$TOP/tests/progs/formula/kvstore.c
ROUNDS=20
mkdir "$W/lib"
cat >"$W/lib/kf.d" <<'EOF'
provider kf {
	probe lookup__call(string key, long dflt) =
		pid$target:a.out:kv_swap:call-kv_lookup(uintptr_t key, long dflt) :
		    (copyinstr(key), dflt);
	probe second__lookup(long dflt) =
		pid$target:a.out:kv_swap:call-kv_lookup-2(uintptr_t key, long dflt) : (dflt);
	probe cmp(string have, string want) =
		pid$target:a.out:kv_lookup:call-strcmp(uintptr_t a, uintptr_t b) :
		    (copyinstr(a), copyinstr(b));
	probe lookup__ret(long off, long val) =
		pid$target:a.out:kv_lookup:ret(long off, long val) : (off, val);
	probe lookup__return(long val) =
		pid$target:a.out:kv_lookup:return(long off, long val) : (val);
	probe put(string key, long val) =
		pid$target:a.out:kv_put:entry(uintptr_t key, long val) : (copyinstr(key), val);
	probe hash__call(string key) =
		pid$target:a.out:kv_*:call-kv_hash(uintptr_t key) : (copyinstr(key));
};
EOF
cat >"$W/kf.script" <<'EOF'
kf$target:::lookup-call { @n["lc"] = count(); @s["lc"] = sum(args[1]); }
kf$target:::second-lookup { @n["sl"] = count(); @s["sl"] = sum(args[0]); }
kf$target:::cmp { @n["cmp"] = count(); @s["cmp"] = sum(0); }
kf$target:::lookup-ret { @n["lr"] = count(); @s["lr"] = sum(args[1]); @off[args[0]] = count(); }
kf$target:::lookup-return { @n["lrt"] = count(); @s["lrt"] = sum(args[0]); }
kf$target:::put { @n["put"] = count(); @s["put"] = sum(args[1]); }
kf$target:::hash-call { @n["hc"] = count(); @s["hc"] = sum(0); }
kf$target:::put /args[0] == "alpha"/ { @n["alpha"] = count(); @s["alpha"] = sum(0); }
kf$target:::hash-call
{
	@names[probeprov == strjoin("kf", lltostr(pid)), probemod, probefunc, probename] = count();
}
END
{
	printa("N %s %@d\n", @n);
	printa("S %s %@d\n", @s);
	printa("O %x %@d\n", @off);
	printa("P %d %s %s %s %@d\n", @names);
}
EOF

HEXFN='function hex(h,   i, v) {
	h = tolower(h); v = 0
	for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return v
}'
# calls_to BIN FN CALLEE: hex offsets in FN of the calls objdump shows to CALLEE (or its PLT
# stub); rets BIN FN: of its ret instructions
calls_to() {
	set -- "$1" "$2" "$3" "$(pid_fn_range "$1" "$2")"
	_s=${4% *} _z=${4#* }
	objdump -d --no-show-raw-insn --start-address=0x$_s --stop-address=$((0x$_s + 0x$_z)) "$1" |
		awk -v s="$_s" -v c="$3" '($2 == "call" || $2 == "callq") && ($4 == "<" c ">" || $4 == "<" c "@plt>") {
			a = $1; sub(/:$/, "", a); printf "%x\n", hex(a) - hex(s) }
		'"$HEXFN"
}
rets() {
	set -- "$1" "$2" "$(pid_fn_range "$1" "$2")"
	_s=${3% *} _z=${3#* }
	objdump -d --no-show-raw-insn --start-address=0x$_s --stop-address=$((0x$_s + 0x$_z)) "$1" |
		awk -v s="$_s" '$2 == "ret" || $2 == "retq" || ($2 == "repz" && $3 ~ /^ret/) {
			a = $1; sub(/:$/, "", a); printf "%x\n", hex(a) - hex(s) }
		'"$HEXFN"
}

# gdb_sites BIN: a gdb script stopping at every site, printing "W KIND VALUE" per hit
gdb_sites() {
	_b=$1
	echo "set pagination off"
	echo "set confirm off"
	_n=0
	for o in $(calls_to "$_b" kv_swap kv_lookup); do
		_n=$((_n + 1))
		echo "break *(kv_swap+0x$o)"
		echo "commands"
		echo "silent"
		printf '%s\n' 'printf "W lc %ld\n", $rsi'
		[ $_n -ne 2 ] || printf '%s\n' 'printf "W sl %ld\n", $rsi'
		echo "continue"
		echo "end"
	done
	for o in $(calls_to "$_b" kv_lookup strcmp); do
		printf 'break *(kv_lookup+0x%s)\ncommands\nsilent\nprintf "W cmp 0\\n"\ncontinue\nend\n' "$o"
	done
	for o in $(rets "$_b" kv_lookup); do
		printf 'break *(kv_lookup+0x%s)\ncommands\nsilent\nprintf "W lr %%ld\\n", $rax\nprintf "W off %s\\n"\ncontinue\nend\n' "$o" "$o"
	done
	printf 'break *kv_put\ncommands\nsilent\nprintf "W put %%ld\\n", $rsi\nprintf "W alpha %%d\\n", (int)(*(char *)$rdi == 97 && *(char *)($rdi + 1) == 108 && *(char *)($rdi + 5) == 0)\ncontinue\nend\n'
	for f in kv_lookup kv_put kv_swap kv_hash; do
		for o in $(calls_to "$_b" $f kv_hash); do
			printf 'break *(%s+0x%s)\ncommands\nsilent\nprintf "W hc 0\\n"\ncontinue\nend\n' "$f" "$o"
		done
	done
	echo "run $ROUNDS >/dev/null"
	echo "quit"
}

# val FILE KIND / sumv: the tracer's count and sum of KIND
cnt() { awk -v k="$2" '$1 == "N" && $2 == k { print $3; f = 1 } END { if (!f) print 0 }' "$1"; }
sumv() { awk -v k="$2" '$1 == "S" && $2 == k { print $3; f = 1 } END { if (!f) print 0 }' "$1"; }
# gdb's
gcnt() { awk -v k="$2" '$1 == "W" && $2 == k { n++ } END { print n + 0 }' "$1"; }
gsum() { awk -v k="$2" '$1 == "W" && $2 == k { s += $3 } END { printf "%d\n", s }' "$1"; }
# the program's own field
own() { awk -v k="$2" '{ for (i = 1; i < NF; i++) if ($i == k) v = $(i + 1) } END { print v + 0 }' "$1"; }
# why_short SECS: for a run whose program did not print its record (a CI run once saw that, on
# the clang -O2 build only, and it never came back here): how long the run took (a hung program
# ends with timeout's SIGTERM, a dead one at once) and what the kernel logged about the program
# or uprobes meanwhile
why_short() {
	echo "after ${1}s; kernel: $(dmesg 2>/dev/null | grep -E 'kv-|uprobe|segfault|traps:' | tail -n 3 | tr '\n' '|')"
}

built=""
for cc in gcc clang; do
	if ! command -v $cc >/dev/null 2>&1; then
		skip "formula-user-$cc" "no $cc"
		continue
	fi
	for o in 0 2; do
		t=$cc-O$o
		B=$W/kv-$t
		if ! $cc -O$o -g -Wall -Wextra -Werror -o "$B" "$SRC" 2>"$W/$t.cc"; then
			notok "formula-user-$t-build" "$(head -c 300 "$W/$t.cc")"
			continue
		fi
		built=$B
		t0=$(date +%s)
		timeout 120 "$U" -L "$W/lib" -q -s "$W/kf.script" -c "$B $ROUNDS" >"$W/$t.out" 2>"$W/$t.err"
		rc=$?
		P=$W/$t.own
		grep '^lookups ' "$W/$t.out" >"$P"
		swaps=$(own "$P" swaps)
		if [ $rc -ne 0 ] || [ "$swaps" != $ROUNDS ]; then
			notok "formula-user-$t-run" "rc $rc: $(head -c 400 "$W/$t.err") $(why_short $(($(date +%s) - t0)))"
			continue
		fi
		# against the program's own record
		lookups=$(own "$P" lookups) lsum=$(own "$P" lookup_sum) cmps=$(own "$P" cmps)
		puts=$(own "$P" puts) psum=$(own "$P" put_sum) hash=$(own "$P" hash)
		got="$(cnt "$W/$t.out" lc) $(sumv "$W/$t.out" lc) $(cnt "$W/$t.out" sl) $(sumv "$W/$t.out" sl)"
		got="$got $(cnt "$W/$t.out" cmp) $(cnt "$W/$t.out" lr) $(sumv "$W/$t.out" lr)"
		got="$got $(cnt "$W/$t.out" lrt) $(sumv "$W/$t.out" lrt) $(cnt "$W/$t.out" put)"
		got="$got $(sumv "$W/$t.out" put) $(cnt "$W/$t.out" hc) $(cnt "$W/$t.out" alpha)"
		want="$((2 * swaps)) $((-3 * swaps)) $swaps $((-2 * swaps)) $cmps $lookups $lsum $lookups"
		# "alpha" is put once a round, and by kv_swap when it swaps alpha (as a in rounds
		# 0, 6, ..., as b in rounds 5, 11, ...)
		alpha=$(awk -v r=$ROUNDS 'BEGIN { n = r; for (i = 0; i < r; i++) { if (i % 6 == 0) n++; if ((i + 1) % 6 == 0) n++ } print n }')
		want="$want $lsum $puts $psum $hash $alpha"
		if [ "$got" = "$want" ]; then
			ok "formula-user-$t-own"
		else
			notok "formula-user-$t-own" "got [$got] want [$want] (lc lcsum sl slsum cmp lr lrsum lrt lrtsum put putsum hc alpha)"
		fi
		# against gdb at objdump's addresses
		gdb_sites "$B" >"$W/$t.gdb"
		timeout 300 gdb -q -batch -nx -x "$W/$t.gdb" "$B" >"$W/$t.gw" 2>&1
		gw=$W/$t.gw
		gwant="$(gcnt "$gw" lc) $(gsum "$gw" lc) $(gcnt "$gw" sl) $(gsum "$gw" sl) $(gcnt "$gw" cmp)"
		gwant="$gwant $(gcnt "$gw" lr) $(gsum "$gw" lr) $(gcnt "$gw" put) $(gsum "$gw" put) $(gcnt "$gw" hc)"
		gwant="$gwant $(gsum "$gw" alpha)"
		ggot="$(cnt "$W/$t.out" lc) $(sumv "$W/$t.out" lc) $(cnt "$W/$t.out" sl) $(sumv "$W/$t.out" sl)"
		ggot="$ggot $(cnt "$W/$t.out" cmp) $(cnt "$W/$t.out" lr) $(sumv "$W/$t.out" lr)"
		ggot="$ggot $(cnt "$W/$t.out" put) $(sumv "$W/$t.out" put) $(cnt "$W/$t.out" hc)"
		ggot="$ggot $(cnt "$W/$t.out" alpha)"
		offs_t=$(awk '$1 == "O" { print $2 }' "$W/$t.out" | sort | tr '\n' ' ')
		offs_g=$(awk '$1 == "W" && $2 == "off" { print $3 }' "$gw" | sort -u | tr '\n' ' ')
		if [ "$(gcnt "$gw" lc)" -gt 0 ] && [ "$ggot" = "$gwant" ] && [ "$offs_t" = "$offs_g" ]; then
			ok "formula-user-$t-gdb"
		else
			notok "formula-user-$t-gdb" "usdtrace [$ggot] offs [$offs_t], gdb [$gwant] offs [$offs_g]: $(grep -v '^W ' "$gw" | head -c 300)"
		fi
		# the sites -l -v lists for call-kv_hash in kv_lookup and for the strcmp calls
		timeout 60 "$U" -L "$W/lib" -l -v -n 'kf$target:::cmp' -c "$B 0" >"$W/$t.lv" 2>&1
		start=$(pid_fn_range "$B" kv_lookup)
		start=${start% *}
		sites=$(awk '/Probe Sites/ { s = 1; next } s && $1 ~ /^0x/ { print $1 }' "$W/$t.lv" |
			while read -r a; do printf '%x\n' $((a - 0x$start)); done | sort | tr '\n' ' ')
		want_sites=$(calls_to "$B" kv_lookup strcmp | sort | tr '\n' ' ')
		if [ -n "$want_sites" ] && [ "$sites" = "$want_sites" ] &&
		   grep -q 'args\[1\]: string' "$W/$t.lv"; then
			ok "formula-user-$t-sites"
		else
			notok "formula-user-$t-sites" "listed [$sites] objdump [$want_sites]: $(head -c 300 "$W/$t.lv")"
		fi
		# names: kf<pid>, the object, the calling function, hash-call; kv_lookup and kv_put
		names=$(awk '$1 == "P" { print $2, $3, $4, $5 }' "$W/$t.out" | sort | tr '\n' '|')
		if [ "$names" = "1 kv-$t kv_lookup hash-call|1 kv-$t kv_put hash-call|" ]; then
			ok "formula-user-$t-names"
		else
			notok "formula-user-$t-names" "[$names]"
		fi
	done
done

if [ -z "$built" ]; then
	exit 0
fi
B=$built

# -fno-plt: strcmp called through its GOT slot (call *slot(%rip)), whose GLOB_DAT relocation
# names it: every call counted, as the program counts them
if gcc -O2 -g -fno-plt -o "$W/kv-noplt" "$SRC" 2>"$W/noplt.cc" &&
   objdump -d "$W/kv-noplt" | grep -q 'call *\*0x[0-9a-f]*(%rip).*<strcmp@'; then
	timeout 120 "$U" -L "$W/lib" -q -n 'kf$target:::cmp { @ = count(); } END { printa("cmp %@d\n", @); }' \
		-c "$W/kv-noplt $ROUNDS" >"$W/noplt.out" 2>"$W/noplt.err"
	got=$(awk '$1 == "cmp" { print $2 }' "$W/noplt.out")
	if [ -n "$got" ] && [ "$got" = "$(own "$W/noplt.out" cmps)" ] && [ "$got" -gt 0 ]; then
		ok formula-user-got-slot
	else
		notok formula-user-got-slot "[$got]: $(head -c 300 "$W/noplt.out") $(head -c 300 "$W/noplt.err")"
	fi
else
	skip formula-user-got-slot "gcc -fno-plt made no call through a GOT slot"
fi

# -S: the formula probe's program is the pid probe's with the expressions in place
timeout 60 "$U" -L "$W/lib" -e -S -n 'kf$target:::put /args[1] > 3/ { @[args[0]] = sum(args[1]); }' \
	-c "$B 0" 2>"$W/f.s" >/dev/null
timeout 60 "$U" -e -S -n 'pid$target:a.out:kv_put:entry /(long)arg1 > 3/ {
	@[copyinstr((uintptr_t)arg0)] = sum((long)arg1); }' -c "$B 0" 2>"$W/p.s" >/dev/null
if [ "$(grep -c '^probe ' "$W/f.s")" -ge 1 ] && [ "$(grep -v '^probe ' "$W/f.s")" = "$(grep -v '^probe ' "$W/p.s")" ] &&
   [ "$(grep -vc '^probe ' "$W/f.s")" -gt 50 ]; then
	ok formula-user-same-program
else
	notok formula-user-same-program "$(diff "$W/f.s" "$W/p.s" | head -c 600)"
fi

# errors: the library file and line, and why
cat >"$W/lib/kb.d" <<'EOF'
provider kb {
	probe nofunc(int x) = pid$target:a.out:no_such_fn:entry(int x) : (x);
	probe nocall(int x) = pid$target:a.out:kv_lookup:call-memcpy(int x) : (x);
	probe nth(int x) = pid$target:a.out:kv_swap:call-kv_lookup-3(int x) : (x);
	probe badloc(int x) = pid$target:a.out:kv_lookup:sideways(int x) : (x);
	probe alt(int x) = pid$target:a.out:no_such_fn:entry(int x) : (x)
		else pid$target:a.out:kv_put:entry(uintptr_t k, int x) : (x);
	probe kfirst(int x) = rawtp:block::no_such_tp(int x) : (x)
		else pid$target:a.out:kv_put:entry(int x) : (x);
	probe ufirst(int x) = pid$target:a.out:no_such_fn:entry(int x) : (x)
		else rawtp:block::block_rq_issue(int x) : (x);
};
EOF
err_is() {
	timeout 60 "$U" -L "$W/lib" -n "kb:::$2 { exit(0); }" -c "$B 0" >/dev/null 2>"$W/e.$1"
	_rc=$?
	if [ $_rc -ne 0 ] && grep -qF "$3" "$W/e.$1"; then
		ok "formula-user-err-$1"
	else
		notok "formula-user-err-$1" "rc $_rc: $(head -c 400 "$W/e.$1")"
	fi
}
err_is nofunc nofunc "kb.d:2: formula probe kb:::nofunc: no alternative applies in process"
err_is nofunc-why nofunc "module a.out has no function no_such_fn"
err_is nocall nocall "kb.d:3: formula probe kb:::nocall: no alternative applies in process"
err_is nocall-why nocall "kv_lookup in kv-"
err_is nth nth "kv_swap in kv-"
err_is nth-why nth "has 2 calls to kv_lookup, no call number 3"
err_is badloc badloc "kb.d:5: formula probe kb:::badloc: pid\$target:a.out:kv_lookup:sideways: 'sideways' is no location"
err_is mixed-kernel-first kfirst "a user-space (pid) alternative in a kernel formula"
err_is mixed-user-first ufirst "kb.d:11: formula probe kb:::ufirst: rawtp:block::block_rq_issue is not a user-space description"
t0=$(date +%s)
timeout 60 "$U" -L "$W/lib" -q -n 'kb:::alt { @ = count(); } END { printa("n %@d\n", @); }' -c "$B 2" \
	>"$W/alt.out" 2>"$W/alt.err"
if [ "$(awk '$1 == "n" { print $2 }' "$W/alt.out")" = "$(own "$W/alt.out" puts)" ] &&
   [ "$(own "$W/alt.out" puts)" -gt 0 ]; then
	ok formula-user-alternative
else
	notok formula-user-alternative "$(head -c 300 "$W/alt.out") $(head -c 300 "$W/alt.err") $(why_short $(($(date +%s) - t0)))"
fi
timeout 60 "$U" -L "$W/lib" -n 'kb:::alt' >/dev/null 2>"$W/noproc.err"
if grep -q "kb.d:6: formula probe kb:::alt is in a process: name it" "$W/noproc.err"; then
	ok formula-user-err-no-process
else
	notok formula-user-err-no-process "$(head -c 300 "$W/noproc.err")"
fi

# examples/vl: the provider defined over the toy vlserver, its script's output as README shows
if gcc -std=gnu11 -O2 -g -o "$W/vlserver" "$TOP/examples/svl/vlserver.c" 2>"$W/vl.cc"; then
	timeout 120 "$U" -L "$TOP/examples/vl/lib" -s "$TOP/examples/vl/vl_lookups.d" -c "$W/vlserver" \
		<"$TOP/examples/svl/requests" >"$W/vl.out" 2>"$W/vl.err"
	rc=$?
	want="root.cell        matched after 2 comparisons
user.alice       matched after 3 comparisons
no.such.volume   not found (4 comparisons)
lookup-done  not found  1
lookup-done  found      2
byid 536870912: 1
byid 536870918: 1
byid 536870921: 1"
	got=$(grep -E '^(root\.cell|user\.alice|no\.such\.volume|lookup-done|byid) ' "$W/vl.out")
	replies=$(grep -cE '^vl[0-9]+ SVL_GetEntryByName reply (0: 2|363524: 1)$' "$W/vl.out")
	if [ $rc -eq 0 ] && [ "$got" = "$want" ] && [ "$replies" = 2 ] &&
	   [ "$(grep -c '^served ' "$W/vl.out")" = 6 ]; then
		ok formula-user-example-vl
	else
		notok formula-user-example-vl "rc $rc: [$(tr '\n' '|' <"$W/vl.out" | head -c 500)] $(head -c 300 "$W/vl.err")"
	fi
else
	notok formula-user-example-vl-build "$(head -c 300 "$W/vl.cc")"
fi
