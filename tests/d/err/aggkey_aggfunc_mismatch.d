/* @opts: -w */
/*
 * An aggregating function as a later key: the prototype mismatch names its dynamic type.
 * Expected: DTrace for Linux's message.
 */
BEGIN
{
	@a[1, 2] = count(); @a[1, count()] = count();
}
