/* @root */
/* @opts: -C -x stdc=t */
/* -x stdc=t (-Xt): DTrace for Linux runs cpp in the same strict ISO C99 mode as the default
 * stdc=a (observed: dtrace -C -x stdc=t defines __STRICT_ANSI__ and __STDC_VERSION__ 199901L;
 * GNU cpp has no mode with the Guide's "__STDC__ 0"). */
#pragma D option quiet

BEGIN
{
#ifdef __STRICT_ANSI__
	printf("strict\n");
#else
	printf("gnu mode\n");
#endif
	printf("%d %d\n", __STDC__, __STDC_VERSION__);
	exit(0);
}
