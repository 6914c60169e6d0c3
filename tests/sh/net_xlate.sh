#!/bin/sh
# tier: full
# net_xlate.sh — the ip, tcp and udp translators (lib/usdtrace/ip.d, tcp.d, udp.d) on the
# kernel tracepoints a provider would use, with real work on the loopback interface
# (tests/tools/netload.py): a TCP transfer of N bytes and K UDP datagrams of S bytes, IPv4
# and IPv6. The translated values are checked against the work (payload byte sums from the IP
# and TCP/UDP headers of the packets sent and received, socket-level byte sums, the states a
# connect and close go through, sequence numbers) and against bpftrace's tracepoints on the
# same run.
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
	echo "skip - net_xlate: needs root"
	exit 0
fi
command -v python3 >/dev/null || { echo "skip - net_xlate: needs python3"; exit 0; }
BPFTRACE=$(command -v bpftrace)
mounted=0
if [ -n "$BPFTRACE" ] && [ ! -e /sys/kernel/tracing/events ]; then
	mount -t tracefs nodev /sys/kernel/tracing && mounted=1
fi

fail=0
check() {   # check NAME EXPECTED GOT
	if [ "$2" = "$3" ]; then
		ok "net_xlate: $1"
	else
		notok "net_xlate: $1" "expected '$2', got '$3'"
		fail=1
	fi
}
. "$TOP/tests/tools/net_work.sh"   # val, bt_val, run_work: the workload against both tracers

# ---- TCP: N bytes over one connection ----
N=100000
for fam in 4 6; do
	port=$((20000 + ($$ + fam) % 20000))
	if [ $fam = 4 ]; then lo=127.0.0.1; else lo=::1; fi
	sed "s/PORT/$port/g" >"$work/prog.d" <<'EOF'
BEGIN { printf("ready\n"); }

/* every segment sent to the port: the payload from the IP and TCP headers */
rawtp:net::net_dev_xmit
{
	this->ip = (struct iphdr *)(args[0]->head + args[0]->network_header);
	this->tcp = (struct tcphdr *)(args[0]->head + args[0]->transport_header);
	this->is = (this->ip->version == 4 && this->ip->protocol == IPPROTO_TCP) ||
	    (this->ip->version == 6 && ((struct ipv6hdr *)this->ip)->nexthdr == IPPROTO_TCP);
}
rawtp:net::net_dev_xmit
/this->is && xlate <tcpinfo_t *> (this->tcp)->tcp_dport == PORT/
{
	@tx = sum(xlate <ipinfo_t *> (this->ip)->ip_plength -
	    xlate <tcpinfo_t *> (this->tcp)->tcp_offset);
	@txver[xlate <ipinfo_t *> (this->ip)->ip_ver] = count();
	@txaddr[xlate <ipinfo_t *> (this->ip)->ip_saddr, xlate <ipinfo_t *> (this->ip)->ip_daddr] =
	    count();
	@txif[xlate <ifinfo_t *> (args[2])->if_name, xlate <ifinfo_t *> (args[2])->if_local] =
	    count();
	@txpkt[xlate <pktinfo_t *> (args[0])->pkt_addr == (uintptr_t)args[0]] = count();
}
/* the version's own header: TCP on loopback, ttl/hop limit 64, IPv4's don't-fragment flag */
rawtp:net::net_dev_xmit
/this->is && this->ip->version == 4 && xlate <tcpinfo_t *> (this->tcp)->tcp_dport == PORT/
{
	@hdr[xlate <ipv4info_t *> (this->ip)->ipv4_ttl, xlate <ipv4info_t *> (this->ip)->ipv4_flags,
	    xlate <ipv4info_t *> (this->ip)->ipv4_protostr,
	    xlate <ipv4info_t *> (this->ip)->ipv4_length - xlate <ipv4info_t *> (this->ip)->ipv4_ihl ==
	    xlate <ipinfo_t *> (this->ip)->ip_plength,
	    xlate <ipv6info_t *> ((struct ipv6hdr *)this->ip)->ipv6_ver] = count();
}
rawtp:net::net_dev_xmit
/this->is && this->ip->version == 6 && xlate <tcpinfo_t *> (this->tcp)->tcp_dport == PORT/
{
	@hdr[xlate <ipv6info_t *> ((struct ipv6hdr *)this->ip)->ipv6_hlim, 0,
	    xlate <ipv6info_t *> ((struct ipv6hdr *)this->ip)->ipv6_nextstr,
	    xlate <ipv6info_t *> ((struct ipv6hdr *)this->ip)->ipv6_plen ==
	    xlate <ipinfo_t *> (this->ip)->ip_plength,
	    xlate <ipv4info_t *> (this->ip)->ipv4_ver] = count();
}
rawtp:net::net_dev_xmit
/this->is && xlate <tcpinfo_t *> (this->tcp)->tcp_dport == PORT &&
 xlate <tcpinfo_t *> (this->tcp)->tcp_flags == TH_SYN/
{
	syn = xlate <tcpinfo_t *> (this->tcp)->tcp_seq;
}

