/* dt_printf.c dt_printf_validate: D_PRINTF_ARG_TYPE. */
BEGIN
{
	printf("%s\n", 1); /* error here */
}
