#!/bin/sh
# tier: fast
# dlib_binding.sh — `#pragma D binding "V" NAME` in a D library (-L): what NAME names (an
# inline, a global variable, an enumerator, with "translator" the next translator) is hidden
# from a program compiled below V and there at V, as the Dynamic Tracing Guide's Versioning
# chapter defines; with no version option nothing is hidden. The expected messages are DTrace
# for Linux's for the same libraries with `#pragma D option version=` (its -x version, set
# before its libraries load, hides nothing of theirs: we follow the Guide there). Compiles only
# (-e): loads no BPF.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
cd "$W" || exit 1
mkdir before after var enum xl
printf '#pragma D binding "2.0" A\ninline int A = 1;\n' >before/a.d
printf 'inline int A = 1;\n#pragma D binding "2.0" A\n' >after/a.d
printf 'int gv;\n#pragma D binding "2.0" gv\n' >var/a.d
printf '#pragma D binding "2.0" E1\nenum e { E1 = 5, E2 };\n' >enum/a.d
printf 'struct xo { int v; };\n#pragma D binding "2.0" translator\ntranslator struct xo < int *p > { v = *p; };\n' >xl/a.d

# case LIBDIR VERSION WORD: the program using WORD at VERSION ("" for none) compiles or fails
check() {  # NAME LIBDIR VERSION EXPR WANT(ok|hidden) [MESSAGE]
	name=$1 lib=$2 ver=$3 expr=$4 want=$5 msg=${6:-}
	{ [ -n "$ver" ] && printf '#pragma D option version=%s\n' "$ver"; printf 'BEGIN\n{\n\ttrace(%s);\n}\n' "$expr"; } >p.d
	line=$(($(wc -l <p.d) - 1))
	"$U" -L "$lib" -e -s p.d >out 2>err
	rc=$?
	if [ "$want" = ok ]; then
		[ $rc = 0 ] && [ ! -s err ] && ok "$name" || notok "$name" "exit $rc: $(head -c 300 err)"
	else
		exp="usdtrace: failed to compile script p.d: line $line: $msg"
		[ $rc = 1 ] && [ "$(cat err)" = "$exp" ] && ok "$name" || notok "$name" "exit $rc: [$(head -c 300 err)] want [$exp]"
	fi
}
check binding-before-hidden before 1.6.4 A hidden "failed to resolve A: Unknown variable name"
check binding-before-at-version before 2.0 A ok
check binding-before-no-version before "" A ok
check binding-after-hidden after 1.6.4 A hidden "failed to resolve A: Unknown variable name"
check binding-after-at-version after 2.0 A ok
check binding-var-hidden var 1.6.4 gv hidden "failed to resolve gv: Unknown variable name"
check binding-var-at-version var 2.0 gv ok
check binding-enum-hidden enum 1.6.4 E1 hidden "failed to resolve E1: Unknown variable name"
check binding-enum-other-kept enum 1.6.4 E2 ok
check binding-enum-at-version enum 2.0 E1 ok
check binding-xlate-hidden xl 1.6.4 'xlate<struct xo>((int *)0).v' hidden \
	'cannot translate from "int *" to "struct xo"'
check binding-xlate-at-version xl 2.0 'xlate<struct xo>((int *)0).v' ok

# the level given on the command line hides the same
if "$U" -L before -e -x version=1.6.4 -n 'BEGIN { trace(A); }' >/dev/null 2>err; then
	notok binding-cmdline-hidden "A resolved at -x version=1.6.4"
else
	grep -q 'failed to resolve A: Unknown variable name' err && ok binding-cmdline-hidden ||
		notok binding-cmdline-hidden "$(head -c 300 err)"
fi

# a level only goes down: -x version twice, the second higher (DTrace for Linux's message)
"$U" -e -x version=1.6 -x version=2.0 -n 'BEGIN { exit(0); }' >/dev/null 2>err
rc=$?
[ $rc = 1 ] && [ "$(cat err)" = "usdtrace: failed to set -x version: Requested version conflicts with earlier setting" ] &&
	ok version-cmdline-raise || notok version-cmdline-raise "exit $rc: $(head -c 300 err)"
"$U" -e -x version=2.0 -x version=1.6 -n 'BEGIN { exit(0); }' >/dev/null 2>err &&
	ok version-cmdline-lower || notok version-cmdline-lower "$(head -c 300 err)"

# `#pragma D depends_on provider|module` not met: a library is left out without a word, and so
# is one depending on it (DTrace for Linux does the same); met, it loads
mkdir dep
printf '#pragma D depends_on provider no_such_provider\ninline int A = 1;\n' >dep/a.d
printf '#pragma D depends_on library a.d\ninline int B = 2;\n' >dep/b.d
printf '#pragma D depends_on module no_such_module\ninline int C = 3;\n' >dep/c.d
printf '#pragma D depends_on provider syscall\n#pragma D depends_on module vmlinux\ninline int D = 4;\n' >dep/d.d
for w in A B C; do
	"$U" -L dep -e -n "BEGIN { trace($w); }" >/dev/null 2>err
	rc=$?
	[ $rc = 1 ] && [ "$(cat err)" = "usdtrace: invalid probe specifier BEGIN { trace($w); }: in action list: failed to resolve $w: Unknown variable name" ] &&
		ok "depends-unmet-left-out-$w" || notok "depends-unmet-left-out-$w" "exit $rc: $(head -c 300 err)"
done
if [ -d /sys/kernel/btf/vmlinux ] || [ -f /sys/kernel/btf/vmlinux ]; then
	"$U" -L dep -e -n 'BEGIN { trace(D); }' >/dev/null 2>err && ok depends-met-loaded ||
		notok depends-met-loaded "$(head -c 300 err)"
else
	skip depends-met-loaded "no /sys/kernel/btf/vmlinux"
fi
# in the program itself an unmet dependency is an error (DTrace for Linux's words)
for c in "provider no_such_provider" "module no_such_module"; do
	printf '#pragma D depends_on %s\nBEGIN\n{\n\texit(0);\n}\n' "$c" >p.d
	"$U" -e -s p.d >/dev/null 2>err
	rc=$?
	[ $rc = 1 ] && [ "$(cat err)" = "usdtrace: failed to compile script p.d: line 1: program requires $c" ] &&
		ok "depends-program-${c%% *}" || notok "depends-program-${c%% *}" "exit $rc: $(head -c 300 err)"
done