/* every segment received for the port: the IP header at data, the link header pulled */
rawtp:net::netif_receive_skb
{
	this->ip = (struct iphdr *)args[0]->data;
	this->tcp = (struct tcphdr *)(args[0]->data + (this->ip->version == 6 ? 40 : this->ip->ihl << 2));
	this->is = (this->ip->version == 4 && this->ip->protocol == IPPROTO_TCP) ||
	    (this->ip->version == 6 && ((struct ipv6hdr *)this->ip)->nexthdr == IPPROTO_TCP);
}
rawtp:net::netif_receive_skb
/this->is && xlate <tcpinfo_t *> (this->tcp)->tcp_dport == PORT/
{
	@rx = sum(xlate <ipinfo_t *> (this->ip)->ip_plength -
	    xlate <tcpinfo_t *> (this->tcp)->tcp_offset);
}

/* what the sockets sent and received */
rawtp:sock::sock_send_length
/args[1] > 0 && args[0]->sk_protocol == IPPROTO_TCP &&
 xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_rport == PORT/
{
	@sent = sum(args[1]);
}
rawtp:sock::sock_recv_length
/args[1] > 0 && args[0]->sk_protocol == IPPROTO_TCP &&
 xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_lport == PORT/
{
	@recvd = sum(args[1]);
}

/* the states: of the sockets on the port, and of those once seen on it (closing unbinds) */
rawtp:sock::inet_sock_set_state
/args[0]->sk_protocol == IPPROTO_TCP && (known[(uint64_t)args[0]] ||
 xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_lport == PORT ||
 xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_rport == PORT)/
{
	known[(uint64_t)args[0]] = 1;
	@st[xlate <tcplsinfo_t *> (args[1])->tcps_state, xlate <tcplsinfo_t *> (args[2])->tcps_state] =
	    count();
	/* the kernel stores the new state after the tracepoint: the socket is still in the old */
	@stold[xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_state ==
	    xlate <tcplsinfo_t *> (args[1])->tcps_state] = count();
	@cs[xlate <csinfo_t *> ((struct sock *)args[0])->cs_addr == (uintptr_t)args[0]] = count();
}
rawtp:sock::inet_sock_set_state
/args[0]->sk_protocol == IPPROTO_TCP && args[2] == TCP_STATE_FIN_WAIT_1 &&
 xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_rport == PORT/
{
	cl_iss = xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_iss;
	cl_sent = xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_snxt - cl_iss;
	cl_addr = strjoin(xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_laddr,
	    strjoin(" ", xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_raddr));
	cl_local = xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_local;
}
rawtp:sock::inet_sock_set_state
/args[0]->sk_protocol == IPPROTO_TCP && args[2] == TCP_STATE_CLOSE_WAIT &&
 xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_lport == PORT/
{
	sv_state = tcp_state_string[xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_state];
}
rawtp:sock::inet_sock_set_state
/args[0]->sk_protocol == IPPROTO_TCP && args[2] == TCP_STATE_ESTABLISHED &&
 xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_lport == PORT/
{
	sv_irs = xlate <tcpsinfo_t *> ((struct tcp_sock *)args[0])->tcps_irs;
}

