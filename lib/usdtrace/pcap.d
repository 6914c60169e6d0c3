/*
 * pcap.d — usdtrace D library: the link types pcap() files a packet under (its second
 * argument; a pcap file's linktype), by the names DTrace for Linux's D library gives them.
 * The values are libpcap's DLT_* numbers (any other DLT_* number may be passed as it is).
 * As in dtrace, the names exist from D version 1.12 on: `-x version=1.6` hides them.
 */

inline int PCAP_NULL = 0;		/* DLT_NULL: BSD loopback */
#pragma D binding "1.12" PCAP_NULL
inline int PCAP_ETHER = 1;		/* DLT_EN10MB: Ethernet */
#pragma D binding "1.12" PCAP_ETHER
inline int PCAP_PPP = 9;		/* DLT_PPP */
#pragma D binding "1.12" PCAP_PPP
inline int PCAP_IP = 12;		/* DLT_RAW: an IPv4 or IPv6 header first */
#pragma D binding "1.12" PCAP_IP
inline int PCAP_WIFI = 105;		/* DLT_IEEE802_11 */
#pragma D binding "1.12" PCAP_WIFI
inline int PCAP_IPOIB = 242;		/* DLT_IPOIB: IP over InfiniBand */
#pragma D binding "1.12" PCAP_IPOIB
