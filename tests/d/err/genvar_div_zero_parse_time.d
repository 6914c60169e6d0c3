/* dtrace's parser folds 1 - 1 and refuses the division by it as it builds the node
 * (dt_node_op2), before the type checker ever looks at the earlier clause: the undefined
 * undefined_value is not reported (observed: dtrace -s of this script). */
BEGIN
{
	x = undefined_value;
}

BEGIN
{
	y = 10 /
	    (1 - 1); /* error here */
}
