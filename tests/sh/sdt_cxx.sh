# tier: full
# sdt_cxx.sh — C++: probes in an inline function and a template used from two translation
# units (tests/progs/sdt/cxx*.{h,cc}). At -O0 the functions stay out of line and the linker
# keeps one COMDAT copy of each, so exactly one note per site must survive, inside the kept
# copy; at -O2 every inlined copy is its own site and every note must still point at a real
# site. Also: a semaphore defined in a namespace keeps its plain symbol name.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
P=$TOP/tests/progs/sdt

# in_function BIN PC NAME: does PC lie inside the function whose demangled name starts NAME?
in_function() {
	nm -C -S "$1" | awk -v pc="$2" -v fn="$3" '
		function hex(h,   i, v) { h = tolower(h); sub(/^0x/, "", h); v = 0
			for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return v }
		{ name = $0; sub(/^[0-9a-f]+ [0-9a-f]+ [A-Za-z] /, "", name)
		  if (index(name, fn) == 1 && NF >= 4) { a = hex($1); s = hex($2); p = hex(pc)
			if (p >= a && p < a + s) found = 1 } }
		END { exit !found }'
}

for cxx in g++ clang++; do
	tag=$(echo "$cxx" | sed 's/++/xx/')
	for opt in -O0 -O2; do
		cfg="$tag$opt"
		bin=$W/cxx-$cfg
		if ! sdt_build "$bin" "$cxx" c++ "$opt" pie "$P/cxx_a.cc" "$P/cxx_b.cc"; then
			notok "cxx-build $cfg" "$(head -c 400 "$bin.err")"; continue
		fi
		out=$("$bin")
		[ "$out" = "9 14" ] || { notok "cxx-run $cfg" "printed '$out', expected '9 14'"; continue; }
		sdt_notes "$bin" >"$W/notes"
		inl=$(awk '$2 == "inl"' "$W/notes" | wc -l)
		tint=$(awk '$2 == "tmpl" && $6 ~ /^-4@/' "$W/notes" | wc -l)
		tdbl=$(awk '$2 == "tmpl" && $6 ~ /^8@/' "$W/notes" | wc -l)
		tall=$(awk '$2 == "tmpl"' "$W/notes" | wc -l)
		if [ "$opt" = -O0 ]; then
			why=
			[ "$inl" -eq 1 ] || why="$inl notes for the inline function's one site"
			[ "$tint" -eq 1 ] && [ "$tdbl" -eq 1 ] && [ "$tall" -eq 2 ] ||
				why="$why; template notes: $tint int, $tdbl double, $tall total (expected 1, 1, 2)"
			pc=$(awk '$2 == "inl" { print $3 }' "$W/notes" | head -1)
			in_function "$bin" "$pc" "shared_inline(int)" || why="$why; inl pc $pc not inside shared_inline"
			pc=$(awk '$2 == "tmpl" && $6 ~ /^-4@/ { print $3 }' "$W/notes" | head -1)
			in_function "$bin" "$pc" "int twice<int>" || why="$why; tmpl pc $pc not inside twice<int>"
			pc=$(awk '$2 == "tmpl" && $6 ~ /^8@/ { print $3 }' "$W/notes" | head -1)
			in_function "$bin" "$pc" "double twice<double>" || why="$why; tmpl pc $pc not inside twice<double>"
			if [ -n "$why" ]; then notok "cxx-one-note-per-site $cfg" "${why#; }"; else ok "cxx-one-note-per-site $cfg"; fi
		else
			# Inlined into a_fn and b_fn, and possibly also kept out of line: 1 to 3 copies each.
			if [ "$inl" -ge 1 ] && [ "$inl" -le 3 ] && [ "$tint" -ge 1 ] && [ "$tint" -le 3 ] &&
				[ "$tdbl" -ge 1 ] && [ "$tdbl" -le 3 ]; then
				ok "cxx-notes $cfg"
			else
				notok "cxx-notes $cfg" "inl $inl, tmpl int $tint, tmpl double $tdbl"
			fi
		fi
		# shellcheck disable=SC2086
		bad=$(sdt_site_check "$bin" $(awk '{ print $3 }' "$W/notes") | head -1)
		if [ -n "$bad" ]; then notok "cxx-sites $cfg" "note pc not at a site: $bad"; else ok "cxx-sites $cfg"; fi
		sym=$(nm "$bin" | awk '$3 == "cxx_ns_semaphore" { print $1 }')
		semnote=$(awk '$2 == "ns" { s = $5; sub(/^0x/, "", s); print s }' "$W/notes")
		if [ -n "$sym" ] && [ "$sym" = "$semnote" ]; then
			ok "cxx-namespace-semaphore $cfg"
		else
			notok "cxx-namespace-semaphore $cfg" "symbol '$sym', note '$semnote'"
		fi
	done
