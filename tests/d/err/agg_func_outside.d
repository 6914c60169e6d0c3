/* Outside an aggregation assignment an aggregating function is a void function (dt_open.c:
 * "void()"): assigning its value is assigning void. */
BEGIN
{
	x = count();
}
