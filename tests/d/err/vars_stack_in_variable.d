/*
 * stack() is an action that records a stack (Guide, "Actions and Subroutines"); its value
 * can key an aggregation but cannot be stored in a variable: dtrace's code generator refuses
 * it, without a region (dtrace:
 *   dtrace -n 'BEGIN { self->s = ustack(); }'
 *   -> tracing function ustack( ) may not be called from a D expression (D program context
 *      required))
 */
BEGIN
{
	self->s = ustack();
	exit(0);
}
