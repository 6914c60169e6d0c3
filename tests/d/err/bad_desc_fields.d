/* Five fields (dt_parser.c: D_PDESC_INVAL with EDT_BADSPEC's text, dt_error.c). */
a:b:c:d:e /* error here */
{
	exit(0);
}
