/*
 * A pointer to translated data (curpsinfo) is of DTrace for Linux's dynamic type, which
 * no associative array's key takes (dtrace -s this file), as no aggregation's does.
 */
BEGIN
{
	a[pid, curpsinfo] = 1;
}
