#!/bin/sh
# seeds.sh OUT — the fuzz targets' seed corpora (docs/fuzz.md), made from this machine's objects
# and the test tree: OUT/TARGET/ for each tests/fuzz/fuzz_TARGET.c. Run from the repository top
# after `make` (it uses build/usdtrace for -G). Rebuilt from scratch each time; a few small ones
# are committed in tests/fuzz/seeds/ (with the findings of tests/fuzz/regress/, run.sh adds them).
set -eu
OUT=$1
U=${USDTRACE:-$PWD/build/usdtrace}
rm -rf "$OUT"
for t in usdt_elf elf_funcs stapsdt typenote dof symtab usdt_arg dwarf proc_maps dprog provfile \
	 dopt dfmt probedesc cfi debugdata stash; do
	mkdir -p "$OUT/$t"
done
W=$OUT/work
mkdir -p "$W"

# Small programs with probes, built as the tests build them (gcc and clang, -O0/-O2, -g or not).
n=0
for src in tests/progs/sdt/sites.c tests/progs/argtypes.c tests/progs/statics.c \
	   tests/progs/usdt/ut_prog.c tests/progs/usdt/acct_sdt.c; do
	[ -f "$src" ] || continue
	for cc in gcc clang; do
		for opt in "-O0 -g" "-O2"; do
			n=$((n + 1))
			$cc $opt -w -Iinclude -Itests/progs -Itests/progs/usdt -o "$W/prog$n" "$src" \
				2>/dev/null || continue
			cp "$W/prog$n" "$OUT/usdt_elf/prog$n"
			cp "$W/prog$n" "$OUT/elf_funcs/prog$n"
		done
	done
done
# A provider object of -G (the type note), linked into a program and as it is.
for f in tests/prov/valid/*.d; do
	b=$(basename "$f" .d)
	"$U" -G -s "$f" -o "$W/$b.o" 2>/dev/null || continue
	objcopy --dump-section .note.usdtrace="$OUT/typenote/$b" "$W/$b.o" /dev/null 2>/dev/null || true
done
# DOF: programs firing every probe of each provider file, built with -h/-G -x dof; their
# .SUNW_dof sections, from shared objects (tests/fuzz/seeds/dof also has dtrace -G's).
for f in tests/prov/valid/*.d; do
	b=$(basename "$f" .d)
	"$U" -C -h -x dof -s "$f" -o "$W/$b.h" 2>/dev/null || continue
	{
		echo '#include <stddef.h>'; echo '#include <stdint.h>'; echo '#include <sys/types.h>'
		sed '/^provider /,$d' "$f"
		echo "#include \"$b.h\""
		echo 'int fire(long k) { int n = 0;'
		sed -n '/^\/\* provider /,$ s/^#define \([A-Z0-9_]*\)(\(.*\)) \\$/\1 \2/p' "$W/$b.h" |
		while read -r m args; do
			echo "if (${m}_ENABLED()) n++; $m($(echo "$args" | sed 's/arg[0-9]*/k/g'));"
		done
		echo 'return n; }'
	} >"$W/$b-dof.c"
	gcc -O2 -fPIC -w -c "$W/$b-dof.c" -o "$W/$b-dof.o" 2>/dev/null &&
		"$U" -C -G -x dof -s "$f" -o "$W/$b-dofp.o" "$W/$b-dof.o" 2>/dev/null &&
		gcc -shared -o "$W/$b-dof.so" "$W/$b-dof.o" "$W/$b-dofp.o" 2>/dev/null &&
		objcopy --dump-section .SUNW_dof="$OUT/dof/$b" "$W/$b-dof.so" /dev/null 2>/dev/null || true
done

# Real objects of this machine: their notes and argument strings (whole files are too big to
# fuzz quickly; the small programs above stand for them).
for obj in /usr/bin/python3.11 /usr/lib/x86_64-linux-gnu/libstdc++.so.6 \
	   /usr/lib/x86_64-linux-gnu/libc.so.6 "$W"/prog*; do
	[ -f "$obj" ] || continue
	b=$(basename "$obj")
	objcopy --dump-section .note.stapsdt="$OUT/stapsdt/$b" "$obj" /dev/null 2>/dev/null || true
	[ -s "$OUT/stapsdt/$b" ] || rm -f "$OUT/stapsdt/$b"
	readelf -n "$obj" 2>/dev/null | sed -n 's/^ *Arguments: //p' | sort -u | head -200 >"$W/args"
	i=0
	while IFS= read -r a; do
		i=$((i + 1))
		printf '%s' "$a" >"$OUT/usdt_arg/$b.$i"
	done <"$W/args"
done
# Symbol tables: 2 bytes of split point, the .symtab, the .strtab (fuzz_symtab.c); objcopy does
# not dump a .symtab, so its bytes are cut out by the section table.
for obj in "$W"/prog*; do
	python3 - "$obj" "$OUT/symtab/$(basename "$obj")" <<'PY' || true
import struct, sys
d = open(sys.argv[1], 'rb').read()
shoff, = struct.unpack_from('<Q', d, 0x28)
shentsize, shnum = struct.unpack_from('<HH', d, 0x3a)
secs = [struct.unpack_from('<IIQQQQIIQQ', d, shoff + i * shentsize) for i in range(shnum)]
sym = [s for s in secs if s[1] == 2]
if sym:
    s = sym[0]
    st = secs[s[6]]
    n = s[5]
    out = bytes([n & 255, n >> 8 & 255]) + d[s[4]:s[4] + n] + d[st[4]:st[4] + st[5]]
    open(sys.argv[2], 'wb').write(out)
