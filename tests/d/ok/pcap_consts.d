/* The link types pcap() takes, as DTrace for Linux's D library defines them (its pcap.d:
 * libpcap's DLT_* numbers): dtrace -qn 'BEGIN { printf(..., PCAP_NULL, ...) }' prints
 * "0 1 9 12 105 242"; they are int inlines (sizeof 4). */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d\n", PCAP_NULL, PCAP_ETHER, PCAP_PPP, PCAP_IP, PCAP_WIFI,
	    PCAP_IPOIB);
	printf("%d\n", sizeof (PCAP_IP));
	exit(0);
}
