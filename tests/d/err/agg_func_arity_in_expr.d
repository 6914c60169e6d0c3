/* An aggregating function called outside `@a = f()` is still counted against its prototype
 * as it is cooked, before the expression round it is typed: dtrace reports avg's argument
 * count here, not the '+' of an int and an aggregating function (observed with dtrace -e). */
BEGIN
{
	x = 1 + avg(1, 2);
}
