/* dt_printf.c dt_printf_validate: D_PRINTF_ARG_PROTO. */
BEGIN
{
	printf("%d %d\n", 1); /* error here */
}
