/* @opts: -x errtags */
/* &@a of an aggregation nothing has assigned: @a is resolved first, as any name (observed
 * with dtrace -x errtags -e; once @a is assigned it is D_ADDROF_VAR). */
BEGIN
{
	trace(&@a);
}
