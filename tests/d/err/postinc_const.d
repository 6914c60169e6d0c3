BEGIN
{
	x = 1++; /* error here */
}
