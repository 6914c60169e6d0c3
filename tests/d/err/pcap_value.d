/* pcap() is an action (dt_open.c: DT_IDENT_ACTFUNC, "void(void *, int)"): as a value
 * its void type meets the assignment (dtrace cooks the expression before the action). */
BEGIN
{
	x = pcap((void *)0, PCAP_IP);
}
