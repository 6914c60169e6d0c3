/* Reading a name never assigned (dt_parser.c dt_xcook_ident; EDT_NOVAR's text, dt_error.c). */
BEGIN
{
	printf("%d\n", nosuch); /* error here */
}
