#!/bin/sh
# tier: full
# net_providers.sh — the ip, tcp and udp providers of lib/usdtrace (formulas with value
# guards over net, tcp and sock tracepoints, docs/formula-providers.md) driven by real work
# on the loopback interface (tests/tools/netload.py), IPv4 and IPv6: a TCP transfer of N
# bytes (send/receive payload sums, connect-request, connect-established, accept-established,
# the state changes of connect and close), a connect to a port where nothing listens
# (connect-refused, accept-refused), K UDP datagrams of S bytes (udp and ip send/receive).
# Checked against the work and against bpftrace's tracepoints on the same run.
. "$(dirname "$0")/lib.sh"
LOAD="$TOP/tests/tools/netload.py"
work=$(mktemp -d)
upid= bpid= lpid=
cleanup() {
	for p in $upid $bpid $lpid; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
if [ "$(id -u)" != 0 ]; then
	echo "skip - net_providers: needs root"
	exit 0
fi
command -v python3 >/dev/null || { echo "skip - net_providers: needs python3"; exit 0; }
BPFTRACE=$(command -v bpftrace)
if [ -n "$BPFTRACE" ] && [ ! -e /sys/kernel/tracing/events ]; then
	mount -t tracefs nodev /sys/kernel/tracing
fi
[ -n "$BPFTRACE" ] || skip "net_providers: bpftrace comparisons" "no bpftrace"

check() {   # check NAME EXPECTED GOT
	if [ "$2" = "$3" ]; then
		ok "net_providers: $1"
	else
		notok "net_providers: $1" "expected '$2', got '$3'"
	fi
}
. "$TOP/tests/tools/net_work.sh"   # val, bt_val, run_work: the workload against both tracers

# ---- TCP: N bytes over one connection; then a connect refused ----
N=100000
for fam in 4 6; do
	port=$((20000 + ($$ + fam) % 20000))
	if [ $fam = 4 ]; then lo=127.0.0.1; else lo=::1; fi
	sed "s/PORT/$port/g" >"$work/prog.d" <<'EOF'
BEGIN { printf("ready\n"); }
tcp:::send /args[4]->tcp_dport == PORT/
{
	@tx = sum(args[2]->ip_plength - args[4]->tcp_offset);
	@txver[args[2]->ip_ver, args[3]->tcps_rport] = count();
}
tcp:::receive /args[4]->tcp_dport == PORT/
{
	@rx = sum(args[2]->ip_plength - args[4]->tcp_offset);
	@rxsock[args[3]->tcps_lport, args[1]->cs_addr == args[3]->tcps_addr] = count();
}
/* the sockets on the port, and those once seen on it (closing unbinds) */
tcp:::state-change
/known[args[1]->cs_addr] || args[3]->tcps_lport == PORT || args[3]->tcps_rport == PORT/
{
	known[args[1]->cs_addr] = 1;
	@st[args[5]->tcps_state, args[3]->tcps_state] = count();
}
tcp:::connect-request /args[4]->tcp_dport == PORT/
{
	@cr[args[2]->ip_saddr, args[2]->ip_daddr, args[4]->tcp_flags == TH_SYN,
	    args[3]->tcps_rport, args[3]->tcps_state] = count();
}
tcp:::connect-established /args[3]->tcps_rport == PORT/
{
	@ce[args[3]->tcps_laddr, args[3]->tcps_raddr, args[3]->tcps_state] = count();
}
tcp:::accept-established /args[3]->tcps_lport == PORT/
{
	@ae[args[3]->tcps_laddr, args[3]->tcps_raddr, args[3]->tcps_state] = count();
}
tcp:::connect-refused /args[3]->tcps_rport == PORT/ { @cref = count(); }
tcp:::accept-refused /args[4]->tcp_dport == PORT/ { @aref = count(); }
END
{
	printa("tx %@d\n", @tx); printa("rx %@d\n", @rx);
	printa("txver %d %d %@d\n", @txver); printa("rxsock %d %d %@d\n", @rxsock);
	printa("st %d-%d %@d\n", @st);
	printa("cr %s %s %d %d %d %@d\n", @cr);
	printa("ce %s %s %d %@d\n", @ce); printa("ae %s %s %d %@d\n", @ae);
	printa("cref %@d\n", @cref); printa("aref %@d\n", @aref);
}
EOF
	cat >"$work/prog.bt" <<EOF
tracepoint:sock:sock_send_length /args->protocol == 6 && pid == WPID && args->ret > 0/ { @sent = sum(args->ret); }
tracepoint:tcp:tcp_probe /args->sport == $port/ { @rx = sum(args->data_len); }
tracepoint:sock:inet_sock_set_state /args->protocol == 6 && (args->sport == $port || args->dport == $port)/ { @st[args->oldstate, args->newstate] = count(); }
EOF
	run_work tcp $fam $port $N
	o="$work/ut.out"
	check "tcp/ipv$fam: usdtrace exit status" 0 "$urc"
	check "tcp/ipv$fam: the workload received $N bytes" "$N" "$(tail -1 "$work/load.out")"
	check "tcp/ipv$fam: tcp:::send payload (ip_plength - tcp_offset)" "$N" "$(val tx "$o")"
	check "tcp/ipv$fam: tcp:::receive payload" "$N" "$(val rx "$o")"
	check "tcp/ipv$fam: tcp:::send ip_ver, the socket's tcps_rport" "$fam $port" \
		"$(awk '$1 == "txver" { print $2, $3 }' "$o" | sort -u | tr '\n' ' ' | sed 's/ $//')"
	check "tcp/ipv$fam: tcp:::receive's socket (tcps_lport, cs_addr = tcps_addr)" "$port 1" \
		"$(awk '$1 == "rxsock" { print $2, $3 }' "$o" | sort -u | tr '\n' ' ' | sed 's/ $//')"
	check "tcp/ipv$fam: connect-request: the SYN (addresses, flags SYN, port, state syn-sent)" \
		"$lo $lo 1 $port 2 1" "$(val cr "$o")"
	check "tcp/ipv$fam: connect-established once, state established" "$lo $lo 1 1" "$(val ce "$o")"
	check "tcp/ipv$fam: accept-established once, state established" "$lo $lo 1 1" "$(val ae "$o")"
	check "tcp/ipv$fam: no refusals on an accepted connection" "0 0" \
		"$(val cref "$o" | grep . || echo 0) $(val aref "$o" | grep . || echo 0)"
	# client: closed>syn-sent>established>fin-wait-1>fin-wait-2>closed; listener:
	# closed>listen>closed; accepted: listen>syn-received>established>close-wait>last-ack>closed
	want="7-2 2-1 1-4 4-5 5-7 7-10 10-7 10-3 3-1 1-8 8-9 9-7"
	check "tcp/ipv$fam: state-change old-new pairs of connect and close" \
		"$(echo $want | tr ' ' '\n' | sort | tr '\n' ' ')" \
		"$(awk '$1 == "st" { for (i = 0; i < $3; i++) print $2 }' "$o" | sort | tr '\n' ' ')"
	if [ -n "$BPFTRACE" ]; then
		check "tcp/ipv$fam: tcp:::send payload = socket bytes sent (bpftrace, same run)" \
			"$(bt_val sent)" "$(val tx "$o")"
		check "tcp/ipv$fam: tcp:::receive payload = tcp_probe data_len (bpftrace, same run)" \
			"$(bt_val rx)" "$(val rx "$o")"
		check "tcp/ipv$fam: state changes (bpftrace, same run)" \
			"$(awk '/^@st\[/ { gsub(/[@st\[\]:,]/, " "); for (i = 0; i < $3; i++) print $1 "-" $2 }' "$work/bt.out" | sort | tr '\n' ' ')" \
			"$(awk '$1 == "st" { for (i = 0; i < $3; i++) print $2 }' "$o" | sort | tr '\n' ' ')"
	fi

	# a connect to a port where nothing listens: the SYN refused with a reset
	port=$((port + 1))
	sed -i "s/== $((port - 1))/== $port/g" "$work/prog.d"
	cat >"$work/prog.bt" <<EOF
tracepoint:tcp:tcp_receive_reset /args->dport == $port/ { @rrst = count(); }
tracepoint:tcp:tcp_send_reset /args->skaddr == 0 && ((args->saddr[2] << 8 | args->saddr[3]) == $port || (args->daddr[2] << 8 | args->daddr[3]) == $port)/ { @srst = count(); }
EOF
	run_work refused $fam $port
	check "refused/ipv$fam: usdtrace exit status" 0 "$urc"
	check "refused/ipv$fam: the workload's connect was refused" 0 "$(tail -1 "$work/load.out")"
	check "refused/ipv$fam: connect-request once" "$lo $lo 1 $port 2 1" "$(val cr "$o")"
	check "refused/ipv$fam: connect-refused once" 1 "$(val cref "$o")"
	check "refused/ipv$fam: accept-refused once" 1 "$(val aref "$o")"
	check "refused/ipv$fam: no connection established" "" "$(val ce "$o")$(val ae "$o")"
	if [ -n "$BPFTRACE" ]; then
		check "refused/ipv$fam: connect-refused = tcp_receive_reset (bpftrace, same run)" \
			"$(bt_val rrst)" "$(val cref "$o")"
		check "refused/ipv$fam: accept-refused = tcp_send_reset with no socket (bpftrace)" \
			"$(bt_val srst)" "$(val aref "$o")"
	fi
done

# ---- UDP: K datagrams of S bytes; udp and ip send/receive ----
K=10 S=500
for fam in 4 6; do
	port=$((20000 + ($$ + fam + 7) % 20000))
	if [ $fam = 4 ]; then lo=127.0.0.1; else lo=::1; fi
	sed "s/PORT/$port/g; s/LO/$lo/g; s/VER/$fam/g; s/PLEN/$((S + 8))/g" >"$work/prog.d" <<'EOF'
BEGIN { printf("ready\n"); }
udp:::send /args[4]->udp_dport == PORT/
{
	@tx = sum(args[4]->udp_length - 8);
	@txn = count();
	@txs[args[3]->udps_rport, args[3]->udps_raddr, args[2]->ip_saddr, args[2]->ip_daddr] = count();
}
udp:::receive /args[4]->udp_dport == PORT/
{
	@rx = sum(args[4]->udp_length - 8);
	@rxn = count();
	@rxh[args[2]->ip_ver, args[2]->ip_plength, args[4]->udp_sport != 0] = count();
}
/* the IP packets of those datagrams: this version, protocol UDP, to and from loopback */
ip:::send
/args[2]->ip_ver == VER && args[2]->ip_plength == PLEN && args[2]->ip_daddr == "LO" &&
 (VER == 4 ? args[4]->ipv4_protostr : args[5]->ipv6_nextstr) == "UDP"/
{
	@ipt = count();
	@iptif[args[3]->if_name, args[1]->cs_addr != 0] = count();
}
ip:::receive
/args[2]->ip_ver == VER && args[2]->ip_plength == PLEN && args[2]->ip_saddr == "LO" &&
 (VER == 4 ? args[4]->ipv4_protostr : args[5]->ipv6_nextstr) == "UDP"/
{
	@ipr = count();
}
END
{
	printa("tx %@d\n", @tx); printa("txn %@d\n", @txn); printa("rx %@d\n", @rx);
	printa("rxn %@d\n", @rxn); printa("txs %d %s %s %s %@d\n", @txs);
	printa("rxh %d %d %d %@d\n", @rxh);
	printa("ipt %@d\n", @ipt); printa("ipr %@d\n", @ipr); printa("iptif %s %d %@d\n", @iptif);
}
EOF
	cat >"$work/prog.bt" <<EOF
tracepoint:sock:sock_send_length /args->protocol == 17 && pid == WPID && args->ret > 0/ { @sent = sum(args->ret); @sentn = count(); }
tracepoint:sock:sock_recv_length /args->protocol == 17 && pid == WPID && args->ret > 0/ { @recvd = sum(args->ret); @recvdn = count(); }
EOF
	run_work udp $fam $port $K $S
	o="$work/ut.out"
	check "udp/ipv$fam: usdtrace exit status" 0 "$urc"
	check "udp/ipv$fam: the workload received $((K * S)) bytes" "$((K * S))" "$(tail -1 "$work/load.out")"
	check "udp/ipv$fam: udp:::send payload, datagrams" "$((K * S)) $K" "$(val tx "$o") $(val txn "$o")"
	check "udp/ipv$fam: udp:::receive payload, datagrams" "$((K * S)) $K" "$(val rx "$o") $(val rxn "$o")"
	check "udp/ipv$fam: udp:::send socket (connected: udps_rport, udps_raddr) and addresses" \
		"$port $lo $lo $lo $K" "$(val txs "$o")"
	check "udp/ipv$fam: udp:::receive ipinfo_t (version, payload length), udp_sport" \
		"$fam $((S + 8)) 1 $K" "$(val rxh "$o")"
	check "udp/ipv$fam: ip:::send and ip:::receive, the datagrams' packets" "$K $K" \
		"$(val ipt "$o") $(val ipr "$o")"
	check "udp/ipv$fam: ip:::send ifinfo_t if_name, the packet's socket" "lo 1 $K" "$(val iptif "$o")"
	if [ -n "$BPFTRACE" ]; then
		check "udp/ipv$fam: udp:::send = socket bytes, datagrams sent (bpftrace, same run)" \
			"$(bt_val sent) $(bt_val sentn)" "$(val tx "$o") $(val txn "$o")"
		check "udp/ipv$fam: udp:::receive = socket bytes, datagrams received (bpftrace)" \
			"$(bt_val recvd) $(bt_val recvdn)" "$(val rx "$o") $(val rxn "$o")"
	fi
done
