/* @root */
/* @opts: -C -x stdc=t */
/* -x stdc=t runs cpp in its default (GNU) mode: __STRICT_ANSI__ is not defined there, as
 * dtrace runs it; the default, stdc=a, is strict ISO C99. */
#pragma D option quiet

BEGIN
{
#ifdef __STRICT_ANSI__
	printf("strict\n");
#else
	printf("gnu mode\n");
#endif
	exit(0);
}
