/* Built-in variables are not writable (dt_parser.c dt_assign_common: D_OP_WRITE). */
BEGIN
{
	pid = 5; /* error here */
}
