/* dt_ident.c dt_idcook_sign: D_PROTO_ARG. */
BEGIN
{
	x = strlen(1); /* error here */
}
