/* An inline's expression is checked where the inline is defined (Guide, "Inlines": the
 * expression is validated when the directive is evaluated): a thread-local variable that only
 * a clause assigns, even an earlier clause, is not known there; a `self int y;` declaration
 * before the inline would make it so. DTrace for Linux's message for this program. */
BEGIN
{
	self->y = 4;
}

inline int X = self->y;

BEGIN
{
	trace(X);
	exit(0);
}
