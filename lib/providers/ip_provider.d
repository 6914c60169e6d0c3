/*
 * ip_provider.d — DTrace's ip provider as formulas over this kernel's net tracepoints
 * (docs/formula-providers.md; the translators are ip.d's). Shipped but not in lib/usdtrace yet: there the library chooser
 * (src/cmd/dlib.c, which picks libraries by the words a program uses) pulls them, and io.d
 * with them, into `-h`/`-G` of provider files that name probes send/receive, and io.d cannot
 * compile without the kernel's types. Use them with `-L lib/providers`.
 *
 *   ip:::send     a packet is handed to a device driver (net:net_dev_xmit): the network
 *                 header is where the kernel set it (skb->network_header)
 *   ip:::receive  a device hands a packet to the stack (net:netif_receive_skb): the link
 *                 header is pulled, so the IP header is at skb->data
 *
 * args: pktinfo_t *, csinfo_t * (the packet's socket, cs_addr 0 when it has none), ipinfo_t *,
 * ifinfo_t *, ipv4info_t *, ipv6info_t * (zeros for the other version), as DTrace documents
 * them. Both tracepoints see every packet of a device, IP or not: a packet that
 * is not IPv4 or IPv6 (ARP) has ip_ver 0 and "<unknown>" addresses, as the formula syntax has
 * no way yet to leave it out (a guard on a value, `/ skb->protocol == ... /`, would).
 */
#pragma D depends_on library ip.d

provider ip {
	probe send(pktinfo_t *, csinfo_t *, ipinfo_t *, ifinfo_t *, ipv4info_t *, ipv6info_t *) =
		rawtp:net::net_dev_xmit(struct sk_buff *skb, int rc, struct net_device *dev) :
			(skb, skb->sk, (struct iphdr *)(skb->head + skb->network_header), dev,
			 (struct iphdr *)(skb->head + skb->network_header),
			 (struct ipv6hdr *)(skb->head + skb->network_header));
	probe receive(pktinfo_t *, csinfo_t *, ipinfo_t *, ifinfo_t *, ipv4info_t *, ipv6info_t *) =
		rawtp:net::netif_receive_skb(struct sk_buff *skb) :
			(skb, skb->sk, (struct iphdr *)skb->data, skb->dev, (struct iphdr *)skb->data,
			 (struct ipv6hdr *)skb->data);
};
