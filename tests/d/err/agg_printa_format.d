/* printa's format is checked against the keys: %s for an int key. */
BEGIN
{
	@a[1] = count();
	printa("%s %@d\n", @a);
}
