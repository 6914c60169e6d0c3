/* dt_parser.c dt_node_func names the callee as it parses: x, made by an assignment, is unknown. */
BEGIN
{
	x = 1;
}

END
{
	y = x(2); /* error here */
}
