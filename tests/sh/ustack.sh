#!/bin/sh
# tier: full
# ustack.sh — user stacks and user symbols end to end, in the real kernel, on a program with
# known call chains (tests/progs/ustack/chain.c, built with frame pointers, one chain passing
# through a shared library):
#   * ustack() on a USDT probe: each frame's module, function and offset checked against the
#     binaries' own symbols (nm: the offset lies inside the function), dtrace's layout (blank
#     line, 14-column indent), ustack(n) and the ustackframes option, jstack() printed alike;
#     bpftrace 0.17's ustack on the same program as a witness for names and offsets;
#   * uaddr()/usym()/ufunc()/umod() actions (the probe's pc against the note's site address),
#     a garbage address in hex, printf's %A;
#   * aggregations keyed by ustack() (exact counts through two chains, printed at END after
#     the -c child exited; a process that was not a target and exited before END), by
#     execname and ustack(3), by ufunc()/umod()/uaddr() (ufunc merges addresses of one
#     function, uaddr does not);
#   * profile-997 samples of a spinning function; BEGIN's stack is the tracer's own;
#   * compile errors for bad ustack() arguments and mixed stack keys.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip ustack "needs root"
	exit 0
fi

FL="-O1 -fno-omit-frame-pointer -fno-inline -g"   # as build_chain's, for deep.c below
if ! build_chain; then
	notok ustack-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi
C=$W/chain
nm -S "$C" >"$W/nm.chain"
nm -S -D --defined-only "$W/libchainlib.so" >"$W/nm.lib"

# frames_ok FILE FIRST SPEC...: the frame lines of FILE from line FIRST on are, in order,
# "MOD`FUNC+0xOFF" for each SPEC "MOD:FUNC" (MOD chain or libchainlib.so), indented 14
# columns, with 0 < OFF < the function's size. Prints what is wrong.
frames_ok() {
	_f=$1 _l=$2
	shift 2
	for _s in "$@"; do
		_mod=${_s%%:*} _fn=${_s#*:}
		_line=$(sed -n "${_l}p" "$_f")
		case $_mod in chain) _nm=$W/nm.chain ;; *) _nm=$W/nm.lib ;; esac
		_size=$(awk -v f="$_fn" '$4 == f { print $2 }' "$_nm" | head -1)
		_want="${frames_indent-              }$_mod\`$_fn+0x"
		case $_line in
		"$_want"*) ;;
		*) echo "line $_l [$_line] is not $_want..."; return 1 ;;
		esac
		_off=${_line#"$_want"}
		if [ -z "$_size" ] || [ $((0x$_off)) -le 0 ] || [ $((0x$_off)) -ge $((0x$_size)) ]; then
			echo "line $_l: offset 0x$_off outside $_fn (size 0x$_size)"
			return 1
		fi
		_l=$((_l + 1))
	done
	return 0
}

# --- ustack() as an action ---
"$U" -q -n 'chain$target:::fire { ustack(); }' -c "$C 1 0" >"$W/a.out" 2>"$W/a.err"
if [ "$(sed -n 1p "$W/a.out")" != "" ]; then
	notok ustack-action "no blank line first: $(head -3 "$W/a.out")"
elif why=$(frames_ok "$W/a.out" 2 chain:level_c chain:level_b chain:level_a chain:main); then
	if sed -n 6p "$W/a.out" | grep -q '^              libc\.so\.6`'; then
		ok ustack-action
	else
		notok ustack-action "frame after main not in libc: $(sed -n 6p "$W/a.out")"
	fi
else
	notok ustack-action "$why: $(cat "$W/a.out" "$W/a.err")"
fi

"$U" -q -n 'chain$target:::fire { ustack(); }' -c "$C 0 1" >"$W/b.out" 2>"$W/b.err"
if why=$(frames_ok "$W/b.out" 2 chain:level_c libchainlib.so:lib_hop chain:level_x chain:main); then
	ok ustack-shared-library
else
	notok ustack-shared-library "$why: $(cat "$W/b.out" "$W/b.err")"
fi

