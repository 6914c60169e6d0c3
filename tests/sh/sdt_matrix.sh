# sdt_matrix.sh — builds tests/progs/sdt/types.c with {gcc, clang} x {C, C++} x {-O0, -O2} x
# {PIE, non-PIE} and checks each binary with independent readers:
#   readelf   the notes: every probe once, sizes/signs/float flags per type, semaphores
#   bpftrace  lists the probes, and reads arg0..arg5 (all bpftrace 0.17 offers) of the integer,
#             pointer and string probes, compared with what the program printed
#   gdb       lists the probes, and reads all 12 arguments of the 12-argument probes, the TLS
#             argument and the float arguments (through sdt_float_witness: gdb 13 and bpftrace
#             0.17 do not know the 'f' suffix)
#   objdump   every site is a 1-byte nop followed by the 10-byte nop
. "$TOP/tests/sh/lib.sh"
sdt_workdir
SRC=$TOP/tests/progs/sdt/types.c

# probe name -> expected size/sign kinds of its arguments
expect_kinds() {
	case $1 in
	signed) echo "-1 -2 -4 -8 -1 -8" ;;
	unsigned) echo "1 2 4 8 1 8" ;;
	consts) echo "-1 1 2 4 -4 8" ;;
	ptrs) echo "8 8 8 4 -4 -8" ;;
	global) echo "-8 -2" ;;
	tls) echo "-4" ;;
	floats) echo "4f 8f 8f 8f" ;;
	n0 | v0) echo "" ;;
	n[0-9]*) k=${1#n}; s=; i=0
		while [ $i -lt "$k" ]; do s="$s -4"; i=$((i + 1)); done; echo "${s# }" ;;
	v12) echo "-1 1 -2 2 -4 4 -8 8 -1 1 -8 8" ;;
	esac
}
PROBES="signed unsigned consts ptrs global tls floats n0 n1 n2 n3 n4 n5 n6 n7 n8 n9 n10 n11 n12 v0 v12"

check_readelf() { # cfg bin
	cfg=$1 bin=$2
	notes=$W/notes
	sdt_notes "$bin" >"$notes"
	for p in $PROBES; do
		c=$(awk -v p="$p" '$1 == "sdt" && $2 == p' "$notes" | wc -l)
		[ "$c" -eq 1 ] || { notok "readelf $cfg" "probe $p has $c notes, expected 1"; return; }
		line=$(awk -v p="$p" '$1 == "sdt" && $2 == p' "$notes")
		# shellcheck disable=SC2086
		set -- $line
		sem=$5; shift 5
		got=$(sdt_kinds "$@")
		want=$(expect_kinds "$p")
		[ "$got" = "$want" ] || { notok "readelf $cfg" "$p args '$*' are '$got', expected '$want'"; return; }
		case $sem in *[1-9a-f]*) notok "readelf $cfg" "$p has semaphore $sem, expected 0"; return ;; esac
	done
	sems=$(awk '$2 == "sem"' "$notes")
	[ "$(echo "$sems" | wc -l)" -eq 2 ] || { notok "readelf $cfg" "expected 2 sem sites"; return; }
	if echo "$sems" | awk '$5 !~ /[1-9a-f]/ { bad = 1 } END { exit !bad }'; then
		notok "readelf $cfg" "sem site without semaphore address"; return
	fi
	want_sem=$(nm "$bin" | awk '$3 == "sdt_sem_semaphore" { print $1 }')
	[ -n "$want_sem" ] || { notok "readelf $cfg" "no sdt_sem_semaphore symbol"; return; }
	if echo "$sems" | awk -v w="$want_sem" '{ s = $5; sub(/^0x0*/, "", s); t = w; sub(/^0*/, "", t); if (s != t) bad = 1 } END { exit !bad }'; then
		notok "readelf $cfg" "semaphore address differs from nm's sdt_sem_semaphore $want_sem"; return
	fi
	ok "readelf $cfg"
}

check_sites() { # cfg bin
	pcs=$(sdt_notes "$2" | awk '{ print $3 }')
	# shellcheck disable=SC2086
	bad=$(sdt_site_bytes "$2" $pcs | grep -v ' 90 66 2e 0f 1f 84 00 00 00 00 00$' | head -1)
	if [ -n "$bad" ]; then notok "site-bytes $1" "site $bad"; else ok "site-bytes $1"; fi
	if objdump -d "$2" | grep -A1 -E '^ *[0-9a-f]+:	90 +	nop' |
		grep -qE '0f 1f 44 00 00 *	nop'; then
		notok "no-nop5 $1" "a nop followed by a 5-byte nop"
	else
		ok "no-nop5 $1"
	fi
}

