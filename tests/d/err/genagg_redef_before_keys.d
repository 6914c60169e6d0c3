/* @opts: -x errtags */
/* A later use of an aggregation with another function and other keys: dtrace cooks the
 * right-hand side and compares the function before it cooks the keys (dt_node_op2), so the
 * redefinition is reported, not the key count nor the undefined x (DTrace for Linux, observed:
 * dtrace -x errtags -n 'BEGIN { @a[1] = count(); @a[1, x] = sum(1); }'). */
BEGIN
{
	@a[1] = count();
	@a[1, x] = sum(1);
}