# a stripped library: no .symtab, its exported functions come from .dynsym
mkdir "$W/s" && cp "$W/libchainlib.so" "$W/s/" && strip --strip-all "$W/s/libchainlib.so"
if readelf -S "$W/s/libchainlib.so" | grep -q '\.symtab' ||
   ! LD_LIBRARY_PATH=$W/s ldd "$C" | grep -q "$W/s/libchainlib.so"; then
	notok ustack-stripped-library "the stripped copy is not what the program loads"
else
	LD_LIBRARY_PATH=$W/s "$U" -q -n 'chain$target:::fire { ustack(3); }' -c "$C 0 1" >"$W/st.out" 2>&1
	if frames_ok "$W/st.out" 2 chain:level_c libchainlib.so:lib_hop chain:level_x >/dev/null; then
		ok ustack-stripped-library
	else
		notok ustack-stripped-library "$(cat "$W/st.out")"
	fi
fi

# ustack(2), the ustackframes option, jstack() printed as ustack()
"$U" -q -n 'chain$target:::fire { ustack(2); }' -c "$C 1 0" >"$W/c.out" 2>&1
if [ "$(grep -c '^              ' "$W/c.out")" = 2 ] && frames_ok "$W/c.out" 2 chain:level_c chain:level_b >/dev/null; then
	ok ustack-nframes
else
	notok ustack-nframes "$(cat "$W/c.out")"
fi
"$U" -q -x ustackframes=3 -n 'chain$target:::fire { ustack(); }' -c "$C 1 0" >"$W/c.out" 2>&1
if [ "$(grep -c '^              ' "$W/c.out")" = 3 ] &&
   frames_ok "$W/c.out" 2 chain:level_c chain:level_b chain:level_a >/dev/null; then
	ok ustack-ustackframes-option
else
	notok ustack-ustackframes-option "$(cat "$W/c.out")"
fi
# ustack() with no count records ustackframes frames, by default 100 as DTrace for Linux's
# (_dtrace_ustackframes; its ustack() of this program lists all 41 down() frames): the
# 42 frames of leaf and down() come whole, and -x ustackframes=20 still cuts at 20
if cc $FL -fno-optimize-sibling-calls -o "$W/deep" "$TOP/tests/progs/ustack/deep.c" 2>"$W/cc.err"; then
	"$U" -q -n 'pid$target:deep:leaf:entry { ustack(); }' -c "$W/deep" >"$W/d.out" 2>&1
	"$U" -q -x ustackframes=20 -n 'pid$target:deep:leaf:entry { ustack(); }' -c "$W/deep" \
		>"$W/d20.out" 2>&1
	if [ "$(sed -n 2p "$W/d.out")" = '              deep`leaf' ] &&
	   [ "$(grep -c '^              deep`down+' "$W/d.out")" = 41 ] &&
	   grep -q '^              deep`main+' "$W/d.out" &&
	   [ "$(grep -c '^              ' "$W/d20.out")" = 20 ]; then
		ok ustack-default-ustackframes
	else
		notok ustack-default-ustackframes "$(head -c 600 "$W/d.out") / $(wc -l <"$W/d20.out")"
	fi
else
	notok ustack-default-ustackframes "$(head -c 300 "$W/cc.err")"
fi
"$U" -q -n 'chain$target:::fire { ustack(4); jstack(4); }' -c "$C 1 0" >"$W/j.out" 2>&1
if [ "$(sed -n 1,5p "$W/j.out")" = "$(sed -n 6,10p "$W/j.out")" ] &&
   frames_ok "$W/j.out" 7 chain:level_c chain:level_b chain:level_a chain:main >/dev/null; then
	ok ustack-jstack-as-ustack
else
	notok ustack-jstack-as-ustack "$(cat "$W/j.out")"
fi

# dtrace's layout without -q: the probe line, then the stack, then a blank line
"$U" -n 'chain$target:::fire { ustack(1); }' -c "$C 1 0" >"$W/d.out" 2>"$W/d.err"
l2=$(sed -n 2p "$W/d.out")
case $l2 in
*" level_c:fire ") ok2=1 ;;
*) ok2=0 ;;
esac
if [ $ok2 = 1 ] && frames_ok "$W/d.out" 3 chain:level_c >/dev/null && [ "$(sed -n 4p "$W/d.out")" = "" ] &&
   [ "$(wc -l <"$W/d.out")" -ge 4 ]; then
	ok ustack-layout
