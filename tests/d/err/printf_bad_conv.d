/* An unknown conversion character (dt_printf.c dt_printf_create; text as in src/dfmt.h). */
BEGIN
{
	printf("%d %y\n", 1, 2); /* error here */
}
