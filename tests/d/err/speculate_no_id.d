/* dt_idcook_sign prototype check (err.D_PROTO_LEN.SpecNoId.d) */
BEGIN
{
	speculate(); /* error here */
}
