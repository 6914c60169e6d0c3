/* @opts: -w */
/*
 * A void key of an aggregation whose keys are known: the prototype mismatch (dt_idcook_sign).
 * Expected: DTrace for Linux's message.
 */
BEGIN
{
	@a[1] = count(); @a[(void)1] = count();
}
