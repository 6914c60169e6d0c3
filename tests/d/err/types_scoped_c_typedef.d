/* C`pid_t is no type: dtrace's C container holds C's base types only (pid_t is D's), so the
 * name is read as a symbol of module C, which has none of that name (DTrace for Linux's
 * message for this program; a module it does not know would be "Module is no longer
 * loaded"). */
BEGIN
{
	trace(sizeof(C`pid_t));
}
