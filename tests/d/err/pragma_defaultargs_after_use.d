/* A pragma's defaultargs applies from its line on: dtrace's lexer substitutes each $N as it
 * reads it (dt_lex.l), so the $1 above the pragma is still undefined. */
BEGIN
{
	trace($1);
}
#pragma D option defaultargs
BEGIN
{
	trace($2);
	exit(0);
}
