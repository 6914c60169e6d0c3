/* substr has an optional third argument: "at least" (dt_ident.c dt_idcook_sign). */
BEGIN
{
	x = substr("abc"); /* error here */
}
