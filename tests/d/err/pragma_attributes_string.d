/* The attributes of #pragma D attributes are a name word, not a string.
 * (observed: dtrace -x errtags -s pragma_attributes_string.d) */
/* @opts: -x errtags */
#pragma D attributes "Stable/Stable/Common" x
BEGIN
{
	exit(0);
}
