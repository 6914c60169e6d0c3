/* @opts: -x errtags */
/* The format must be a string constant: D_PRINTF_ARG_FMT. */
BEGIN
{
	f = "%d";
	printf(f, 1);
}
