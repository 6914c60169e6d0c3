#!/bin/sh
# tier: fast
# notes_symbols.sh — what usdt_note takes from symbol tables and from usdtrace's type notes,
# checked against binutils (nm, readelf) and against run-time values (argcheck):
#   * each site's enclosing function is the nm function whose [value, value+size) holds pc;
#   * sym(%rip) / absolute symbols resolve to nm's address, TLS symbols of an executable to
#     nm's value minus the PT_TLS block size rounded up to its alignment (readelf -l);
#   * a TLS symbol in a shared object stays unresolved, with a reason;
#   * equally named static variables in two files resolve to the right one (values via ptrace);
#   * .note.usdtrace types and declarations match readelf's hex dump of the same notes.
NOTEDUMP="$B/tools/notedump"
ARGCHECK="$B/tools/argcheck"
P="$TOP/tests/progs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for t in "$NOTEDUMP" "$ARGCHECK"; do
	if [ ! -x "$t" ]; then
		echo "not ok - notes_symbols: $t not built"
		exit 1
	fi
done

HEXLIB='
function hex(s,   v, i) {
	v = 0; s = tolower(s); sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}'

# fn_check NAME BINARY: fn= of every site equals the nm function containing its pc.
fn_check() {
	nm -S --defined-only "$2" | awk '$3 ~ /^[tTiW]$/ && NF == 4 { print $1, $2, $4 }' >"$work/funcs"
	"$NOTEDUMP" "$2" >"$work/sites" 2>"$work/nd.err"
	why=$(awk -v funcs="$work/funcs" "$HEXLIB"'
	BEGIN { while ((getline l < funcs) > 0) { split(l, w, " "); n++; v[n] = hex(w[1]); s[n] = hex(w[2]); name[n] = w[3] } }
	{
		pc = $4; sub(/^pc=/, "", pc); pc = hex(pc)
		fn = $8; sub(/^fn=/, "", fn)
		want = "-"
		for (i = 1; i <= n; i++) if (pc >= v[i] && pc < v[i] + s[i]) { want = name[i]; break }
		if (fn != want) { printf "%s:%s fn=%s, nm says %s; ", $2, $3, fn, want; bad = 1 }
		count++
	}
	END { if (!count) print "no sites"; exit bad || !count }' "$work/sites") &&
		echo "ok - $1" || echo "not ok - $1: $why"
}

# sym_check NAME BINARY: every resolved symbol address matches nm (TLS: via PT_TLS).
sym_check() {
	nm --defined-only "$2" | awk '{ print $3, $1 }' >"$work/syms"
	readelf -lW "$2" | awk '$1 == "TLS" { print $6, $NF }' >"$work/tls"
	"$NOTEDUMP" -a "$2" >"$work/args" 2>"$work/nd.err"
	why=$(awk -v syms="$work/syms" -v tls="$work/tls" "$HEXLIB"'
	BEGIN {
		while ((getline l < syms) > 0) { split(l, w, " "); cnt[w[1]]++; addr[w[1]] = hex(w[2]) }
		if ((getline l < tls) > 0) { split(l, w, " "); memsz = hex(w[1]); align = hex(w[2]) }
		if (align < 1) align = 1
		block = int((memsz + align - 1) / align) * align
	}
	/^  arg .* sym=/ {
		sym = ""; for (i = 1; i <= NF; i++) if ($i ~ /^sym=/) { sym = substr($i, 5); val = $(i + 1) }
		if (cnt[sym] != 1) next      # ambiguous names are for the statics case
		checked++
		if (val ~ /^addr=/) { got = hex(substr(val, 6)); want = addr[sym] }
		else { got = substr(val, 7) + 0; want = addr[sym] - block }
		if (got != want) { printf "%s: got %s, nm gives %d; ", sym, val, want; bad = 1 }
	}
	END { if (!checked) print "no resolved symbols"; exit bad || !checked }' "$work/args") &&
		echo "ok - $1" || echo "not ok - $1: $why"
}

gcc -pie -o "$work/af_pie" "$P/argforms.S" &&
	gcc -no-pie -DNOPIE -Wl,--section-start=.argfixed=0x20000000 -o "$work/af_nopie" "$P/argforms.S" ||
	echo "not ok - build argforms.S"
fn_check functions_argforms_pie "$work/af_pie"
sym_check symbols_argforms_pie "$work/af_pie"
sym_check symbols_argforms_nopie "$work/af_nopie"
for cc in gcc clang; do
	command -v $cc >/dev/null 2>&1 || { echo "skip - functions_argtypes_$cc: $cc not installed"; continue; }
	$cc -O2 -I"$P" -o "$work/at_$cc" "$P/argtypes.c" || echo "not ok - build argtypes with $cc"
	fn_check "functions_argtypes_$cc" "$work/at_$cc"
done
sym_check symbols_argtypes_gcc "$work/at_gcc"

# A TLS operand in a shared object: known only at run time, so unresolved, with the reason.
cat >"$work/tlslib.S" <<'ASM'
	.section .tbss, "awT", @nobits
	.globl libtv
	.type libtv, @object
	.size libtv, 8
libtv:	.zero 8
	.text
	.globl libfn
	.type libfn, @function
libfn:
990:	nop
	.pushsection .note.stapsdt, "", @note
	.balign 4
	.4byte 992f - 991f, 994f - 993f, 3
991:	.asciz "stapsdt"
992:	.balign 4
993:	.8byte 990b, 0, 0
	.asciz "lib"
	.asciz "tls"
	.asciz "8@%fs:libtv@tpoff 8@%fs:-8"
994:	.balign 4
	.popsection
	ret
	.size libfn, . - libfn
	.section .note.GNU-stack, "", @progbits
ASM
if gcc -shared -o "$work/libtls.so" "$work/tlslib.S" 2>"$work/cc.err"; then
	"$NOTEDUMP" -a "$work/libtls.so" >"$work/lib.out" 2>"$work/lib.err"
	if grep -q "arg 0 8@%fs:libtv@tpoff -> .* unresolved: TLS symbol 'libtv' is in a shared object" "$work/lib.out" &&
		grep -q "arg 1 8@%fs:-8 -> %fs:-8 uint64_t$" "$work/lib.out" &&
		grep -q "^site lib tls .* fn=libfn " "$work/lib.out"; then
		echo "ok - tls_in_shared_object"
	else
		echo "not ok - tls_in_shared_object: $(tr '\n' ' ' <"$work/lib.out")"
	fi
else
	echo "not ok - tls_in_shared_object: build failed: $(head -c 300 "$work/cc.err")"
fi

# Two files with static variables of the same names; the values tell which one was read.
ptrace_off=no
[ "$(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null || echo 0)" = 3 ] && ptrace_off=yes
for cc in gcc clang; do
	command -v $cc >/dev/null 2>&1 || continue
	if [ $ptrace_off = yes ]; then
		echo "skip - statics_$cc: ptrace disabled (kernel.yama.ptrace_scope=3)"
		continue
	fi
	for o in -O0 -O2; do
		name=statics_$cc$o
		if $cc $o -I"$P" -DSIDE=a -DSTART=111 -c "$P/statics.c" -o "$work/a.o" &&
			$cc $o -I"$P" -DSIDE=b -DSTART=222 -DWITH_MAIN -c "$P/statics.c" -o "$work/b.o" &&
			$cc -o "$work/$name" "$work/a.o" "$work/b.o"; then
			out=$("$ARGCHECK" "$work/$name" 2>"$work/st.err" | tr '\n' ' ')
			if [ "$out" = "test:a: 112 6 test:b: 223 51 test:a: 123 7 " ] &&
				! grep -v "(a guess)" "$work/st.err" | grep -q .; then
				echo "ok - $name"
			else
				echo "not ok - $name: got '$out' $(head -c 300 "$work/st.err")"
			fi
		else
			echo "not ok - $name: build failed"
		fi
	done
done

# Type notes: notedump's view against readelf's raw dump of the owner "usdtrace" notes.
"$NOTEDUMP" -a "$work/af_pie" | grep -E '^(types|decls)' >"$work/types.nd"
readelf -nW "$work/af_pie" | awk '
	/^ *usdtrace / {
		sub(/.*description data: /, "")
		n = split($0, b, " "); s = ""; parts = 0
		for (i = 1; i <= n; i++) {
			c = index("0123456789abcdef", substr(b[i], 1, 1)) * 16 + index("0123456789abcdef", substr(b[i], 2, 1)) - 17
			if (c == 0) { part[++parts] = s; s = "" }
			else if (c == 10) s = s "\\n"
			else s = s sprintf("%c", c)
		}
		if (parts == 1) { print "decls: " part[1]; next }
		line = "types " part[1] " " part[2] ":"
		for (i = 3; i <= parts; i++) line = line (i == 3 ? " " : "|") part[i]
		print line
	}' >"$work/types.re"
if [ -s "$work/types.re" ] && cmp -s "$work/types.re" "$work/types.nd"; then
	echo "ok - type_notes"
else
	echo "not ok - type_notes: readelf: $(tr '\n' ' ' <"$work/types.re") notedump: $(tr '\n' ' ' <"$work/types.nd")"
fi
