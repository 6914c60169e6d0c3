BEGIN
{
	exit("a"); /* error here */
}
