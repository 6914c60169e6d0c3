#!/bin/sh
# tier: full
# pid_desc.sh — pid probe descriptions: instruction offsets, name globs, listing, errors, on
# tests/progs/pid/pidfn.c (gcc -O0 PIE and clang -O2 -no-pie, both -g), against objdump, nm
# and readelf:
#   * pid$target::fn:0 fires as entry does, at the function's first byte; an offset objdump
#     decodes an instruction at (the last one before the first branch, so it runs once per
#     call) fires as often, with uregs[R_PC] at fn+offset;
#   * an offset inside an instruction, at the function's end, or far past it: an error naming
#     the offset, exit 1, the -c child not left behind;
#   * an empty name and the glob "*" match entry, return and one probe per instruction: the
#     "matched N probes" notice says objdump's instruction count + 2; entry, return and
#     offset 0 fire;
#   * -l lists them in dtrace's format with exactly objdump's offsets; -l of
#     pid$target:libc.so.6:mall*: lists every function of libc's .dynsym named mall*, malloc
#     with its instruction count + 2 probes; -l -v shows argument types from DWARF;
#   * errors: a description matching nothing (dtrace's message, exit 1), the same with -Z
#     (runs, the program unharmed), a pid that does not exist.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
. "$TOP/tests/sh/pid.inc"
U=$USDTRACE
if ! sdt_is_root; then
	skip pid_desc "needs root"
	exit 0
fi
SRC=$TOP/tests/progs/pid/pidfn.c
LIBC=/lib/x86_64-linux-gnu/libc.so.6
ROUNDS=3
w=$W

builds=
if sdt_build "$W/pd_gcc" gcc c -O0 pie "$SRC"; then builds="$builds pd_gcc"; else notok pid-desc-build-gcc "$(head -c 300 "$W/pd_gcc.err")"; fi
if command -v clang >/dev/null 2>&1; then
	if sdt_build "$W/pd_clang" clang c -O2 nopie "$SRC"; then builds="$builds pd_clang"; else notok pid-desc-build-clang "$(head -c 300 "$W/pd_clang.err")"; fi
fi

