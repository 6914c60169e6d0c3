/* @root */
/* trace() under quiet: integers as %d (1- and 2-byte ones unsigned), strings as they are. */
#pragma D option quiet

BEGIN
{
	trace(1);
	trace(" ");
	trace(-1L);
	trace(" ");
	trace((char)-2);
	trace(" ");
	trace((short)-1);
	trace(" ");
	trace("str");
	trace("\n");
	exit(0);
}
