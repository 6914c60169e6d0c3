/* @opts: -x errtags */
/* A value that does not fit its conversion: D_PRINTF_ARG_TYPE. */
BEGIN
{
	printf("%d\n", "abc");
}
