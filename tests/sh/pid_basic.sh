#!/bin/sh
# tier: full
# pid_basic.sh — the pid provider on functions with known arguments and return values
# (tests/progs/pid/pidfn.c), built with gcc and clang, -O0 and -O2, PIE and -no-pie, and once
# stripped (its functions then come from .dynsym: built with -rdynamic). Each build runs once
# under usdtrace -c with one D script that prints, from pid probes, the same transcript the
# program prints of itself; bpftrace 0.17 counts the same functions with uprobe:/uretprobe:
# on the same runs. Checked per build:
#   * the transcript: pid$target::main:entry fires (-c holds the child before main); arg0..arg9
#     at entry (rdi rsi rdx rcx r8 r9, then the stack; negative and 64-bit values); arg1 at
#     return (long sums, a negative int through (int)arg1, each level of a recursion); copyinstr
#     of a string argument (the empty string too); args[0]->member typed from DWARF (-g
#     builds), or through a struct the script declares (the stripped build); getpid()'s return
#     in libc.so.6 equal to the pid the program prints;
#   * entry and return counts: the program's, usdtrace's and bpftrace's, equal;
#   * probeprov "pid<PID>", probemod (the executable's basename), probefunc, probename;
#   * uregs[R_RSP] % 16 == 8 at entry (the SysV ABI), uregs[R_PC] symbolizes as the function;
#   * arg0 at return is the offset of a ret instruction of the function (objdump);
#   * ustack() at an entry probe names the function, then its caller, then main (builds with
#     frame pointers: -O0, and -O2 -fno-omit-frame-pointer).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
. "$TOP/tests/sh/pid.inc"
U=$USDTRACE
if ! sdt_is_root; then
	skip pid_basic "needs root"
	exit 0
fi
SRC=$TOP/tests/progs/pid/pidfn.c
ROUNDS=4

# --- the builds ---
builds=
for cc in gcc clang; do
	command -v $cc >/dev/null 2>&1 || { skip "pid-build-$cc" "$cc not installed"; continue; }
	for opt in O0 O2; do
		for link in pie nopie; do
			b=pidfn_${cc}_${opt}_$link
			if sdt_build "$W/$b" $cc c -$opt $link "$SRC"; then
				builds="$builds $b"
			else
				notok "pid-build-$b" "$(head -c 300 "$W/$b.err")"
			fi
		done
	done
done
st=pidfn_stripped
if gcc -std=gnu11 -O2 -rdynamic -o "$W/$st" "$SRC" 2>"$W/$st.err" && strip --strip-all "$W/$st" &&
	! readelf -S "$W/$st" | grep -q '\.symtab' &&
	readelf --dyn-syms -W "$W/$st" | grep -q ' FUNC .* pf_args10$'; then
	builds="$builds $st"
else
	notok pid-build-stripped "no stripped build with pf_args10 in .dynsym: $(head -c 300 "$W/$st.err")"
fi
fpbuild=pidfn_gcc_O2_fp
if sdt_build "$W/$fpbuild" gcc c -O2 pie "$SRC" -- -fno-omit-frame-pointer; then
	:
else
	notok "pid-build-$fpbuild" "$(head -c 300 "$W/$fpbuild.err")"
	fpbuild=
fi

# --- bpftrace: every build's functions, counted by probe (entry and return), and getpid by pid ---
if command -v bpftrace >/dev/null 2>&1; then
	bt_prog='BEGIN { printf("ready\n"); }'
	for b in $builds; do
		for f in main pf_args10 pf_neg pf_fact pf_string pf_struct pf_leaf; do
			bt_prog="$bt_prog uprobe:$W/$b:$f { @e[\"$b $f\"] = count(); } uretprobe:$W/$b:$f { @r[\"$b $f\"] = count(); }"
		done
	done
	bt_prog="$bt_prog uprobe:/lib/x86_64-linux-gnu/libc.so.6:getpid /comm == \"pidfn_stripped\" || strncmp(comm, \"pidfn_\", 6) == 0/ { @g[pid] = count(); }"
	if pid_bt_start basic "$bt_prog"; then
		have_bt=1
	else
		have_bt=0
		notok pid-bpftrace-witness "bpftrace never became ready: $(head -c 300 "$W/basic.bterr")"
	fi
else
	have_bt=0
	skip pid-bpftrace-witness "bpftrace not installed"
fi

