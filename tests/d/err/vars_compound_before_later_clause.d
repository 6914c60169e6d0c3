/*
 * += reads its target, which must already exist in program order; an assignment in a later
 * clause does not declare it for an earlier one (dtrace:
 *   dtrace -n 'BEGIN { x += 1; } BEGIN { x = 2; }'
 *   -> in action list: x has not yet been declared or assigned)
 */
BEGIN
{
	x += 1;
}

BEGIN
{
	x = 2;
	exit(0);
}
