#!/bin/sh
# tier: full
# pid_sites.sh — where the pid provider puts its uprobes so that the kernel can optimise them,
# and never where that would harm the program (tests/progs/pid/pidnop.c; docs/sdt-sites.md):
#   * a function built with -pg -mfentry -mnop-mcount -fcf-protection starts endbr64; nopl:
#     its entry probe goes on the nop (function + 4), -l -v says so and calls it a call to the
#     kernel's trampoline; traced, entry and return fire once per call, arg0 is the argument
#     (bpftrace's uprobe on the same function as witness of the count and the argument sum),
#     and the kernel made a call (e8) of the nop ([uprobes-trampoline] mapped);
#   * without those flags the entry probe stays at the function's first instruction, which
#     -l -v calls an int3 trap;
#   * a 5-byte nop inside a function that keeps a value in its red zone: bpftrace's uprobe on
#     it damages the value (the control, on kernels that optimise), usdtrace leaves the probe
#     out with a warning and the program runs intact.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
SRC=$TOP/tests/progs/pid/pidnop.c
N=2000
if ! sdt_is_root; then
	skip pid_sites "needs root"
	exit 0
fi
bin=$W/pidnop
# a -pg program writes gmon.out into its working directory when it exits
cd "$W" || exit 1
if ! gcc -std=gnu11 -O2 -Wall -Wextra -Werror -fno-PIE -no-pie -pg -mfentry -mnop-mcount \
	-fcf-protection -o "$bin" "$SRC" 2>"$W/cc.err"; then
	notok pid-sites-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi
plainbin=$W/pidnop-plain
gcc -std=gnu11 -O2 -fno-PIE -no-pie -o "$plainbin" "$SRC" 2>>"$W/cc.err" ||
	{ notok pid-sites-build "$(head -c 300 "$W/cc.err")"; exit 0; }
work=$(nm "$bin" | awk '$3 == "work" { print $1 }')
padded=$(nm "$bin" | awk '$3 == "padded" { print $1 }')
if [ "$(objdump -d --start-address=0x$work --stop-address=$((0x$work + 9)) "$bin" |
	awk -F'\t' '/^ *[0-9a-f]+:\t/ { gsub(/ +$/, "", $2); printf "%s|", $2 }')" != \
	"f3 0f 1e fa|0f 1f 44 00 00|" ]; then
	notok pid-sites-layout "work does not start with endbr64; nopl (the compiler's -mnop-mcount changed?)"
	exit 0
fi
ok pid-sites-layout
want_entry=$(printf '0x%x' $((0x$work + 4)))

# -l -v: where the probes go and what the kernel makes of them
"$U" -l -v -n 'pid$target:pidnop:work:entry' -c "$bin 1" >"$W/l.out" 2>"$W/l.err"
site=$(awk '/Probe Site/ { getline; print $1; getline; print }' "$W/l.out")
if [ "$(echo "$site" | head -1)" = "$want_entry" ] && echo "$site" | grep -q "call to the kernel's trampoline"; then
	ok pid-sites-list-entry
else
	notok pid-sites-list-entry "expected $want_entry, a call; got '$(echo "$site" | tr '\n' ' ')' $(head -c 200 "$W/l.err")"
fi
pwork=$(nm "$plainbin" | awk '$3 == "work" { print $1 }')
"$U" -l -v -n 'pid$target:pidnop-plain:work:entry' -c "$plainbin 1" >"$W/lp.out" 2>"$W/lp.err"
site=$(awk '/Probe Site/ { getline; print $1; getline; print }' "$W/lp.out")
if [ "$(echo "$site" | head -1)" = "$(printf '0x%x' $((0x$pwork)))" ] && echo "$site" | grep -q "int3 trap"; then
	ok pid-sites-list-plain
else
	notok pid-sites-list-plain "expected 0x$pwork, a trap; got '$(echo "$site" | tr '\n' ' ')' $(head -c 200 "$W/lp.err")"
fi

# traced: counts, argument, and the kernel's call at the nop
rm -f "$W/hold"
timeout 90 "$U" -q -n 'pid$target:pidnop:work:entry { @e = count(); @s = sum(arg0); }
	pid$target:pidnop:work:return { @r = count(); }
	END { printa("@e %@d\n", @e); printa("@s %@d\n", @s); printa("@r %@d\n", @r); }' \
	-c "$bin $N $W/hold" >"$W/u.out" 2>"$W/u.err" &
