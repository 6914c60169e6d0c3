/* @opts: -x errtags */
/* long before a typedef name in a cast is refused as in a declaration: libdtrace applies the
 * attribute to a type it does not know as an integer (observed with dtrace). */
BEGIN
{
	x = (long uint8_t)300;
}
