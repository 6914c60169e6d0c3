/* ustack() is of D's stack type, which dtrace keeps apart from void (dt_node_is_stack): a
 * variable takes it and the assignment type-checks, so the code generator is what refuses a
 * stack used as a value (D_CG_EXPR), not the assignment's operand check. */
BEGIN
{
	this->s = ustack(2);
}
