/* dtrace sizes sizeof (type) as its parser builds the node (dt_node_op1), so void's
 * unknown size is reported before the type checker looks at the earlier clause's undefined
 * name (observed: dtrace -s of this script). */
BEGIN
{
	x = undefined_value;
}

BEGIN
{
	y = sizeof (
	    void
	); /* error here */
}
