/* @opts: -x errtags */
/* dtrace refuses the call of a name nothing defines as it builds the call (dt_node_func), while
 * it parses: before the type errors its checker finds later, even in earlier statements and
 * clauses (dtrace -x errtags -e -s undef_call_before_type_error.d). */
BEGIN
{
	x = "a" * 2;
}

END
{
	prinf("%d\n", x);
}
