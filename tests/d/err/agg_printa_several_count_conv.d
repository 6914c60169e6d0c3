/* printa() of several aggregations checks its format against each one's value in turn
 * (dt_cg_act_printa calls dt_printf_validate per aggregation): count()'s value is a uint64_t,
 * which %@lld (long long) refuses, though the first aggregation, a sum(), an int64_t, takes it.
 * (DTrace for Linux, observed: this program; found by genagg ok seed 54.) */
BEGIN
{
	@s = sum(1);
	@c = count();
	printa("%@lld %@lld\n", @s, @c);
}