done

# C++-only argument types (tests/progs/sdt/cxxtypes.cc): sizes and signs from the traits, and
# the values as bpftrace (integers, and the long double as the bits of a double) and gdb (the
# long double reinterpreted as a double with output/f) read them.
for cxx in g++ clang++; do
	tag=$(echo "$cxx" | sed 's/++/xx/')
	for opt in -O0 -O2; do
		cfg="$tag$opt"
		bin=$W/cxxtypes-$cfg
		if ! sdt_build "$bin" "$cxx" c++ "$opt" pie "$P/cxxtypes.cc"; then
			notok "cxxtypes-build $cfg" "$(head -c 400 "$bin.err")"; continue
		fi
		sdt_notes "$bin" >"$W/notes"
		why=
		for pk in "enums:1 -8 -2 -4 2 1" "chars:2 4 -4 8 8 8" "ldbl:8"; do
			p=${pk%%:*} want=${pk#*:}
			# shellcheck disable=SC2046
			got=$(sdt_kinds $(awk -v p="$p" '$2 == p { for (i = 6; i <= NF; i++) print $i }' "$W/notes"))
			[ "$got" = "$want" ] || why="$why; $p: '$got', expected '$want'"
		done
		if [ -n "$why" ]; then notok "cxxtypes-readelf $cfg" "${why#; }"; else ok "cxxtypes-readelf $cfg"; fi
		if ! sdt_is_root; then skip "cxxtypes-bpftrace $cfg" "needs root"; continue; fi
		timeout 30 bpftrace -e "usdt:$bin:cxxt:enums { printf(\"bt enums %lu %ld %ld %ld %lu %lu\\n\", arg0, arg1, arg2, arg3, arg4, arg5); }
usdt:$bin:cxxt:chars { printf(\"bt chars %lu %lu %ld %s %lu\\n\", arg0, arg1, arg2, str(arg3), arg4); }
usdt:$bin:cxxt:ldbl { printf(\"bt ldbl %lu\\n\", arg0); }" \
			-c "$bin" >"$W/bt.all" 2>"$W/bt.err"
		want=$(grep -E '^(enums|chars|ldbl) ' "$W/bt.all" | sed '/^chars/s/$/ array 0/' | tr '\n' ,)
		got=$(grep '^bt ' "$W/bt.all" | sed 's/^bt //' | tr '\n' ,)
		if [ -n "$want" ] && [ "$got" = "$want" ]; then
			ok "cxxtypes-bpftrace $cfg"
		else
			notok "cxxtypes-bpftrace $cfg" "bpftrace '$got', program '$want' ($(grep -v -e RLIMIT -e detach -e uprobe_events "$W/bt.err" | head -c 200))"
		fi
		got=$(timeout 30 gdb -batch -ex 'break -probe-stap cxxt:ldbl' -ex run -ex 'output/f $_probe_arg0' \
			"$bin" 2>/dev/null | tail -n 1)
		if [ "$got" = 1.25 ]; then ok "cxxtypes-gdb $cfg"; else notok "cxxtypes-gdb $cfg" "gdb read the long double as '$got', expected 1.25"; fi
	done
done
