BEGIN
{
	x = 7 % "b"; /* error here */
}
