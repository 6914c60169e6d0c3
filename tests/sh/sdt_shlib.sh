# tier: full
# sdt_shlib.sh — probes and a semaphore in a shared library (tests/progs/sdt/shlib_lib.c)
# called from an executable (shlib_main.c), for gcc and clang: readelf sees the notes with the
# library's own semaphore address; bpftrace, tracing the library by path while running the
# executable, reads the right values, and its attachment turns the library's USDT_ENABLED on.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
P=$TOP/tests/progs/sdt

for cc in gcc clang; do
	for opt in -O0 -O2; do
		cfg=$cc$opt
		lib=$W/$cfg/libprobed.so
		mkdir -p "$W/$cfg"
		if ! sdt_build "$lib" "$cc" c "$opt" shared "$P/shlib_lib.c"; then
			notok "shlib-build $cfg" "$(head -c 400 "$lib.err")"; continue
		fi
		exe=$W/$cfg/main
		if ! sdt_build "$exe" "$cc" c "$opt" pie "$P/shlib_main.c" -- -L"$W/$cfg" -lprobed -Wl,-rpath,"$W/$cfg"; then
			notok "shlib-build $cfg" "$(head -c 400 "$exe.err")"; continue
		fi
		ok "shlib-build $cfg"
		sdt_notes "$lib" >"$W/notes"
		sym=$(nm "$lib" | awk '$3 == "shlib_work_semaphore" { print $1 }')
		plain=$(awk '$2 == "plain"' "$W/notes")
		work=$(awk '$2 == "work" { s = $5; sub(/^0x/, "", s); print s }' "$W/notes")
		# shellcheck disable=SC2086
		if [ -z "$plain" ] || [ "$(sdt_kinds $(echo "$plain" | cut -d' ' -f6-))" != "-4 -8" ]; then
			notok "shlib-readelf $cfg" "plain note: '$plain'"
		elif [ -z "$sym" ] || [ "$work" != "$sym" ]; then
			notok "shlib-readelf $cfg" "work semaphore in note '$work', symbol '$sym'"
		else
			ok "shlib-readelf $cfg"
		fi
		# The semaphore: 2 bytes in the writable, allocated .probes section, hidden (so the
		# link made it local, it is not exported, and no dynamic relocation or GOT slot
		# reaches it: the library reads it pc-relative).
		probes_idx=$(readelf -SW "$lib" | sed -n 's/^ *\[ *\([0-9]*\)\] \.probes .*/\1/p')
		probes_flags=$(readelf -SW "$lib" | awk '$2 == ".probes" { print $(NF - 3) }')
		symline=$(readelf -sW "$lib" | awk '$8 == "shlib_work_semaphore"' | head -1)
		why=
		[ -n "$probes_idx" ] || why="no .probes section"
		[ "$probes_flags" = WA ] || why="$why; .probes flags '$probes_flags', expected WA"
		echo "$symline" | awk -v i="$probes_idx" '$3 == 2 && $4 == "OBJECT" && $5 == "LOCAL" && $7 == i { f = 1 } END { exit !f }' ||
			why="$why; symbol '$symline' is not a 2-byte local object in .probes"
		readelf --dyn-syms -W "$lib" | grep -q shlib_work_semaphore && why="$why; exported in .dynsym"
		readelf -rW "$lib" | grep -q shlib_work_semaphore && why="$why; reached through a dynamic relocation"
		if [ -n "$why" ]; then notok "shlib-semaphore-symbol $cfg" "${why#; }"; else ok "shlib-semaphore-symbol $cfg"; fi
		if ! sdt_is_root; then skip "shlib-bpftrace $cfg" "needs root"; continue; fi
		plain_out=$("$exe")
		echo "$plain_out" | grep -q '^enabled 1' && { notok "shlib-bpftrace $cfg" "enabled without a tracer"; continue; }
		# bpftrace 0.17 cannot resolve a library's semaphore probe with -c (the library is not
		# mapped yet when it attaches), so attach to the running process with -p.
		"$exe" 150 >"$W/prog.out" &
		pid=$!
		sleep 0.3
		timeout 30 bpftrace -p "$pid" -e "usdt:$lib:shlib:plain { printf(\"bt plain %ld %ld\\n\", arg0, arg1); if (++@n >= 6) { exit(); } }
usdt:$lib:shlib:work { printf(\"bt work %ld %ld\\n\", arg0, arg1); }" >"$W/bt.all" 2>"$W/bt.err"
		wait "$pid"
		why=
		bt_plain=$(grep -c '^bt plain' "$W/bt.all")
		# It attaches at some point of an iteration ("plain" then "work") and stops at the
		# sixth "plain": 6 plains, and 5 or 6 works, each the value its plain announced.
		[ "$bt_plain" -ge 6 ] || why="bpftrace saw $bt_plain plain probes ($(grep -v -e RLIMIT -e detach -e uprobe_events "$W/bt.err" | head -c 200))"
		grep '^bt plain' "$W/bt.all" | sed 's/^bt //' >"$W/bt.plain"
		while read -r line; do
			[ -n "$why" ] && break
			grep -qx "$line" "$W/prog.out" || why="bpftrace read '$line', which the program never passed"
		done <"$W/bt.plain"
		grep '^bt work' "$W/bt.all" | awk '$4 != $3 + 1 { bad = 1 } END { exit bad }' || why="$why; work probe values wrong"
		[ "$(grep -c '^bt work' "$W/bt.all")" -ge 5 ] || why="$why; guarded probe fired $(grep -c '^bt work' "$W/bt.all") times, expected at least 5"
		grep -q '^enabled 1' "$W/prog.out" || why="$why; USDT_ENABLED never true while traced"
		[ "$(tail -n 1 "$W/prog.out")" = "enabled 0" ] || why="$why; still enabled after bpftrace exited"
		if [ -n "$why" ]; then notok "shlib-bpftrace $cfg" "${why#; }"; else ok "shlib-bpftrace $cfg"; fi
	done
done
