BEGIN
{
	x = 1;