else
	notok ustack-layout "$(cat -A "$W/d.out" | head -6)"
fi

# bpftrace's ustack on the same firings: the same functions and offsets (it prints decimal)
if command -v bpftrace >/dev/null 2>&1; then
	(cd "$W" && timeout 60 bpftrace -e 'usdt:./chain:chain:fire { print(ustack(4)); }' \
		-c './chain 1 1 300') 2>/dev/null | awk 'NF == 1 && $1 ~ /\+/ { print $1 }' >"$W/bt.txt"
	"$U" -q -n 'chain$target:::fire { ustack(4); }' -c "$C 1 1" 2>/dev/null |
		awk 'NF == 1 { sub(/^[^`]*`/, "", $1); print $1 }' | while IFS= read -r f; do
			printf '%s+%d\n' "${f%%+0x*}" "0x${f#*+0x}"
		done >"$W/us.txt"
	if [ -s "$W/bt.txt" ] && [ "$(wc -l <"$W/bt.txt")" = 8 ] && cmp -s "$W/bt.txt" "$W/us.txt"; then
		ok ustack-bpftrace-witness
	else
		notok ustack-bpftrace-witness "bpftrace [$(tr '\n' ' ' <"$W/bt.txt")] ours [$(tr '\n' ' ' <"$W/us.txt")]"
	fi
else
	skip ustack-bpftrace-witness "no bpftrace"
fi

# --- uaddr/usym/ufunc/umod, %A, garbage ---
pc=$(sdt_notes "$C" | awk '$2 == "fire" { print $3 }')
lc=$(awk '$4 == "level_c" { print $1 }' "$W/nm.chain")
off=$(printf '%x' $((pc - 0x$lc)))
"$U" -q -n 'chain$target:::fire { uaddr(uregs[R_PC]); usym(uregs[R_PC]); ufunc(uregs[R_PC]);
	umod(uregs[R_PC]); uaddr(0x10); usym(0x10); umod(0x10); printf("|%A|\n", uregs[R_PC]); }' \
	-c "$C 1 0" >"$W/s.out" 2>"$W/s.err"
want=$(printf '  %-50s  %-50s  %-50s  %-50s  %-50s  %-50s  %-50s|%s|' "chain\`level_c+0x$off" \
	"chain\`level_c" "chain\`level_c" chain 0x10 0x10 0x10 "chain\`level_c+0x$off")
if [ "$(cat "$W/s.out")" = "$want" ]; then
	ok usym-actions
else
	notok usym-actions "got [$(cat "$W/s.out" "$W/s.err")] want [$want]"
fi

# -x noresolve (DTrace for Linux: dtrace_uaddr2str and dt_print_ustack under
# DTRACEOPT_NORESOLVE): a user address prints as "module:0xOFF", OFF its distance from the
# start of the mapping that holds it; usym() moves to the function's start first, umod() is
# unchanged. The witness for OFF is readelf: the LOAD segment holding the site, mapped from
# its page-aligned virtual address.
seg=$(readelf -lW "$C" | awk -v pc=$((pc)) '$1 == "LOAD" {
	v = strtonum($3); m = strtonum($6)
	if (pc >= v && pc < v + m) { printf "%d", v - v % 4096; exit } }')
nr_a=$(printf 'chain:0x%x' $((pc - seg)))
nr_s=$(printf 'chain:0x%x' $((0x$lc - seg)))
"$U" -q -x noresolve -n 'chain$target:::fire { uaddr(uregs[R_PC]); usym(uregs[R_PC]);
	umod(uregs[R_PC]); printf("|%A|\n", uregs[R_PC]); ustack(1); }' \
	-c "$C 1 0" >"$W/nr.out" 2>"$W/nr.err"
want=$(printf '  %-50s  %-50s  %-50s|%s|\n\n              %s' "$nr_a" "$nr_s" chain "$nr_a" "$nr_a")
if [ -n "$seg" ] && [ "$(cat "$W/nr.out")" = "$want" ]; then
	ok usym-noresolve
else
	notok usym-noresolve "got [$(cat "$W/nr.out" "$W/nr.err")] want [$want] (segment $seg)"
fi

