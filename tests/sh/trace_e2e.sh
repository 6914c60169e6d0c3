# tier: full
# trace_e2e.sh — D programs run end to end by build/usdtrace (parse, check, cg_compile, load,
# attach, consume, format), output compared with what it must be:
#   - integer semantics against gcc: the same expressions over the same typed variables are
#     compiled by gcc and by usdtrace, and the printed values must agree line for line;
#   - variables of every class, predicates, if/else, clause order, exit status, faults and
#     the ERROR probe, tick probes, built-ins checked against the shell's own view (pid, uid).
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
w=$W

cases="int-vs-gcc exit-status variables predicates-order if-else fault-error tick builtins
strings string-keys dynvar-delete compile-error scratch-stores"
if ! sdt_is_root; then
	for c in $cases; do skip "$c" "needs root"; done
	exit 0
fi

# run NAME EXPECTED-STDOUT [usdtrace args...]: exact stdout, exit status 0
run() {
	name=$1 want=$2
	shift 2
	timeout 30 "$USDTRACE" "$@" >"$w/$name.out" 2>"$w/$name.err"
	rc=$?
	if [ $rc -ne 0 ]; then
		notok "$name" "exit $rc: $(head -c 300 "$w/$name.err" | tr '\n' ' ')"
	elif [ "$(cat "$w/$name.out")" != "$want" ]; then
		notok "$name" "got '$(head -c 300 "$w/$name.out" | tr '\n' '|')' want '$(printf '%s' "$want" | tr '\n' '|')'"
	else
		ok "$name"
	fi
}

# runs NAME EXPECTED-STDOUT PROGRAM [usdtrace args...]: the program as a script file
runs() {
	name=$1 want=$2
	printf '%s\n' "$3" >"$w/$1.d"
	shift 3
	run "$name" "$want" "$@" -s "$w/$name.d"
}

# --- integer semantics: gcc is the witness, on expressions where D and C agree: no result
# overflows its type inside the expression (D keeps an operator's 64 bits, even through a cast to
# the same type: (char)(c * c * c) is 1000000 there) and no narrow operand is promoted (C's
# int promotion); tests/sh/arith_conv.sh checks D's own model (docs/arithmetic.md) against
# DTrace for Linux on random expressions ---
vars='a = (int)-7; b = (int)2; u = (unsigned int)3000000000; c = (char)100; s = (short)-300;
l = (long)-5000000000; ul = (unsigned long)18446744073709551000UL; uc = (unsigned char)200;'
exprs='a / b
a % b
-7 / 2
-7 % 3
7 % -3
a >> 1
(unsigned)a >> 1
u / 7
u % 7
(char)(a * 100)
(short)70000
(unsigned char)300
(signed char)uc
-a
!a
a < u
a < 0
l / a
l % b
ul >> 4
ul / 3
(long)ul >> 4
a > 0 ? a : -a
a && 0
a || 0
a & 0xff
a | 0x100
a << 4
(long)a * 1000000000
s / 7
(unsigned short)s
l >> 40
l < ul
sizeof (long) * b
(a + 10) * (b - 5) / 3 % 4
u >> 31 << 31'
{
	echo '#include <stdio.h>'
	echo 'int main(void) {'
	echo "$vars" | sed 's/^/ /; s/\([a-z][a-z]*\) = (\([a-z ]*\))/\2 \1 = (\2)/g; s/;  */; /g'
	echo "$exprs" | while IFS= read -r e; do printf '\tprintf("%%lld\\n", (long long)(%s));\n' "$e"; done
	echo 'return 0; }'
} >"$w/arith.c"
{
	echo 'BEGIN {'
	echo "$vars"
	echo "$exprs" | while IFS= read -r e; do printf '\tprintf("%%d\\n", (long long)(%s));\n' "$e"; done
	echo 'exit(0); }'
} >"$w/arith.d"
if ! gcc -w -o "$w/arith" "$w/arith.c" 2>"$w/arith.cerr"; then
	notok int-vs-gcc "gcc: $(head -c 300 "$w/arith.cerr")"
else
	"$w/arith" >"$w/arith.want"
	run int-vs-gcc "$(cat "$w/arith.want")" -q -s "$w/arith.d"
	if [ -f "$w/int-vs-gcc.out" ] && ! cmp -s "$w/int-vs-gcc.out" "$w/arith.want"; then
		paste -d' ' "$w/arith.want" "$w/int-vs-gcc.out" | awk '$1 != $2' | head -5 | sed 's/^/# gcc usdtrace: /'
	fi
fi

