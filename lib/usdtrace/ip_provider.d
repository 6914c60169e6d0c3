/*
 * ip_provider.d — DTrace's ip provider as formulas over this kernel's net tracepoints
 * (docs/formula-providers.md; the translators are ip.d's). A program that names provider
 * ip loads this library (src/cmd/dlib.c); provider files (-h, -G) never do.
 *
 *   ip:::send     an IPv4 or IPv6 packet is handed to a device driver (net:net_dev_start_xmit,
 *                 before the driver has it): the network header is where the kernel set it
 *                 (skb->network_header)
 *   ip:::receive  a device hands an IPv4 or IPv6 packet to the stack (net:netif_receive_skb):
 *                 the link header is pulled, so the IP header is at skb->data
 *
 * args: pktinfo_t *, csinfo_t * (the packet's socket, cs_addr 0 when it has none: always on
 * receive, where the packet is not matched to a socket yet), ipinfo_t *, ifinfo_t *,
 * ipv4info_t *, ipv6info_t * (zeros for the other version), as DTrace documents them. Both
 * tracepoints see every packet of a device; the guards keep those whose link-level protocol
 * (skb->protocol, network byte order) is IPv4 (0x0800) or IPv6 (0x86dd): ARP and the like
 * do not fire.
 */
#pragma D depends_on library ip.d

provider ip {
	probe send(pktinfo_t *, csinfo_t *, ipinfo_t *, ifinfo_t *, ipv4info_t *, ipv6info_t *) =
		rawtp:net::net_dev_start_xmit(struct sk_buff *skb, struct net_device *dev)
		/ (ntohs(skb->protocol) == 0x0800 || ntohs(skb->protocol) == 0x86dd) / :
			(skb, skb->sk, (struct iphdr *)(skb->head + skb->network_header), dev,
			 (struct iphdr *)(skb->head + skb->network_header),
			 (struct ipv6hdr *)(skb->head + skb->network_header));
	probe receive(pktinfo_t *, csinfo_t *, ipinfo_t *, ifinfo_t *, ipv4info_t *, ipv6info_t *) =
		rawtp:net::netif_receive_skb(struct sk_buff *skb)
		/ ntohs(skb->protocol) == 0x0800 || ntohs(skb->protocol) == 0x86dd / :
			(skb, skb->sk, (struct iphdr *)skb->data, skb->dev, (struct iphdr *)skb->data,
			 (struct ipv6hdr *)skb->data);
};
