BEGIN
{
	@1a = count();
}
