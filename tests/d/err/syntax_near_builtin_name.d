/* A syntax error on a name the lexer knows (a built-in action: dtrace's pcb_globals) quotes
 * that name alone; on a name it does not know it reads ahead, and quotes the rest of the line. */
BEGIN
{
	trace(1) trace(2);
}
