#!/bin/sh
# tier: full
# pid_svl.sh — the seed's pid-provider examples (examples/svl/*.d) against our toy vlserver
# (examples/svl/vlserver.c), each run as the seed runs it: the script with the server's pid as
# $1 (`./example.d \`pgrep vlserver\``; the generic ones with -q, from their #! line). The server
# waits for the tracer (its BEGIN), serves examples/svl/requests, and must print what it prints
# untraced. Checked:
#   * some_function.d / some_function_sum.d (on FindByID): each call's arg0, then their sum;
#   * getentrybyid.d / getentrybyname.d: arg1 as the volume id, copyinstr(arg1) as the name;
#   * gross.d as the seed wrote it is refused, as dtrace refuses it: copyin() returns a void *
#     and D does no arithmetic on void pointers (libdtrace's dt_parser.c: operands have
#     incompatible types: "void *" + "int"); exit 1;
#   * gross_fixed.d: "Host 10.1.2.3 looked up volume name root.cell" for each name request,
#     the address read through call + 0x60, conn + 0x8, peer + 0x8, printed by inet_ntoa();
#   * the same chain printed without inet_ntoa() (the address's bytes with %d), so the offsets
#     are checked even where inet_ntoa() is missing.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
. "$TOP/tests/sh/pid.inc"
U=$USDTRACE
if ! sdt_is_root; then
	skip pid_svl "needs root"
	exit 0
fi
E=$TOP/examples/svl
mkdir "$W/bin"
if ! gcc -std=gnu11 -O2 -g -Wall -Wextra -Werror -o "$W/bin/vlserver" "$E/vlserver.c" 2>"$W/cc.err"; then
	notok pid-svl-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi
"$W/bin/vlserver" <"$E/requests" >"$W/base.out"
if [ "$(wc -l <"$W/base.out")" != 6 ]; then
	notok pid-svl-baseline "$(head -c 300 "$W/base.out")"
	exit 0
fi

