/*
 * tcp_provider.d — DTrace's tcp provider, the probes this kernel's tracepoints carry one for
 * one, as formulas (docs/formula-providers.md; the translators are tcp.d's and ip.d's).
 * Shipped but not in lib/usdtrace yet: there the library chooser
 * (src/cmd/dlib.c, which picks libraries by the words a program uses) pulls them, and io.d
 * with them, into `-h`/`-G` of provider files that name probes send/receive, and io.d cannot
 * compile without the kernel's types. Use them with `-L lib/providers`.
 *
 *   tcp:::receive       a segment arrives on an established connection (tcp:tcp_probe, in
 *                       tcp_rcv_established; the kernel has set the network and transport
 *                       headers): pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *,
 *                       tcpinfo_t *
 *   tcp:::state-change  a TCP socket changes state (sock:inet_sock_set_state, which only TCP
 *                       sockets fire on this kernel): args[3] the socket, args[5] the previous
 *                       state. The kernel stores the new state after the tracepoint, so
 *                       args[3]->tcps_state is still the previous one here; the new one is the
 *                       tracepoint's third argument (docs/net-translators.md).
 *
 * Not expressible with the formula syntax as it is (a guard tests members, not values):
 * tcp:::send (net:net_dev_xmit sees every protocol's packets), connect-request,
 * connect-established, accept-established (state changes to SYN_SENT or ESTABLISHED: a guard
 * on newstate), connect-refused, accept-refused (tcp:tcp_receive_reset, tcp:tcp_send_reset in
 * the SYN states). docs/net-translators.md lists the tracepoint and the test each needs.
 */
#pragma D depends_on library tcp.d

provider tcp {
	probe receive(pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t *) =
		rawtp:tcp::tcp_probe(struct sock *sk, struct sk_buff *skb) :
			(skb, sk, (struct iphdr *)(skb->head + skb->network_header),
			 (struct tcp_sock *)sk, (struct tcphdr *)(skb->head + skb->transport_header));
	probe state__change(pktinfo_t *, csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t *,
			    tcplsinfo_t *) =
		rawtp:sock::inet_sock_set_state(struct sock *sk, int oldstate, int newstate) :
			((struct sk_buff *)NULL, sk, (struct iphdr *)NULL, (struct tcp_sock *)sk,
			 (struct tcphdr *)NULL, oldstate);
};
