/* @opts: -x version=1.5 */
/* A level set on the command line is not raised by the program: DTrace for Linux's message. */
#pragma D option version=2.0

BEGIN
{
	exit(0);
}
