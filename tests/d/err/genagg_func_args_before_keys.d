/* @opts: -x errtags */
/* The aggregating function's arguments are cooked before the keys: sum() with no argument is
 * reported before the undefined key x (DTrace for Linux, observed:
 * dtrace -x errtags -n 'BEGIN { @a[x] = sum(); }'). */
BEGIN
{
	@a[x] = sum();
}
