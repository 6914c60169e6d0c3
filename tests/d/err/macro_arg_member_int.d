/* @args: 5 */
/* A macro argument after -> must be an identifier: an integer one is a syntax error at the
 * macro token (observed: dtrace -s this.d 5). */
BEGIN
{
	self->$1 = 3;
}