END
{
	printa("tx %@d\n", @tx); printa("rx %@d\n", @rx);
	printa("sent %@d\n", @sent); printa("recvd %@d\n", @recvd);
	printa("txver %d\n", @txver); printa("txaddr %s %s\n", @txaddr);
	printa("txif %s %d\n", @txif); printa("txpkt %d\n", @txpkt);
	printa("stold %d\n", @stold); printa("cs %d\n", @cs);
	printa("st %d-%d\n", @st); printa("hdr %d %d %s %d %d\n", @hdr);
	printf("syn_is_iss %d\nsyn_is_irs %d\n", syn == cl_iss, syn == sv_irs);
	printf("cl_sent %d\ncl_addr %s\ncl_local %d\nsv_state %s\n", cl_sent, cl_addr,
	    cl_local, sv_state);
}
EOF
	cat >"$work/prog.bt" <<EOF
tracepoint:sock:sock_send_length /args->protocol == 6 && pid == WPID && args->ret > 0/ { @sent = sum(args->ret); }
tracepoint:sock:sock_recv_length /args->protocol == 6 && pid == WPID && args->ret > 0/ { @recvd = sum(args->ret); }
tracepoint:sock:inet_sock_set_state /args->protocol == 6 && (args->sport == $port || args->dport == $port)/ { @st[args->oldstate, args->newstate] = count(); }
EOF
	run_work tcp $fam $port $N
	o="$work/ut.out"
	check "tcp/ipv$fam: usdtrace exit status" 0 "$urc"
	check "tcp/ipv$fam: the workload received $N bytes" "$N" "$(tail -1 "$work/load.out")"
	check "tcp/ipv$fam: payload sent, from ipinfo_t ip_plength - tcpinfo_t tcp_offset" "$N" \
		"$(val tx "$o")"
	check "tcp/ipv$fam: payload received, likewise" "$N" "$(val rx "$o")"
	check "tcp/ipv$fam: bytes the client socket sent (tcpsinfo_t tcps_rport)" "$N" "$(val sent "$o")"
	check "tcp/ipv$fam: bytes the server socket received (tcps_lport)" "$N" "$(val recvd "$o")"
	check "tcp/ipv$fam: ipinfo_t ip_ver" "$fam 1" "$(awk '$1 == "txver" { print $2, ($2 != "") }' "$o" | sort -u)"
	check "tcp/ipv$fam: ipinfo_t ip_saddr, ip_daddr" "$lo $lo" "$(val txaddr "$o")"
	check "tcp/ipv$fam: ifinfo_t if_name, if_local" "lo 0" "$(val txif "$o")"
	check "tcp/ipv$fam: pktinfo_t pkt_addr is the sk_buff" "1" "$(val txpkt "$o")"
	if [ $fam = 4 ]; then want="64 4 TCP 1 0"; else want="64 0 TCP 1 0"; fi
	check "tcp/ipv$fam: ipv${fam}info_t ttl/hop limit, flags, protocol, lengths; the other version's 0" \
		"$want" "$(val hdr "$o")"
	check "tcp/ipv$fam: csinfo_t cs_addr is the socket" "1" "$(val cs "$o")"
	check "tcp/ipv$fam: tcpsinfo_t tcps_state at the tracepoint is the old state" "1" \
		"$(val stold "$o")"
	# client: closed, syn-sent, established, fin-wait-1, fin-wait-2, closed (time-wait is
	# another socket's); listener: closed, listen, closed; accepted: listen, syn-received,
	# established, close-wait, last-ack, closed
	want="1-4 10-3 10-7 2-1 3-1 4-5 5-7 7-10 7-2 8-9 9-7 1-8"
	check "tcp/ipv$fam: the state changes of connect and close" \
		"$(echo $want | tr ' ' '\n' | sort | tr '\n' ' ')" \
		"$(awk '$1 == "st" { print $2 }' "$o" | sort | tr '\n' ' ')"
	check "tcp/ipv$fam: the SYN's tcp_seq is the client's tcps_iss" 1 "$(val syn_is_iss "$o")"
	check "tcp/ipv$fam: client tcps_snxt - tcps_iss at FIN_WAIT_1 (SYN + data)" $((N + 1)) \
		"$(val cl_sent "$o")"
	check "tcp/ipv$fam: the SYN's tcp_seq is the server's tcps_irs" 1 "$(val syn_is_irs "$o")"
	check "tcp/ipv$fam: tcps_laddr, tcps_raddr" "$lo $lo" "$(val cl_addr "$o")"
	check "tcp/ipv$fam: tcps_local" 1 "$(val cl_local "$o")"
	check "tcp/ipv$fam: tcps_state (tcp_state_string) at CLOSE_WAIT is the old state" \
		state-established "$(val sv_state "$o")"
	if [ -n "$BPFTRACE" ]; then
		check "tcp/ipv$fam: bytes sent (bpftrace, same run)" "$(bt_val sent)" "$(val sent "$o")"
		check "tcp/ipv$fam: bytes received (bpftrace, same run)" "$(bt_val recvd)" \
			"$(val recvd "$o")"
		check "tcp/ipv$fam: state changes (bpftrace, same run)" \
			"$(awk '/^@st\[/ { gsub(/[@st\[\]:,]/, " "); print $1 "-" $2 }' "$work/bt.out" | sort | tr '\n' ' ')" \
			"$(awk '$1 == "st" { print $2 }' "$o" | sort | tr '\n' ' ')"
	fi
