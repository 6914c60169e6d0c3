BEGIN
{
	x = (1 + 2; /* error here */
}
