/*
 * The names of dtrace's aggregating functions are global identifiers of their own kind, not
 * free for variables: `sum = 1` refers to the function (dt_xcook_ident), refused as a scalar.
 * Expected: DTrace for Linux's message for this program.
 */
BEGIN
{
	sum = 1;
}
