/* pcap() in a predicate: the void action is no condition (dtrace's message). */
BEGIN
/pcap((void *)0, PCAP_ETHER)/
{
	exit(0);
}
