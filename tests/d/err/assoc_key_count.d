/* Key tuples keep the shape of the first use (dt_ident.c dt_idcook_sign: D_PROTO_LEN). */
BEGIN
{
	a["x"] = 1;
	a["x", 2] = 2; /* error here */
}
