/* @opts: -x errtags */
/* dtrace's grammar calls any postfix expression; the call of one that is not a name is
 * refused once the call is built (its closing parenthesis read, after the arguments):
 * D_FUNC_IDENT at the line of the `)` (dtrace -x errtags -e -s call_of_member.d). */
BEGIN
{
	x = this->y(1,
	    2
	);
}
