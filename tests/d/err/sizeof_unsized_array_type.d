/* An array type without a dimension has size 0: sizeof refuses it (D_SIZEOF_TYPE). */
BEGIN
{
	trace(sizeof(int[]));
	exit(0);
}
