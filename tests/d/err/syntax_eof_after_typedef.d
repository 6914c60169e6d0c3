/* @opts: -x errtags */
/* dtrace's lexer reads ahead past a name before it looks for a type of that name
 * (dt_lex.l): after a typedef's name at the end it has put the end back as a NUL, which it
 * then refuses as "end-of-input" (dtrace -x errtags -e -s syntax_eof_after_typedef.d). */
typedef int t;

BEGIN
{
	x = (t
