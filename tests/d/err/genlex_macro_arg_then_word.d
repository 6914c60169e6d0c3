/* @opts: -q */
/* $2x is the argument $2, then the name x: without arguments $2 is refused first, before
 * the syntax error the name makes (dtrace -s of this file). */
BEGIN
{
	trace($2x);
	exit(0);
}
