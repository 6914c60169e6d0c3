# tier: full
# sdt_redzone.sh — tracing must not harm the program (tests/progs/sdt/redzone.c): a leaf
# function keeps its locals in the red zone and fires probes among them; its checksum must be
# the same with and without bpftrace, and usdtrace, attached to those probes. First checks that the compiler
# really put the locals in the red zone (leaf does not move %rsp and stores below it), or the
# comparison would prove nothing.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
cat >"$W/rz.d" <<'EOF'
rz$target:::mid { m++; }
rz$target:::inner { i++; }
END { printf("@mid: %d\n@inner: %d\n", m, i); }
EOF

for cc in gcc clang; do
	for link in pie nopie; do
		cfg=$cc-O2-$link
		bin=$W/redzone-$cfg
		if ! sdt_build "$bin" "$cc" c -O2 "$link" "$TOP/tests/progs/sdt/redzone.c"; then
			notok "redzone-build $cfg" "$(head -c 400 "$bin.err")"; continue
		fi
		body=$(objdump -d --no-show-raw-insn "$bin" | awk '/<leaf[^>]*>:$/ { on = 1; next } on && /^$/ { exit } on')
		if echo "$body" | grep -qE '(sub|add) +\$[^,]*,%rsp|push'; then
			notok "redzone-used $cfg" "leaf moves %rsp; the test would not exercise the red zone"
			continue
		elif ! echo "$body" | grep -qE -e '-0x[0-9a-f]+\(%rsp'; then
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
		timeout 40 "$USDTRACE" -q -s "$W/rz.d" -c "$bin" >"$W/ut.out" 2>"$W/ut.err"
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

# Control: the same program with the forbidden site form (the pc on a 5-byte nop) must show the
# damage under tracing here, proving the comparison above can fail. A kernel without the nop5
# uprobe optimisation leaves it intact: that is an environmental absence, so skip.
if sdt_is_root; then
	bin=$W/redzone-nop5
	if sdt_build "$bin" gcc c -O2 pie "$TOP/tests/progs/sdt/redzone.c" -- \
		'-DUSDT_SITE_INSN=".byte 0x0f,0x1f,0x44,0x00,0x00"'; then
		plain=$("$bin")
		traced=$(timeout 40 bpftrace -e "usdt:$bin:rz:mid { @mid = count(); } usdt:$bin:rz:inner { @inner = count(); }" \
			-c "$bin" 2>/dev/null | grep '^checksum')
		if [ -n "$traced" ] && [ "$traced" != "$plain" ]; then
			ok "redzone-control (a nop5 site corrupts the red zone under tracing; ours do not)"
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