# --- exit status ---
timeout 20 "$USDTRACE" -q -n 'BEGIN { exit(3); }' >"$w/ex.out" 2>"$w/ex.err"
rc=$?
[ $rc -eq 3 ] && ok exit-status || notok exit-status "exit $rc, want 3: $(cat "$w/ex.err")"

runs variables "$(printf '%s\n' 15 8 42 7 1 0)" '
int g;
BEGIN { g = 5; g += 10; a["x", 1] = 8; self->t = 40; this->v = 2; }
BEGIN { printf("%d\n%d\n", g, a["x", 1]); self->t += this->v; printf("%d\n", self->t); }
BEGIN { k = 3; b[k] = k + 4; printf("%d\n", b[3]); printf("%d\n", b[3] == 7); printf("%d\n", b[99]); exit(0); }' -q

runs predicates-order "$(printf '%s\n' one three four)" '
BEGIN /1/ { printf("one\n"); }
BEGIN /0/ { printf("two\n"); }
BEGIN /pid > 0 && timestamp > 0/ { printf("three\n"); }
BEGIN { printf("four\n"); exit(0); }' -q

runs if-else "$(printf '%s\n' big 2 done)" '
BEGIN { x = 10; if (x > 5) { printf("big\n"); if (x > 20) printf("huge\n"); } else { printf("small\n"); }
  if (x == 3) printf("three\n"); else if (x == 10) printf("%d\n", 2); printf("done\n"); exit(0); }' -q

# A fault stops its clause only and discards what it recorded ("before" is not printed, as in
# dtrace); ERROR fires with DTrace for Linux's arguments: arg1 the probe ID, arg2 the clause
# index, arg4 the fault kind (4: divide-by-zero).
printf '%s\n' '
BEGIN { z = 0; printf("before\n"); printf("%d\n", 1 / z); printf("not reached\n"); }
ERROR { printf("error probe=%d clause=%d kind=%d\n", arg1, arg2, arg4); }
BEGIN { printf("next clause\n"); exit(0); }' >"$w/flt.d"
timeout 20 "$USDTRACE" -q -s "$w/flt.d" >"$w/flt.out" 2>"$w/flt.err"
want_out=$(printf '%s\n' "next clause" "error probe=1 clause=0 kind=4")
if [ "$(grep -v "^$" "$w/flt.out" | sort)" = "$(printf '%s\n' "$want_out" | sort)" ] &&
	grep -Eq 'error in dt_clause_0 for probe ID 1 \(dtrace:::BEGIN\): divide-by-zero at BPF pc [1-9]' "$w/flt.err"; then
	ok fault-error
else
	notok fault-error "out '$(tr '\n' '|' <"$w/flt.out")' err '$(tr '\n' '|' <"$w/flt.err")'"
fi

runs tick "$(printf '%s\n' 1 2 3)" 'tick-10ms { n++; printf("%d\n", n); } tick-10ms /n == 3/ { exit(0); }' -q

# built-ins against the shell: the tracer's own pid is BEGIN's pid; uid/gid are ours
me_uid=$(id -u) me_gid=$(id -g)
timeout 20 "$USDTRACE" -q -n 'BEGIN { printf("%d %d %d %d %s %s:%s:%s:%s %d\n", pid == tid, uid, gid, id, execname, probeprov, probemod, probefunc, probename, ppid > 1); exit(0); }' >"$w/bi.out" 2>"$w/bi.err"
want="1 $me_uid $me_gid 1 usdtrace dtrace:::BEGIN 1"
[ "$(cat "$w/bi.out")" = "$want" ] && ok builtins || notok builtins "got '$(cat "$w/bi.out")' want '$want': $(head -c 200 "$w/bi.err")"

runs strings "$(printf '%s\n' "hello world" 1 0 11 "HELLO" "lib" "usr/lib" 5)" '
BEGIN { s = "hello"; t = strjoin(s, " world"); printf("%s\n", t); printf("%d\n", s == "hello");
  printf("%d\n", s > "zebra"); printf("%d\n", strlen(t)); printf("%s\n", toupper(s));
  printf("%s\n", basename("/usr/lib")); printf("%s\n", substr("/usr/lib", 1));
  printf("%d\n", index("/usr/lib", "lib")); exit(0); }' -q

runs string-keys "$(printf '%s\n' 4 2 0)" '
BEGIN { k = strjoin("ab", "c"); n[k] = 1; n["abc"] += 2; n[strjoin("a", "bc")]++; printf("%d\n", n["abc"]);
  m["x", 1] = 2; printf("%d\n", m[substr("xyz", 0, 1), 1]); printf("%d\n", m["x", 2]); exit(0); }' -q

