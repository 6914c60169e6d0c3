/*
 * A pointer to translated data with string or array members (curpsinfo) is still refused as
 * a whole value: only members of the translation are made.
 */
BEGIN
{
	p = curpsinfo;
}
