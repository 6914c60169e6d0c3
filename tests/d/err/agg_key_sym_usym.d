/*
 * A kernel symbol address (sym(), _symaddr) and a user one (usym(), _usymaddr) are keys of
 * different types: one aggregation cannot take both. Expected: DTrace for Linux's message.
 */
BEGIN
{
	@[sym(0)] = count();
	@[usym(0)] = count();
}
