/* Actions as the operands of ?: (dt_parser.c dt_cook_op3: D_OP_ACT), when the condition is
 * not a constant (a constant one selects its branch as the program is parsed: the statement
 * is then the action alone). */
BEGIN
{
	x = 1;
	x ? trace(1) : trace(2); /* error here */
}
