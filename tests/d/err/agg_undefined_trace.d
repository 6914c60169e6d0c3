/* An aggregation named bare as an argument is resolved first, as any identifier: one that no
 * statement above defines is "failed to resolve" whatever the call (observed: dtrace -n
 * 'BEGIN { trace(@a); }'), before the call's own refusal of a dynamic value. */
BEGIN
{
	trace(@a);
}
