/*
 * udp.d — usdtrace D library: the argument types of DTrace's udp provider, as translators from
 * the kernel's types (this kernel's BTF):
 *
 *	udpinfo_t  < struct udphdr * >     a datagram's UDP header
 *	udpsinfo_t < struct udp_sock * >   the socket (a struct sock * cast to struct udp_sock *)
 *
 * with pktinfo_t, csinfo_t, ipinfo_t from ip.d. The socket's addresses are what it is bound
 * and connected to: an unconnected socket's remote address is 0.0.0.0 (or ::) and its remote
 * port 0, where the datagram's own headers (ipinfo_t, udpinfo_t) name the peer.
 * docs/net-translators.md lists the tracepoints these apply to.
 */
#pragma D depends_on library ip.d

typedef struct udpinfo {
	uint16_t udp_sport;		/* source port */
	uint16_t udp_dport;		/* destination port */
	uint16_t udp_length;		/* length: header and payload, bytes */
	uint16_t udp_checksum;		/* checksum */
	uintptr_t udp_hdr;		/* the header's address */
} udpinfo_t;

typedef struct udpsinfo {
	uintptr_t udps_addr;		/* the socket's address */
	uint16_t udps_lport;		/* local port */
	uint16_t udps_rport;		/* remote port */
	string udps_laddr;		/* local address, as text */
	string udps_raddr;		/* remote address, as text */
} udpsinfo_t;

translator udpinfo_t < struct udphdr *U > {
	udp_sport = U == NULL ? 0 : ntohs(U->source);
	udp_dport = U == NULL ? 0 : ntohs(U->dest);
	udp_length = U == NULL ? 0 : ntohs(U->len);
	udp_checksum = U == NULL ? 0 : ntohs(U->check);
	udp_hdr = (uintptr_t)U;
};

translator udpsinfo_t < struct udp_sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = S == NULL ? 0 : S->inet.sk.__sk_common.skc_num;
	udps_rport = S == NULL ? 0 : ntohs(S->inet.sk.__sk_common.skc_dport);
	udps_laddr = S == NULL ? "<unknown>" :
	    S->inet.sk.__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&S->inet.sk.__sk_common.skc_rcv_saddr) :
	    inet_ntoa6(&S->inet.sk.__sk_common.skc_v6_rcv_saddr);
	udps_raddr = S == NULL ? "<unknown>" :
	    S->inet.sk.__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&S->inet.sk.__sk_common.skc_daddr) :
	    inet_ntoa6(&S->inet.sk.__sk_common.skc_v6_daddr);
};
