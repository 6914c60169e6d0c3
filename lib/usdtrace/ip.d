/*
 * ip.d — usdtrace D library: the argument types of DTrace's ip provider (and what the tcp and
 * udp providers share with it), as translators from the kernel's own types, read through
 * this kernel's BTF:
 *
 *	pktinfo_t  < struct sk_buff * >      the packet
 *	csinfo_t   < struct sock * >         the connection (socket) it belongs to
 *	ipinfo_t   < struct iphdr * >        its IP header, IPv4 or IPv6 (the version nibble is
 *	                                     where both headers keep it)
 *	ipinfo_t   < struct ipv6hdr * >      an IPv6 header
 *	ifinfo_t   < struct net_device * >   the interface
 *
 * so that, on a kernel tracepoint, `xlate <ipinfo_t *> (hdr)->ip_saddr` is the source address
 * of the packet whose IP header is at hdr: `(struct iphdr *)skb->data` where the packet is
 * received (net:netif_receive_skb: the link header has been pulled), `(struct iphdr
 * *)(skb->head + skb->network_header)` where the kernel has set the network header (sending,
 * and receiving from the IP layer on). docs/net-translators.md lists the tracepoints and
 * which expression each needs.
 *
 * The members mean what DTrace documents (Dynamic Tracing Guide, ip provider); a header
 * pointer of NULL gives zeros and "<unknown>", as DTrace for Linux's do.
 */

inline int IPPROTO_IP = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_IGMP = 2;
inline int IPPROTO_IPIP = 4;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ROUTING = 43;
inline int IPPROTO_FRAGMENT = 44;
inline int IPPROTO_GRE = 47;
inline int IPPROTO_ESP = 50;
inline int IPPROTO_AH = 51;
inline int IPPROTO_ICMPV6 = 58;
inline int IPPROTO_NONE = 59;
inline int IPPROTO_SCTP = 132;
inline int IPPROTO_UDPLITE = 136;
inline int IPPROTO_RAW = 255;

typedef uint64_t netstackid_t;

/* The packet: its sk_buff's address. */
typedef struct pktinfo {
	uintptr_t pkt_addr;
} pktinfo_t;

/* The connection: its socket's address, and an identifier of it (the same address: what
 * stays the same for one connection while it lives). */
typedef struct csinfo {
	uintptr_t cs_addr;
	uint64_t cs_cid;
} csinfo_t;

typedef struct ipinfo {
	uint8_t ip_ver;			/* 4 or 6 */
	uint32_t ip_plength;		/* payload length: the packet after the IP header (IPv4) or
					 * after the fixed header (IPv6: extension headers count) */
	string ip_saddr;		/* source address, as text */
	string ip_daddr;		/* destination address, as text */
} ipinfo_t;

typedef struct ifinfo {
	string if_name;			/* the interface's name, "lo", "eth0" */
	int8_t if_local;		/* 1 when there is no interface: delivered locally */
	netstackid_t if_ipstack;	/* the network namespace (its struct net's address) */
	uintptr_t if_addr;		/* the struct net_device's address */
} ifinfo_t;

translator pktinfo_t < struct sk_buff *S > {
	pkt_addr = (uintptr_t)S;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
};

/* Either version: an iphdr pointer is where the packet's network header starts, whichever
 * family it is. */
translator ipinfo_t < struct iphdr *I > {
	ip_ver = I == NULL ? 0 : I->version;
	ip_plength = I == NULL ? 0 :
	    I->version == 4 ? ntohs(I->tot_len) - (I->ihl << 2) :
	    I->version == 6 ? ntohs(((struct ipv6hdr *)I)->payload_len) : 0;
	ip_saddr = I == NULL ? "<unknown>" :
	    I->version == 4 ? inet_ntoa(&I->saddr) :
	    I->version == 6 ? inet_ntoa6(&((struct ipv6hdr *)I)->saddr) : "<unknown>";
	ip_daddr = I == NULL ? "<unknown>" :
	    I->version == 4 ? inet_ntoa(&I->daddr) :
	    I->version == 6 ? inet_ntoa6(&((struct ipv6hdr *)I)->daddr) : "<unknown>";
};

translator ipinfo_t < struct ipv6hdr *I > {
	ip_ver = I == NULL ? 0 : 6;
	ip_plength = I == NULL ? 0 : ntohs(I->payload_len);
	ip_saddr = I == NULL ? "<unknown>" : inet_ntoa6(&I->saddr);
	ip_daddr = I == NULL ? "<unknown>" : inet_ntoa6(&I->daddr);
};

translator ifinfo_t < struct net_device *N > {
	if_name = N == NULL ? "<unknown>" : stringof(N->name);
	if_local = N == NULL;
	if_ipstack = N == NULL ? 0 : (uint64_t)N->nd_net.net;
	if_addr = (uintptr_t)N;
};
