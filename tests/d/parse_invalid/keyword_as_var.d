BEGIN
{
	int = 3;
}
