/* The directive names of #pragma D are case-sensitive: OPTION is no D pragma.
 * (observed: dtrace -x errtags -s pragma_d_case.d) */
/* @opts: -x errtags */
#pragma D OPTION quiet
BEGIN
{
	exit(0);
}
