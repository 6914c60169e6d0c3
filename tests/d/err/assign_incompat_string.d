BEGIN
{
	s = "a";
}

END
{
	s = 1; /* error here */
}
