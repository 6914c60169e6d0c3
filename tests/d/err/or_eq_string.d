BEGIN
{
	s = "a";
	s |= 1; /* error here */
}
