/* The first assignment to an element of a new array: its keys are checked before the value
 * (dt_cook_op2 cooks the target first, making the array from them), so the undefined key is
 * reported, not the undefined value (observed: dtrace -s of this script). */
BEGIN
{
	x[undefined_key] = undefined_value; /* error here */
}
