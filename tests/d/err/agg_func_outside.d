/* Outside an aggregation assignment an aggregating function's value has dtrace's dynamic type
 * ("aggregating function" in messages, dt_node_type_name), and the variable first assigned it
 * takes that type and is named by its kind, "scalar". Expected: DTrace for Linux's message. */
BEGIN
{
	x = count();
}
