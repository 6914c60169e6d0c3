/* An indexed aggregation as an action's argument is not resolved by name (dt_cc.c acts on
 * the aggregation and ignores the keys): never assigned, it is "undefined aggregation", with
 * the action's own tag (D_CLEAR_AGGBAD). */
#pragma D option errtags

BEGIN
{
	clear(@a[1]);
}
