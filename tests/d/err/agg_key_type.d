/* A string where the signature has an int. */
BEGIN
{
	@a[1] = count();
	@a["x"] = count();
}
