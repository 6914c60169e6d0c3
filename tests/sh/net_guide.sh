#!/bin/sh
# tier: full
# net_guide.sh — the Guide's ip examples (tests/guide/ip/: ipio.d, ipproto.d) run unchanged on known
# work over loopback: K UDP datagrams of S bytes from a connected socket to a bound one
# (tests/tools/netload.py), IPv4 and IPv6. ipio.d must print each datagram sent and received
# once, with the addresses, the interface and the IP payload (S + 8, the UDP header);
# ipproto.d must count them by addresses and protocol (a clause on ip:::send, ip:::receive
# that uses args[]: before formula clauses were compiled once per probe, an error).
. "$(dirname "$0")/lib.sh"
LOAD="$TOP/tests/tools/netload.py"
work=$(mktemp -d)
upid= lpid=
cleanup() {
	for p in $upid $lpid; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
if [ "$(id -u)" != 0 ]; then
	echo "skip - net_guide: needs root"
	exit 0
fi
command -v python3 >/dev/null || { echo "skip - net_guide: needs python3"; exit 0; }
K=10 S=500 PL=508

# guide SCRIPT READY FAMILY PORT: SCRIPT traced around K datagrams of FAMILY to PORT; its
# output in $work/SCRIPT.FAMILY
guide() {
	out="$work/$1.$3"
	mkfifo "$work/go"
	python3 "$LOAD" udp "$3" "$4" $K $S <"$work/go" >"$work/load.out" &
	lpid=$!
	exec 3>"$work/go"
	timeout 120 "$USDTRACE" -s "$TOP/tests/guide/ip/$1.d" >"$out" 2>"$out.err" &
	upid=$!
	for _ in $(seq 300); do grep -q "$2" "$out" && break; sleep 0.1; done
	echo go >&3
	exec 3>&-
	wait "$lpid"
	lpid=
	sleep 0.5
	kill -INT "$upid"
	wait "$upid"
	upid=
	rm -f "$work/go"
}

for fam in 4 6; do
	if [ $fam = 4 ]; then A=127.0.0.1 P=47911; else A=::1 P=47913; fi
	guide ipio 'DELTA(us)' $fam $P
	o="$work/ipio.$fam"
	ns=$(awk -v a="$A" -v n="$PL" '$3 == a && $4 == "->" && $5 == a && $6 == "lo" && $7 == n' "$o" | wc -l)
	nr=$(awk -v a="$A" -v n="$PL" '$3 == a && $4 == "<-" && $5 == a && $6 == "lo" && $7 == n' "$o" | wc -l)
	if [ "$ns" = $K ] && [ "$nr" = $K ] && head -1 "$o" | grep -q '^ CPU  DELTA(us) *SOURCE *DEST *INT  BYTES$' &&
	   awk '$4 == "->" || $4 == "<-" { if ($1 !~ /^[0-9]+$/ || $2 !~ /^[0-9]+$/) bad = 1 } END { exit bad }' "$o"; then
		ok "guide-ipio-ipv$fam"
	else
		notok "guide-ipio-ipv$fam" "sent $ns received $nr of $PL bytes, want $K each: $(head -c 400 "$o" "$o.err")"
	fi
	guide ipproto 'Tracing' $fam $P
	o="$work/ipproto.$fam"
	n=$(awk -v a="$A" '$1 == a && $2 == a && $3 == "UDP" { print $4 }' "$o")
	if [ "${n:-0}" -ge $((2 * K)) ] && grep -q '^   SADDR  *DADDR  *PROTO  *COUNT$' "$o" &&
	   { [ $fam = 4 ] || [ "$n" = $((2 * K)) ]; }; then
		ok "guide-ipproto-ipv$fam"
	else
		notok "guide-ipproto-ipv$fam" "UDP $A -> $A: [$n], want $((2 * K)) (IPv4: at least): $(head -c 400 "$o" "$o.err")"
	fi
done
