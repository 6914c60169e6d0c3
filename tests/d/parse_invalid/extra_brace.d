BEGIN
{
	x = 1;
}
}
