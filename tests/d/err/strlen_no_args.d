/* dt_ident.c dt_idcook_sign: D_PROTO_LEN. */
BEGIN
{
	x = strlen(); /* error here */
}
