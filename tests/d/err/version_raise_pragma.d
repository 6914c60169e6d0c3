/* A version level only goes down: 2.0 after 1.5 is refused (DTrace for Linux's message; its
 * dt_reduce removes what a lower level hides for good). */
#pragma D option version=1.5
#pragma D option version=2.0

BEGIN
{
	exit(0);
}