# assigning 0 deletes an element; later reads see 0 again and new stores succeed
runs dynvar-delete "$(printf '%s\n' 0 5)" 'BEGIN { a[1] = 7; a[1] = 0; printf("%d\n", a[1]); a[1] = 5; printf("%d\n", a[1]); exit(0); }' -q

# stores through pointers: into alloca() scratch they work; anywhere else they fault
printf '%s\n' 'BEGIN { p = (int *)alloca(16); p[0] = 5; p[1] = 7; *p += 2; p[1]++; x = p[1]--; printf("%d %d %d\n", p[0], p[1], x); }
BEGIN { q = (int *)arg0; *q = 1; }
BEGIN { exit(0); }' >"$w/st.d"
timeout 20 "$USDTRACE" -q -s "$w/st.d" >"$w/st.out" 2>"$w/st.err"
if [ "$(grep -v '^$' "$w/st.out")" = "7 7 8" ] &&
	grep -Eq 'error in dt_clause_1 for probe ID 1 \(dtrace:::BEGIN\): invalid address \(0x0\) at BPF pc [1-9]' "$w/st.err"; then
	ok scratch-stores
else
	notok scratch-stores "out '$(tr '\n' '|' <"$w/st.out")' err '$(tr '\n' '|' <"$w/st.err")'"
fi

# pid and ppid against the shell's own view: usdtrace runs as this shell's child
cases="$cases pid-ppid"
"$USDTRACE" -q -n 'BEGIN { printf("%d %d %d %d %d %d\n", pid, ppid, progenyof($pid), progenyof($1), progenyof(1), progenyof(999999999)); exit(0); }' $$ >"$w/pp.out" 2>"$w/pp.err" &
upid=$!
wait $upid
want="$upid $$ 1 1 1 0"
[ "$(grep -v '^$' "$w/pp.out")" = "$want" ] && ok pid-ppid || notok pid-ppid "got '$(cat "$w/pp.out")' want '$want': $(head -c 200 "$w/pp.err")"

# global arrays at run-time indexes: reads and stores inside, a fault outside
cases="$cases global-array"
printf '%s\n' 'int arr[4];' 'BEGIN { i = 2; arr[i] = 9; arr[i] += 1; arr[i + 1]++; printf("%d %d %d %d\n", arr[0], arr[2], arr[3], arr[i]); }' \
	'BEGIN { j = 7; arr[j] = 1; }' 'BEGIN { exit(0); }' >"$w/ga.d"
timeout 20 "$USDTRACE" -q -s "$w/ga.d" >"$w/ga.out" 2>"$w/ga.err"
if [ "$(grep -v '^$' "$w/ga.out")" = "0 10 1 10" ] &&
	grep -Eq 'error in dt_clause_1 for probe ID 1 \(dtrace:::BEGIN\): index out of bounds \(7\) at BPF pc [1-9]' "$w/ga.err"; then
	ok global-array
else
	notok global-array "out '$(tr '\n' '|' <"$w/ga.out")' err '$(tr '\n' '|' <"$w/ga.err")'"
fi

# a full dynamic-variable map: an update that does not fit is counted and reported as dtrace
# reports it, and ends its clause (DTrace for Linux prints the same for this program: "1 0",
# "1 dynamic variable drop"), so exit() stands in a clause of its own
cases="$cases dynvar-drops"
{ echo 'BEGIN {'; i=1; while [ $i -le 200 ]; do echo "a[$i] = $i;"; i=$((i + 1)); done
  printf '%s\n' '}' 'BEGIN { printf("%d %d\n", a[1], a[200]); exit(0); }'; } >"$w/dyn.d"
timeout 20 "$USDTRACE" -q -x dynvarsize=1k -s "$w/dyn.d" >"$w/dyn.out" 2>"$w/dyn.err"
if [ "$(grep -v '^$' "$w/dyn.out")" = "1 0" ] && grep -q '^usdtrace: 1 dynamic variable drop$' "$w/dyn.err"; then
	ok dynvar-drops
else
	notok dynvar-drops "out '$(tr '\n' '|' <"$w/dyn.out")' err '$(tr '\n' '|' <"$w/dyn.err")'"
fi

# a program cg cannot fit: a clear message and exit 1, nothing traced
timeout 20 "$USDTRACE" -x strsize=4096 -q -n 'BEGIN { printf("%s%s%s%s%s%s%s%s%s", execname, execname, execname, execname, execname, execname, execname, execname, execname); }' >"$w/ce.out" 2>"$w/ce.err"
rc=$?
if [ $rc -eq 1 ] && grep -q 'scratch space' "$w/ce.err" && [ ! -s "$w/ce.out" ]; then
	ok compile-error
else
	notok compile-error "exit $rc: $(head -c 300 "$w/ce.err")"
fi
