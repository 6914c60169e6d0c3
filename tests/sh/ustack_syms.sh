#!/bin/sh
# tier: full
# ustack_syms.sh — the names of user frames where a binary has few symbols (issue 22), on
# tests/progs/ustack/syms_static.c (static functions three calls deep to a USDT probe, built
# -O2 -fomit-frame-pointer) stripped the ways distributions strip it:
#   * MiniDebugInfo: stripped, with .gnu_debugdata holding an xz-compressed ELF object whose
#     .symtab has the functions .dynsym lacks, made the way Fedora's find-debuginfo makes it;
#     the frames' names must be gdb's (gdb reads MiniDebugInfo) and nm's of the unstripped
#     program;
#   * a .gnu_debuglink to a separate debug file beside it (no build-ID file installed): nm's
#     names;
#   * nothing left (strip --strip-all): each function without a symbol is named after the
#     start of its FDE, fde_ADDR (ADDR as nm shows the unstripped program's symbol there,
#     docs/unwind.md), so that frames of one function aggregate together;
#   * built without unwind tables (-fno-asynchronous-unwind-tables -g), then stripped of its
#     debug sections with a debuglink to them: the walk takes .debug_frame from the debug file
#     and reaches main; without the debug file it cannot (the witness that the case can fail).
# Frames are compared as names down to main; then libc's frames and _start must follow.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then skip ustack_syms "needs root"; exit 0; fi
for t in gdb gcc nm strip objcopy xz; do
	command -v $t >/dev/null 2>&1 || { skip ustack_syms "$t not installed"; exit 0; }
done
printf "#include <sys/sdt.h>\n" | gcc -E - >/dev/null 2>&1 || { skip ustack_syms "no sys/sdt.h (systemtap-sdt-dev)"; exit 0; }
SRC=$TOP/tests/progs/ustack/syms_static.c
cd "$W" || exit 1
gcc -O2 -fomit-frame-pointer -o orig "$SRC" || { notok "ustack_syms build" "gcc failed"; exit 0; }

# ours BIN OUT: usdtrace's frames of BIN at the probe, "module`name" without offsets
ours() {
	timeout 60 "$U" -q -n 'symtest$target:::hit { ustack(); }' -c "$1" >"$W/u.out" 2>"$W/u.err"
	sed -n 's/^ \{14\}//p' "$W/u.out" | grep -v '^$' | sed 's/+0x[0-9a-f]*$//' >"$2"
}
# gdbnames BIN OUT: gdb's function names at the probe, frames 0 to main
gdbnames() {
	timeout 90 gdb -q -batch -ex 'break -probe-stap symtest:hit' -ex run -ex bt "$1" </dev/null 2>&1 |
		awk '/^#/ { for (i = 2; i <= NF; i++) if ($i == "in") { print $(i + 1); break }
			   if (!seen && $0 ~ / in main /) exit }' >"$2"
}
# head4 FILE: the first four frames' names, module dropped, one line
head4() { head -4 "$1" | sed 's/^[^`]*`//' | tr '\n' ' '; }
# tail_ok FILE [START]: libc's frames and _start (or its name START) follow main
tail_ok() {
	sed -n '5,$p' "$1" | tr '\n' ' ' |
		grep -q "^libc.so.6\`__libc_start_call_main libc.so.6\`__libc_start_main [^ ]*\`${2:-_start} \$"
}
want='depth3 depth2 depth1 main '

# --- MiniDebugInfo, made as find-debuginfo.sh makes it
nm -D orig --format=posix --defined-only | awk '{ print $1 }' | sort >dynsyms
nm orig --format=posix --defined-only | awk '$2 == "T" || $2 == "t" || $2 == "D" { print $1 }' |
	sort >funcsyms
comm -13 dynsyms funcsyms >keep
objcopy --only-keep-debug orig orig.debug
objcopy -S --remove-section .gdb_index --remove-section .comment --keep-symbols=keep orig.debug mini
xz -f mini
strip -o stripped orig
cp stripped minidebug && objcopy --add-section .gnu_debugdata=mini.xz minidebug
gdbnames ./minidebug g.mini
ours ./minidebug o.mini
g=$(head -4 g.mini | tr '\n' ' ')
o=$(head4 o.mini)
if [ "$g" = "$want" ] && [ "$o" = "$want" ] && tail_ok o.mini; then
	ok "ustack_syms minidebuginfo ($o= gdb's and nm's)"
else
	notok "ustack_syms minidebuginfo" "gdb '$g' usdtrace '$(tr '\n' ' ' <o.mini)' want '$want...' $(head -c 200 u.err)"
fi

# --- a debuglink to a separate debug file beside the object
mkdir -p dl && cp stripped dl/linked && cp orig.debug dl/ && objcopy --add-gnu-debuglink=dl/orig.debug dl/linked
ours ./dl/linked o.link
o=$(head4 o.link)
if [ "$o" = "$want" ] && tail_ok o.link; then
	ok "ustack_syms debuglink symbols ($o)"
else
	notok "ustack_syms debuglink symbols" "usdtrace '$(tr '\n' ' ' <o.link)' want '$want...'"
fi
# the same link to a file whose CRC differs: not taken
mkdir -p bad && cp stripped bad/linked && cp orig.debug bad/orig.debug &&
	objcopy --add-gnu-debuglink=bad/orig.debug bad/linked && printf 'x' >>bad/orig.debug
ours ./bad/linked o.bad
if grep -q 'depth' o.bad; then
	notok "ustack_syms debuglink crc" "a debug file whose CRC differs was used: $(tr '\n' ' ' <o.bad)"
else
	ok "ustack_syms debuglink crc (a changed debug file is not used)"
fi

# --- no symbols: FDE starts, named as nm names the unstripped program's functions there
ours ./stripped o.strip
exp=""
for f in depth3 depth2 depth1 main; do
	a=$(nm orig | awk -v f=$f '$3 == f { sub(/^0+/, "", $1); print $1 }')
	exp="${exp}fde_$a "
done
o=$(head4 o.strip)
start=$(nm orig | awk '$3 == "_start" { sub(/^0+/, "", $1); print $1 }')
if [ "$o" = "$exp" ] && tail_ok o.strip "fde_$start"; then
	ok "ustack_syms stripped: FDE names ($o= nm's $want)"
else
	notok "ustack_syms stripped" "usdtrace '$(tr '\n' ' ' <o.strip)' want '$exp...'"
fi

# --- CFI from the debug file's .debug_frame
gcc -O2 -fomit-frame-pointer -fno-asynchronous-unwind-tables -g -o nouw "$SRC"
mkdir -p cf && objcopy --only-keep-debug nouw cf/nouw.debug && strip -g -o cf/nouw nouw &&
	objcopy --add-gnu-debuglink=cf/nouw.debug cf/nouw
if readelf -S cf/nouw | grep -q debug_frame; then
	notok "ustack_syms debuglink cfi" "strip -g left .debug_frame"
else
	ours ./cf/nouw o.cf
	mv cf/nouw.debug cf/gone.debug
	ours ./cf/nouw o.cfgone
	o=$(head4 o.cf)
	if [ "$o" = "$want" ] && tail_ok o.cf && ! grep -q '`main$' o.cfgone; then
		ok "ustack_syms debuglink cfi (.debug_frame of the debug file: $o; without it: $(head4 o.cfgone))"
	else
		notok "ustack_syms debuglink cfi" "with: '$(tr '\n' ' ' <o.cf)' without: '$(tr '\n' ' ' <o.cfgone)'"
	fi
fi
