#!/bin/sh
# tier: full
# ustack_exec.sh — user stacks of images a process gains while traced, printed at END after it
# has exited (issue 20): a -c command that execs another program (a pyenv shim execs the real
# python) symbolizes before the exec against the first image and after it against the new one;
# a library it dlopen()s keeps its symbols once the process is gone. Samples from profile-997
# on tests/progs/ustack/spin.c and spinlib.c; each frame's function and offset checked against
# nm's symbols and sizes for the binary (an independent reader of the same files).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip ustack-exec "needs root"
	exit 0
fi
FL="-O1 -fno-omit-frame-pointer -g"
if ! cc $FL -o "$W/spin" "$TOP/tests/progs/ustack/spin.c" -ldl 2>"$W/cc.err" ||
   ! cc $FL -fPIC -shared -o "$W/libspinlib.so" "$TOP/tests/progs/ustack/spinlib.c" 2>>"$W/cc.err"; then
	notok ustack-exec-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi
cp "$W/spin" "$W/spin2"   # another file: the exec'd image's module is spin2

# samples FILE MOD FUNC BIN: the count of FILE's frames "MOD`FUNC+0xOFF" whose offset lies in
# FUNC as nm -S reads it in BIN (0 if none)
samples() {
	size=$(nm -S "$4" | awk -v f="$3" '$4 == f { print $2 }' | head -1)
	[ -n "$size" ] || { echo 0; return; }
	awk -v want="$2\`$3+0x" -v size=$((0x$size)) '
		function hex(s,  i, v) {
			v = 0
			for (i = 1; i <= length(s); i++)
				v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v
		}
		index($1, want) == 1 { off = hex(substr($1, length(want) + 1))
			getline c; if (off > 0 && off < size) t += c }
		END { print t + 0 }' "$1"
}

"$USDTRACE" -q -n 'profile-997 /pid == $target/ { @[ustack(1)] = count(); }' \
	-c "$W/spin exec 300 $W/spin2 run 600" >"$W/exec.out" 2>"$W/exec.err"
before=$(samples "$W/exec.out" spin spin_before_exec "$W/spin")
after=$(samples "$W/exec.out" spin2 spin_main "$W/spin2")
if [ "$before" -ge 20 ] && [ "$after" -ge 20 ]; then
	ok "ustack-exec: before the exec spin\`spin_before_exec ($before), after it spin2\`spin_main ($after)"
else
	notok ustack-exec "before $before, after $after: $(awk NF "$W/exec.out" | head -20 | tr '\n' '|') $(cat "$W/exec.err")"
fi

"$USDTRACE" -q -n 'profile-997 /pid == $target/ { @[ustack(1)] = count(); }' \
	-c "$W/spin dlopen $W/libspinlib.so 600" >"$W/dl.out" 2>"$W/dl.err"
lib=$(samples "$W/dl.out" libspinlib.so lib_spin "$W/libspinlib.so")
if [ "$lib" -ge 20 ]; then
	ok "ustack-exec: a dlopen()ed library's frames named at END ($lib in libspinlib.so\`lib_spin)"
else
	notok ustack-exec "dlopen: $lib: $(awk NF "$W/dl.out" | head -20 | tr '\n' '|') $(cat "$W/dl.err")"
fi
