#!/bin/sh
# tier: full
# pid_cxx.sh — pid probes on C++ functions (tests/progs/pid/pidcxx.cc, built with g++ -O2 PIE
# and clang++ -O0 -no-pie): namespaced, overloaded, template, const member, nested-namespace
# and extern "C" functions. Checked:
#   * probefunc is the demangled name, as c++filt spells it, at entry and at return; each
#     function's entry count is the program's own count of its calls;
#   * -l lists the same demangled names in dtrace's columns;
#   * every overload is its own probe (three "geo::calc(...)" with different counts).
# The mangled names are fixed by the Itanium C++ ABI, the same for both compilers; the test
# checks each is in the binary's symbol table before relying on it.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
. "$TOP/tests/sh/pid.inc"
U=$USDTRACE
if ! sdt_is_root; then
	skip pid_cxx "needs root"
	exit 0
fi
command -v c++filt >/dev/null 2>&1 || { skip pid_cxx "no c++filt"; exit 0; }

# program key -> mangled name
cat >"$W/keys" <<'EOF2'
calc_int _ZN3geo4calcEi
calc_ll _ZN3geo4calcEll
calc_str _ZN3geo4calcEPKc
twice_int _ZN3geo5twiceIiEET_S1_
twice_long _ZN3geo5twiceIlEET_S1_
volume _ZNK3geo3Box6volumeEv
deep _ZN3geo5inner4deepEl
plain_c geo_plain
EOF2

for v in g++:O2:pie clang++:O0:nopie; do
	cc=${v%%:*} opt=${v#*:} link=${opt#*:} opt=${opt%%:*}
	b=pidcxx_${cc%++}xx_$opt
	command -v $cc >/dev/null 2>&1 || { skip "pid-cxx-$b" "$cc not installed"; continue; }
	if ! sdt_build "$W/$b" $cc c++ -$opt $link "$TOP/tests/progs/pid/pidcxx.cc"; then
		notok "pid-cxx-build-$b" "$(head -c 300 "$W/$b.err")"
		continue
	fi
	bin=$W/$b
	missing=$(awk '{ print $2 }' "$W/keys" | while read -r m; do
		nm "$bin" | awk -v m="$m" '$3 == m { f = 1 } END { exit !f }' || echo "$m"
	done)
	if [ -n "$missing" ]; then
		notok "pid-cxx-build-$b" "symbols not in the binary: $missing"
		continue
	fi
	"$bin" >"$W/$b.base"

	# expected "DEMANGLED|CALLS", from c++filt and the program's own counts
	while read -r key m; do
		printf '%s|%s\n' "$(echo "$m" | c++filt)" "$(awk -v k="$key" '$1 == k { print $2 }' "$W/$b.base")"
	done <"$W/keys" | sort >"$W/$b.want"
	grep '^geo::calc(' "$W/$b.want" | sort >"$W/$b.rwant"

	timeout 60 "$U" -q -o "$W/$b.tr" -n 'pid$target:a.out:*geo*:entry { @e[probefunc] = count(); }' \
		-n 'pid$target:a.out:*calc*:return { @r[probefunc] = count(); }' \
		-n 'END { printa("e %s|%@d\n", @e); printa("r %s|%@d\n", @r); }' \
		-c "$bin" >"$W/$b.prog" 2>"$W/$b.trerr"
	rc=$?
	sed -n 's/^e //p' "$W/$b.tr" | sort >"$W/$b.got"
	sed -n 's/^r //p' "$W/$b.tr" | sort >"$W/$b.rgot"
	if [ $rc -eq 0 ] && cmp -s "$W/$b.want" "$W/$b.got" && cmp -s "$W/$b.prog" "$W/$b.base"; then
		ok "pid-cxx-demangled-entry-$b"
	else
		notok "pid-cxx-demangled-entry-$b" "rc $rc: $(diff "$W/$b.want" "$W/$b.got" | grep '^[<>]' | head -n 6 | tr '\n' ' ') $(head -c 200 "$W/$b.trerr")"
	fi
	if [ $rc -eq 0 ] && cmp -s "$W/$b.rwant" "$W/$b.rgot"; then
		ok "pid-cxx-demangled-return-$b"
	else
		notok "pid-cxx-demangled-return-$b" "got [$(tr '\n' ' ' <"$W/$b.rgot")] want [$(tr '\n' ' ' <"$W/$b.rwant")]"
	fi

	# -l: the function column holds the demangled name (which may contain blanks)
	timeout 30 "$U" -l -n 'pid$target:a.out:*geo*:entry' -c "$bin" >"$W/$b.l" 2>"$W/$b.lerr"
	rc=$?
	cut -d'|' -f1 "$W/$b.want" >"$W/$b.lwant"
	sed 1d "$W/$b.l" | sed -E 's/^ *[0-9]+ +pid[0-9]+ +[^ ]+ +//; s/ entry$//; s/^ *//' | sort >"$W/$b.lgot"
	set -f # names hold "*"
	bad=$(sed 1d "$W/$b.l" | while IFS= read -r line; do
		fn=$(echo "$line" | sed -E 's/^ *[0-9]+ +pid[0-9]+ +[^ ]+ +//; s/ entry$//; s/^ *//')
		set -- $line
		[ "$(printf '%5d %10s %17s %33s %s' "$1" "$2" "$3" "$fn" entry)" = "$line" ] && [ "$3" = "$b" ] ||
			echo "[$line]"
	done | head -n 2)
	set +f
	if [ $rc -eq 0 ] && [ -z "$bad" ] && cmp -s "$W/$b.lwant" "$W/$b.lgot"; then
		ok "pid-cxx-list-$b"
	else
		notok "pid-cxx-list-$b" "rc $rc; rows not in dtrace's format: $bad; $(diff "$W/$b.lwant" "$W/$b.lgot" | grep '^[<>]' | head -n 4 | tr '\n' ' ') $(head -c 200 "$W/$b.lerr")"
	fi
done