# svl NAME SCRIPT [OPTIONS...]: the server waiting for $W/NAME.go, the tracer on it; sets rc
# (the tracer's exit status), leaves its output in $W/NAME.tr (stderr .err), the server's in
# $W/NAME.srv
svl() {
	_nm=$1 _s=$2
	shift 2
	rm -f "$W/$_nm.go"
	"$W/bin/vlserver" -w "$W/$_nm.go" <"$E/requests" >"$W/$_nm.srv" 2>&1 &
	_sp=$!
	sdt_wait_exec $_sp "$W/bin/vlserver" 30
	_pid=$(pgrep -n -x vlserver)
	timeout 60 "$U" "$@" -s "$_s" -n 'BEGIN /$1 != 0/ { printf("ready\n"); }' "$_pid" >"$W/$_nm.tr" 2>"$W/$_nm.err" &
	_up=$!
	i=0
	while kill -0 $_up 2>/dev/null && ! grep -q 'ready$' "$W/$_nm.tr" 2>/dev/null && [ $i -lt 600 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	touch "$W/$_nm.go"
	pid_finish $_sp 30
	# pid$1 names a process the tracer did not start or grab: it goes on after it exits
	kill -INT $_up 2>/dev/null
	pid_finish $_up 30
	if ! cmp -s "$W/$_nm.srv" "$W/base.out"; then
		echo "the server printed [$(head -c 200 "$W/$_nm.srv")]" >>"$W/$_nm.err"
		rc=99
	fi
}

# lines_are NAME WANT: the tracer's lines ending in one of the script's messages are WANT
lines_are() {
	grep -oE '(FindByID\(|Somebody|Host ).*$' "$W/$1.tr" >"$W/$1.got"
	[ "$(cat "$W/$1.got")" = "$2" ]
}

svl some_function "$E/some_function.d" -q
want="FindByID(536870912) called
FindByID(536870918) called
FindByID(536870921) called"
if [ $rc -eq 0 ] && lines_are some_function "$want"; then
	ok pid-svl-some-function
else
	notok pid-svl-some-function "rc $rc: [$(tr '\n' '|' <"$W/some_function.tr")] $(head -c 200 "$W/some_function.err")"
fi

svl some_function_sum "$E/some_function_sum.d" -q
if [ $rc -eq 0 ] && [ "$(sed -e '/^$/d' -e '/^ready$/d' "$W/some_function_sum.tr" | tr -d ' ')" = $((536870912 + 536870918 + 536870921)) ]; then
	ok pid-svl-some-function-sum
else
	notok pid-svl-some-function-sum "rc $rc: [$(tr '\n' '|' <"$W/some_function_sum.tr")] $(head -c 200 "$W/some_function_sum.err")"
fi

svl byid "$E/getentrybyid.d"
want="Somebody looked up volume ID 536870912
Somebody looked up volume ID 536870918
Somebody looked up volume ID 536870921"
if [ $rc -eq 0 ] && lines_are byid "$want" && grep -q 'SVL_GetEntryByID:entry Somebody' "$W/byid.tr"; then
	ok pid-svl-getentrybyid
else
	notok pid-svl-getentrybyid "rc $rc: [$(tr '\n' '|' <"$W/byid.tr")] $(head -c 200 "$W/byid.err")"
fi

svl byname "$E/getentrybyname.d"
want="Somebody looked up volume name root.cell
Somebody looked up volume name user.alice
Somebody looked up volume name no.such.volume"
if [ $rc -eq 0 ] && lines_are byname "$want"; then
	ok pid-svl-getentrybyname
else
	notok pid-svl-getentrybyname "rc $rc: [$(tr '\n' '|' <"$W/byname.tr")] $(head -c 200 "$W/byname.err")"
fi

# as written: refused at compile time, so the tracer exits at once (the server then serves
# untraced)
svl gross "$E/gross.d"
if [ $rc -eq 1 ] && grep -q 'line 6: operands have incompatible types: "void \*" + "int"$' "$W/gross.err" && [ ! -s "$W/gross.tr" ]; then
	ok pid-svl-gross-as-written-refused
else
	notok pid-svl-gross-as-written-refused "rc $rc: $(head -c 300 "$W/gross.err")"
fi

want="Host 10.1.2.3 looked up volume name root.cell
Host 192.168.7.42 looked up volume name user.alice
Host 172.16.0.9 looked up volume name no.such.volume"
svl fixed "$E/gross_fixed.d"
if [ $rc -eq 0 ] && lines_are fixed "$want"; then
	ok pid-svl-gross-fixed
else
	notok pid-svl-gross-fixed "rc $rc: [$(tr '\n' '|' <"$W/fixed.tr")] $(head -c 200 "$W/fixed.err")"
fi

# the same offsets, the address printed byte by byte (it is in network order: its first byte,
# the low byte of a little-endian load, is the first number)
cat >"$W/bytes.d" <<'EOF2'
pid$1::SVL_GetEntryByName*:entry
{
	this->conn = *(uintptr_t *)copyin(arg0 + 0x60, sizeof(uintptr_t));
	this->peer = *(uintptr_t *)copyin(this->conn + 0x8, sizeof(uintptr_t));
	this->h = *(uint32_t *)copyin(this->peer + 0x8, sizeof(int));
	printf("Host %d.%d.%d.%d looked up volume name %s\n", this->h & 0xff, (this->h >> 8) & 0xff,
	    (this->h >> 16) & 0xff, this->h >> 24, copyinstr(arg1));
}
EOF2
svl bytes "$W/bytes.d" -q
if [ $rc -eq 0 ] && lines_are bytes "$want"; then
	ok pid-svl-offsets-chain
else
	notok pid-svl-offsets-chain "rc $rc: [$(tr '\n' '|' <"$W/bytes.tr")] $(head -c 200 "$W/bytes.err")"
fi
