/* The format must be a string constant (dt_cc.c dt_action_printflike: D_PRINTF_ARG_FMT). */
BEGIN
{
	f = "%d\n";
	printf(f, 1); /* error here */
}
