# tier: full
# sdt_sites.sh — many sites per probe (tests/progs/sdt/sites.c): an inlined static function
# used three times and an unrolled loop. At -O2 every copy must have its own note at a real
# site (3 and 4 notes for gcc; clang may keep fewer copies, but at least as many as it
# inlined), and bpftrace must count every firing and sum the values the program reports.
. "$TOP/tests/sh/lib.sh"
sdt_workdir

for cc in gcc clang; do
	for opt in -O0 -O2; do
		cfg=$cc$opt
		bin=$W/sites-$cfg
		if ! sdt_build "$bin" "$cc" c "$opt" pie "$TOP/tests/progs/sdt/sites.c"; then
			notok "sites-build $cfg" "$(head -c 400 "$bin.err")"; continue
		fi
		sdt_notes "$bin" >"$W/notes"
		nstep=$(awk '$2 == "step"' "$W/notes" | wc -l)
		nloop=$(awk '$2 == "loop"' "$W/notes" | wc -l)
		# shellcheck disable=SC2086
		bad=$(sdt_site_check "$bin" $(awk '{ print $3 }' "$W/notes") | head -1)
		dups=$(awk '{ print $3 }' "$W/notes" | sort | uniq -d | head -1)
		if [ -n "$bad" ] || [ -n "$dups" ]; then
			notok "sites-notes $cfg" "bad site '$bad' or two notes at one pc '$dups'"
		elif [ "$opt" = -O0 ] && { [ "$nstep" -ne 1 ] || [ "$nloop" -ne 1 ]; }; then
			notok "sites-notes $cfg" "-O0: step has $nstep notes, loop $nloop (expected 1 and 1)"
		elif [ "$opt" = -O2 ] && [ "$cc" = gcc ] && { [ "$nstep" -ne 3 ] || [ "$nloop" -ne 4 ]; }; then
			notok "sites-notes $cfg" "-O2: step has $nstep notes, loop $nloop (expected 3 and 4)"
		elif [ "$nstep" -lt 1 ] || [ "$nloop" -lt 1 ]; then
			notok "sites-notes $cfg" "step has $nstep notes, loop $nloop"
		else
			ok "sites-notes $cfg (step $nstep, loop $nloop)"
		fi
		if ! sdt_is_root; then skip "sites-bpftrace $cfg" "needs root"; continue; fi
		timeout 30 bpftrace -e "usdt:$bin:sites:step { @step = count(); @stepsum = sum(arg0); }
usdt:$bin:sites:loop { @loop = count(); @loopsum = sum(arg0); }" -c "$bin" >"$W/bt.out" 2>"$W/bt.err"
		want=$(grep -E '^(step|loop) ' "$W/bt.out" | tr '\n' ,)
		got=$(awk '/^@step:/ { s = $2 } /^@stepsum:/ { ss = $2 } /^@loop:/ { l = $2 } /^@loopsum:/ { ls = $2 }
			END { printf "step %s %s,loop %s %s,", s, ss, l, ls }' "$W/bt.out")
		if [ "$want" = "step 3 33,loop 4 6," ] && [ "$got" = "$want" ]; then
			ok "sites-bpftrace $cfg"
		else
			notok "sites-bpftrace $cfg" "bpftrace '$got', program '$want' ($(grep -v -e RLIMIT -e detach -e uprobe_events "$W/bt.err" | head -c 200))"
		fi
	done
done
