/* PCAP_IP is an inline of the D library (pcap.d): not an lvalue. */
BEGIN
{
	PCAP_IP = 3;
}
