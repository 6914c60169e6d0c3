/* PCAP_IP is the D library's inline: a program may not define it again. */
inline int PCAP_IP = 4;

BEGIN
{
	trace(PCAP_IP);
}
