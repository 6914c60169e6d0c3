/* Attributes may give fewer than three parts (the rest keep the highest values): Stable/Evolving is valid, and the pragma fails only because x is never defined.
 * (observed: dtrace -x errtags -s pragma_attributes_two_parts.d) */
/* @opts: -x errtags */
#pragma D attributes Stable/Evolving x
BEGIN
{
	exit(0);
}