PY
done
# DWARF: the importer's test fixtures, DWARF 4 and 5.
for v in 4 5; do
	gcc -O0 -g -gdwarf-$v -w tests/unit/fixtures/dwt_fixture.c tests/unit/fixtures/dwt_fixture2.c \
		-o "$OUT/dwarf/fixture$v" 2>/dev/null || true
done
cp "$W"/prog* "$OUT/dwarf/" 2>/dev/null || true
# Call frame information: the .eh_frame of this machine's objects and the programs, and a
# .debug_frame (a shared object built without unwind tables), each after its kind byte.
i=0
for f in /lib64/ld-linux-x86-64.so.2 /lib/x86_64-linux-gnu/libc.so.6 /usr/bin/python3.11 \
	 /lib/x86_64-linux-gnu/libstdc++.so.6 "$W"/prog*; do
	[ -f "$f" ] || continue
	i=$((i + 1))
	if rm -f "$W/sec" && objcopy --dump-section .eh_frame="$W/sec" "$f" "$W/o" 2>/dev/null && [ -s "$W/sec" ]; then
		{ printf '\000'; cat "$W/sec"; } >"$OUT/cfi/eh.$i"
	fi
done
printf 'long f(long *v, int n) { long s = 0; while (n--) s += v[n]; return s; }\n' >"$W/df.c"
if gcc -O2 -g -shared -fPIC -nostdlib -fno-asynchronous-unwind-tables -fno-unwind-tables \
	-Wl,--no-ld-generated-unwind-info -o "$W/df.so" "$W/df.c" 2>/dev/null &&
	objcopy --dump-section .debug_frame="$W/sec" "$W/df.so" "$W/o" 2>/dev/null; then
	{ printf '\001'; cat "$W/sec"; } >"$OUT/cfi/debug.1"
fi
# MiniDebugInfo: a symbols-only ELF object, xz-compressed, as Fedora's find-debuginfo makes
# the .gnu_debugdata section (fuzz_debugdata.c; the committed seed is one too).
for f in "$W"/prog*; do
	[ -f "$f" ] || continue
	if objcopy --only-keep-debug "$f" "$W/dbg" 2>/dev/null &&
		objcopy -S --remove-section .comment "$W/dbg" "$W/mini" 2>/dev/null &&
		xz -c "$W/mini" >"$OUT/debugdata/$(basename "$f").xz" 2>/dev/null; then :; fi
done
# Stash records (stash_codec.h): objects with probes, and a process's record.
SC=${STASH_CHECK:-$PWD/build/tools/stash_check}
if [ -x "$SC" ]; then
	i=0
	for f in /usr/bin/python3.11 /lib/x86_64-linux-gnu/libstdc++.so.6 "$W"/prog1 "$W"/prog2; do
		[ -f "$f" ] || continue
		i=$((i + 1))
		"$SC" --encode "$f" "$OUT/stash/object.$i" 2>/dev/null || true
	done
	"$SC" --encode-self "$OUT/stash/process.1" 2>/dev/null || true
fi
# /proc/PID/maps of a few processes.
for p in self 1 $$; do
	cat /proc/$p/maps >"$OUT/proc_maps/maps.$p" 2>/dev/null || true
done
# D programs, provider files, options, formats, descriptions from the test tree.
find tests/d -name '*.d' -size -8k | while read -r f; do
	cp "$f" "$OUT/dprog/$(echo "$f" | tr / _)"
done
for f in tests/prov/valid/*.d tests/prov/invalid/*.d tests/progs/usdt/*.d; do
	[ -f "$f" ] && cp "$f" "$OUT/provfile/$(echo "$f" | tr / _)"
done
grep -rhoE '#pragma D option [^ ]+' tests/d | sed 's/#pragma D option //' | sort -u >"$W/opts"
split -l 4 "$W/opts" "$OUT/dopt/opt."
grep -rhoE 'printf\("([^"\\]|\\.)*"' tests/d | sed 's/^printf("//; s/"$//' | sort -u | head -400 >"$W/fmts"
i=0
while IFS= read -r f; do
	i=$((i + 1))
	printf '\003%s' "$f" >"$OUT/dfmt/fmt.$i"
done <"$W/fmts"
grep -rhoE '^[a-z$][A-Za-z0-9_$*?-]*:[A-Za-z0-9_.*?-]*:[A-Za-z0-9_.*?-]*:[A-Za-z0-9_*?-]*' tests/d | \
	sort -u | head -300 >"$W/descs"
i=0
while IFS= read -r d; do
	i=$((i + 1))
	printf 'n%s' "$d" >"$OUT/probedesc/desc.$i"
done <"$W/descs"
for d in 'Ppython' 'mlibc.so.6' 'fpid123:a.out:main' 'f::read:' 'n[a-z]*::*:entry'; do
	i=$((i + 1))
	printf '%s' "$d" >"$OUT/probedesc/desc.$i"
done
rm -rf "$W"
for t in "$OUT"/*; do
	echo "$(basename "$t"): $(ls "$t" | wc -l) seeds"
done
