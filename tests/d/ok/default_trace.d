/* @root */
/* @cpu */
/* trace() in default output: " %8d" for 4-byte integers, " %16lld" for 8-byte ones, " %3d"
 * and " %5d" (unsigned) for 1- and 2-byte ones, "  %-33s" for strings (dt_consume.c,
 * dt_print_datum; documented in src/dout.h). */
BEGIN
{
	trace(1);
	trace(-1L);
	trace((char)65);
	trace((short)-1);
	trace("str");
	exit(0);
}
