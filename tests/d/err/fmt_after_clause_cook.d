/* dtrace validates a printf() format when it generates the action's code, after cooking the
 * whole clause: the type error of a later statement is the one reported, not the format's
 * missing argument (observed with dtrace -e; the same for a format that is not a string
 * constant, an undefined conversion, and system()'s format). */
BEGIN
{
	printf("%d %d\n", 1);
	x = "a" * 1;
}
