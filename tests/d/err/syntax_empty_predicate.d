BEGIN
/ / /* error here */
{
	exit(0);
}
