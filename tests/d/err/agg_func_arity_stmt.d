/* An aggregating function called as a statement of its own with too few arguments: its
 * prototype mismatch comes first, before "may not be called from a D expression" and before
 * a type error later in the clause (observed with dtrace -e). */
BEGIN
{
	lquantize(1, 2);
	x = "a" * 1;
}
