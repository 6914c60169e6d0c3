/* usym() keys have type _usymaddr: an integer, but not the same key as an int (dtrace) */
BEGIN
{
	@[1] = count();
}

END
{
	@[usym(1)] = count();
}
