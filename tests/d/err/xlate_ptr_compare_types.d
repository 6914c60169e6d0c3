/* Pointers to data translated to different types do not compare (DTrace for Linux: the two
 * dynamic types are incompatible; curpsinfo == curpsinfo is accepted, ok/xlate_ptr_whole). */
BEGIN
{
	trace(curpsinfo != curlwpsinfo);
}
