/* void has no size (D_SIZEOF_TYPE). */
BEGIN
{
	trace(sizeof(void));
	exit(0);
}