# first_block BIN FN: "OFFSET LENGTH" of each instruction before FN's first jump, call or ret
first_block() {
	_r=$(pid_fn_range "$1" "$2")
	objdump -d --no-show-raw-insn --start-address=0x${_r% *} --stop-address=$((0x${_r% *} + 0x${_r#* })) "$1" |
		awk '/^ *[0-9a-f]+:\t/ { split($0, f, "\t"); print f[2] }' |
		paste -d' ' - /dev/null | awk '{ print $1 }' >"$W/fb.mn"
	pid_insn_lens "$1" "$2" | paste -d' ' - "$W/fb.mn" |
		awk '$3 ~ /^(j|call|ret|bnd|notrack)/ { exit } { print $1, $2 }'
}

# bad_offset NAME BIN OFFSET: the description is refused: exit 1, a message about the offset
bad_offset() {
	timeout 30 "$U" -n "pid\$target:a.out:pf_args10:$3 { }" -c "$2 1" >"$W/bad.out" 2>"$W/bad.err"
	_rc=$?
	if [ $_rc -eq 1 ] && grep -qi 'offset' "$W/bad.err" && grep -qiE "(:|0x| )$3([^0-9a-f]|\$)" "$W/bad.err" &&
		! pgrep -f "^$2 1\$" >/dev/null; then
		ok "$1"
	else
		notok "$1" "exit $_rc (want 1), stderr [$(head -c 300 "$W/bad.err")] should name offset $3$(pgrep -f "^$2 1\$" >/dev/null && echo '; the child is left behind')"
		pkill -9 -f "^$2 1\$" 2>/dev/null
	fi
}

for b in $builds; do
	bin=$W/$b
	range=$(pid_fn_range "$bin" pf_args10)
	size=${range#* }
	size=$(printf '%x' $((0x$size)))
	pid_insn_lens "$bin" pf_args10 >"$W/$b.lens"
	first_block "$bin" pf_args10 >"$W/$b.block"
	off=$(awk '$1 != "0" { o = $1 } END { print o }' "$W/$b.block")
	if [ -z "$off" ]; then
		notok "pid-offset-fires-$b" "no instruction after the first in pf_args10's first block: $(tr '\n' ' ' <"$W/$b.lens")"
		continue
	fi

	# --- offset 0 and a real instruction offset fire as entry does ---
	cat >"$W/off.d" <<EOF2
pid\$target:a.out:pf_args10:entry { @e = count(); }
pid\$target:a.out:pf_args10:0 { @z = count(); printf("=z %A\n", uregs[R_PC]); }
pid\$target:a.out:pf_args10:$off { @o = count(); printf("=o %A\n", uregs[R_PC]); }
END { printa("e %@d\n", @e); printa("z %@d\n", @z); printa("o %@d\n", @o); }
EOF2
	timeout 60 "$U" -q -o "$W/$b.off" -s "$W/off.d" -c "$bin $ROUNDS" >"$W/$b.prog" 2>"$W/$b.offerr"
	rc=$?
	want=$(printf 'e %s\nz %s\no %s' $ROUNDS $ROUNDS $ROUNDS)
	if [ $rc -eq 0 ] && [ "$(grep '^[ezo] ' "$W/$b.off")" = "$want" ]; then
		ok "pid-offset-counts-$b"
	else
		notok "pid-offset-counts-$b" "rc $rc [$(grep '^[ezo] ' "$W/$b.off" | tr '\n' ' ')] want [$want] $(head -c 200 "$W/$b.offerr")"
	fi
	if [ "$(grep '^=z' "$W/$b.off" | sort -u)" = "=z $b\`pf_args10" ] &&
		[ "$(grep '^=o' "$W/$b.off" | sort -u)" = "=o $b\`pf_args10+0x$off" ]; then
		ok "pid-offset-pc-$b"
	else
		notok "pid-offset-pc-$b" "[$(grep '^=[zo]' "$W/$b.off" | sort -u | tr '\n' ' ')] want $b\`pf_args10 and +0x$off"
	fi

	# --- offsets that are no instruction's ---
	inside=$(awk '$2 >= 2 { print $1; exit }' "$W/$b.lens")
	inside=$(printf '%x' $((0x$inside + 1)))
	bad_offset "pid-offset-inside-insn-$b" "$bin" "$inside"
	bad_offset "pid-offset-at-end-$b" "$bin" "$size"
	bad_offset "pid-offset-far-$b" "$bin" 100000

	# --- an empty name and "*": entry, return and every instruction ---
	ninsn=$(pid_insns "$bin" pf_leaf | wc -l)
	for nm_ in '' '*'; do
		label=empty
		[ "$nm_" = '*' ] && label=glob
		rm -f "$W/$b.all" # -o appends, as dtrace's does
		timeout 60 "$U" -o "$W/$b.all" -n "pid\$target:a.out:pf_leaf:$nm_ { @[probename] = count(); }" \
			-c "$bin $ROUNDS" >/dev/null 2>"$W/$b.allerr"
		rc=$?
		n=$(pid_matched "$W/$b.allerr")
		fired=$(awk '$1 == "entry" || $1 == "return" || $1 == "0" { print $1, $2 }' "$W/$b.all" | sort | tr '\n' ' ')
		if [ $rc -eq 0 ] && [ "$n" = $((ninsn + 2)) ] &&
			[ "$fired" = "0 $ROUNDS entry $ROUNDS return $ROUNDS " ]; then
			ok "pid-name-$label-$b"
		else
			notok "pid-name-$label-$b" "rc $rc: matched $n probes, objdump has $ninsn instructions (+2); fired [$fired] $(head -c 200 "$W/$b.allerr")"
		fi
	done

	# --- -l: dtrace's columns, objdump's offsets ---
	timeout 30 "$U" -l -n 'pid$target:a.out:pf_leaf:' -c "$bin 1" >"$W/$b.l" 2>"$W/$b.lerr"
	rc=$?
	{ echo entry; echo return; pid_insns "$bin" pf_leaf; } | sort >"$W/$b.lwant"
	sed 1d "$W/$b.l" | awk '{ print $5 }' | sort >"$W/$b.lgot"
	bad=$(sed 1d "$W/$b.l" | awk -v m="$b" '{
		line = sprintf("%5d %10s %17s %33s %s", $1, $2, $3, $4, $5)
		if (NF != 5 || line != $0 || $2 !~ /^pid[0-9]+$/ || $3 != m || $4 != "pf_leaf") print }' | head -n 2)
	if [ $rc -eq 0 ] && [ "$(head -1 "$W/$b.l")" = "   ID   PROVIDER            MODULE                          FUNCTION NAME" ] &&
		[ -z "$bad" ] && cmp -s "$W/$b.lwant" "$W/$b.lgot"; then
		ok "pid-list-offsets-$b"
	else
		notok "pid-list-offsets-$b" "rc $rc; bad rows [$bad]; names $(diff "$W/$b.lwant" "$W/$b.lgot" | grep '^[<>]' | head -n 4 | tr '\n' ' ') $(head -c 200 "$W/$b.lerr")"
	fi

	# --- -l -v: argument types from DWARF ---
	timeout 30 "$U" -l -v -n 'pid$target:a.out:pf_struct:entry' -n 'pid$target:a.out:pf_args10:entry' \
		-c "$bin 1" >"$W/$b.lv" 2>"$W/$b.lverr"
	rc=$?
	# the "args[N]: TYPE" lines of each probe's Argument Types block, as "FUNC N TYPE"
	awk '/^ *[0-9]+ +pid[0-9]+ / { fn = $4; next }
		/^\tArgument Types/ { in_t = 1; next }
		/^\t[A-Z]/ || /^$/ { in_t = 0 }
		in_t && /^\t\targs\[[0-9]+\]: / { t = $0; sub(/^\t\targs\[/, "", t); n = t; sub(/\].*/, "", n); sub(/^[0-9]+\]: /, "", t); print fn, n, t }' \
		"$W/$b.lv" >"$W/$b.types"
	s_ok=$(awk '$1 == "pf_struct" && $2 == 0' "$W/$b.types" | grep -cE '^pf_struct 0 (const )?struct pf_point \*$')
	a_ok=$(awk '$1 == "pf_args10"' "$W/$b.types" | grep -cE '^pf_args10 [0-9] long( int)?$')
	if [ $rc -eq 0 ] && [ "$s_ok" = 1 ] && [ "$a_ok" = 10 ] && [ "$(awk '$1 == "pf_args10"' "$W/$b.types" | wc -l)" = 10 ]; then
		ok "pid-list-verbose-types-$b"
	else
		notok "pid-list-verbose-types-$b" "rc $rc: [$(tr '\n' '|' <"$W/$b.types")] $(head -c 200 "$W/$b.lverr")"
	fi
done

# --- -l of a library's functions: every mall* function of libc's .dynsym, dtrace's format ---
bin=$W/pd_gcc
if [ -x "$bin" ]; then
	timeout 30 "$U" -l -n 'pid$target:libc.so.6:mall*:' -c "$bin 1" >"$W/libc.l" 2>"$W/libc.lerr"
	rc=$?
	readelf --dyn-syms -W "$LIBC" | awk '$4 == "FUNC" && $7 != "UND" { n = $8; sub(/@.*/, "", n); if (n ~ /^mall/) print n }' |
		sort -u >"$W/libc.fwant"
	sed 1d "$W/libc.l" | awk '{ print $4 }' | sort -u >"$W/libc.fgot"
	bad=$(sed 1d "$W/libc.l" | awk '{
		line = sprintf("%5d %10s %17s %33s %s", $1, $2, $3, $4, $5)
		if (NF != 5 || line != $0 || $2 !~ /^pid[0-9]+$/ || $3 != "libc.so.6") print }' | head -n 2)
	npid=$(sed 1d "$W/libc.l" | awk '{ print $2 }' | sort -u | wc -l)
	nmalloc=$(awk '$4 == "malloc"' "$W/libc.l" | wc -l)
	# every instruction objdump decodes, but those the kernel puts no uprobe on (a lock or
	# es/cs/ss/ds segment prefix: usdtrace leaves them out, with a warning naming one)
	set -- $(pid_fn_range "$LIBC" malloc)
	refused=$(objdump -d --start-address=0x$1 --stop-address=$((0x$1 + 0x$2)) "$LIBC" |
		grep -cE '^ *[0-9a-f]+:	[0-9a-f ]+	(lock|notrack|ds|cs|ss|es) ')
	# and the 5-byte nops inside it (loop padding) that do not cross a page: the kernel would
	# make a call of them, over the red zone (docs/sdt-sites.md), so they are left out too
	nop5=$(objdump -d --start-address=0x$1 --stop-address=$((0x$1 + 0x$2)) "$LIBC" |
		awk -F'\t' '/^ *[0-9a-f]+:\t/ {
			a = $1; sub(/^ */, "", a); sub(/:$/, "", a)
			if (split($2, b, " ") == 5 && $3 ~ /^nop/) print a }' |
		while read -r a; do
			[ $((0x$a)) -ne $((0x$1)) ] && [ $((0x$a % 4096)) -le 4091 ] && echo "$a"
		done | wc -l)
	wmalloc=$(($(pid_insns "$LIBC" malloc | wc -l) + 2 - refused - nop5))
	if [ "$refused" -gt 0 ] && [ "$nop5" -eq 0 ] && ! grep -q 'left out: the kernel does not put uprobes' "$W/libc.lerr"; then
		wmalloc="a warning for the $refused refused instructions"
	fi
	if [ "$nop5" -gt 0 ] && ! grep -q 'over the red zone' "$W/libc.lerr"; then
		wmalloc="a warning for the $nop5 5-byte nops"
	fi
	ents=$(awk '$5 == "entry" { print $4 }' "$W/libc.l" | sort | uniq -d)
	if [ $rc -eq 0 ] && [ -z "$bad" ] && [ "$npid" = 1 ] && cmp -s "$W/libc.fwant" "$W/libc.fgot" &&
		[ "$nmalloc" = "$wmalloc" ] && [ -z "$ents" ] &&
		[ "$(awk '$5 == "entry"' "$W/libc.l" | wc -l)" = "$(wc -l <"$W/libc.fwant")" ]; then
		ok pid-list-libc-malloc
	else
		notok pid-list-libc-malloc "rc $rc; bad rows [$bad]; $npid providers; functions [$(tr '\n' ' ' <"$W/libc.fgot")] want [$(tr '\n' ' ' <"$W/libc.fwant")]; malloc $nmalloc probes want $wmalloc; $(head -c 200 "$W/libc.lerr")"
	fi

	# --- errors ---
	# a module named exactly without the function named exactly: dtrace's D_PROC_FUNC (its
	# own test err.D_PROC_FUNC.badfunc.d), an error that -Z does not turn into "matched 0"
	timeout 30 "$U" -n 'pid$target:a.out:pf_nosuch:entry { }' -c "$bin 1" >"$W/nm.out" 2>"$W/nm.err"
	rc=$?
	want="usdtrace: invalid probe specifier pid\$target:a.out:pf_nosuch:entry { }: failed to lookup 'pf_nosuch' in module 'a.out'"
	if [ $rc -eq 1 ] && [ "$(cat "$W/nm.err")" = "$want" ] && [ ! -s "$W/nm.out" ] &&
		! pgrep -f "^$bin 1\$" >/dev/null; then
		ok pid-no-match
	else
		notok pid-no-match "rc $rc [$(cat "$W/nm.out" "$W/nm.err" | head -c 300)] want [$want]"
	fi
	timeout 30 "$U" -Z -q -n 'pid$target:a.out:pf_nosuch:entry { n++; } END { printf("n=%d\n", n); }' \
		-c "$bin 1" >"$W/z.out" 2>"$W/z.err"
	rc=$?
	if [ $rc -eq 1 ] && grep -q "failed to lookup 'pf_nosuch' in module 'a.out'" "$W/z.err" &&
		! grep -q '^n=' "$W/z.out"; then
		ok pid-no-match-Z
	else
		notok pid-no-match-Z "rc $rc [$(cat "$W/z.out" "$W/z.err" | head -c 300)]"
	fi
	# a module the process does not have: the description matches nothing; -Z allows it
	timeout 30 "$U" -n 'pid$target:libnosuch.so::entry { }' -c "$bin 1" >"$W/nl.out" 2>"$W/nl.err"
	rc=$?
	if [ $rc -eq 1 ] && grep -q 'probe description pid[0-9]*:libnosuch.so::entry does not match any probes' "$W/nl.err"; then
		ok pid-no-module
	else
		notok pid-no-module "rc $rc [$(cat "$W/nl.out" "$W/nl.err" | head -c 300)]"
	fi
	timeout 30 "$U" -Z -q -n 'pid$target:libnosuch.so::entry { n++; } END { printf("n=%d\n", n); }' \
		-c "$bin 1" >"$W/zl.out" 2>"$W/zl.err"
	rc=$?
	if [ $rc -eq 0 ] && grep -q '^n=0$' "$W/zl.out"; then
		ok pid-no-module-Z
	else
		notok pid-no-module-Z "rc $rc [$(cat "$W/zl.out" "$W/zl.err" | head -c 300)]"
	fi
fi
expect_fail pid-dead-pid "usdtrace: No such process" \
	"$U" -n 'pid$target:a.out:pf_leaf:entry { }' -p 999999999
timeout 30 "$U" -n 'pid999999999::pf_leaf:entry { }' >"$W/dp.out" 2>"$W/dp.err"
rc=$?
if [ $rc -eq 1 ] && grep -q 999999999 "$W/dp.err"; then
	ok pid-dead-pid-description
else
	notok pid-dead-pid-description "rc $rc [$(head -c 300 "$W/dp.err")]"
fi
# a description naming the tracer itself ($pid): its probes would fire on its own output
# without end; dtrace refuses to grab itself too (D_PROC_DYN)
timeout 30 "$U" -n 'pid$pid::malloc:entry { }' -n 'BEGIN { exit(0); }' >"$W/self.out" 2>"$W/self.err"
rc=$?
if [ $rc -eq 1 ] && grep -q "failed to compile\|invalid probe specifier" "$W/self.err" &&
	grep -q "process [0-9]* is usdtrace itself" "$W/self.err"; then
	ok pid-self-grab
else
	notok pid-self-grab "rc $rc [$(head -c 300 "$W/self.err")]"
fi
