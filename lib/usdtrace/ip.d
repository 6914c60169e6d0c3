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

/* The connection: its socket's address, and the Guide's identifier of it, which no
 * translator defines on Linux (below). */
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

/* cs_addr only, as DTrace for Linux's translator: it defines no cs_cid (nor cs_pid,
 * cs_zoneid), so naming one is "translator does not define conversion for member". */
translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
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
	if_local = N == NULL ? 1 : 0;
	if_ipstack = N == NULL ? 0 : (uint64_t)N->nd_net.net;
	if_addr = (uintptr_t)N;
};

/* The IPv4 header of a packet (the ip provider's args[4]): zeros and "<unknown>" when the
 * header is not IPv4's. */
typedef struct ipv4info {
	uint8_t ipv4_ver;		/* 4 */
	uint8_t ipv4_ihl;		/* header length, bytes */
	uint8_t ipv4_tos;		/* type of service */
	uint16_t ipv4_length;		/* total length: header and payload */
	uint16_t ipv4_ident;		/* identification */
	uint8_t ipv4_flags;		/* flags, the top 4 bits of the fragment field, as DTrace
					 * for Linux gives them: 4 don't fragment, 2 more fragments */
	uint16_t ipv4_offset;		/* fragment offset, in 8-byte units */
	uint8_t ipv4_ttl;		/* time to live */
	uint8_t ipv4_protocol;		/* the next protocol, IPPROTO_* */
	string ipv4_protostr;		/* the same as text: "TCP", "UDP", "ICMP" ... */
	uint16_t ipv4_checksum;		/* header checksum */
	uint32_t ipv4_src;		/* source address (network byte order) */
	uint32_t ipv4_dst;		/* destination address */
	string ipv4_saddr;		/* source address, as text */
	string ipv4_daddr;		/* destination address, as text */
	uintptr_t ipv4_hdr;		/* the header's address */
} ipv4info_t;

/* The IPv6 header of a packet (the ip provider's args[5]): zeros and "<unknown>" when the
 * header is not IPv6's. */
typedef struct ipv6info {
	uint8_t ipv6_ver;		/* 6 */
	uint8_t ipv6_tclass;		/* traffic class */
	uint32_t ipv6_flow;		/* flow label */
	uint16_t ipv6_plen;		/* payload length */
	uint8_t ipv6_nexthdr;		/* the next header, IPPROTO_* */
	string ipv6_nextstr;		/* the same as text */
	uint8_t ipv6_hlim;		/* hop limit */
	uintptr_t ipv6_src;		/* the source address's address (a struct in6_addr) */
	uintptr_t ipv6_dst;		/* the destination address's */
	string ipv6_saddr;		/* source address, as text */
	string ipv6_daddr;		/* destination address, as text */
	uintptr_t ipv6_hdr;		/* the header's address */
} ipv6info_t;

inline string ip_protostr[int p] =
	p == IPPROTO_TCP ? "TCP" : p == IPPROTO_UDP ? "UDP" : p == IPPROTO_ICMP ? "ICMP" :
	p == IPPROTO_ICMPV6 ? "ICMPv6" : p == IPPROTO_IGMP ? "IGMP" : p == IPPROTO_IPV6 ? "IPv6" :
	p == IPPROTO_IPIP ? "IPIP" : p == IPPROTO_GRE ? "GRE" : p == IPPROTO_ESP ? "ESP" :
	p == IPPROTO_AH ? "AH" : p == IPPROTO_ROUTING ? "ROUTE" :
	p == IPPROTO_FRAGMENT ? "FRAGMENT" : p == IPPROTO_NONE ? "NONE" :
	p == IPPROTO_SCTP ? "SCTP" : p == IPPROTO_UDPLITE ? "UDPLITE" : p == IPPROTO_RAW ? "RAW" :
	p == IPPROTO_IP ? "IP" : lltostr(p);

translator ipv4info_t < struct iphdr *I > {
	ipv4_ver = I == NULL || I->version != 4 ? 0 : 4;
	ipv4_ihl = I == NULL || I->version != 4 ? 0 : I->ihl << 2;
	ipv4_tos = I == NULL || I->version != 4 ? 0 : I->tos;
	ipv4_length = I == NULL || I->version != 4 ? 0 : ntohs(I->tot_len);
	ipv4_ident = I == NULL || I->version != 4 ? 0 : ntohs(I->id);
	ipv4_flags = I == NULL || I->version != 4 ? 0 : ntohs(I->frag_off) >> 12;
	ipv4_offset = I == NULL || I->version != 4 ? 0 : ntohs(I->frag_off) & 0x1fff;
	ipv4_ttl = I == NULL || I->version != 4 ? 0 : I->ttl;
	ipv4_protocol = I == NULL || I->version != 4 ? 0 : I->protocol;
	ipv4_protostr = I == NULL || I->version != 4 ? "<unknown>" : ip_protostr[I->protocol];
	ipv4_checksum = I == NULL || I->version != 4 ? 0 : ntohs(I->check);
	ipv4_src = I == NULL || I->version != 4 ? 0 : I->saddr;
	ipv4_dst = I == NULL || I->version != 4 ? 0 : I->daddr;
	ipv4_saddr = I == NULL || I->version != 4 ? "<unknown>" : inet_ntoa(&I->saddr);
	ipv4_daddr = I == NULL || I->version != 4 ? "<unknown>" : inet_ntoa(&I->daddr);
	ipv4_hdr = I == NULL || I->version != 4 ? 0 : (uintptr_t)I;
};

translator ipv6info_t < struct ipv6hdr *I > {
	ipv6_ver = I == NULL || I->version != 6 ? 0 : 6;
	ipv6_tclass = I == NULL || I->version != 6 ? 0 : I->priority << 4 | I->flow_lbl[0] >> 4;
	ipv6_flow = I == NULL || I->version != 6 ? 0 :
	    (I->flow_lbl[0] & 0xf) << 16 | I->flow_lbl[1] << 8 | I->flow_lbl[2];
	ipv6_plen = I == NULL || I->version != 6 ? 0 : ntohs(I->payload_len);
	ipv6_nexthdr = I == NULL || I->version != 6 ? 0 : I->nexthdr;
	ipv6_nextstr = I == NULL || I->version != 6 ? "<unknown>" : ip_protostr[I->nexthdr];
	ipv6_hlim = I == NULL || I->version != 6 ? 0 : I->hop_limit;
	ipv6_src = I == NULL || I->version != 6 ? 0 : (uintptr_t)&I->saddr;
	ipv6_dst = I == NULL || I->version != 6 ? 0 : (uintptr_t)&I->daddr;
	ipv6_saddr = I == NULL || I->version != 6 ? "<unknown>" : inet_ntoa6(&I->saddr);
	ipv6_daddr = I == NULL || I->version != 6 ? "<unknown>" : inet_ntoa6(&I->daddr);
	ipv6_hdr = I == NULL || I->version != 6 ? 0 : (uintptr_t)I;
};
