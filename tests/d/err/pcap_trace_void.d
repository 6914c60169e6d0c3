/* trace() of pcap(): a void expression, as for any action used as a value. */
BEGIN
{
	trace(pcap((void *)0, PCAP_IP));
}
