BEGIN
{
	y = *(void *)0; /* error here */
}
