/* dt_parser.c dt_cook_op3. */
BEGIN
{
	y = 1;
	x = y ? "a" : 1; /* error here */
}
