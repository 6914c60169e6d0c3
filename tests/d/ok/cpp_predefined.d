/* @opts: -C -q */
/* dtrace's predefined macros under -C: __SUNW_D, __SUNW_D_VERSION (the D level, 2.0.1 by
 * default), __linux, __amd64 and __x86_64 (this machine's). */
#if defined(__SUNW_D) && __SUNW_D_VERSION >= 0x02000000 && defined(__linux) && defined(__amd64)
BEGIN
{
	printf("%d %x %d %d\n", __SUNW_D, __SUNW_D_VERSION, __linux, __x86_64);
	exit(0);
}
#endif
