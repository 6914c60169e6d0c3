BEGIN
{
	x = a[];
}