done

# ---- UDP: K datagrams of S bytes from a connected socket to a bound one ----
K=10 S=500
for fam in 4 6; do
	port=$((20000 + ($$ + fam + 7) % 20000))
	if [ $fam = 4 ]; then lo=127.0.0.1 any=0.0.0.0; else lo=::1 any=::; fi
	sed "s/PORT/$port/g" >"$work/prog.d" <<'EOF'
BEGIN { printf("ready\n"); }

rawtp:net::net_dev_xmit
{
	this->ip = (struct iphdr *)(args[0]->head + args[0]->network_header);
	this->udp = (struct udphdr *)(args[0]->head + args[0]->transport_header);
	this->is = (this->ip->version == 4 && this->ip->protocol == IPPROTO_UDP) ||
	    (this->ip->version == 6 && ((struct ipv6hdr *)this->ip)->nexthdr == IPPROTO_UDP);
}
rawtp:net::net_dev_xmit
/this->is && xlate <udpinfo_t *> (this->udp)->udp_dport == PORT/
{
	@tx = sum(xlate <udpinfo_t *> (this->udp)->udp_length);
	@txplen = sum(xlate <ipinfo_t *> (this->ip)->ip_plength);
	@txn = count();
	@txaddr[xlate <ipinfo_t *> (this->ip)->ip_saddr, xlate <ipinfo_t *> (this->ip)->ip_daddr] =
	    count();
	@txhdr[xlate <udpinfo_t *> (this->udp)->udp_hdr == (uintptr_t)this->udp] = count();
}

rawtp:net::netif_receive_skb
{
	this->ip = (struct iphdr *)args[0]->data;
	this->udp = (struct udphdr *)(args[0]->data + (this->ip->version == 6 ? 40 : this->ip->ihl << 2));
	this->is = (this->ip->version == 4 && this->ip->protocol == IPPROTO_UDP) ||
	    (this->ip->version == 6 && ((struct ipv6hdr *)this->ip)->nexthdr == IPPROTO_UDP);
}
rawtp:net::netif_receive_skb
/this->is && xlate <udpinfo_t *> (this->udp)->udp_dport == PORT/
{
	@rx = sum(xlate <udpinfo_t *> (this->udp)->udp_length);
	@rxport[xlate <udpinfo_t *> (this->udp)->udp_sport != 0] = count();
}

