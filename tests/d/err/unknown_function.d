/* dt_parser.c dt_node_func: D_FUNC_UNDEF. */
BEGIN
{
	x = nosuchfunc(1); /* error here */
}
