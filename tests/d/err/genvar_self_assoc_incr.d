/* ++/-- of self->a without keys, a a thread-local associative array: the operand is the
 * array, which is not scalar (observed: dtrace -s of this script, operator -- requires
 * operand of scalar type). */
BEGIN
{
	self->a["k"] = 1;
	self->a--; /* error here */
}
