/*
 * An aggregating function's call used as a value has dtrace's dynamic type, named
 * "aggregating function" in messages (dt_node_type_name); a variable first assigned it is
 * named by its kind. Expected: DTrace for Linux's message.
 */
BEGIN
{
	this->i = 1; this->i = count();
}
