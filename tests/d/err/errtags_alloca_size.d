/* @opts: -x errtags -x scratchsize=64 */
/* alloca() of a constant larger than scratchsize is refused by the code generator with
 * libdtrace's D_ALLOCA_SIZE tag. */
BEGIN
{
	p = alloca(65);
	exit(0);
}
