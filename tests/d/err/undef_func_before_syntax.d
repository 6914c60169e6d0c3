/* dtrace's parser looks a callee up as it builds the call (dt_node_func): a function nothing
 * defines is reported before a later syntax error. */
BEGIN
{
	foo(1);
	x = ;
}
