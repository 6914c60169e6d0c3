/* A subroutine's name with keys is a call with no arguments to dtrace, checked against the
 * subroutine's prototype (strlen takes one; observed). */
BEGIN
{
	x = strlen[1];
	exit(0);
}
