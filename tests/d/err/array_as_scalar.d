/* dt_parser.c dt_xcook_ident: D_IDENT_BADREF; the kind is dt_idkind_name's. */
BEGIN
{
	a[1] = 2;
	b = a; /* error here */
}
