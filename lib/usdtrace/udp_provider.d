/*
 * udp_provider.d — DTrace's udp provider as formulas over this kernel's net tracepoints
 * (docs/formula-providers.md; the translators are udp.d's and ip.d's). A program that names
 * provider udp loads this library (src/cmd/dlib.c); provider files (-h, -G) never do.
 *
 *   send     a UDP datagram is handed to a device driver (net:net_dev_start_xmit, before
 *            the driver has it), IPv4 or IPv6: the network and transport headers are where the kernel set them;
 *            the socket is the datagram's (skb->sk)
 *   receive  a device hands a UDP datagram to the stack (net:netif_receive_skb): the IP
 *            header is at skb->data, the UDP header after it (IPv6: after the fixed header;
 *            a datagram behind extension headers is not one this guard takes). The datagram
 *            is not matched to a socket yet: csinfo_t and udpsinfo_t are empty.
 *
 * This kernel has no tracepoint per UDP datagram at the socket (udp:udp_fail_queue_rcv_skb
 * fires on a failure only), so both probes are at the device.
 * args: pktinfo_t *, csinfo_t *, ipinfo_t *, udpsinfo_t *, udpinfo_t *, as DTrace documents
 * them.
 */
#pragma D depends_on library udp.d

provider udp {
	probe send(pktinfo_t *, csinfo_t *, ipinfo_t *, udpsinfo_t *, udpinfo_t *) =
		rawtp:net::net_dev_start_xmit(struct sk_buff *skb, struct net_device *dev)
		/ (ntohs(skb->protocol) == 0x0800 &&
		    ((struct iphdr *)(skb->head + skb->network_header))->protocol == IPPROTO_UDP ||
		    ntohs(skb->protocol) == 0x86dd &&
		    ((struct ipv6hdr *)(skb->head + skb->network_header))->nexthdr == IPPROTO_UDP) / :
			(skb, skb->sk, (struct iphdr *)(skb->head + skb->network_header),
			 (struct udp_sock *)skb->sk,
			 (struct udphdr *)(skb->head + skb->transport_header));
	probe receive(pktinfo_t *, csinfo_t *, ipinfo_t *, udpsinfo_t *, udpinfo_t *) =
		rawtp:net::netif_receive_skb(struct sk_buff *skb)
		/ ntohs(skb->protocol) == 0x0800 &&
		    ((struct iphdr *)skb->data)->protocol == IPPROTO_UDP ||
		    ntohs(skb->protocol) == 0x86dd &&
		    ((struct ipv6hdr *)skb->data)->nexthdr == IPPROTO_UDP / :
			(skb, skb->sk, (struct iphdr *)skb->data, (struct udp_sock *)skb->sk,
			 (struct udphdr *)(skb->data + (ntohs(skb->protocol) == 0x0800 ?
			     ((struct iphdr *)skb->data)->ihl << 2 : 40)));
};
