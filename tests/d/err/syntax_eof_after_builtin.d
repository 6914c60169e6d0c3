/* @opts: -x errtags */
/* dtrace's lexer reads ahead past a name only when it does not know it; a built-in
 * variable is one of its globals, so the program ends right after it: "end of input"
 * (dtrace -x errtags -e -s syntax_eof_after_builtin.d). */
BEGIN
{
	x = probefunc
