#!/bin/sh
# subr_capacity.sh — a capability table, not a timing: for each string subroutine, the largest
# number of calls one clause can make and still load (the kernel's verifier accepts the
# program), for usdtrace and for DTrace for Linux, and the verifier's processed-instruction
# count for a clause with one call (issue 20: the verifier's cost of string subroutines).
#
#   sh bench/subr_capacity.sh [MAX] [SUBR...]
#     MAX   the largest count tried (default 64); a tool that loads MAX calls shows ">=MAX"
#     SUBR  names from the table below (default: all)
# Environment: USDTRACE (default build/usdtrace), DTRACE (default /opt/oracle-dtrace/sbin/dtrace;
# a missing one leaves its columns "-"). Needs root. Each count is found by bisection between
# 1 and MAX, assuming that a clause that loads with n calls loads with fewer.
#
# Every call works on a clause-local variable set at run time (this->s ...), and its result is
# kept (this->r = ...; one variable, so that clause-local storage is not what runs out) so
# that neither compiler can drop it; the clause ends with exit(0).
top=$(cd "$(dirname "$0")/.." && pwd)
U=${USDTRACE:-$top/build/usdtrace}
D=${DTRACE:-/opt/oracle-dtrace/sbin/dtrace}
MAX=${1:-64}
[ $# -gt 0 ] && shift
[ -x "$D" ] || D=

# name|setup|call (json() is not here: neither tool has it)
table='cleanpath||cleanpath(this->s)
dirname||dirname(this->s)
basename||basename(this->s)
strjoin||strjoin(this->s, this->t)
substr||substr(this->s, 2, 5)
index||index(this->s, this->t)
rindex||rindex(this->s, this->t)
strstr||strstr(this->s, this->t)
strchr||strchr(this->s, 0x62)
strrchr||strrchr(this->s, 0x62)
strtok||strtok(this->s, "/")
lltostr||lltostr(this->i)
toupper||toupper(this->s)
tolower||tolower(this->s)
inet_ntoa|this->p4 = (ipaddr_t *)alloca(4); *this->p4 = 0x0100a8c0;|inet_ntoa(this->p4)
inet_ntoa6|this->p6 = (struct in6_addr *)alloca(16); this->p6->in6_u.u6_addr32[0] = 0x80fe; this->p6->in6_u.u6_addr32[1] = 0; this->p6->in6_u.u6_addr32[2] = 0x01000000; this->p6->in6_u.u6_addr32[3] = 0x02000000;|inet_ntoa6(this->p6)
inet_ntop|this->p4 = (ipaddr_t *)alloca(4); *this->p4 = 0x0100a8c0;|inet_ntop(AF_INET, (void *)this->p4)
strlen||strlen(this->s)'

# prog NAME SETUP CALL N: a BEGIN clause making N calls
prog() {
	printf 'BEGIN { this->s = "/usr/./lib/../lib64//libc.so.6"; this->t = "lib"; this->i = -1234567; %s' "$2"
	i=0
	while [ "$i" -lt "$4" ]; do printf ' this->r = %s;' "$3"; i=$((i + 1)); done
	printf ' exit(0); }\n'
}

# loads BIN PROGRAM: 0 when the program loads and runs
loads() {
	timeout 120 "$1" -q -n "$2" >/dev/null 2>&1
}

# most BIN NAME SETUP CALL: the largest n <= MAX that loads ("0": not even one)
most() {
	lo=0 hi=$MAX
	if loads "$1" "$(prog "$2" "$3" "$4" "$MAX")"; then echo ">=$MAX"; return; fi
	hi=$((MAX - 1))
	while [ "$lo" -lt "$hi" ]; do
		mid=$(((lo + hi + 1) / 2))
		if loads "$1" "$(prog "$2" "$3" "$4" "$mid")"; then lo=$mid; else hi=$((mid - 1)); fi
	done
	echo "$lo"
}

# processed BIN KIND NAME SETUP CALL: the verifier's processed instructions for one call (the
# largest program of the run: BEGIN's); "-" when it does not load
processed() {
	if [ "$2" = u ]; then
		out=$(timeout 120 "$1" -q -x bpflog -n "$(prog "$3" "$4" "$5" 1)" 2>&1)
	else
		out=$(timeout 120 "$1" -q -xbpflog -xbpflogsize=1000000000 -n "$(prog "$3" "$4" "$5" 1)" 2>&1)
	fi
	echo "$out" | sed -n 's/.*processed \([0-9]*\) insns.*/\1/p' | sort -n | tail -1 | grep . || echo -
}

printf '%-11s %10s %10s %12s %12s\n' subroutine usdtrace dtrace "usd-1call" "dt-1call"
echo "$table" | while IFS='|' read -r name setup call; do
	if [ $# -gt 0 ]; then
		want=0
		for s; do [ "$s" = "$name" ] && want=1; done
		[ "$want" = 1 ] || continue
	fi
	un=$(most "$U" "$name" "$setup" "$call")
	up=$(processed "$U" u "$name" "$setup" "$call")
	if [ -n "$D" ]; then
		dn=$(most "$D" "$name" "$setup" "$call")
		dp=$(processed "$D" d "$name" "$setup" "$call")
	else
		dn=- dp=-
	fi
	printf '%-11s %10s %10s %12s %12s\n' "$name" "$un" "$dn" "$up" "$dp"
done
