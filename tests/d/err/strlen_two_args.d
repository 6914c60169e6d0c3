BEGIN
{
	x = strlen("a", "b"); /* error here */
}
