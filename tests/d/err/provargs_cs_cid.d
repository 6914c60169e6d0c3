/* csinfo_t's cs_cid: DTrace for Linux's csinfo_t translator defines cs_addr only, so the
 * connection id the Guide describes is not translated on Linux (dtrace -e -n 'ip:::send {
 * trace(args[1]->cs_cid); }'). */
ip:::send
{
	trace(args[1]->cs_cid);
}
