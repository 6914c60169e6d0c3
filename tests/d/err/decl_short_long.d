/* @opts: -x errtags */
/* short and long are attributes of a base type in D: "short long" names no type. */
BEGIN
{
	i = (short long)0;
}
