BEGIN
{
	x = strjoin("a"); /* error here */
}
