/* printf's prototype is (@, ...): at least one argument (dt_ident.c dt_idcook_sign). */
BEGIN
{
	printf(); /* error here */
}
