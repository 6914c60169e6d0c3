/*
 * trace()'s argument is checked for void when dtrace compiles the action, after the clause's
 * statements are all cooked (libdtrace dt_cg.c's D_TRACE_VOID): the unknown name of a later
 * statement is the error reported. Expected: dtrace -s of this script (genact err sweep).
 */
BEGIN
{
	trace((void)0);
	trace(nosuchvar + 1);
}