up=$!
n=0
while ! grep -q '^check' "$W/u.out" 2>/dev/null && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
pid=$(pgrep -f -x "$bin $N $W/hold" | head -1)
live=""
maps=""
if [ -n "$pid" ]; then
	live=$(sdt_live_bytes "$pid" "$bin" "${want_entry#0x}" 2>&1 | cut -c1-2)
	grep -q '\[uprobes-trampoline\]' "/proc/$pid/maps" && maps=1
fi
touch "$W/hold"
wait $up
st=$?
e=$(awk '$1 == "@e" { print $2 }' "$W/u.out")
r=$(awk '$1 == "@r" { print $2 }' "$W/u.out")
s=$(awk '$1 == "@s" { print $2 }' "$W/u.out")
want_s=$((N * (N - 1) / 2))
if [ $st -eq 0 ] && [ "$e" = "$N" ] && [ "$r" = "$N" ] && [ "$s" = "$want_s" ] &&
	grep -q "^check $N\$" "$W/u.out"; then
	ok pid-sites-traced
else
	notok pid-sites-traced "exit $st, entry $e, return $r, arg0 sum $s (want $N, $N, $want_s): $(head -c 300 "$W/u.err")"
fi
if [ -z "$maps" ] && [ "$live" = cc ]; then
	skip pid-sites-optimized "this kernel traps (int3) instead of calling a trampoline"
elif [ -n "$maps" ] && [ "$live" = e8 ]; then
	ok pid-sites-optimized
else
	notok pid-sites-optimized "live byte at $want_entry '$live', trampoline mapped: '${maps:-no}'"
fi
bt=$(timeout 90 bpftrace -e "uprobe:$bin:work { @e = count(); @s = sum(arg0); }" -c "$bin $N" 2>/dev/null)
be=$(echo "$bt" | awk '$1 == "@e:" { print $2 }')
bs=$(echo "$bt" | awk '$1 == "@s:" { print $2 }')
if [ "$be" = "$e" ] && [ "$bs" = "$s" ]; then
	ok pid-sites-bpftrace
else
	notok pid-sites-bpftrace "bpftrace counted $be calls summing $bs, usdtrace $e and $s"
fi

# a 5-byte nop inside a function: a plain uprobe there (tracefs uprobe_events: bpftrace 0.17
# refuses an address inside a function) damages the red zone where the kernel optimises;
# usdtrace leaves it out
off=5
T=""
for t in /sys/kernel/tracing /sys/kernel/debug/tracing; do
	[ -w "$t/uprobe_events" ] && T=$t && break
done
if [ -n "$T" ]; then
	addr=$((0x$padded + off)) foff=""
	while read -r o v z; do
		[ "$addr" -ge $((v)) ] && [ "$addr" -lt $((v + z)) ] && foff=$(printf '0x%x' $((addr - v + o)))
	done <<EOF
$(readelf -lW "$bin" | awk '$1 == "LOAD" { print $2, $3, $5 }')
EOF
	ev=pid_sites_$$
	ctl=""
	if echo "p:uprobes/$ev $bin:$foff" >>"$T/uprobe_events" 2>/dev/null; then
		echo 1 >"$T/events/uprobes/$ev/enable"
		ctl=$("$bin" "$N" | awk '$1 == "check" { print $2 }')
		echo 0 >"$T/events/uprobes/$ev/enable"
		echo "-:uprobes/$ev" >>"$T/uprobe_events"
	fi
	if [ -n "$ctl" ] && [ "$ctl" -lt "$N" ]; then
		ok "pid-sites-redzone-control (a uprobe on padded+$off: $ctl of $N intact)"
	else
		skip pid-sites-redzone-control "the kernel did not disturb the nop at padded+$off (check '$ctl' of $N)"
	fi
else
	skip pid-sites-redzone-control "no writable tracefs uprobe_events"
fi
"$U" -q -Z -n "pid\$target:pidnop:padded:$off,pid\$target:pidnop:padded:entry { @c = count(); }" \
	-n 'END { printa("@c %@d\n", @c); }' -c "$bin $N" >"$W/rz.out" 2>"$W/rz.err"
st=$?
if [ $st -eq 0 ] && grep -q "^check $N\$" "$W/rz.out" &&
	grep -q "padded:$off is left out: .*over the red zone" "$W/rz.err" &&
	[ "$(awk '$1 == "@c" { print $2 }' "$W/rz.out")" = "$N" ]; then
	ok pid-sites-redzone-left-out
else
	notok pid-sites-redzone-left-out "exit $st: $(head -c 300 "$W/rz.err") $(tr '\n' ' ' <"$W/rz.out" | head -c 200)"
fi
