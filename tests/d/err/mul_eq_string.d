BEGIN
{
	s = "a";
	s *= 2; /* error here */
}
