/* @root */
/* @cpu */
/* trace() in default output: the column is as wide as the largest value of the recorded size
 * (" %3" for 1 byte, " %5" for 2, " %10" for 4, " %20" for 8 unsigned, " %19" signed) and the
 * sign follows the D type; strings are "  %-33s" (src/out/dout.h). */
BEGIN
{
	trace(1);
	trace(-1L);
	trace((char)65);
	trace((short)-1);
	trace("str");
	trace((unsigned short)-1);
	trace((uint8_t)-1);
	trace(-1UL);
	trace((unsigned)-1);
	exit(0);
}
