/*
 * An associative array takes its key signature and value type from its first assignment in
 * program order (Guide, "Associative Arrays"); an element read before any assignment, even
 * one in a later clause, is refused as dtrace refuses it:
 *   dtrace -n 'BEGIN { trace(a[1]); } BEGIN { a[1] = 2; }'
 *   -> in action list: a has not yet been declared or assigned
 */
BEGIN
{
	trace(a[1]);
}

BEGIN
{
	a[1] = 2;
	exit(0);
}
