BEGIN
{
	trace(); /* error here */
}