# bpftrace lines start with "bt " so they can be told from the traced program's own output.
bt_script() { # bin
	b=$1
	cat <<EOS
usdt:$b:sdt:signed { printf("bt signed %ld %ld %ld %ld %ld %ld\n", arg0, arg1, arg2, arg3, arg4, arg5); }
usdt:$b:sdt:unsigned { printf("bt unsigned %lu %lu %lu %lu %lu %lu\n", arg0, arg1, arg2, arg3, arg4, arg5); }
usdt:$b:sdt:consts { printf("bt consts %ld %lu %lu %lu %ld %lu\n", arg0, arg1, arg2, arg3, arg4, arg5); }
usdt:$b:sdt:ptrs { printf("bt ptrs %lu %s %s %lu %ld %ld\n", arg0, str(arg1), str(arg2), arg3, arg4, arg5); }
usdt:$b:sdt:global { printf("bt global %ld %ld\n", arg0, arg1); }
usdt:$b:sdt:tls { printf("bt tls %ld\n", arg0); }
usdt:$b:sdt:n0 { printf("bt n0\n"); }
usdt:$b:sdt:n1 { printf("bt n1 %ld\n", arg0); }
usdt:$b:sdt:n2 { printf("bt n2 %ld %ld\n", arg0, arg1); }
usdt:$b:sdt:n3 { printf("bt n3 %ld %ld %ld\n", arg0, arg1, arg2); }
usdt:$b:sdt:n4 { printf("bt n4 %ld %ld %ld %ld\n", arg0, arg1, arg2, arg3); }
usdt:$b:sdt:n5 { printf("bt n5 %ld %ld %ld %ld %ld\n", arg0, arg1, arg2, arg3, arg4); }
usdt:$b:sdt:sem { printf("bt sem %ld\n", arg0); }
EOS
	for n in n6 n7 n8 n9 n10 n11 n12; do
		printf '%s\n' "usdt:$b:sdt:$n { printf(\"bt $n %ld %ld %ld %ld %ld %ld\\n\", arg0, arg1, arg2, arg3, arg4, arg5); }"
	done
	printf '%s\n' "usdt:$b:sdt:v0 { printf(\"bt v0\\n\"); }"
	printf '%s\n' "usdt:$b:sdt:v12 { printf(\"bt v12 %ld %lu %ld %lu %ld %lu\\n\", arg0, arg1, arg2, arg3, arg4, arg5); }"
}
BT_PROBES="signed unsigned consts ptrs global tls n0 n1 n2 n3 n4 n5 n6 n7 n8 n9 n10 n11 n12 v0 v12"

# The program's line for probe P, cut to the name and its first 6 values.
first6() { awk -v p="$2" '$1 == p { s = $1; for (i = 2; i <= NF && i <= 7; i++) s = s " " $i; print s }' "$1"; }

check_bpftrace() { # cfg bin
	if ! sdt_is_root; then
		for c in list values semaphore; do skip "bpftrace-$c $1" "needs root"; done
		return
	fi
	list=$(bpftrace -l "usdt:$2:*" 2>/dev/null)
	miss=
	for p in $PROBES sem; do echo "$list" | grep -qx "usdt:$2:sdt:$p" || miss="$miss $p"; done
	if [ -n "$miss" ]; then notok "bpftrace-list $1" "missing:$miss"; else ok "bpftrace-list $1"; fi

	bt_script "$2" >"$W/bt.bt"
	"$2" >"$W/plain.out"
	timeout 50 bpftrace "$W/bt.bt" -c "$2" >"$W/bt.all" 2>"$W/bt.err"
	grep '^bt ' "$W/bt.all" | sed 's/^bt //' >"$W/bt.out"
	grep -v '^bt ' "$W/bt.all" | grep -v '^Attaching' | grep -v '^$' >"$W/traced.out"
	why=
	for p in $BT_PROBES; do
		want=$(first6 "$W/traced.out" "$p")
		got=$(awk -v p="$p" '$1 == p' "$W/bt.out")
		[ -n "$want" ] || { why="the traced program printed no '$p' line"; break; }
		[ "$got" = "$want" ] || { why="probe $p: bpftrace '$got', program '$want'"; break; }
	done
	if [ -n "$why" ]; then
		notok "bpftrace-values $1" "$why ($(grep -v -e RLIMIT -e detach -e uprobe_events "$W/bt.err" | head -c 300))"
	else
		ok "bpftrace-values $1"
	fi

	# Semaphore: 0 untraced, nonzero while bpftrace traces sdt:sem, and the guarded site fires.
	if ! grep -qx 'enabled 0' "$W/plain.out"; then
		notok "bpftrace-semaphore $1" "USDT_ENABLED true without a tracer"
	elif ! grep -qx 'enabled 1' "$W/traced.out"; then
		notok "bpftrace-semaphore $1" "USDT_ENABLED false under bpftrace"
	elif [ "$(grep -c '^sem ' "$W/bt.out")" -ne 2 ] || ! grep -qx 'sem 102' "$W/bt.out"; then
		notok "bpftrace-semaphore $1" "bpftrace saw sem sites: $(grep '^sem' "$W/bt.out" | tr '\n' ',')"
	else
		ok "bpftrace-semaphore $1"
	fi
}

