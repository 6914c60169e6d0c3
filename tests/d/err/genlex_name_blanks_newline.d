/* @opts: -q */
/* A name dtrace does not know, then blanks: its lexer reads past them (variable or type?)
 * and puts them back as spaces before the newlines; the message quotes up to the first
 * newline (dtrace -s of this file; dt_lex.l id_or_type). 1Lu is 1L then the name u: the
 * suffix is [uU]?[lL]?[lL]? (Guide, Constants: u before l). */
BEGIN
{
	x = 1;
	trace(1Lu 	
	, 2);
}
