/* @root */
/* @opts: -C */
/* -C with a glibc header: cpp runs as dtrace's does (strict C99, __GNUC__ removed), so
 * <endian.h> gives its byte-order macros without the GNU inline byte-swap function bodies
 * D cannot parse; -x stdc=c/t would bring them back. */
#pragma D option quiet
#include <endian.h>
#include <stdint.h>

BEGIN
{
#if __BYTE_ORDER == __LITTLE_ENDIAN
	printf("%x %x\n", htonl(0x11223344), htons(0xaabb));
#else
	printf("44332211 bbaa\n");
#endif
#ifdef __STRICT_ANSI__
	printf("strict\n");
#endif
#ifdef __GNUC__
	printf("__GNUC__ leaked\n");
#endif
	exit(0);
}
