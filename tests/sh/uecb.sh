#!/bin/sh
# tier: full
# uecb.sh — each probe description of a clause is its own enabling on the user-space
# providers too (Guide, "Program Structure": a clause names one or more probe descriptions;
# dtrace compiles the clause once per description, numbering each as a statement), and the
# uprobes under them, measured in the kernel. Expectations are DTrace for Linux's output for
# the same programs (dtrace -c ./prog -s/-n ..., run by hand), unless said otherwise:
#   * pid$target:prog:f:entry, pid$target:prog:f*:entry counts each call of f twice, and
#     "matched 3 probes" (one per description that matched a probe);
#   * enablings run in program order, a clause once per description naming the probe, and
#     a fault is reported in dt_clause_N with N the description's statement number;
#   * the same for USDT probes (uecb$target:::go, uecb$target:::g*);
#   * two descriptions of one probe put one uprobe on its address: the kernel's fdinfo of
#     usdtrace's uprobe_multi links lists f's offset once;
#   * a pid probe on a USDT site's instruction and the USDT probe both fire: the kernel keeps
#     one uprobe per offset and refused a consumer without the site's semaphore. (dtrace
#     fires the pid probe there and never the USDT probe, a dtrace bug: by the Guide each
#     enabled probe fires.)
. "$TOP/tests/sh/lib.sh"
sdt_workdir
w=$W
U=$USDTRACE
if ! sdt_is_root; then
	skip uecb "needs root"
	exit 0
fi
nl='
'

cat >"$W/prog.c" <<'EOF'
#include <unistd.h>
__attribute__((noinline)) int f(int x) { return x + 1; }
__attribute__((noinline)) int fg(int x) { return x * 2; }
int main(int argc, char **argv)
{
	int s = 0;
	for (int i = 0; i < 3; i++)
		s += f(i) + fg(i);
	if (argc > 1)
		sleep((unsigned)(argv[1][0] - '0'));
	return s == 12345;
}
EOF
if ! gcc -O0 -g -o "$W/prog" "$W/prog.c" 2>"$W/cc.err"; then
	notok uecb_build "$(cat "$W/cc.err")"
	exit 0
fi

# check NAME WANT-STDOUT WANT-STDERR ARGS...: exit 0, exact stdout and stderr (stderr with the
# target's pid, probe ids and BPF pcs written P, I and C)
check() {
	name=$1 want_out=$2 want_err=$3
	shift 3
	(cd "$W" && "$U" "$@") >"$w/out" 2>"$w/err"
	rc=$?
	sed -E -e 's/^usdtrace: /dtrace: /' -e 's/probe ID [0-9]+ \(pid[0-9]+:/probe ID I (pidP:/' \
		-e 's/BPF pc [0-9]+/BPF pc C/' \
		"$w/err" >"$w/err2"
	if [ $rc -ne 0 ]; then
		notok "$name" "exit $rc: $(cat "$w/err")"
	elif [ "$(cat "$w/out")" != "$want_out" ]; then
		notok "$name" "stdout [$(tr '\n' ';' <"$w/out")] want [$(echo "$want_out" | tr '\n' ';')]"
	elif [ "$(cat "$w/err2")" != "$want_err" ]; then
		notok "$name" "stderr [$(tr '\n' ';' <"$w/err2")] want [$(echo "$want_err" | tr '\n' ';')]"
	else
		ok "$name"
	fi
}

agg() { printf '  %-64s %2d' "$1" "$2"; }
check pid_two_descriptions "$nl$(agg fg 3)$nl$(agg f 6)" \
	"dtrace: description 'pid\$target:prog:f:entry, pid\$target:prog:f*:entry ' matched 3 probes" \
	-c ./prog -n 'pid$target:prog:f:entry, pid$target:prog:f*:entry { @[probefunc] = count(); }'

