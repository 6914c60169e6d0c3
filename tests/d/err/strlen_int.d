/* dt_ident.c dt_idcook_sign: D_PROTO_ARG; strlen's prototype is size_t(const char *)
 * (dt_open.c). */
BEGIN
{
	x = strlen(1); /* error here */
}