rawtp:sock::sock_send_length
/args[1] > 0 && args[0]->sk_protocol == IPPROTO_UDP &&
 xlate <udpsinfo_t *> ((struct udp_sock *)args[0])->udps_rport == PORT/
{
	@sent = sum(args[1]);
	@snd[xlate <udpsinfo_t *> ((struct udp_sock *)args[0])->udps_laddr,
	    xlate <udpsinfo_t *> ((struct udp_sock *)args[0])->udps_raddr] = count();
	@sndaddr[xlate <udpsinfo_t *> ((struct udp_sock *)args[0])->udps_addr == (uintptr_t)args[0]] =
	    count();
}
rawtp:sock::sock_recv_length
/args[1] > 0 && args[0]->sk_protocol == IPPROTO_UDP &&
 xlate <udpsinfo_t *> ((struct udp_sock *)args[0])->udps_lport == PORT/
{
	@recvd = sum(args[1]);
	@rcv[xlate <udpsinfo_t *> ((struct udp_sock *)args[0])->udps_laddr,
	    xlate <udpsinfo_t *> ((struct udp_sock *)args[0])->udps_raddr,
	    xlate <udpsinfo_t *> ((struct udp_sock *)args[0])->udps_rport] = count();
}

END
{
	printa("tx %@d\n", @tx); printa("txplen %@d\n", @txplen); printa("txn %@d\n", @txn);
	printa("rx %@d\n", @rx); printa("rxport %d %@d\n", @rxport);
	printa("txaddr %s %s\n", @txaddr); printa("txhdr %d\n", @txhdr);
	printa("sent %@d\n", @sent); printa("recvd %@d\n", @recvd);
	printa("snd %s %s\n", @snd); printa("sndaddr %d\n", @sndaddr);
	printa("rcv %s %s %d\n", @rcv);
}
EOF
	cat >"$work/prog.bt" <<EOF
tracepoint:sock:sock_send_length /args->protocol == 17 && pid == WPID && args->ret > 0/ { @sent = sum(args->ret); }
tracepoint:sock:sock_recv_length /args->protocol == 17 && pid == WPID && args->ret > 0/ { @recvd = sum(args->ret); }
EOF
	run_work udp $fam $port $K $S
	o="$work/ut.out"
	check "udp/ipv$fam: usdtrace exit status" 0 "$urc"
	check "udp/ipv$fam: the workload received $((K * S)) bytes" $((K * S)) "$(tail -1 "$work/load.out")"
	check "udp/ipv$fam: datagrams sent" "$K" "$(val txn "$o")"
	check "udp/ipv$fam: udpinfo_t udp_length sum sent (payload + 8)" $((K * (S + 8))) "$(val tx "$o")"
	check "udp/ipv$fam: ipinfo_t ip_plength sum sent" $((K * (S + 8))) "$(val txplen "$o")"
	check "udp/ipv$fam: udp_length sum received" $((K * (S + 8))) "$(val rx "$o")"
	check "udp/ipv$fam: udp_sport of every datagram received" "1 $K" "$(val rxport "$o")"
	check "udp/ipv$fam: ipinfo_t ip_saddr, ip_daddr" "$lo $lo" "$(val txaddr "$o")"
	check "udp/ipv$fam: udpinfo_t udp_hdr" 1 "$(val txhdr "$o")"
	check "udp/ipv$fam: bytes the connected socket sent (udpsinfo_t udps_rport)" $((K * S)) \
		"$(val sent "$o")"
	check "udp/ipv$fam: bytes the bound socket received (udps_lport)" $((K * S)) "$(val recvd "$o")"
	check "udp/ipv$fam: connected socket's udps_laddr, udps_raddr" "$lo $lo" "$(val snd "$o")"
	check "udp/ipv$fam: udpsinfo_t udps_addr is the socket" 1 "$(val sndaddr "$o")"
	check "udp/ipv$fam: bound socket's udps_laddr, udps_raddr, udps_rport (unconnected)" \
		"$lo $any 0" "$(val rcv "$o")"
	if [ -n "$BPFTRACE" ]; then
		check "udp/ipv$fam: bytes sent (bpftrace, same run)" "$(bt_val sent)" "$(val sent "$o")"
		check "udp/ipv$fam: bytes received (bpftrace, same run)" "$(bt_val recvd)" \
			"$(val recvd "$o")"
	fi
done

[ $mounted -eq 1 ] && umount /sys/kernel/tracing
exit $fail
