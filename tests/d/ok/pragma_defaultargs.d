/* @root */
/* defaultargs is a compiler switch, and a pragma sets compiler switches for the compilation
 * it stands in (the Guide's options table lists defaultargs among the options a pragma may
 * set; DTrace for Linux, dt_options.c dt_opt_cflags, sets the parser's flags), so the $1 after
 * it is 0 instead of an error. */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%d\n", $1);
	exit(0);
}
