/* &a[k] is refused (an element is a dynamic variable), but dtrace cooks the element first
 * (dt_cook_op1), so a key the array's key list refuses is what it reports (observed:
 * dtrace -s of this script). */
BEGIN
{
	self->a[1] = 1;
	trace(&self->a["one"]); /* error here */
}
