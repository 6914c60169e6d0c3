BEGIN
{
	s = "abc";
	x = 10 / s; /* error here */
}
