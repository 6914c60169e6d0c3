/* pcap() records data: nothing that records may follow commit() in a clause
 * (Guide, "Committing a Speculation"). */
BEGIN
{
	s = speculation();
	commit(s);
	pcap((void *)0, PCAP_IP);
}
