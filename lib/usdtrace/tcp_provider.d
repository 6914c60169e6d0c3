/*
 * tcp_provider.d — DTrace's tcp provider as formulas over this kernel's net, tcp and sock
 * tracepoints (docs/formula-providers.md; the translators are tcp.d's and ip.d's). A program
 * that names provider tcp loads this library (src/cmd/dlib.c); provider files (-h, -G) never
 * do. Value guards pick the firings of a tracepoint that are the probe's: a packet whose IP
 * protocol is TCP, a state change from one state to another, a reset in a SYN state.
 *
 *   send                 a TCP segment is handed to a device driver (net:net_dev_start_xmit,
 *                        before the driver has it), IPv4 or IPv6; the socket is the segment's (skb->sk)
 *   receive              a segment arrives on an established connection (tcp:tcp_probe, in
 *                        tcp_rcv_established; the kernel has set the network and transport
 *                        headers): the handshake's segments and those of closing states do
 *                        not pass there
 *   state-change         a TCP socket changes state (sock:inet_sock_set_state, which only
 *                        TCP sockets fire on this kernel): args[5] the previous state
 *   connect-request      the connecting side sends its SYN (net:net_dev_start_xmit, a segment with
 *                        SYN and not ACK)
 *   connect-established  the connecting side's socket goes from SYN_SENT to ESTABLISHED
 *   connect-refused      a reset arrives for a socket in SYN_SENT (tcp:tcp_receive_reset)
 *   accept-established   the accepting side's new socket goes from SYN_RECEIVED to
 *                        ESTABLISHED
 *   accept-refused       a reset is sent for a SYN no socket takes (tcp:tcp_send_reset with
 *                        no socket): its packet arguments are the SYN's
 *
 * args: pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t * (and tcplsinfo_t * for
 * state-change), as DTrace documents them. Where the tracepoint has no packet (state changes,
 * tcp_receive_reset) the packet's arguments are empty (pkt_addr 0, "<unknown>" addresses, 0
 * ports): the socket's (args[3]) name the connection.
 *
 * At sock:inet_sock_set_state the kernel stores the new state after the tracepoint fires, so
 * the socket there is still in the state being left. DTrace gives the new state in
 * args[3]->tcps_state (state-change, connect-established, accept-established): these read it
 * from the tracepoint's newstate, through tcp.d's tcpsinfo_t < struct tcp_sock_changing * >
 * (the rest of args[3] is the socket's); args[5]->tcps_state is the state left.
 */
#pragma D depends_on library tcp.d

provider tcp {
	probe send(pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t *) =
		rawtp:net::net_dev_start_xmit(struct sk_buff *skb, struct net_device *dev)
		/ (ntohs(skb->protocol) == 0x0800 &&
		    ((struct iphdr *)(skb->head + skb->network_header))->protocol == IPPROTO_TCP ||
		    ntohs(skb->protocol) == 0x86dd &&
		    ((struct ipv6hdr *)(skb->head + skb->network_header))->nexthdr == IPPROTO_TCP) / :
			(skb, skb->sk, (struct iphdr *)(skb->head + skb->network_header),
			 (struct tcp_sock *)skb->sk,
			 (struct tcphdr *)(skb->head + skb->transport_header));
	probe receive(pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t *) =
		rawtp:tcp::tcp_probe(struct sock *sk, struct sk_buff *skb) :
			(skb, sk, (struct iphdr *)(skb->head + skb->network_header),
			 (struct tcp_sock *)sk, (struct tcphdr *)(skb->head + skb->transport_header));
	probe state__change(pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t *,
			    tcplsinfo_t *) =
		rawtp:sock::inet_sock_set_state(struct sock *sk, int oldstate, int newstate) :
			((struct sk_buff *)NULL, sk, (struct iphdr *)NULL,
			 (struct tcp_sock_changing *)sk, (struct tcphdr *)NULL, oldstate);
	probe connect__request(pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t *) =
		rawtp:net::net_dev_start_xmit(struct sk_buff *skb, struct net_device *dev)
		/ (ntohs(skb->protocol) == 0x0800 &&
		    ((struct iphdr *)(skb->head + skb->network_header))->protocol == IPPROTO_TCP ||
		    ntohs(skb->protocol) == 0x86dd &&
		    ((struct ipv6hdr *)(skb->head + skb->network_header))->nexthdr == IPPROTO_TCP) &&
		    ((struct tcphdr *)(skb->head + skb->transport_header))->syn &&
		    !((struct tcphdr *)(skb->head + skb->transport_header))->ack / :
			(skb, skb->sk, (struct iphdr *)(skb->head + skb->network_header),
			 (struct tcp_sock *)skb->sk,
			 (struct tcphdr *)(skb->head + skb->transport_header));
	probe connect__established(pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *,
				   tcpinfo_t *) =
		rawtp:sock::inet_sock_set_state(struct sock *sk, int oldstate, int newstate)
		/ oldstate == TCP_STATE_SYN_SENT && newstate == TCP_STATE_ESTABLISHED / :
			((struct sk_buff *)NULL, sk, (struct iphdr *)NULL, (struct tcp_sock_changing *)sk,
			 (struct tcphdr *)NULL);
	probe connect__refused(pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t *) =
		rawtp:tcp::tcp_receive_reset(struct sock *sk)
		/ sk->__sk_common.skc_state == TCP_STATE_SYN_SENT / :
			((struct sk_buff *)NULL, sk, (struct iphdr *)NULL, (struct tcp_sock *)sk,
			 (struct tcphdr *)NULL);
	probe accept__established(pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *,
				  tcpinfo_t *) =
		rawtp:sock::inet_sock_set_state(struct sock *sk, int oldstate, int newstate)
		/ oldstate == TCP_STATE_SYN_RECEIVED && newstate == TCP_STATE_ESTABLISHED / :
			((struct sk_buff *)NULL, sk, (struct iphdr *)NULL, (struct tcp_sock_changing *)sk,
			 (struct tcphdr *)NULL);
	probe accept__refused(pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t *) =
		rawtp:tcp::tcp_send_reset(struct sock *sk, struct sk_buff *skb)
		/ sk == NULL && skb != NULL &&
		    ((struct tcphdr *)(skb->head + skb->transport_header))->syn &&
		    !((struct tcphdr *)(skb->head + skb->transport_header))->ack / :
			(skb, sk, (struct iphdr *)(skb->head + skb->network_header),
			 (struct tcp_sock *)sk,
			 (struct tcphdr *)(skb->head + skb->transport_header));
};
