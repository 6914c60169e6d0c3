/* offsetof of a struct declared but not defined: to libdtrace the type is a forward, not
 * a struct or union (dt_node_offsetof: D_OFFSETOF_TYPE). */
struct zq_fwd;

BEGIN
{
	trace(offsetof(struct zq_fwd, a));
	exit(0);
}