# --- aggregations ---
"$U" -q -n 'chain$target:::fire { @[ustack()] = count(); }' -c "$C 3 2" >"$W/g.out" 2>"$W/g.err"
# two entries: blank line, frames, the count (" %16lld"); sorted by count: 2 then 3
n2=$(grep -n '^                2$' "$W/g.out" | cut -d: -f1)
n3=$(grep -n '^                3$' "$W/g.out" | cut -d: -f1)
if [ -n "$n2" ] && [ -n "$n3" ] && [ "$n2" -lt "$n3" ] &&
   frames_ok "$W/g.out" 3 chain:level_c libchainlib.so:lib_hop chain:level_x chain:main >/dev/null &&
   frames_ok "$W/g.out" $((n2 + 2)) chain:level_c chain:level_b chain:level_a chain:main >/dev/null &&
   [ "$(grep -c '^$' "$W/g.out")" = 3 ]; then
	ok ustack-agg-counts-after-exit
else
	notok ustack-agg-counts-after-exit "$(cat "$W/g.out" "$W/g.err")"
fi

"$U" -q -n 'chain$target:::fire { @[execname, ustack(3)] = count(); }' -c "$C 2 0" >"$W/m.out" 2>&1
want=$(printf '\n  %-50s\n' chain)
if [ "$(sed -n 1,2p "$W/m.out")" = "$want" ] &&
   frames_ok "$W/m.out" 3 chain:level_c chain:level_b chain:level_a >/dev/null &&
   [ "$(sed -n 6p "$W/m.out")" = "                2" ]; then
	ok ustack-agg-mixed-keys
else
	notok ustack-agg-mixed-keys "$(cat -A "$W/m.out")"
fi

# stacks of different depths share a key position (as in dtrace): each key keeps its own frames
"$U" -q -n 'chain$target:::fire { @[ustack(1)] = count(); @[ustack(3)] = count(); }' \
	-c "$C 1 0" >"$W/md.out" 2>&1
blocks=$(awk 'BEGIN { RS = "" } { print NF - 1 }' "$W/md.out" | sort | tr '\n' ' ')
first3=$(awk 'BEGIN { RS = ""; FS = "\n" } NF == 4 { print NR; exit }' "$W/md.out")
l3=$(grep -n 'level_c' "$W/md.out" | cut -d: -f1 | tail -1)
l1=$(grep -n 'level_c' "$W/md.out" | cut -d: -f1 | head -1)
if [ "$blocks" = "1 3 " ] && [ -n "$first3" ] &&
   frames_ok "$W/md.out" "$l1" chain:level_c >/dev/null &&
   frames_ok "$W/md.out" "$l3" chain:level_c chain:level_b chain:level_a >/dev/null; then
	ok ustack-agg-mixed-depths
else
	notok ustack-agg-mixed-depths "$(cat -A "$W/md.out")"
fi

# ufunc merges the three addresses (pc, pc+1, pc+2 inside level_c); uaddr keeps them apart
"$U" -q -n 'chain$target:::fire { @f[ufunc(uregs[R_PC] + arg0)] = count();
	@m[umod(uregs[R_PC] + arg0)] = count(); @a[uaddr(uregs[R_PC] + arg0)] = count(); }' \
	-c "$C 3 0" >"$W/k.out" 2>&1
want=$(printf '\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d\n' \
	"chain\`level_c" 3 chain 3 "chain\`level_c+0x$off" 1 \
	"chain\`level_c+0x$(printf %x $((0x$off + 1)))" 1 "chain\`level_c+0x$(printf %x $((0x$off + 2)))" 1)
if [ "$(cat "$W/k.out")" = "$want" ]; then
	ok usym-agg-keys
else
	notok usym-agg-keys "got [$(cat "$W/k.out")] want [$want]"
fi

# printa formats: %k of a stack key, %A of a usym key; %k's frames are not indented (the
# stackindent option is for stacks printed without a format: DTrace for Linux's pfprint_stack
# sets it to 0 for %k, to N for %-Nk)
"$U" -q -n 'chain$target:::fire { @s[ustack(3)] = count(); @u[usym(uregs[R_PC])] = count(); }
	END { printa("%k %@d\n", @s); printa("%A %@d\n", @u); printa("%-3k|\n", @s); }' \
	-c "$C 2 1" >"$W/pf.out" 2>&1
