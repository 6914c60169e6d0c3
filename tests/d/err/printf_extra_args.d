/* dt_printf.c dt_printf_validate: D_PRINTF_ARG_EXTRA. */
BEGIN
{
	printf("%d\n", 1, 2); /* error here */
}