cat >"$W/order.d" <<'EOF'
#pragma D option quiet
pid$target:prog:f:entry { printf("a %d\n", arg0); }
BEGIN, pid$target:prog:f:entry, pid$target:prog:f:entry, pid$target:prog:f*:entry
{ printf("b %s %d\n", probefunc, arg0); }
pid$target:prog:f:entry /arg0 == 1/ { x = *(int *)8; }
BEGIN, pid$target:prog:fg:entry, pid$target:prog:f:entry /arg0 == 2/ { y = *(int *)16; }
pid$target:prog:f:entry, pid$target:prog:f:entry /arg0 == 2/ { printf("c %d\n", arg0); }
END { printf("end\n"); }
EOF
want="b  0"
for i in 0 1 2; do
	want="$want${nl}a $i${nl}b f $i${nl}b f $i${nl}b f $i"
	[ $i = 2 ] && want="$want${nl}c 2${nl}c 2"
	want="$want${nl}b fg $i"
done
fault() { echo "dtrace: error in dt_clause_$1 for probe ID I (pidP:prog:$2:entry): invalid address ($3) at BPF pc C"; }
check pid_enabling_order "$want${nl}end" \
	"$(fault 5 f 0x8)$nl$(fault 8 f 0x10)$nl$(fault 7 fg 0x10)" -s order.d -c ./prog

# USDT: a provider compiled by usdtrace -h/-G (semaphores, so the pid case below is real)
printf 'provider uecb { probe go(int); probe gone(int); };\n' >"$W/prov.d"
cat >"$W/u.c" <<'EOF'
#include "prov.h"
int main(void)
{
	for (int i = 0; i < 3; i++) {
		UECB_GO(i);
		UECB_GONE(i * 10);
	}
	return 0;
}
EOF
if ! (cd "$W" && "$U" -h -s prov.d -o prov.h && gcc -I"$TOP/include" -O0 -c u.c -o u.o &&
      "$U" -G -s prov.d u.o -o provo.o && gcc -o u u.o provo.o) >"$W/cc.err" 2>&1; then
	notok uecb_usdt_build "$(cat "$W/cc.err")"
	exit 0
fi
want=
for i in 0 1 2; do
	want="$want${want:+$nl}a $i${nl}b go $i${nl}b go $i${nl}b gone $((i * 10))"
done
check usdt_two_descriptions "$want" "" -qc ./u -n 'uecb$target:::go { printf("a %d\n", arg0); }
	uecb$target:::go, uecb$target:::g* { printf("b %s %d\n", probename, arg0); }'

# the kernel's view: f's offset once among the uprobe_multi links' sites, though three
# descriptions name f (f, f*, f: 3 calls x 3 enablings, and fg's 3 through f*: 12)
foff=$(nm "$W/prog" | awk '$3 == "f" { print $1 }' | sed 's/^0*//')
(cd "$W" && "$U" -qc './prog 3' -n 'pid$target:prog:f:entry, pid$target:prog:f*:entry,
	pid$target:prog:f:entry { @ = count(); }') >"$W/k.out" 2>&1 &
up=$!
n=0
while [ $n -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
	links=$(for fd in /proc/$up/fd/*; do
		case $(readlink "$fd" 2>/dev/null) in
		*bpf_link*) cat "/proc/$up/fdinfo/${fd##*/}" 2>/dev/null ;;
		esac
	done)
	echo "$links" | grep -q "path:.*/prog\$" && break
done
sleep 0.3
links=$(for fd in /proc/$up/fd/*; do
	case $(readlink "$fd" 2>/dev/null) in
	*bpf_link*) cat "/proc/$up/fdinfo/${fd##*/}" 2>/dev/null ;;
	esac
done)
wait $up
count=$(echo "$links" | awk -v off="0x$foff" '/^path:/ { inprog = ($2 ~ /\/prog$/) }
	inprog && $2 == off { n++ } END { print n + 0 }')
if [ "$count" = 1 ] && grep -q '^ *12$' "$W/k.out"; then
	ok one_uprobe_per_address
else
	notok one_uprobe_per_address "f at 0x$foff in $count link sites; output [$(tr '\n' ';' <"$W/k.out")]"
fi

# a pid offset probe on the go site (file offset from the note = main's offset within the
# executable's first segment, which maps the file at offset 0)
main=$(nm "$W/u" | awk '$3 == "main" { print $1 }')
site=$(sdt_notes "$W/u" | awk '$2 == "go" { print $3 }')
off=$(printf '%x' $((site - 0x$main)))
check pid_on_usdt_site "$nl$(agg "$off" 3)$nl$(agg go 3)" "" \
	-qc ./u -n "pid\$target::main:$off, uecb\$target:::go { @[probename] = count(); }"
