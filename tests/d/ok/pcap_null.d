/* @root */
/* pcap() of a NULL socket buffer captures nothing: its record says 0 bytes (the linear part
 * read through NULL is 0), and the consumer prints nothing for it (dt_print_pcap: "If pktlen
 * is 0, the skb must have been NULL, so don't capture it"), then goes on with the record.
 * DTrace for Linux 2.0 loops for ever on such a record instead (dt_print_pcap returns 0
 * actions consumed, and the loop of dt_consume_one steps back over the same action again):
 * this expectation is the definition's, not that hang. */
#pragma D option quiet

BEGIN
{
	pcap((void *)0, PCAP_IP);
	printf("after\n");
	pcap(NULL, PCAP_ETHER);
	exit(0);
}
