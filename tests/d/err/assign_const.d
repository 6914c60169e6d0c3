BEGIN
{
	1 = 2; /* error here */
}
