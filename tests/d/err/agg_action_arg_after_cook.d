/* printa(), clear(), trunc(), normalize() and denormalize() find an argument that is no
 * aggregation (D_PRINTA_AGGARG & co.), or an indexed one never defined (D_CLEAR_AGGBAD &
 * co.), only when they generate the action's code, after the whole clause is cooked: a later
 * statement's type error is the one reported (observed: dtrace -xerrtags -s of this file). */
/* @opts: -x errtags */
BEGIN
{
	@a[1] = count();
	clear(@b[1]);
	printa("%d", 1);
	x = "a" * 1;
}
