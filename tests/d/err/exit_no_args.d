BEGIN
{
	exit(); /* error here */
}
