/*
 * socklen_t is neither one of D's own type names nor a kernel type: dtrace takes the name for
 * a variable (observed with dtrace -s).
 */
BEGIN
{
	trace((socklen_t)1);
	exit(0);
}
