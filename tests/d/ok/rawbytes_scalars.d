/* @cpu */
/* With rawbytes, trace() dumps every record as bytes, a scalar too (DTrace for Linux's
 * dt_print_trace checks the option before it looks at the record): an int is its 4 bytes,
 * low byte first, a char its one. */
#pragma D option rawbytes

BEGIN
{
	trace(1);
	trace((char)-2);
	trace((short)0x1234);
	trace(0x0102030405060708);
	trace(-1);
	exit(0);
}
