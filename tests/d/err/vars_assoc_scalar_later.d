/*
 * x[1] before any assignment of x names an associative array not yet assigned, even when a
 * later clause makes x a scalar (dtrace:
 *   dtrace -n 'BEGIN { y = x[1]; } BEGIN { x = 1; }'
 *   -> in action list: x has not yet been declared or assigned)
 */
BEGIN
{
	y = x[1];
}

BEGIN
{
	x = 1;
	exit(0);
}
