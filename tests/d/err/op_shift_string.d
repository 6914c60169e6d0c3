BEGIN
{
	x = 1 << "a"; /* error here */
}
