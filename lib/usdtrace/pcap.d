/*
 * pcap.d — usdtrace D library: the link types pcap() files a packet under (its second
 * argument; a pcap file's linktype), by the names DTrace for Linux's D library gives them.
 * The values are libpcap's DLT_* numbers (any other DLT_* number may be passed as it is).
 * dtrace's library binds them to D version "1.12", a level its compiler does not have, and
 * shows them at every level it accepts (-x version=1.5 and 2.0 alike): so they are here, unbound.
 */

inline int PCAP_NULL = 0;		/* DLT_NULL: BSD loopback */
inline int PCAP_ETHER = 1;		/* DLT_EN10MB: Ethernet */
inline int PCAP_PPP = 9;		/* DLT_PPP */
inline int PCAP_IP = 12;		/* DLT_RAW: an IPv4 or IPv6 header first */
inline int PCAP_WIFI = 105;		/* DLT_IEEE802_11 */
inline int PCAP_IPOIB = 242;		/* DLT_IPOIB: IP over InfiniBand */
