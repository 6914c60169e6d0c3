/* The level from inside the program: print() is D 2.0's, so at 1.6.4 it is undefined
 * (DTrace for Linux's message, run with -x nolibs). */
#pragma D option version=1.6.4

BEGIN
{
	print(1);
}
