/* A #pragma option names the option with a name word: a string there is malformed (the control line's words are names, integers and strings, as D's lexer reads them).
 * (observed: dtrace -x errtags -s pragma_option_string.d) */
/* @opts: -x errtags */
#pragma D option "quiet"
BEGIN
{
	exit(0);
}
