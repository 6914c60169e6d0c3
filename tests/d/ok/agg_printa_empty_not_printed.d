/* @root */
/* An aggregation counts as printed by printa( ), and is left out of the print at exit, only
 * when printa printed a row of it: dtrace sets the printed flag in the callback that prints a
 * row (dt_consume.c dt_print_aggs, dt_printf.c dt_fprinta/dt_fprintas), so a printa of an
 * aggregation with no data yet prints nothing, and what the aggregation gathers afterwards
 * is printed at exit. printa(@c, @d) prints a row (@d's), so both are left out.
 * (DTrace for Linux, observed: dtrace -qn 'tick-10ms { i++; @a = count(); }
 * tick-10ms /i == 5/ { trunc(@a); printa(@a); } tick-10ms /i == 9/ { exit(0); }' prints
 * the count 4 at exit.) The counting starts 250 ms after the printa and stops before exit( ),
 * so however late the tracer reads the maps the values are the same. */
#pragma D option quiet
tick-10ms
{
	i++;
}

tick-10ms
/i >= 30 && i <= 33/
{
	@a = count();
	@b[1] = count();
	@c[1] = count();
}

tick-10ms
/i <= 5/
{
	@d[2] = count();
}

tick-10ms
/i == 5/
{
	printa(@a);
	printa("%d %@d\n", @b);
	printa(@c, @d);
}

tick-10ms
/i == 40/
{
	exit(0);
}
