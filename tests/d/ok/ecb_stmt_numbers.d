/* @root */
/* dtrace numbers its clauses per probe description (dt_clause_N, and ERROR's arg2): the
 * clause after `BEGIN, END` is dt_clause_2, and the two enablings of `BEGIN, BEGIN` fault
 * as dt_clause_3 and dt_clause_4. Observed with DTrace for Linux:
 *   dtrace -qn 'BEGIN, END { } BEGIN { x = *(int*)0; }'   -> error in dt_clause_2 ... */
#pragma D option quiet

BEGIN, END
{
}

BEGIN
{
	x = *(int *)8;
}

BEGIN, BEGIN
{
	y = *(int *)16;
}

ERROR
{
	printf("epid-probe %d clause %d kind %d addr %x\n", arg1, arg2, arg4, arg5);
}

BEGIN
{
	exit(0);
}
