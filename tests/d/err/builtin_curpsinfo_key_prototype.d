/*
 * An array keyed by an integer, then indexed by curpsinfo: the key's type is DTrace for
 * Linux's dynamic type of a pointer to translated data, which no prototype matches, and the
 * message names it so (dtrace -s this file).
 */
BEGIN
{
	a[1] = 1;
	a[curpsinfo] = 2;
}
