/* @opts: -x errtags */
/* Only a library may depend on another library. */
#pragma D depends_on library net.d
BEGIN
{
}
