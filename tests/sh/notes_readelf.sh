#!/bin/sh
# tier: fast
# notes_readelf.sh — the sites usdt_note reads (printed by tests/tools/notedump) agree with what
# binutils' readelf prints: provider, name, address, semaphore, argument string, and the file
# offsets computed from readelf's program headers (pc adjusted by .stapsdt.base as the stapsdt
# convention says: pc += section address - note base).
NOTEDUMP="$B/tools/notedump"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$NOTEDUMP" ]; then
	echo "not ok - notedump: $NOTEDUMP not built"
	exit 1
fi
if ! command -v readelf >/dev/null 2>&1; then
	echo "skip - notes_readelf: readelf not installed"
	exit 0
fi

# What readelf says, in notedump's line format (without fn=, which readelf does not know).
from_readelf() {
	f=$1
	readelf -SW "$f" | awk '$2 == ".stapsdt.base" { print "base", $4 } $3 == ".stapsdt.base" { print "base", $5 }' >"$work/secs"
	readelf -lW "$f" | awk '$1 == "LOAD" { print "load", $2, $3, $5 }' >>"$work/secs"
	readelf -nW "$f" | awk -v secs="$work/secs" '
	function hex(s,   v, i, c) {
		v = 0; s = tolower(s); sub(/^0x/, "", s)
		for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c }
		return v
	}
	function tohex(v,   s, d) {
		if (v == 0) return "0"
		s = ""
		while (v > 0) { d = v % 16; s = substr("0123456789abcdef", d + 1, 1) s; v = (v - d) / 16 }
		return "0x" s
	}
	function to_off(a,   i) {
		for (i = 1; i <= nl; i++)
			if (a >= lv[i] && a < lv[i] + lf[i]) return a - lv[i] + lo[i]
		return -1
	}
	BEGIN {
		hasbase = 0; nl = 0
		while ((getline line < secs) > 0) {
			split(line, w, " ")
			if (w[1] == "base") { hasbase = 1; baseaddr = hex(w[2]) }
			else { nl++; lo[nl] = hex(w[2]); lv[nl] = hex(w[3]); lf[nl] = hex(w[4]) }
		}
	}
	/Provider: / { prov = $0; sub(/.*Provider: /, "", prov) }
	/^ *Name: / { name = $2 }
	/^ *Location: / {
		loc = $2; base = $4; sem = $6
		sub(/,$/, "", loc); sub(/,$/, "", base)
		pc = hex(loc)
		if (hasbase && hex(base) != 0) pc += baseaddr - hex(base)
		s = hex(sem)
	}
	/^ *Arguments:/ {
		args = $0; sub(/^ *Arguments: ?/, "", args)
		printf "site %s %s pc=%s pc_off=%s sem=%s sem_off=%s args=%s\n", prov, name, tohex(pc),
			tohex(to_off(pc)), tohex(s), s ? tohex(to_off(s)) : "0", args
	}'
}

check() { # NAME FILE
	name=$1 f=$2
	if ! "$NOTEDUMP" "$f" >"$work/nd" 2>"$work/nd.err"; then
		echo "not ok - $name: notedump failed: $(head -c 300 "$work/nd.err")"
		return
	fi
	sed 's/ fn=[^ ]* args=/ args=/' "$work/nd" >"$work/nd.cmp"
	from_readelf "$f" >"$work/re"
	if [ -n "$3" ] && [ "$(wc -l <"$work/re")" -ne "$3" ]; then
		echo "not ok - $name: readelf shows $(wc -l <"$work/re") sites, expected $3"
		return
	fi
	if cmp -s "$work/re" "$work/nd.cmp"; then
		echo "ok - $name"
	else
		echo "not ok - $name: differs from readelf: $(diff "$work/re" "$work/nd.cmp" | head -n 4 | tr '\n' ' ')"
	fi
}

if [ -e /usr/bin/python3.11 ]; then
	check python3.11 /usr/bin/python3.11 8
else
	echo "skip - python3.11: /usr/bin/python3.11 not installed"
fi
for lib in /usr/lib/x86_64-linux-gnu/libstdc++.so.6 /usr/lib/jvm/*/lib/server/libjvm.so; do
	[ -e "$lib" ] || continue
	check "$lib" "$lib"
done

gcc -pie -o "$work/af_pie" "$TOP/tests/progs/argforms.S" && check argforms_pie "$work/af_pie" 16
gcc -no-pie -DNOPIE -Wl,--section-start=.argfixed=0x20000000 -o "$work/af_nopie" \
	"$TOP/tests/progs/argforms.S" && check argforms_nopie "$work/af_nopie" 19
for cc in gcc clang; do
	command -v $cc >/dev/null 2>&1 || continue
	$cc -O2 -o "$work/at_$cc" "$TOP/tests/progs/argtypes.c" && check "argtypes_$cc" "$work/at_$cc" 7
done

# A file without probes: nothing from either side.
check no_probes /bin/true 0

# A real 32-bit object (gcc -m32 -c needs no 32-bit libc): refused with a clear message.
echo 'int x;' >"$work/m32.c"
if gcc -m32 -c -o "$work/m32.o" "$work/m32.c" 2>/dev/null; then
	if "$NOTEDUMP" "$work/m32.o" >/dev/null 2>"$work/m32.err"; then
		echo "not ok - elf32_refused: accepted a 32-bit object"
	elif grep -q "32-bit ELF objects are not supported" "$work/m32.err"; then
		echo "ok - elf32_refused"
	else
		echo "not ok - elf32_refused: message was: $(cat "$work/m32.err")"
	fi
else
	echo "skip - elf32_refused: gcc -m32 cannot compile here"
fi

# Not ELF at all.
if "$NOTEDUMP" "$TOP/tests/sh/notes_readelf.sh" >/dev/null 2>"$work/txt.err"; then
	echo "not ok - not_elf_refused: accepted a shell script"
elif grep -q "not an ELF file" "$work/txt.err"; then
	echo "ok - not_elf_refused"
else
	echo "not ok - not_elf_refused: message was: $(cat "$work/txt.err")"
fi
