/* dt_parser.c dt_xcook_ident: D_IDENT_BADREF. */
BEGIN
{
	a[1] = 2;
	b = a; /* error here */
}
