#!/bin/sh
# tier: full
# usym_keys.sh — usym(), uaddr(), ufunc() and umod() used together in one aggregation key, and
# printa's %A of such keys (issue 20). tests/progs/ustack/symkeys.c hands its own function
# addresses to sk_report(fn, at): (sk_alpha, sk_beta + 1) three times, (sk_beta, sk_alpha + 2)
# three times, (sk_alpha, sk_alpha) once. By the Guide, usym() names the function that holds an
# address (no offset), uaddr() the function and the offset (none at its start), ufunc() the
# function, umod() the module, each in its own key position; keys of one row stay together.
# nm is the witness that the offsets fall inside the functions; DTrace for Linux, when built at
# /opt/oracle-dtrace, must print the same default printa (its printa with a format of such keys
# aborts: "Data record list does not match statement").
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip usym-keys "needs root"
	exit 0
fi
if ! cc -O0 -g -o "$W/symkeys" "$TOP/tests/progs/ustack/symkeys.c" 2>"$W/cc.err"; then
	notok usym-keys-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi
# the offsets the program adds must be inside the functions (sizes from nm)
sizes=$(nm -S "$W/symkeys" | awk '$4 == "sk_alpha" || $4 == "sk_beta" { printf "%d ", strtonum("0x" $2) }')
case "$sizes" in
*" "*" ") set -- $sizes
	if [ "$1" -gt 2 ] && [ "$2" -gt 2 ]; then ok usym-keys-layout; else notok usym-keys-layout "sizes $sizes"; fi ;;
*) notok usym-keys-layout "nm gave: $sizes" ;;
esac

cat >"$W/k.d" <<'D'
pid$target::sk_report:entry
{
	@k[usym(arg0), uaddr(arg1)] = count();
	@m[ufunc(arg0), umod(arg1), uaddr(arg0)] = count();
	@n[uaddr(arg1), 5, usym(arg0)] = sum(2);
}
pid$target::sk_report:entry /++n == 7/
{
	printa(@k);
	printa("%A|%A|%@d\n", @k);
	printa(@m);
	printa(@n);
	printa("%A|%d|%A|%@d\n", @n);
	exit(0);
}
D
cd "$W" || exit 1
timeout 60 "$U" -q -s k.d -c ./symkeys >"$W/u.out" 2>"$W/u.err"
rc=$?
# expected, from the definition: rows sorted by value, then by key; printa's default layout puts
# a symbol key in 51 columns (as DTrace for Linux prints @k below), an int key in 8
r2() { printf '  %-51s %-51s %15d\n' "$@"; }
r3() { printf '  %-51s %-51s %-51s %15d\n' "$@"; }
rn() { printf '  %-51s %7d  %-51s %15d\n' "$@"; }
{
	echo
	r2 'symkeys`sk_alpha' 'symkeys`sk_alpha' 1
	r2 'symkeys`sk_alpha' 'symkeys`sk_beta+0x1' 3
	r2 'symkeys`sk_beta' 'symkeys`sk_alpha+0x2' 3
	echo 'symkeys`sk_alpha|symkeys`sk_alpha|1'
	echo 'symkeys`sk_alpha|symkeys`sk_beta+0x1|3'
	echo 'symkeys`sk_beta|symkeys`sk_alpha+0x2|3'
	echo
	r3 'symkeys`sk_beta' 'symkeys' 'symkeys`sk_beta' 3
	r3 'symkeys`sk_alpha' 'symkeys' 'symkeys`sk_alpha' 4
	echo
	rn 'symkeys`sk_alpha' 5 'symkeys`sk_alpha' 2
	rn 'symkeys`sk_alpha+0x2' 5 'symkeys`sk_beta' 6
	rn 'symkeys`sk_beta+0x1' 5 'symkeys`sk_alpha' 6
	echo 'symkeys`sk_alpha|5|symkeys`sk_alpha|2'
	echo 'symkeys`sk_alpha+0x2|5|symkeys`sk_beta|6'
	echo 'symkeys`sk_beta+0x1|5|symkeys`sk_alpha|6'
	echo
} >"$W/want"
if [ $rc = 0 ] && cmp -s "$W/want" "$W/u.out"; then
	ok usym-keys-printa
else
	notok usym-keys-printa "exit $rc: $(diff "$W/want" "$W/u.out" | head -20) $(head -c 300 "$W/u.err")"
fi

have_oracle_dtrace usym-keys-dtrace || exit 0
D=$ORACLE_DTRACE
timeout 60 "$D" -q -s k.d -c ./symkeys >"$W/d.out" 2>"$W/d.err"
# its first printa (the default layout of two symbol keys) is all it prints
n=$(wc -l <"$W/d.out")
if [ "$n" -ge 4 ] && head -n "$n" "$W/u.out" | cmp -s - "$W/d.out"; then
	ok usym-keys-dtrace
else
	notok usym-keys-dtrace "$(diff "$W/d.out" "$W/u.out" | head -10)"
fi
