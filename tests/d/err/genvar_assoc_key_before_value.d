/* x[k] = v: dtrace cooks the assignment's target before its value (dt_cook_op2), so an
 * element's keys are held against the array's key list before v is looked at (observed:
 * dtrace -s of this script reports key #2, not "failed to resolve undefined_value"). */
int x[int, string];

BEGIN
{
	x[1, 2] = undefined_value; /* error here */
}
