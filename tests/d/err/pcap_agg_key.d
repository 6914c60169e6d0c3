/* pcap() as an aggregation key: a void key, refused as dtrace refuses it. */
BEGIN
{
	@a[pcap((void *)0, PCAP_ETHER)] = count();
}
