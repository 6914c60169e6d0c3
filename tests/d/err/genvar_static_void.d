/* A storage class D has no use for is refused before the type is looked at: static void is
 * the storage class's error, not a void object's (observed: dtrace -s of this script). */
static void x; /* error here */

BEGIN
{
	exit(0);
}
