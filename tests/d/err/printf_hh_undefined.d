/* C's hh length modifier is not one of dtrace's: "%hhd" is an undefined conversion
 * (DTrace for Linux's dt_printf.c has no entry for it), not a char-sized %d. */
BEGIN
{
	printf("%hhd\n", 1);
	exit(0);
}
