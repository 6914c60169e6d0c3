/* dt_parser.c dt_node_func: D_FUNC_IDKIND. */
BEGIN
{
	x = 1;
}

END
{
	y = x(2); /* error here */
}
