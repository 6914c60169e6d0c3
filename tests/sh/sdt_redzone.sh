# tier: full
# sdt_redzone.sh — tracing must not harm the program (tests/progs/sdt/redzone.c): a leaf
# function keeps its locals in the red zone and fires probes among them; its checksum must be
# the same with and without bpftrace, and usdtrace, attached to those probes. First checks that
# the compiler really put the locals in the red zone (leaf does not move %rsp and stores below
# it, or at -O0 below %rbp = %rsp), or the comparison would prove nothing. On a kernel that
# optimises uprobes on 5-byte nops (6.18+), also checks that it did so for our sites while
# usdtrace traced them (the process has a [uprobes-trampoline] mapping and a call, e8, at each
# site's pc), so the red zone survived the call, not a trap: docs/sdt-sites.md.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
cat >"$W/rz.d" <<'EOF'
rz$target:::mid { m++; }
rz$target:::inner { i++; }
END { printf("@mid: %d\n@inner: %d\n", m, i); }
EOF

# optimized_check CFG BIN OUT: while usdtrace (output OUT) traces BIN holding on $W/rz.hold,
# the sites' live bytes; ends the hold.
optimized_check() {
	n=0
	while ! grep -q '^checksum' "$3" 2>/dev/null && [ $n -lt 400 ]; do sleep 0.1; n=$((n + 1)); done
	pid=$(pgrep -f -x "$2 $W/rz.hold" | head -1)
	if [ -z "$pid" ]; then
		notok "redzone-optimized $1" "the traced program did not reach its hold"
	else
		live=""
		for pc in $(sdt_notes "$2" | awk '{ print $3 }'); do
			live="$live$(sdt_live_bytes "$pid" "$2" "$pc" 2>&1 | cut -c1-2) "
		done
		if ! grep -q '\[uprobes-trampoline\]' "/proc/$pid/maps"; then
			if echo "$live" | grep -q cc && [ "$kernel_optimizes" -eq 0 ]; then
				skip "redzone-optimized $1" "this kernel traps (int3) instead of calling a trampoline"
			elif echo "$live" | grep -q cc; then
				notok "redzone-optimized $1" "the kernel left an int3 at our sites ('$live') though it optimised the bare nop5"
			else
				notok "redzone-optimized $1" "no trampoline and no int3 at the sites: '$live'"
			fi
		elif [ "$live" != "e8 e8 " ]; then
			notok "redzone-optimized $1" "site bytes '$live', expected a call (e8) at both"
		else
			ok "redzone-optimized $1"
		fi
	fi
	touch "$W/rz.hold"
}

# Control: the same program with the forbidden site form (the pc on a 5-byte nop) must show the
# damage under tracing here, proving the comparison above can fail. A kernel without the nop5
# uprobe optimisation leaves it intact: that is an environmental absence, so skip. A kernel that
# damaged it optimises nop5 uprobes, so our sites must be optimised too (optimized_check).
kernel_optimizes=0
if sdt_is_root; then
	bin=$W/redzone-nop5
	if sdt_build "$bin" gcc c -O2 pie "$TOP/tests/progs/sdt/redzone.c" -- \
		'-DUSDT_SITE_INSN=".byte 0x0f,0x1f,0x44,0x00,0x00"'; then
		plain=$("$bin")
		traced=$(timeout 40 bpftrace -e "usdt:$bin:rz:mid { @mid = count(); } usdt:$bin:rz:inner { @inner = count(); }" \
			-c "$bin" 2>/dev/null | grep '^checksum')
		if [ -n "$traced" ] && [ "$traced" != "$plain" ]; then
			kernel_optimizes=1
			ok "redzone-control (a nop5 site corrupts the red zone under tracing; ours must not)"
		else
			skip "redzone-control" "this kernel did not disturb a nop5 site ('$traced' vs '$plain')"
		fi
		traced=$(timeout 40 "$USDTRACE" -q -s "$W/rz.d" -c "$bin" 2>/dev/null | grep '^checksum')
		if [ -n "$traced" ] && [ "$traced" != "$plain" ]; then
			ok "redzone-control-usdtrace (the comparison fails under usdtrace too with a nop5 site)"
		else
			skip "redzone-control-usdtrace" "this kernel did not disturb a nop5 site ('$traced' vs '$plain')"
		fi
	else
		notok "redzone-control" "build failed: $(head -c 300 "$bin.err")"
	fi
