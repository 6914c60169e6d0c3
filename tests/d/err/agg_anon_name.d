/* dtrace names the anonymous aggregation @_ in its messages (checked against DTrace for Linux) */
BEGIN
{
	@[1] = count();
	@[1, 2] = count();
}
