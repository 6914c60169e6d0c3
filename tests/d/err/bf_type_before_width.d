/* @opts: -x errtags */
/* A bit-field of a type that is no integer is refused for its type even when its width would
 * be too big for any type: dtrace checks the type first (float : 4294967296 is
 * D_DECL_BFTYPE, int : 4294967296 D_DECL_BFSIZE; observed with dtrace -e). */
struct bits {
	float : 4294967296;
} xyz;

BEGIN
{
	exit(0);
}
