/* @opts: -x errtags */
/* The arguments of a call of a non-name are read first: their syntax error wins over
 * D_FUNC_IDENT (dtrace -x errtags -e -s call_of_member_args.d). */
BEGIN
{
	x = self->f(1 +
	);
}
