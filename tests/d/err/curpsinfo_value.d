/*
 * A pointer to translated data (curpsinfo) is refused as a whole value: it is of dtrace's
 * dynamic type, which no variable holds (only members of the translation are made).
 * Expected: DTrace for Linux's message.
 */
BEGIN
{
	p = curpsinfo;
}
