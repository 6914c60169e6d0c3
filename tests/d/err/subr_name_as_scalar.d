/*
 * A subroutine's name assigned to is the subroutine ("function", dt_idkind_name), not a new
 * variable. Expected: DTrace for Linux's message.
 */
BEGIN
{
	strlen = 1;
}