frames_indent=
if frames_ok "$W/pf.out" 2 chain:level_c libchainlib.so:lib_hop chain:level_x >/dev/null &&
   [ "$(sed -n 5p "$W/pf.out")" = " 1" ] &&
   frames_ok "$W/pf.out" 7 chain:level_c chain:level_b chain:level_a >/dev/null &&
   [ "$(sed -n 10p "$W/pf.out")" = " 2" ] && [ "$(sed -n 11p "$W/pf.out")" = "chain\`level_c 3" ] &&
   frames_indent="   " && frames_ok "$W/pf.out" 13 chain:level_c libchainlib.so:lib_hop >/dev/null; then
	ok ustack-printa-formats
else
	notok ustack-printa-formats "$(cat "$W/pf.out")"
fi
unset frames_indent

# a process that is no target and has exited before END still symbolizes (-Z: no process
# has the probe when tracing starts)
# The program starts once the tracer is ready, fires after 300 ms (the watcher enables its
# probe meanwhile) and exits; the tracer stops 0.5 s later, when /proc has no such pid.
"$U" -q -Z -n 'BEGIN { printf("ready\n"); } chain:::fire { @[ustack(4)] = count(); }' \
	>"$W/p.out" 2>"$W/p.err" &
up=$!
n=0
while ! grep -q ready "$W/p.out" 2>/dev/null && [ $n -lt 400 ]; do
	sleep 0.05
	n=$((n + 1))
done
"$C" 2 0 0 300 &
cp=$!
wait $cp
sleep 0.5
gone=0
[ -d /proc/$cp ] || gone=1
kill -INT $up
wait $up
first=$(grep -n '^              chain`level_c' "$W/p.out" | head -1 | cut -d: -f1)
if [ $gone = 1 ] && [ -n "$first" ] &&
   frames_ok "$W/p.out" "$first" chain:level_c chain:level_b chain:level_a chain:main >/dev/null &&
   grep -q '^                2$' "$W/p.out"; then
	ok ustack-agg-exited-process
else
	notok ustack-agg-exited-process "$(cat "$W/p.out" "$W/p.err")"
fi

# --- profile-997 and BEGIN ---
"$U" -q -n 'profile-997 /pid == $target/ { @[ufunc(uregs[R_PC])] = count(); @s[ustack(2)] = count(); }' \
	-c "$C spin 600" >"$W/pr.out" 2>&1
top=$(awk 'NF == 2 && $1 ~ /`/ { print $2, $1 }' "$W/pr.out" | sort -n | tail -1 | cut -d' ' -f2)
if [ "$top" = "chain\`level_spin" ] && grep -q '^              chain`level_spin+0x' "$W/pr.out" &&
   grep -A1 '^              chain`level_spin+0x' "$W/pr.out" | grep -q '^              chain`main+0x'; then
	ok ustack-profile
else
	notok ustack-profile "top [$top]: $(head -c 600 "$W/pr.out")"
fi

"$U" -q -n 'BEGIN { ustack(); exit(0); }' >"$W/be.out" 2>&1
if [ "$(sed -n 1p "$W/be.out")" = "" ] && sed -n 2p "$W/be.out" | grep -q '^              libc\.so\.6`'; then
	ok ustack-begin-is-the-tracer
else
	notok ustack-begin-is-the-tracer "$(cat "$W/be.out")"
fi

# --- compile errors ---
w=$W
expect_fail ustack-err-zero "usdtrace: invalid probe specifier BEGIN { ustack(0); }: ustack( ) argument #1 must be a non-zero positive integer constant" \
	"$U" -e -n 'BEGIN { ustack(0); }'
expect_fail ustack-err-strsize "usdtrace: invalid probe specifier BEGIN { ustack(2, -1); }: ustack( ) argument #2 must be a positive integer constant" \
	"$U" -e -n 'BEGIN { ustack(2, -1); }'
expect_fail ustack-err-mixed-kinds "usdtrace: invalid probe specifier BEGIN { @[usym(1)] = count(); } END { @[uaddr(1)] = count(); }: @_: key #1 must be the same kind of user stack or symbol in every use" \
	"$U" -e -n 'BEGIN { @[usym(1)] = count(); } END { @[uaddr(1)] = count(); }'
