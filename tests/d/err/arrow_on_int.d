BEGIN
{
	x = 1;
	y = x->a; /* error here */
}
