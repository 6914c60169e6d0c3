/*
 * An aggregating function's name read as a value (here in an expression) is refused as a
 * scalar, as an assignment to it is. Expected: DTrace for Linux's message.
 */
BEGIN
{
	y = quantize + 1;
}
