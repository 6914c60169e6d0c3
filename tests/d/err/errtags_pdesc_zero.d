/* @opts: -x errtags */
/* A probe description that matches nothing is D_PDESC_ZERO. */
nosuchprovider:::nosuchprobe
{
	exit(0);
}
