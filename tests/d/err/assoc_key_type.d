/* dt_ident.c dt_idcook_sign: D_PROTO_ARG. */
BEGIN
{
	a["x"] = 1;
	a[1] = 2; /* error here */
}