else
	skip "redzone-control" "needs root"
fi

for cc in gcc clang; do
	for opt in -O0 -O2; do
	for link in pie nopie; do
		cfg=$cc$opt-$link
		bin=$W/redzone-$cfg
		if ! sdt_build "$bin" "$cc" c "$opt" "$link" "$TOP/tests/progs/sdt/redzone.c"; then
			notok "redzone-build $cfg" "$(head -c 400 "$bin.err")"; continue
		fi
		body=$(objdump -d --no-show-raw-insn "$bin" | awk '/<leaf[^>]*>:$/ { on = 1; next } on && /^$/ { exit } on')
		# -O0 keeps a frame pointer: push %rbp; mov %rsp,%rbp; locals below %rbp
		below='-0x[0-9a-f]+\(%rsp'
		moves='(sub|add) +\$[^,]*,%rsp|push'
		[ "$opt" = -O0 ] && below='-0x[0-9a-f]+\(%rbp' moves='(sub|add) +\$[^,]*,%rsp|push +%r[^b]'
		if echo "$body" | grep -qE "$moves"; then
			notok "redzone-used $cfg" "leaf moves %rsp; the test would not exercise the red zone"
			continue
		elif ! echo "$body" | grep -qE -e "$below"; then
			notok "redzone-used $cfg" "leaf stores nothing below %rsp"
			continue
		fi
		ok "redzone-used $cfg"
		plain=$("$bin")
		if ! sdt_is_root; then skip "redzone-traced $cfg" "needs root"; continue; fi
		timeout 40 bpftrace -e "usdt:$bin:rz:mid { @mid = count(); } usdt:$bin:rz:inner { @inner = count(); }" \
			-c "$bin" >"$W/bt.out" 2>"$W/bt.err"
		traced=$(grep '^checksum' "$W/bt.out")
		mid=$(awk '/^@mid:/ { print $2 }' "$W/bt.out")
		inner=$(awk '/^@inner:/ { print $2 }' "$W/bt.out")
		if [ "$mid" != 2000 ] || [ "$inner" != 2000 ]; then
			notok "redzone-traced $cfg" "probes fired mid=$mid inner=$inner times, expected 2000 ($(grep -v -e RLIMIT -e detach -e uprobe_events "$W/bt.err" | head -c 200))"
		elif [ -z "$plain" ] || [ "$traced" != "$plain" ]; then
			notok "redzone-traced $cfg" "traced output '$traced' differs from untraced '$plain'"
		else
			ok "redzone-traced $cfg"
		fi
		rm -f "$W/rz.hold" "$W/ut.out"
		timeout 60 "$USDTRACE" -q -s "$W/rz.d" -c "$bin $W/rz.hold" >"$W/ut.out" 2>"$W/ut.err" &
		utpid=$!
		optimized_check "$cfg" "$bin" "$W/ut.out"
		wait $utpid
		traced=$(grep '^checksum' "$W/ut.out")
		mid=$(awk '/^@mid:/ { print $2 }' "$W/ut.out")
		inner=$(awk '/^@inner:/ { print $2 }' "$W/ut.out")
		if [ "$mid" != 2000 ] || [ "$inner" != 2000 ]; then
			notok "redzone-usdtrace $cfg" "probes fired mid=$mid inner=$inner times, expected 2000 ($(head -c 200 "$W/ut.err"))"
		elif [ -z "$plain" ] || [ "$traced" != "$plain" ]; then
			notok "redzone-usdtrace $cfg" "traced output '$traced' differs from untraced '$plain'"
		else
			ok "redzone-usdtrace $cfg"
		fi
	done
	done
done

