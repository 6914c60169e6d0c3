/* print() takes one argument. */
BEGIN
{
	print(1, 2);
}
