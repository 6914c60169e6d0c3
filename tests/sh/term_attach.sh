#!/bin/sh
# tier: full
# term_attach.sh — SIGTERM and SIGINT while usdtrace attaches a huge probe set (every function
# entry of a big library a sleeping target dlopen()ed: pid$target:libLLVM-15.so.1::entry, some
# 35 000 probes): usdtrace stops promptly and leaves nothing behind (no stopped or held target,
# no uprobe in its code, no BPF object), at moments spread over start-up, attach and tracing.
# tests/sh/term_attach.py runs it and says what is checked. About two minutes.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip term_attach "needs root"
	exit 0
fi
lib=
for f in /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1 /usr/lib/x86_64-linux-gnu/libLLVM-14.so.1; do
	# a library no other process maps: its uprobes cost nothing elsewhere
	if [ -f "$f" ] && ! grep -qs "$f" /proc/[0-9]*/maps; then
		lib=$f
		break
	fi
done
if [ -z "$lib" ] || [ ! -x /usr/bin/python3.11 ]; then
	skip term_attach "needs python3.11 and a libLLVM no process maps"
	exit 0
fi
timeout 900 python3 "$TOP/tests/sh/term_attach.py" "$USDTRACE" "$lib" "$W"
