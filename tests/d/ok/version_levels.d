/* @root */
/* @opts: -C -x version=1.3 */
#pragma D option quiet

/* At D level 1.3 the identifiers of 1.3 and before are there (strstr 1.1, ucaller and usym
 * 1.2, ntohs 1.3) and the preprocessor's __SUNW_D_VERSION is the level in dtrace's encoding
 * (major << 24 | minor << 12 | micro: 0x01003000). The D libraries keep every built-in: a
 * level restricts the program, so a clause may still use what the libraries define. With no
 * level, __SUNW_D_VERSION is dtrace's latest, 0x02000001 (version_latest.d). */
BEGIN
{
	printf("%x\n", __SUNW_D_VERSION);
	printf("%s %d %d\n", strstr("abcd", "c"), ntohs(0x0100), ucaller == ucaller);
	exit(0);
}
