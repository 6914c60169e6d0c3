/* A description matching no probe, without -Z (dt_cc.c: D_PDESC_ZERO; the description is
 * printed provider:module:function:name). */
BEGIN
{
	exit(0);
}

nosuchprov:::nosuchprobe /* error here */
{
	exit(0);
}
