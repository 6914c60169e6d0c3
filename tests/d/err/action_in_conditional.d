/* Actions as the operands of ?: (dt_parser.c dt_cook_op3: D_OP_ACT). */
BEGIN
{
	1 ? trace(1) : trace(2); /* error here */
}
