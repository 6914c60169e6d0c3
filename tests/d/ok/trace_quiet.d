/* @root */
/* trace() under quiet: integers without padding, signed or unsigned as their D type is;
 * strings as they are. */
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
	trace((unsigned char)-2);
	trace(" ");
	trace((uint16_t)-1);
	trace(" ");
	trace(-1UL);
	trace(" ");
	trace("str");
	trace("\n");
	exit(0);
}