# --- the D script: one clause per transcript line; tracer-only lines start with "=" ---
cat >"$W/common.d" <<'EOF2'
pid$target:a.out:main:entry { printf("main\n"); }
pid$target:a.out:pf_args10:entry
{
	printf("args10 %d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6,
	    arg7, arg8, arg9);
}
pid$target:a.out:pf_args10:return { printf("args10 -> %d\n", arg1); }
pid$target:a.out:pf_neg:return { printf("neg -> %d\n", (int)arg1); }
pid$target:a.out:pf_fact:entry { printf("fact %d\n", arg0); }
pid$target:a.out:pf_fact:return { printf("fact -> %d\n", arg1); }
pid$target:a.out:pf_string:entry { printf("string %s\n", copyinstr(arg0)); }
pid$target:a.out:pf_string:return { printf("string -> %d\n", arg1); }
pid$target:a.out:pf_struct:return { printf("struct -> %d\n", arg1); }
pid$target:a.out:pf_leaf:entry { printf("leaf %d\n", arg0); }
pid$target:libc.so.6:getpid:return { printf("getpid -> %d\n", arg1); }
pid$target:a.out:pf_string:entry, pid$target:a.out:pf_string:return
{
	printf("=names %s %s %s %s\n", probeprov, probemod, probefunc, probename);
}
pid$target:a.out:pf_leaf:entry { printf("=regs %d %A\n", uregs[R_RSP] % 16, uregs[R_PC]); }
pid$target:a.out:pf_leaf:return { printf("=retoff %x\n", arg0); }
EOF2
# DWARF types (-g builds) ...
cat >"$W/dwarf.d" <<'EOF2'
pid$target:a.out:pf_struct:entry
{
	printf("struct %d %d %d %s\n", args[0]->x, args[0]->y, args[0]->tag,
	    copyinstr((uintptr_t)args[0]->label));
}
EOF2
# ... or the script's own declaration (the stripped build has no DWARF)
cat >"$W/nodwarf.d" <<'EOF2'
struct pf_point { int x; int y; long tag; char *label; };
pid$target:a.out:pf_struct:entry
{
	this->p = (struct pf_point *)arg0;
	printf("struct %d %d %d %s\n", this->p->x, this->p->y, this->p->tag,
	    copyinstr((uintptr_t)this->p->label));
}
EOF2

for b in $builds; do
	bin=$W/$b
	types=dwarf
	[ $b = $st ] && types=nodwarf
	timeout 60 "$U" -q -o "$W/$b.tr" -s "$W/common.d" -s "$W/$types.d" -c "$bin $ROUNDS" \
		>"$W/$b.prog" 2>"$W/$b.err"
	rc=$?
	sed -e '/^$/d' -e '/^=/d' "$W/$b.tr" >"$W/$b.transcript" 2>/dev/null
	pid=$(sed -n 's/^getpid -> //p' "$W/$b.prog" | head -1)
	if [ $rc -ne 0 ] || [ ! -s "$W/$b.prog" ]; then
		notok "pid-transcript-$b" "exit $rc: $(head -c 300 "$W/$b.err")"
		continue
	fi
	if cmp -s "$W/$b.prog" "$W/$b.transcript"; then
		ok "pid-transcript-$b"
	else
		notok "pid-transcript-$b" "$(diff "$W/$b.prog" "$W/$b.transcript" | head -n 6 | tr '\n' ' ') $(head -c 200 "$W/$b.err")"
	fi

	# probe names: provider pid<PID>, module the executable's basename
	want=$(printf '=names pid%s %s pf_string entry\n=names pid%s %s pf_string return' "$pid" "$b" "$pid" "$b")
	if [ "$(grep '^=names' "$W/$b.tr" | sort -u)" = "$want" ] &&
		[ "$(grep -c '^=names' "$W/$b.tr")" = $((2 * ROUNDS)) ]; then
		ok "pid-probe-names-$b"
	else
		notok "pid-probe-names-$b" "[$(grep '^=names' "$W/$b.tr" | sort | uniq -c | tr '\n' ' ')] want [$want]"
	fi

	# registers at entry: the stack pointer is 8 past a 16-byte boundary (the call pushed the
	# return address), the pc is the function's first byte
	if [ "$(grep '^=regs' "$W/$b.tr" | sort -u)" = "=regs 8 $b\`pf_leaf" ] &&
		[ "$(grep -c '^=regs' "$W/$b.tr")" = $ROUNDS ]; then
		ok "pid-uregs-$b"
	else
		notok "pid-uregs-$b" "[$(grep '^=regs' "$W/$b.tr" | sort | uniq -c | tr '\n' ' ')] want [=regs 8 $b\`pf_leaf]"
	fi

	# arg0 at return: the offset of one of the function's ret instructions (not for the
	# stripped build: nm has no symbols to find the function's bytes by)
	[ $b = $st ] && continue
	s=$(pid_fn_range "$bin" pf_leaf)
	rets=$(pid_insn_lens "$bin" pf_leaf | while read -r o l; do
		objdump -d --start-address=$((0x${s% *} + 0x$o)) --stop-address=$((0x${s% *} + 0x$o + l)) "$bin" |
			grep -q '	ret' && echo "$o"
	done | tr '\n' ' ')
	got=$(sed -n 's/^=retoff //p' "$W/$b.tr" | sort -u)
	n=$(grep -c '^=retoff' "$W/$b.tr")
	case " $rets" in
	*" $got "*) inret=1 ;;
	*) inret=0 ;;
	esac
	if [ -n "$got" ] && [ $inret = 1 ] && [ "$n" = $ROUNDS ]; then
		ok "pid-return-offset-$b"
	else
		notok "pid-return-offset-$b" "arg0 [$(grep '^=retoff' "$W/$b.tr" | tr '\n' ' ')] want $ROUNDS times one of pf_leaf's ret offsets [$rets]"
	fi
