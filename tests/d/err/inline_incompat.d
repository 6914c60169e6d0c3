/* dt_parser.c dt_cook_inline: D_OP_INCOMPAT. */
inline int bad = "str"; /* error here */

BEGIN
{
	exit(0);
}
