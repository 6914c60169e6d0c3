/* pcap() records data (a DTRACEACT_PCAP record): speculate() may not follow
 * it in a clause (Guide, "Speculative Tracing": data-recording actions after speculate()). */
BEGIN
{
	s = speculation();
	pcap((void *)0, PCAP_IP);
	speculate(s);
}
