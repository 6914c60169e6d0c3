/*
 * tcp.d — usdtrace D library: the argument types of DTrace's tcp provider, as translators from
 * the kernel's types (this kernel's BTF):
 *
 *	tcpinfo_t   < struct tcphdr * >     a segment's TCP header
 *	tcpsinfo_t  < struct tcp_sock * >   the connection's state (a struct sock * cast to
 *	                                    struct tcp_sock *: a TCP socket is one)
 *	tcplsinfo_t < int >                 a previous state (a tracepoint's oldstate)
 *
 * with pktinfo_t, csinfo_t, ipinfo_t from ip.d, and DTrace's TCP_STATE_* and TH_* constants
 * and tcp_state_string[]. The kernel's TCP states are numbered as DTrace for Linux numbers
 * them, but for the request socket's TCP_NEW_SYN_RECV (12), which is SYN_RECEIVED here.
 * docs/net-translators.md lists the tracepoints these apply to.
 */
#pragma D depends_on library ip.d

inline int TH_FIN = 0x01;
inline int TH_SYN = 0x02;
inline int TH_RST = 0x04;
inline int TH_PSH = 0x08;
inline int TH_ACK = 0x10;
inline int TH_URG = 0x20;
inline int TH_ECE = 0x40;
inline int TH_CWR = 0x80;

inline int TCP_STATE_IDLE = 0;
inline int TCP_STATE_ESTABLISHED = 1;
inline int TCP_STATE_SYN_SENT = 2;
inline int TCP_STATE_SYN_RECEIVED = 3;
inline int TCP_STATE_FIN_WAIT_1 = 4;
inline int TCP_STATE_FIN_WAIT_2 = 5;
inline int TCP_STATE_TIME_WAIT = 6;
inline int TCP_STATE_CLOSED = 7;
inline int TCP_STATE_CLOSE_WAIT = 8;
inline int TCP_STATE_LAST_ACK = 9;
inline int TCP_STATE_LISTEN = 10;
inline int TCP_STATE_CLOSING = 11;

inline string tcp_state_string[int state] =
	state == TCP_STATE_CLOSED ? "state-closed" :
	state == TCP_STATE_IDLE ? "state-idle" :
	state == TCP_STATE_LISTEN ? "state-listen" :
	state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	state == TCP_STATE_ESTABLISHED ? "state-established" :
	state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	state == TCP_STATE_CLOSING ? "state-closing" :
	state == TCP_STATE_LAST_ACK ? "state-last-ack" :
	state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	state == TCP_STATE_TIME_WAIT ? "state-time-wait" : "<unknown>";

typedef struct tcpinfo {
	uint16_t tcp_sport;		/* source port */
	uint16_t tcp_dport;		/* destination port */
	uint32_t tcp_seq;		/* sequence number */
	uint32_t tcp_ack;		/* acknowledgment number */
	uint8_t tcp_offset;		/* data offset: the header's length, in bytes */
	uint8_t tcp_flags;		/* TH_* flags */
	uint16_t tcp_window;		/* window (unscaled) */
	uint16_t tcp_checksum;		/* checksum */
	uint16_t tcp_urgent;		/* urgent pointer */
	uintptr_t tcp_hdr;		/* the header's address */
} tcpinfo_t;

typedef struct tcpsinfo {
	uintptr_t tcps_addr;		/* the socket's address */
	int tcps_local;			/* local and remote addresses the same: a local peer */
	uint16_t tcps_lport;		/* local port */
	uint16_t tcps_rport;		/* remote port */
	string tcps_laddr;		/* local address, as text */
	string tcps_raddr;		/* remote address, as text */
	int tcps_state;			/* TCP_STATE_*: the state when the probe fires */
	uint32_t tcps_iss;		/* initial sequence number sent */
	uint32_t tcps_irs;		/* initial sequence number received */
	uint32_t tcps_suna;		/* oldest sequence number sent and not acknowledged */
	uint32_t tcps_snxt;		/* next sequence number to send */
	uint32_t tcps_rnxt;		/* next sequence number expected */
	uint32_t tcps_swnd;		/* send window */
	int32_t tcps_snd_ws;		/* send window scale */
	uint32_t tcps_rwnd;		/* receive window */
	int32_t tcps_rcv_ws;		/* receive window scale */
	uint32_t tcps_cwnd;		/* congestion window, in segments */
	uint32_t tcps_cwnd_ssthresh;	/* slow start threshold */
	uint32_t tcps_sack_snxt;	/* next sequence number to retransmit with SACK */
	uint32_t tcps_rto;		/* retransmission timeout, in jiffies */
	uint32_t tcps_mss;		/* maximum segment size */
	int tcps_retransmit;		/* segments sent again and not acknowledged yet (boolean) */
	uint32_t tcps_rtt;		/* smoothed round-trip time, microseconds */
	uint32_t tcps_rtt_sd;		/* its mean deviation, microseconds */
} tcpsinfo_t;

typedef struct tcplsinfo {
	int tcps_state;			/* the previous TCP_STATE_* */
} tcplsinfo_t;

/* The kernel's state numbers, but its request sockets' TCP_NEW_SYN_RECV. */
inline int tcp_state_of[int s] = s == 12 ? TCP_STATE_SYN_RECEIVED : s;

translator tcpinfo_t < struct tcphdr *T > {
	tcp_sport = T == NULL ? 0 : ntohs(T->source);
	tcp_dport = T == NULL ? 0 : ntohs(T->dest);
	tcp_seq = T == NULL ? 0 : ntohl(T->seq);
	tcp_ack = T == NULL ? 0 : ntohl(T->ack_seq);
	tcp_offset = T == NULL ? 0 : T->doff << 2;
	tcp_flags = T == NULL ? 0 : T->fin | T->syn << 1 | T->rst << 2 | T->psh << 3 |
	    T->ack << 4 | T->urg << 5 | T->ece << 6 | T->cwr << 7;
	tcp_window = T == NULL ? 0 : ntohs(T->window);
	tcp_checksum = T == NULL ? 0 : ntohs(T->check);
	tcp_urgent = T == NULL ? 0 : ntohs(T->urg_ptr);
	tcp_hdr = (uintptr_t)T;
};

