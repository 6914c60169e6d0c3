/*
 * A clause-local variable read before its first assignment in the same clause does not exist
 * yet (Guide, "Clause-Local Variables": created on first assignment), as in dtrace:
 *   dtrace -n 'BEGIN { trace(this->x); this->x = 1; }'
 *   -> in action list: this->x has not yet been declared or assigned
 */
BEGIN
{
	trace(this->x);
	this->x = 1;
	exit(0);
}