# gdb reads the arguments bpftrace cannot: all twelve, TLS, and floats (via the witness copy).
check_gdb() { # cfg bin
	if gdb -batch -ex 'info probes' "$2" 2>/dev/null >"$W/gdb.list"; then :; fi
	miss=
	for p in $PROBES sem; do awk -v p="$p" '$1 == "stap" && $2 == "sdt" && $3 == p { f = 1 } END { exit !f }' "$W/gdb.list" || miss="$miss $p"; done
	if [ -n "$miss" ]; then notok "gdb-list $1" "missing:$miss"; else ok "gdb-list $1"; fi

	if ! sdt_float_witness "$2" "$W/witness"; then notok "gdb-values $1" "objcopy failed"; return; fi
	a12='$_probe_arg0, $_probe_arg1, $_probe_arg2, $_probe_arg3, $_probe_arg4, $_probe_arg5, $_probe_arg6, $_probe_arg7, $_probe_arg8, $_probe_arg9, $_probe_arg10, $_probe_arg11'
	cat >"$W/gdb.cmd" <<EOS
set pagination off
break -probe-stap sdt:n12
commands
silent
printf "gdb n12 %d %d %d %d %d %d %d %d %d %d %d %d\n", $a12
continue
end
break -probe-stap sdt:v12
commands
silent
printf "gdb v12 %ld %lu %ld %lu %ld %lu %ld %lu %ld %lu %ld %lu\n", $a12
continue
end
break -probe-stap sdt:tls
commands
silent
printf "gdb tls %d\n", \$_probe_arg0
continue
end
break -probe-stap sdt:floats
commands
silent
echo gdb floats\040
output/f \$_probe_arg0
echo \040
output/f \$_probe_arg1
echo \040
output/f \$_probe_arg2
echo \040
output/f \$_probe_arg3
echo \n
continue
end
run
EOS
	timeout 50 gdb -batch -x "$W/gdb.cmd" "$W/witness" >"$W/gdb.all" 2>"$W/gdb.err"
	why=
	for p in n12 v12 tls floats; do
		want=$(awk -v p="$p" '$1 == p' "$W/plain.out")
		got=$(grep "^gdb $p" "$W/gdb.all" | sed 's/^gdb //')
		[ -n "$want" ] || { why="the program printed no '$p' line"; break; }
		[ "$got" = "$want" ] || { why="probe $p: gdb '$got', program '$want' ($(head -c 200 "$W/gdb.err"))"; break; }
	done
	if [ -n "$why" ]; then notok "gdb-values $1" "$why"; else ok "gdb-values $1"; fi
}

for cc in gcc clang; do
	for lang in c c++; do
		comp=$cc
		[ "$lang" = c++ ] && comp=$( [ "$cc" = gcc ] && echo g++ || echo clang++ )
		for opt in -O0 -O2; do
			for link in pie nopie; do
				cfg="$(echo "$comp" | sed 's/++/xx/')$opt-$link" # bpftrace paths cannot hold '+' 
				bin=$W/types-$cfg
				if ! sdt_build "$bin" "$comp" "$lang" "$opt" "$link" "$SRC"; then
					notok "build $cfg" "$(head -c 400 "$bin.err")"
					continue
				fi
				ok "build $cfg"
				check_readelf "$cfg" "$bin"
				check_sites "$cfg" "$bin"
				check_bpftrace "$cfg" "$bin"
				check_gdb "$cfg" "$bin"
			done
		done
	done
done
