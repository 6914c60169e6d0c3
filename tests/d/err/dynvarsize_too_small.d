/* @root */
/* dynvarsize below what one dynamic variable element takes (dtrace's pool: the largest tuple,
 * a variable id and the keys, plus the largest value) is refused at enabling. */
#pragma D option dynvarsize=20

BEGIN
{
	a[1, 2] = 1;
	exit(0);
}
