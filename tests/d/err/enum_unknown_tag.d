/* A variable of an enum type that is named but never defined (and is not a kernel type)
 * has an incomplete type: D_DECL_INCOMPLETE, as for a struct (dt_decl.c). */
enum zq_nosuch_colour c;

BEGIN
{
	exit(0);
}
