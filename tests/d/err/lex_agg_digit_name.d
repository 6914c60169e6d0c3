/* An aggregation's name starts with a letter or _ (Guide "Aggregations"): "@1" is the
 * anonymous aggregation "@" and then the constant 1, a syntax error at the 1, as dtrace
 * reports it (observed: dtrace -s lex_agg_digit_name.d). */
BEGIN
{
	@1 = count();
}