done

# --- counts: the program's (its transcript), usdtrace's, bpftrace's ---
if [ $have_bt = 1 ]; then
	pid_bt_stop
	for b in $builds; do
		[ -s "$W/$b.prog" ] || continue
		why=
		for f in main pf_args10 pf_neg pf_fact pf_string pf_struct pf_leaf; do
			case $f in
			main) e='^main$' r= ;;
			pf_args10) e='^args10 -*[0-9]' r='^args10 -> ' ;;
			pf_neg) e= r='^neg -> ' ;;
			pf_fact) e='^fact -*[0-9]' r='^fact -> ' ;;
			pf_string) e='^string [^-]\|^string $\|^string -[^>]' r='^string -> ' ;;
			pf_struct) e='^struct -*[0-9]' r='^struct -> ' ;;
			pf_leaf) e='^leaf ' r= ;;
			esac
			be=$(pid_bt_val basic "@e[$b $f]") br=$(pid_bt_val basic "@r[$b $f]")
			if [ -n "$e" ]; then
				pe=$(grep -c "$e" "$W/$b.prog") te=$(grep -c "$e" "$W/$b.transcript")
				[ "$pe" = "$te" ] && [ "$pe" = "$be" ] || why="$why $f entry: program $pe usdtrace $te bpftrace $be;"
			fi
			if [ -n "$r" ]; then
				pr=$(grep -c "$r" "$W/$b.prog") tr_=$(grep -c "$r" "$W/$b.transcript")
				[ "$pr" = "$tr_" ] && [ "$pr" = "$br" ] || why="$why $f return: program $pr usdtrace $tr_ bpftrace $br;"
			fi
		done
		pid=$(sed -n 's/^getpid -> //p' "$W/$b.prog" | head -1)
		bg=$(pid_bt_val basic "@g[$pid]") tg=$(grep -c '^getpid -> ' "$W/$b.transcript")
		[ "$bg" = "$tg" ] || why="$why getpid: usdtrace $tg bpftrace $bg;"
		if [ -z "$why" ]; then
			ok "pid-counts-bpftrace-$b"
		else
			notok "pid-counts-bpftrace-$b" "$why"
		fi
	done
fi

# --- ustack() at an entry probe: the function, its caller (read from the return address the
# call pushed: at the first instruction the frame pointer is still the caller's), main ---
for b in pidfn_gcc_O0_pie pidfn_clang_O0_nopie $fpbuild; do
	bin=$W/$b
	[ -x "$bin" ] || continue
	timeout 60 "$U" -q -n 'pid$target:a.out:pf_leaf:entry { ustack(3); }' -c "$bin 1" \
		>"$W/$b.st" 2>"$W/$b.sterr"
	rc=$?
	grep '^              ' "$W/$b.st" | sed 's/^ *//' >"$W/$b.frames"
	why=
	[ "$(sed -n 1p "$W/$b.frames")" = "$b\`pf_leaf" ] || why="frame 1 is not $b\`pf_leaf;"
	for k in 2:pf_caller 3:main; do
		fr=$(sed -n "${k%%:*}p" "$W/$b.frames") fn=${k#*:}
		r=$(pid_fn_range "$bin" "$fn")
		case $fr in
		"$b\`$fn+0x"*)
			off=${fr#*+0x}
			[ $((0x$off)) -gt 0 ] && [ $((0x$off)) -lt $((0x${r#* })) ] ||
				why="$why frame ${k%%:*} offset 0x$off outside $fn (size 0x${r#* });" ;;
		*) why="$why frame ${k%%:*} [$fr] is not in $fn;" ;;
		esac
	done
	if [ $rc -eq 0 ] && [ -z "$why" ]; then
		ok "pid-ustack-caller-$b"
	else
		notok "pid-ustack-caller-$b" "rc $rc $why [$(tr '\n' '|' <"$W/$b.st")] $(head -c 200 "$W/$b.sterr")"
	fi
done