translator tcpsinfo_t < struct tcp_sock *T > {
	tcps_addr = (uintptr_t)T;
	tcps_local = T == NULL ? 0 :
	    T->inet_conn.icsk_inet.sk.__sk_common.skc_family == AF_INET ?
	    T->inet_conn.icsk_inet.sk.__sk_common.skc_rcv_saddr ==
	    T->inet_conn.icsk_inet.sk.__sk_common.skc_daddr :
	    inet_ntoa6(&T->inet_conn.icsk_inet.sk.__sk_common.skc_v6_rcv_saddr) ==
	    inet_ntoa6(&T->inet_conn.icsk_inet.sk.__sk_common.skc_v6_daddr);
	tcps_lport = T == NULL ? 0 : T->inet_conn.icsk_inet.sk.__sk_common.skc_num;
	tcps_rport = T == NULL ? 0 : ntohs(T->inet_conn.icsk_inet.sk.__sk_common.skc_dport);
	tcps_laddr = T == NULL ? "<unknown>" :
	    T->inet_conn.icsk_inet.sk.__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&T->inet_conn.icsk_inet.sk.__sk_common.skc_rcv_saddr) :
	    inet_ntoa6(&T->inet_conn.icsk_inet.sk.__sk_common.skc_v6_rcv_saddr);
	tcps_raddr = T == NULL ? "<unknown>" :
	    T->inet_conn.icsk_inet.sk.__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&T->inet_conn.icsk_inet.sk.__sk_common.skc_daddr) :
	    inet_ntoa6(&T->inet_conn.icsk_inet.sk.__sk_common.skc_v6_daddr);
	tcps_state = T == NULL ? 0 : tcp_state_of[T->inet_conn.icsk_inet.sk.__sk_common.skc_state];
	/* Derived, as the kernel keeps neither: what has been acknowledged before the oldest
	 * unacknowledged byte (the kernel counts the SYN as acknowledged on the side that
	 * connected, not on the side that accepted, where this is one more than the SYN's
	 * sequence number), and what has been received before the next byte expected, less
	 * the SYN (until a FIN is received, which takes one more). */
	tcps_iss = T == NULL ? 0 : T->snd_una - (uint32_t)T->bytes_acked;
	tcps_irs = T == NULL ? 0 : T->rcv_nxt - (uint32_t)T->bytes_received - 1;
	tcps_suna = T == NULL ? 0 : T->snd_una;
	tcps_snxt = T == NULL ? 0 : T->snd_nxt;
	tcps_rnxt = T == NULL ? 0 : T->rcv_nxt;
	tcps_swnd = T == NULL ? 0 : T->snd_wnd;
	tcps_snd_ws = T == NULL ? 0 : T->rx_opt.snd_wscale;
	tcps_rwnd = T == NULL ? 0 : T->rcv_wnd;
	tcps_rcv_ws = T == NULL ? 0 : T->rx_opt.rcv_wscale;
	tcps_cwnd = T == NULL ? 0 : T->snd_cwnd;
	tcps_cwnd_ssthresh = T == NULL ? 0 : T->snd_ssthresh;
	tcps_sack_snxt = T == NULL ? 0 : T->sacked_out == 0 ? T->snd_una : T->snd_nxt;
	tcps_rto = T == NULL ? 0 : T->inet_conn.icsk_rto;
	tcps_mss = T == NULL ? 0 : T->mss_cache;
	tcps_retransmit = T == NULL ? 0 : T->retrans_out != 0;
	tcps_rtt = T == NULL ? 0 : T->srtt_us >> 3;
	tcps_rtt_sd = T == NULL ? 0 : T->mdev_us >> 2;
};

translator tcplsinfo_t < int I > {
	tcps_state = tcp_state_of[I];
};

/* A socket at sock:inet_sock_set_state (struct sock *sk, int oldstate, int newstate), which
 * fires before the kernel stores the new state: the state is the tracepoint's newstate (its
 * arg2), as DTrace's state-change gives it in args[3]; the rest is the socket's. Only for
 * that tracepoint (tcp_provider.d's state-change): elsewhere arg2 is something else. */
struct tcp_sock_changing;

translator tcpsinfo_t < struct tcp_sock_changing *T > {
	tcps_addr = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_addr;
	tcps_local = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_local;
	tcps_lport = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_lport;
	tcps_rport = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_rport;
	tcps_laddr = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_laddr;
	tcps_raddr = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_raddr;
	tcps_state = tcp_state_of[arg2];
	tcps_iss = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_iss;
	tcps_irs = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_irs;
	tcps_suna = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_suna;
	tcps_snxt = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_snxt;
	tcps_rnxt = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_rnxt;
	tcps_swnd = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_swnd;
	tcps_snd_ws = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_snd_ws;
	tcps_rwnd = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_rwnd;
	tcps_rcv_ws = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_rcv_ws;
	tcps_cwnd = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_cwnd;
	tcps_cwnd_ssthresh = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_cwnd_ssthresh;
	tcps_sack_snxt = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_sack_snxt;
	tcps_rto = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_rto;
	tcps_mss = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_mss;
	tcps_retransmit = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_retransmit;
	tcps_rtt = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_rtt;
	tcps_rtt_sd = xlate <tcpsinfo_t *> ((struct tcp_sock *)T)->tcps_rtt_sd;
};
