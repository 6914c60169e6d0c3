/* D has no floating-point values of its own: %f wants a float, double or long double, and an int
 * is refused (dt_printf.c dt_printf_validate: D_PRINTF_ARG_TYPE, pfcheck_type for "%f"). */
BEGIN
{
	printf("%f\n", 1); /* error here */
}
